import { z } from "zod";
import { type Access, declareApi } from "../common/operation";
import {
  INTEGRATION_PLATFORMS,
  ZApiKeyCreatedSchema,
  ZApiKeyCreateSchema,
  ZApiKeyIdParamsSchema,
  ZApiKeyListSchema,
  ZApiKeySchema,
  ZApiKeyWhoamiSchema,
  ZIntegrationListSchema,
  ZIntegrationPlatformParamsSchema,
  ZIntegrationSchema,
  ZIntegrationTestResultSchema,
  ZShippingCredentialsSchema,
  ZSoftwareRequestResultSchema,
  ZSoftwareRequestSchema,
  ZStoreCredentialsSchema,
} from "./integrations";

/**
 * Who may call what (cards from the nav tree; scoping and client-admin checks in the services):
 * - API keys: the 'apiIntegrations' card; only client admins, or internal admins on a session client;
 * - account integrations: the 'accountIntegration' card; reading for the client's users, changes
 *   and tests for its admins (internal admins on a session client);
 * - software request: the 'softwareRequest' card, for users of a client and internal users;
 * - GET /apiKeys/whoami is the one operation here that accepts an API key (`apiKey: true`).
 */
const API_KEYS: Access = { signedIn: true, card: "apiIntegrations" };
const INTEGRATIONS: Access = { signedIn: true, card: "accountIntegration" };
const SOFTWARE_REQUEST: Access = { signedIn: true, card: "softwareRequest" };

/** The integrations area's operations (issue 3): API keys, account integrations and the software request. */
export const integrationsApi = declareApi("integrations", {
  apiKeys: { method: "GET", path: "/apiKeys", access: API_KEYS, responses: { 200: ZApiKeyListSchema } },
  createApiKey: {
    method: "POST",
    path: "/apiKeys",
    access: API_KEYS,
    body: ZApiKeyCreateSchema,
    responses: { 201: ZApiKeyCreatedSchema },
  },
  revokeApiKey: {
    method: "DELETE",
    path: "/apiKeys/:id",
    access: API_KEYS,
    params: ZApiKeyIdParamsSchema,
    responses: { 200: ZApiKeySchema },
  },
  whoami: {
    method: "GET",
    path: "/apiKeys/whoami",
    access: { signedIn: true },
    apiKey: true,
    description:
      "Who an API key acts as. Send the key as `x-api-key: hub_test_…` or `Authorization: Bearer hub_live_…`.",
    responses: { 200: ZApiKeyWhoamiSchema },
  },
  list: { method: "GET", path: "/integrations", access: INTEGRATIONS, responses: { 200: ZIntegrationListSchema } },
  saveStore: {
    method: "PUT",
    path: "/integrations/store",
    access: INTEGRATIONS,
    body: ZStoreCredentialsSchema,
    responses: { 200: ZIntegrationSchema },
  },
  saveShipping: {
    method: "PUT",
    path: "/integrations/shipping",
    access: INTEGRATIONS,
    body: ZShippingCredentialsSchema,
    responses: { 200: ZIntegrationSchema },
  },
  remove: {
    method: "DELETE",
    path: "/integrations/:platform",
    access: INTEGRATIONS,
    params: ZIntegrationPlatformParamsSchema,
    responses: { 200: z.object({ platform: z.enum(INTEGRATION_PLATFORMS), deleted: z.literal(true) }) },
  },
  test: {
    method: "POST",
    path: "/integrations/:platform/test",
    access: INTEGRATIONS,
    params: ZIntegrationPlatformParamsSchema,
    responses: { 200: ZIntegrationTestResultSchema },
  },
  softwareRequest: {
    method: "POST",
    path: "/softwareRequest",
    access: SOFTWARE_REQUEST,
    body: ZSoftwareRequestSchema,
    responses: { 201: ZSoftwareRequestResultSchema },
  },
});
