import {
  type TTeamCreateRequest,
  type TTeamInviteRequest,
  type TTeamRole,
  ZMyTeamListSchema,
  ZMyTeamSchema,
  ZTeamMemberListSchema,
  ZTeamMemberSchema,
  ZTeamRemovedSchema,
  ZTeamSummaryPageSchema,
  ZTeamSummarySchema,
} from "@hub/contracts/teams/teams";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Query keys of teams: my teams, a team's members, the impersonation list. */
export const teamKeys = {
  all: ["productDev", "teams"] as const,
  mine: () => [...teamKeys.all, "mine"] as const,
  members: (teamId: number) => [...teamKeys.all, "members", teamId] as const,
  everyone: (query: object) => [...teamKeys.all, "impersonate", query] as const,
};

const T = "/productDev/teams";
const U = "/productDev/teamUsers";

export const useMyTeams = () =>
  useQuery({ queryKey: teamKeys.mine(), queryFn: () => api(`${T}/findAll`, ZMyTeamListSchema), staleTime: 0 });

export const useTeamMembers = (teamId: number | null) =>
  useQuery({
    queryKey: teamKeys.members(teamId ?? 0),
    queryFn: () => api(`${U}/findAll`, ZTeamMemberListSchema, { query: { teamId: teamId ?? 0 } }),
    enabled: teamId !== null,
    staleTime: 0,
  });

export const useAllTeams = (query: { page: number; size: number; sort?: string; searchString?: string }, on: boolean) =>
  useQuery({
    queryKey: teamKeys.everyone(query),
    queryFn: () => api(`${T}/impersonateList`, ZTeamSummaryPageSchema, { query }),
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
    mutationFn: (body: TTeamInviteRequest) => api(`${U}/create`, ZTeamMemberSchema, { method: "POST", body }),
    onSuccess: invalidate,
  });
};

export const useSetRole = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ id, roleName }: { id: number; roleName: TTeamRole }) =>
      api(`${U}/update?id=${id}`, ZTeamMemberSchema, { method: "PUT", body: { roleName } }),
    onSuccess: invalidate,
  });
};

export const useRemoveMember = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: (id: number) => api(`${U}/delete?id=${id}`, ZTeamRemovedSchema, { method: "DELETE" }),
    onSuccess: invalidate,
  });
};

export const useAnswerInvitation = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: "ACCEPTED" | "DECLINED" }) =>
      api(`${U}/invitationStatus?id=${id}&status=${status}`, ZTeamMemberSchema, { method: "PUT" }),
    onSuccess: invalidate,
  });
};

export const useCreateTeam = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: (body: TTeamCreateRequest) => api(`${T}/create`, ZMyTeamSchema, { method: "POST", body }),
    onSuccess: invalidate,
  });
};

/** A team admin turns "approval by a second person" on or off for the team's tech packs. */
export const useSecondApprover = () => {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ id, displayName, on }: { id: number; displayName: string; on: boolean }) =>
      api(`${T}/update`, ZTeamSummarySchema, {
        method: "PUT",
        query: { id },
        body: { displayName, approvalBySecondPerson: on },
      }),
    onSuccess: invalidate,
  });
};

/** Makes a team the current one (remembered as the default team); the session is loaded again after. */
export const setCurrentTeam = (teamId: number) =>
  api(`${T}/current`, ZMyTeamSchema, { method: "PUT", body: { teamId } });
