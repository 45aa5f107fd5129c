import { teamsApi } from "@hub/contracts/teams/api";
import type { TTeamCreateRequest, TTeamInviteRequest, TTeamRole } from "@hub/contracts/teams/teams";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Query keys of teams: my teams, a team's members, the impersonation list. */
export const teamKeys = {
  all: ["productDev", "teams"] as const,
  mine: () => [...teamKeys.all, "mine"] as const,
  members: (teamId: number) => [...teamKeys.all, "members", teamId] as const,
  everyone: (query: object) => [...teamKeys.all, "impersonate", query] as const,
};

export const useMyTeams = () =>
  useQuery({ queryKey: teamKeys.mine(), queryFn: () => call(teamsApi.mine), staleTime: 0 });

export const useTeamMembers = (teamId: number | null) =>
  useQuery({
    queryKey: teamKeys.members(teamId ?? 0),
    queryFn: () => call(teamsApi.members, { query: { teamId: teamId ?? 0 } }),
    enabled: teamId !== null,
    staleTime: 0,
  });

export const useAllTeams = (query: { page: number; size: number; sort?: string; searchString?: string }, on: boolean) =>
  useQuery({
    queryKey: teamKeys.everyone(query),
    queryFn: () => call(teamsApi.all, { query }),
    enabled: on,
    placeholderData: keepPreviousData,
  });

const useInvalidateTeams = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
};

export const useInvite = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: (body: TTeamInviteRequest) => call(teamsApi.invite, { body }),
    onSuccess: invalidate,
  });
};

export const useSetRole = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ id, roleName }: { id: number; roleName: TTeamRole }) =>
      call(teamsApi.setRole, { query: { id }, body: { roleName } }),
    onSuccess: invalidate,
  });
};

export const useRemoveMember = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: (id: number) => call(teamsApi.removeMember, { query: { id } }),
    onSuccess: invalidate,
  });
};

export const useAnswerInvitation = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: "ACCEPTED" | "DECLINED" }) =>
      call(teamsApi.answerInvitation, { query: { id, status } }),
    onSuccess: invalidate,
  });
};

export const useCreateTeam = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: (body: TTeamCreateRequest) => call(teamsApi.create, { body }),
    onSuccess: invalidate,
  });
};

/** A team admin turns "approval by a second person" on or off for the team's tech packs. */
export const useSecondApprover = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ id, displayName, on }: { id: number; displayName: string; on: boolean }) =>
      call(teamsApi.update, { query: { id }, body: { displayName, approvalBySecondPerson: on } }),
    onSuccess: invalidate,
  });
};

/** Makes a team the current one (remembered as the default team); the session is loaded again after. */
export const setCurrentTeam = (teamId: number) => call(teamsApi.setCurrent, { body: { teamId } });
