import { clientsApi } from "@hub/contracts/clients/api";
import type { TClientRequest } from "@hub/contracts/clients/clients";
import type { TPageQuery } from "@hub/contracts/common/paging";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { readSessionClientId, writeSessionClientId } from "../../lib/session-client";

/** Query keys of the clients area, so invalidation is never a guess. */
export const clientKeys = {
  all: () => ["clients"] as const,
  lists: () => [...clientKeys.all(), "list"] as const,
  list: (query: TPageQuery) => [...clientKeys.lists(), query] as const,
  detail: (id: number) => [...clientKeys.all(), "detail", id] as const,
  formOptions: () => [...clientKeys.all(), "form-options"] as const,
  limited: () => [...clientKeys.all(), "limited"] as const,
};

export const useClientList = (query: TPageQuery) =>
  useQuery({
    queryKey: clientKeys.list(query),
    queryFn: () => call(clientsApi.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useClient = (id: number | null) =>
  useQuery({
    queryKey: clientKeys.detail(id ?? 0),
    queryFn: () => call(clientsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: 0,
  });

export const useClientFormOptions = () =>
  useQuery({
    queryKey: clientKeys.formOptions(),
    queryFn: () => call(clientsApi.formOptions),
  });

export const useLimitedClients = (enabled: boolean) =>
  useQuery({
    queryKey: clientKeys.limited(),
    queryFn: () => call(clientsApi.limited),
    enabled,
  });

export const useSaveClient = (id: number | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientRequest) =>
      id === null ? call(clientsApi.create, { body }) : call(clientsApi.update, { params: { id }, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(clientKeys.detail(saved.clientId), saved);
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: clientKeys.limited() });
    },
  });
};

export const useDeleteClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(clientsApi.remove, { params: { id } }),
    onSuccess: async (_res, id) => {
      // A deleted client can no longer be the session client (the server would ignore it anyway).
      if (readSessionClientId() === id) writeSessionClientId(null);
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: clientKeys.limited() });
    },
  });
};
