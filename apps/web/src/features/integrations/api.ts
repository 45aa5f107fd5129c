import { integrationsApi } from "@hub/contracts/integrations/api";
import type {
  TApiKeyCreate,
  TIntegrationPlatform,
  TShippingCredentials,
  TSoftwareRequest,
  TStoreCredentials,
} from "@hub/contracts/integrations/integrations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";
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
    queryFn: async () => (await call(integrationsApi.apiKeys)).items,
    ...FRESH,
  });

export const useCreateApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiKeyCreate) => call(integrationsApi.createApiKey, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...integrationKeys.all, "apiKeys"] }),
  });
};

export const useRevokeApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(integrationsApi.revokeApiKey, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...integrationKeys.all, "apiKeys"] }),
  });
};

export const useIntegrations = () =>
  useQuery({
    queryKey: integrationKeys.integrations(),
    queryFn: async () => (await call(integrationsApi.list)).items,
    ...FRESH,
  });

const refreshIntegrations = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: [...integrationKeys.all, "accountIntegrations"] });

export const useSaveStore = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStoreCredentials) => call(integrationsApi.saveStore, { body }),
    onSuccess: () => refreshIntegrations(client),
  });
};

export const useSaveShipping = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TShippingCredentials) => call(integrationsApi.saveShipping, { body }),
    onSuccess: () => refreshIntegrations(client),
  });
};

export const useTestIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (platform: TIntegrationPlatform) => call(integrationsApi.test, { params: { platform } }),
    onSettled: () => refreshIntegrations(client),
  });
};

export const useDeleteIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (platform: TIntegrationPlatform) => call(integrationsApi.remove, { params: { platform } }),
    onSuccess: () => refreshIntegrations(client),
  });
};

export const useSendSoftwareRequest = () =>
  useMutation({
    mutationFn: (body: TSoftwareRequest) => call(integrationsApi.softwareRequest, { body }),
  });
