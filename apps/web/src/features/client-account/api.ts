import { clientAccountApi } from "@hub/contracts/client-account/api";
import type {
  TAddressRequest,
  TChangePlanRequest,
  TClientUsersQuery,
  TClientUserUpdate,
  TInvitationCreate,
} from "@hub/contracts/client-account/client-account";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Query keys of the account area: one factory, so invalidation is never a guess. */
export const accountKeys = {
  all: ["account"] as const,
  yourAccount: () => [...accountKeys.all, "yourAccount"] as const,
  guardStatus: () => [...accountKeys.all, "guardStatus"] as const,
  plans: () => [...accountKeys.all, "plans"] as const,
  clientUsers: (query: Partial<TClientUsersQuery>) => [...accountKeys.all, "clientUsers", query] as const,
  addresses: () => [...accountKeys.all, "addresses"] as const,
};

/** Spec 9: user and subscription queries are always fresh. */
const FRESH = { staleTime: 0 } as const;

export const useYourAccount = () =>
  useQuery({ queryKey: accountKeys.yourAccount(), queryFn: () => call(clientAccountApi.yourAccount), ...FRESH });

export const useGuardStatus = (enabled: boolean) =>
  useQuery({
    queryKey: accountKeys.guardStatus(),
    queryFn: () => call(clientAccountApi.guardStatus),
    enabled,
    ...FRESH,
  });

export const usePlans = () =>
  useQuery({
    queryKey: accountKeys.plans(),
    queryFn: async () => (await call(clientAccountApi.plans)).items,
    ...FRESH,
  });

export const useClientUsers = (query: Partial<TClientUsersQuery>) =>
  useQuery({
    queryKey: accountKeys.clientUsers(query),
    queryFn: () => call(clientAccountApi.clientUsers, { query }),
    placeholderData: (previous) => previous,
    ...FRESH,
  });

export const useAddresses = () =>
  useQuery({
    queryKey: accountKeys.addresses(),
    queryFn: async () => (await call(clientAccountApi.addresses)).items,
    ...FRESH,
  });

/** After any change the account's numbers, the guards and the lists load again. */
const refreshAccount = (client: QueryClient) => client.invalidateQueries({ queryKey: accountKeys.all });

export const useChangePlan = (mode: "new" | "change") => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePlanRequest) =>
      call(mode === "new" ? clientAccountApi.newPlan : clientAccountApi.changePlan, { body }),
    onSuccess: () => refreshAccount(client),
  });
};

export const useUpdateClientUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, patch }: { userId: number; patch: TClientUserUpdate }) =>
      call(clientAccountApi.updateClientUser, { params: { userId }, body: patch }),
    onSuccess: () => refreshAccount(client),
  });
};

export const useInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TInvitationCreate) => call(clientAccountApi.invite, { body }),
    onSuccess: () => refreshAccount(client),
  });
};

export const useResendInvitation = () =>
  useMutation({ mutationFn: (id: number) => call(clientAccountApi.resendInvitation, { params: { id } }) });

export const useRevokeInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(clientAccountApi.revokeInvitation, { params: { id } }),
    onSuccess: () => refreshAccount(client),
  });
};

export const useSaveAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TAddressRequest }) =>
      id === null
        ? call(clientAccountApi.createAddress, { body })
        : call(clientAccountApi.updateAddress, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses() }),
  });
};

export const useDeleteAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(clientAccountApi.removeAddress, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses() }),
  });
};
