import {
  type TApiKeyCreate,
  type TIntegrationPlatform,
  type TShippingCredentials,
  type TSoftwareRequest,
  type TStoreCredentials,
  ZApiKeyCreatedSchema,
  ZApiKeyListSchema,
  ZApiKeySchema,
  ZIntegrationListSchema,
  ZIntegrationSchema,
  ZIntegrationTestResultSchema,
  ZSoftwareRequestResultSchema,
} from "@hub/contracts/integrations/integrations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, request } from "../../lib/api";
import { readSessionClientId } from "../../lib/session-client";

/** Query keys of the integrations area: one factory; the session client is part of every key. */
export const integrationKeys = {
  all: ["integrations"] as const,
  apiKeys: () => [...integrationKeys.all, "apiKeys", readSessionClientId()] as const,
  integrations: () => [...integrationKeys.all, "accountIntegrations", readSessionClientId()] as const,
};

const FRESH = { staleTime: 0 } as const;

export const useApiKeys = () =>
  useQuery({
    queryKey: integrationKeys.apiKeys(),
    queryFn: async () => (await api("/apiKeys", ZApiKeyListSchema)).items,
    ...FRESH,
  });

export const useCreateApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiKeyCreate) => api("/apiKeys", ZApiKeyCreatedSchema, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...integrationKeys.all, "apiKeys"] }),
  });
};

export const useRevokeApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/apiKeys/${id}`, ZApiKeySchema, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...integrationKeys.all, "apiKeys"] }),
  });
};

export const useIntegrations = () =>
  useQuery({
    queryKey: integrationKeys.integrations(),
    queryFn: async () => (await api("/integrations", ZIntegrationListSchema)).items,
    ...FRESH,
  });

const refreshIntegrations = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: [...integrationKeys.all, "accountIntegrations"] });

export const useSaveStore = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStoreCredentials) => api("/integrations/store", ZIntegrationSchema, { method: "PUT", body }),
    onSuccess: () => refreshIntegrations(client),
  });
};

export const useSaveShipping = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TShippingCredentials) =>
      api("/integrations/shipping", ZIntegrationSchema, { method: "PUT", body }),
    onSuccess: () => refreshIntegrations(client),
  });
};

export const useTestIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (platform: TIntegrationPlatform) =>
      api(`/integrations/${platform}/test`, ZIntegrationTestResultSchema, { method: "POST" }),
    onSettled: () => refreshIntegrations(client),
  });
};

export const useDeleteIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (platform: TIntegrationPlatform) => request(`/integrations/${platform}`, { method: "DELETE" }),
    onSuccess: () => refreshIntegrations(client),
  });
};

export const useSendSoftwareRequest = () =>
  useMutation({
    mutationFn: (body: TSoftwareRequest) =>
      api("/softwareRequest", ZSoftwareRequestResultSchema, { method: "POST", body }),
  });
