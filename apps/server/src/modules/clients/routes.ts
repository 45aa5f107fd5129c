import {
  ZClientDeleteResponseSchema,
  ZClientDetailSchema,
  ZClientFormOptionsSchema,
  ZClientIdParamsSchema,
  ZClientLimitedListSchema,
  ZClientListQuerySchema,
  ZClientPageSchema,
  ZClientRequestSchema,
  ZClientSiteDataSchema,
  ZFindByClientIdQuerySchema,
  ZSiteNameQuerySchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { sendCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import {
  clientFormOptions,
  clientForSiteName,
  createClient,
  deleteClient,
  exportClientsCsv,
  getClient,
  limitedClients,
  listClients,
  updateClient,
} from "./clients.service";

const tags = ["clients"];
const errors = errorResponses(409);

/**
 * Who may call what:
 * - the admin screens (list, detail) need the 'clients' card (internal admins by default); a user
 *   granted the card sees only its scope (facility: the clients it serves; client: its own);
 * - writes and the form's selects are for internal admins with the card;
 * - findByClientId, getAllClientsLimitedData and getClientDataForSiteName serve every signed-in
 *   user, scoped in the service: another tenant's client answers 404.
 */
const ADMIN_READ: Access = { signedIn: true, card: "clients" };
const ADMIN_WRITE: Access = { signedIn: true, types: ["icreate"], card: "clients" };
const SIGNED_IN: Access = { signedIn: true };

/** The clients area's routes (issue 3). */
export const clientsRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/clients",
      {
        config: { access: ADMIN_READ },
        schema: { tags, querystring: ZClientListQuerySchema, response: { 200: ZClientPageSchema, ...errors } },
      },
      async (request) => listClients(db, principalOf(request), request.query),
    );

    app.get(
      "/clients/export.csv",
      {
        config: { access: ADMIN_READ },
        schema: { tags, summary: "Every client the list's search finds, as CSV", querystring: ZClientListQuerySchema },
      },
      async (request, reply) =>
        sendCsv(reply, "clients.csv", await exportClientsCsv(db, principalOf(request), request.query)),
    );

    app.get(
      "/clients/form-options",
      { config: { access: ADMIN_WRITE }, schema: { tags, response: { 200: ZClientFormOptionsSchema, ...errors } } },
      async () => clientFormOptions(db),
    );

    app.get(
      "/clients/:id",
      {
        config: { access: ADMIN_READ },
        schema: { tags, params: ZClientIdParamsSchema, response: { 200: ZClientDetailSchema, ...errors } },
      },
      async (request) => getClient(db, principalOf(request), request.params.id),
    );

    app.get(
      "/client/search/findByClientId",
      {
        config: { access: SIGNED_IN },
        schema: { tags, querystring: ZFindByClientIdQuerySchema, response: { 200: ZClientDetailSchema, ...errors } },
      },
      async (request) => getClient(db, principalOf(request), request.query.clientId),
    );

    app.post(
      "/client",
      {
        config: { access: ADMIN_WRITE },
        schema: { tags, body: ZClientRequestSchema, response: { 201: ZClientDetailSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createClient(db, principalOf(request), request.body)),
    );

    app.put(
      "/client/:id",
      {
        config: { access: ADMIN_WRITE },
        schema: {
          tags,
          params: ZClientIdParamsSchema,
          body: ZClientRequestSchema,
          response: { 200: ZClientDetailSchema, ...errors },
        },
      },
      async (request) => updateClient(db, principalOf(request), request.params.id, request.body),
    );

    app.delete(
      "/client/:id",
      {
        config: { access: ADMIN_WRITE },
        schema: { tags, params: ZClientIdParamsSchema, response: { 200: ZClientDeleteResponseSchema, ...errors } },
      },
      async (request) => {
        await deleteClient(db, principalOf(request), request.params.id);
        return { clientId: request.params.id, deleted: true as const };
      },
    );

    app.get(
      "/getAllClientsLimitedData",
      { config: { access: SIGNED_IN }, schema: { tags, response: { 200: ZClientLimitedListSchema, ...errors } } },
      async (request) => limitedClients(db, principalOf(request)),
    );

    app.get(
      "/getClientDataForSiteName",
      {
        config: { access: SIGNED_IN },
        schema: { tags, querystring: ZSiteNameQuerySchema, response: { 200: ZClientSiteDataSchema, ...errors } },
      },
      async (request) => clientForSiteName(db, principalOf(request), request.query.siteName),
    );
  };
