import {
  type TAddressRequest,
  type TChangePlanRequest,
  type TClientUsersQuery,
  type TClientUserUpdate,
  type TInvitationCreate,
  ZAddressListSchema,
  ZAddressSchema,
  ZClientUserSchema,
  ZClientUsersResponseSchema,
  ZGuardStatusSchema,
  ZInvitationSchema,
  ZPlanListSchema,
  ZSubscriptionSchema,
  ZYourAccountSchema,
} from "@hub/contracts/client-account/client-account";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, request } from "../../lib/api";

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
  useQuery({ queryKey: accountKeys.yourAccount(), queryFn: () => api("/yourAccount", ZYourAccountSchema), ...FRESH });

export const useGuardStatus = (enabled: boolean) =>
  useQuery({
    queryKey: accountKeys.guardStatus(),
    queryFn: () => api("/account/guard-status", ZGuardStatusSchema),
    enabled,
    ...FRESH,
  });

export const usePlans = () =>
  useQuery({
    queryKey: accountKeys.plans(),
    queryFn: async () => (await api("/subscriptions/plans", ZPlanListSchema)).items,
    ...FRESH,
  });

export const useClientUsers = (query: Partial<TClientUsersQuery>) =>
  useQuery({
    queryKey: accountKeys.clientUsers(query),
    queryFn: () => api("/yourClientUsers", ZClientUsersResponseSchema, { query }),
    placeholderData: (previous) => previous,
    ...FRESH,
  });

export const useAddresses = () =>
  useQuery({
    queryKey: accountKeys.addresses(),
    queryFn: async () => (await api("/addresses", ZAddressListSchema)).items,
    ...FRESH,
  });

/** After any change the account's numbers, the guards and the lists load again. */
const refreshAccount = (client: QueryClient) => client.invalidateQueries({ queryKey: accountKeys.all });

export const useChangePlan = (mode: "new" | "change") => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePlanRequest) =>
      api(mode === "new" ? "/newSubscription" : "/manageSubscription", ZSubscriptionSchema, {
        method: mode === "new" ? "POST" : "PUT",
        body,
      }),
    onSuccess: () => refreshAccount(client),
  });
};

export const useUpdateClientUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, patch }: { userId: number; patch: TClientUserUpdate }) =>
      api(`/yourClientUsers/${userId}`, ZClientUserSchema, { method: "PUT", body: patch }),
    onSuccess: () => refreshAccount(client),
  });
};

export const useInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TInvitationCreate) => api("/pendingUsers", ZInvitationSchema, { method: "POST", body }),
    onSuccess: () => refreshAccount(client),
  });
};

export const useResendInvitation = () =>
  useMutation({ mutationFn: (id: number) => api(`/pendingUsers/${id}/resend`, ZInvitationSchema, { method: "POST" }) });

export const useRevokeInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/pendingUsers/${id}`, { method: "DELETE" }),
    onSuccess: () => refreshAccount(client),
  });
};

export const useSaveAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TAddressRequest }) =>
      api(id === null ? "/addresses" : `/addresses/${id}`, ZAddressSchema, {
        method: id === null ? "POST" : "PUT",
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses() }),
  });
};

export const useDeleteAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/addresses/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses() }),
  });
};
