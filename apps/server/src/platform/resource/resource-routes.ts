import { idInPath } from "@hub/contracts/common/resource-api";
import type { HubDb } from "@hub/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../access";
import { sendCsv } from "../csv";
import { register } from "../operations";
import { type ResourceDef, resourceKey } from "./resource";
import { resourceService } from "./resource-service";

/**
 * Registers each declared operation of one resource (its `resourceApi` in contracts) over the
 * resource's service: list, export.csv, lookup, detail, create, update, delete and, when the
 * table keeps `archived`, archive. A spec-7 resource takes the row's id in the query (`?id=`).
 */
export const resourceRoutes =
  <TReq, TDetail, K extends string>(db: HubDb, r: ResourceDef<TReq, TDetail, K>): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = resourceService(r);
    const { api } = r;
    const key = resourceKey(api);
    // The request schema's output is TReq; Fastify's type provider cannot resolve that for a generic TReq.
    const req = (body: unknown): TReq => body as TReq;
    if (Boolean(api.archive) !== Boolean(r.table.archived))
      throw new Error(`${api.lookup.operationId}: declare archivable exactly when the table keeps archived`);

    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(reply, `${key}.csv`, await svc.exportCsv(db, principalOf(request), request.query)),
    );
    register(app, api.lookup, async (request) => svc.lookup(db, principalOf(request), request.query));
    register(app, api.list, async (request) => svc.list(db, principalOf(request), request.query));
    register(app, api.create, async (request, reply) =>
      reply.status(201).send(await svc.create(db, principalOf(request), req(request.body))),
    );

    const { get, update, remove, archive } = api;
    if (idInPath(get)) register(app, get, async (request) => svc.get(db, principalOf(request), request.params.id));
    else register(app, get, async (request) => svc.get(db, principalOf(request), request.query.id));
    if (idInPath(update))
      register(app, update, async (request) =>
        svc.update(db, principalOf(request), request.params.id, req(request.body)),
      );
    else
      register(app, update, async (request) =>
        svc.update(db, principalOf(request), request.query.id, req(request.body)),
      );
    if (idInPath(remove))
      register(app, remove, async (request) => {
        await svc.remove(db, principalOf(request), request.params.id);
        return { id: request.params.id, deleted: true as const };
      });
    else
      register(app, remove, async (request) => {
        await svc.remove(db, principalOf(request), request.query.id);
        return { id: request.query.id, deleted: true as const };
      });
    if (archive)
      register(app, archive, async (request) =>
        svc.archive(db, principalOf(request), request.params.id, request.body.archived),
      );
  };
