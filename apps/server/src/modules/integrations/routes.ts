import {
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
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Access, principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { createApiKey, listApiKeys, revokeApiKey, whoami } from "./api-keys.service";
import { deleteIntegration, listIntegrations, saveIntegration, testIntegration } from "./integrations.service";
import { sendSoftwareRequest } from "./software-request.service";

const errors = errorResponses();

/**
 * Who may call what (cards from the nav tree; scoping and client-admin checks in the services):
 * - API keys: the 'apiIntegrations' card; only client admins, or internal admins on a session client;
 * - account integrations: the 'accountIntegration' card; reading for the client's users, changes
 *   and tests for its admins (internal admins on a session client);
 * - software request: the 'softwareRequest' card, for users of a client and internal users;
 * - GET /apiKeys/whoami is the one route here that accepts an API key (config.apiKey).
 */
const API_KEYS: Access = { signedIn: true, card: "apiIntegrations" };
const INTEGRATIONS: Access = { signedIn: true, card: "accountIntegration" };
const SOFTWARE_REQUEST: Access = { signedIn: true, card: "softwareRequest" };

/** The integrations area's routes (issue 3). */
export const integrationsRoutes =
  ({ db, config, mailer }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const keyTags = ["api keys"];
    app.get(
      "/apiKeys",
      { config: { access: API_KEYS }, schema: { tags: keyTags, response: { 200: ZApiKeyListSchema, ...errors } } },
      async (request) => listApiKeys(db, principalOf(request)),
    );

    app.post(
      "/apiKeys",
      {
        config: { access: API_KEYS },
        schema: { tags: keyTags, body: ZApiKeyCreateSchema, response: { 201: ZApiKeyCreatedSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createApiKey(db, principalOf(request), request.body)),
    );

    app.delete(
      "/apiKeys/:id",
      {
        config: { access: API_KEYS },
        schema: { tags: keyTags, params: ZApiKeyIdParamsSchema, response: { 200: ZApiKeySchema, ...errors } },
      },
      async (request) => revokeApiKey(db, principalOf(request), request.params.id),
    );

    app.get(
      "/apiKeys/whoami",
      {
        config: { access: { signedIn: true }, apiKey: true },
        schema: {
          tags: keyTags,
          description:
            "Who an API key acts as. Send the key as `x-api-key: hub_test_…` or `Authorization: Bearer hub_live_…`.",
          response: { 200: ZApiKeyWhoamiSchema, ...errors },
        },
      },
      async (request) => whoami(db, principalOf(request)),
    );

    const tags = ["integrations"];
    app.get(
      "/integrations",
      { config: { access: INTEGRATIONS }, schema: { tags, response: { 200: ZIntegrationListSchema, ...errors } } },
      async (request) => listIntegrations(db, config, principalOf(request)),
    );

    app.put(
      "/integrations/store",
      {
        config: { access: INTEGRATIONS },
        schema: { tags, body: ZStoreCredentialsSchema, response: { 200: ZIntegrationSchema, ...errors } },
      },
      async (request) => saveIntegration(db, config, principalOf(request), "store", request.body),
    );

    app.put(
      "/integrations/shipping",
      {
        config: { access: INTEGRATIONS },
        schema: { tags, body: ZShippingCredentialsSchema, response: { 200: ZIntegrationSchema, ...errors } },
      },
      async (request) => saveIntegration(db, config, principalOf(request), "shipping", request.body),
    );

    app.delete(
      "/integrations/:platform",
      {
        config: { access: INTEGRATIONS },
        schema: {
          tags,
          params: ZIntegrationPlatformParamsSchema,
          response: { 200: z.object({ platform: z.enum(["store", "shipping"]), deleted: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await deleteIntegration(db, principalOf(request), request.params.platform);
        return { platform: request.params.platform, deleted: true as const };
      },
    );

    app.post(
      "/integrations/:platform/test",
      {
        config: { access: INTEGRATIONS },
        schema: {
          tags,
          params: ZIntegrationPlatformParamsSchema,
          response: { 200: ZIntegrationTestResultSchema, ...errors },
        },
      },
      async (request) => testIntegration(db, config, principalOf(request), request.params.platform),
    );

    app.post(
      "/softwareRequest",
      {
        config: { access: SOFTWARE_REQUEST },
        schema: {
          tags: ["software request"],
          body: ZSoftwareRequestSchema,
          response: { 201: ZSoftwareRequestResultSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await sendSoftwareRequest(db, config, mailer, principalOf(request), request.body)),
    );
  };
