import { clientsApi as api } from "@hub/contracts/clients/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
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

/** The clients area's handlers (issue 3); what each answers and who may call it is in `clientsApi`. */
export const clientsRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.list, async (request) => listClients(db, principalOf(request), request.query));
    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(reply, "clients.csv", await exportClientsCsv(db, principalOf(request), request.query)),
    );
    register(app, api.formOptions, async () => clientFormOptions(db));
    register(app, api.get, async (request) => getClient(db, principalOf(request), request.params.id));
    register(app, api.findByClientId, async (request) => getClient(db, principalOf(request), request.query.clientId));
    register(app, api.create, async (request, reply) =>
      reply.status(201).send(await createClient(db, principalOf(request), request.body)),
    );
    register(app, api.update, async (request) =>
      updateClient(db, principalOf(request), request.params.id, request.body),
    );
    register(app, api.remove, async (request) => {
      await deleteClient(db, principalOf(request), request.params.id);
      return { clientId: request.params.id, deleted: true as const };
    });
    register(app, api.limited, async (request) => limitedClients(db, principalOf(request)));
    register(app, api.forSiteName, async (request) =>
      clientForSiteName(db, principalOf(request), request.query.siteName),
    );
  };
