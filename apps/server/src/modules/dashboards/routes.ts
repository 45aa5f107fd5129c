import type { Operation } from "@hub/contracts/common/operation";
import { dashboardsApi as api } from "@hub/contracts/dashboards/api";
import type { HubDb } from "@hub/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { type Handler, register } from "../../platform/operations";
import type { Principal } from "../../platform/principal";
import { accessOf, createSharedReads, sharedReadKey } from "../../platform/shared-read";
import { streamFloorChanges } from "../floor/production";
import { botDashboard } from "./bots.service";
import { categoryDashboard } from "./categories.service";
import { floorBoard } from "./floor-board.service";
import { productionDashboard } from "./production.service";
import { qualityHistory } from "./quality.service";
import { listQualityInspections } from "./quality-inspections.service";
import { jasSalesDashboard, salesDashboard } from "./sales.service";
import { timesDashboard } from "./times.service";
import { createWallLink, wallView } from "./wall";

/**
 * Native dashboards (`dashboardsApi`): the Sales Dashboard, Production Overview, its live stream and
 * wall display. The dashboards over history read `readDb` (the read replica when there is one);
 * the live ones (the floor board, Production Overview and its wall), which a floor change asks to
 * read again at once, read the primary, so they never show the state before the change.
 *
 * A dashboard that many people open at once (a floor's screens, a team after a meeting) is read
 * once for all who asked together: `view` (platform/shared-read.ts) never answers a request with
 * a read that started before it arrived, so nobody sees the state before their own last change.
 */
export const dashboardsRoutes =
  ({ db, readDb, config, notify }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Streams still open when the server closes are ended, so a close never waits on them.
    const open = new Set<() => void>();
    app.addHook("preClose", async () => {
      for (const end of [...open]) end();
    });

    const { read } = createSharedReads();
    /**
     * A dashboard view: its service over `database`, for the caller's access (`accessOf`: the same for
     * everyone who may see the same, so they share it) and the query, as a shared read.
     * The answer is checked against the route's response schema and turned into JSON once per read
     * (`reply.serialize`), and every request that shared it is sent that text.
     */
    const view = <O extends Operation & { query: z.ZodType }>(
      op: O,
      database: HubDb,
      service: (db: HubDb, p: Principal, q: z.output<O["query"]>) => Promise<unknown>,
    ) => {
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        const json = await read(sharedReadKey(request), async () =>
          reply.serialize(
            await service(database, accessOf(principalOf(request)), request.query as z.output<O["query"]>),
          ),
        );
        return reply.type("application/json; charset=utf-8").send(json);
      };
      // The handler is typed by the declaration's query (above); Fastify's per-route generics are not needed here.
      register(app, op, handler as unknown as Handler<O>);
    };

    view(api.sales, readDb, salesDashboard);
    view(api.jasSales, readDb, jasSalesDashboard);
    view(api.categories, readDb, categoryDashboard);
    view(api.botPerformance, readDb, botDashboard);
    view(api.times, readDb, timesDashboard);
    view(api.qualityHistory, readDb, qualityHistory);
    // The live ones read the primary (above).
    view(api.floorBoard, db, floorBoard);
    view(api.production, db, productionDashboard);
    register(app, api.qualityInspections, async (request) =>
      listQualityInspections(readDb, principalOf(request), request.query),
    );
    register(app, api.productionEvents, async (request, reply) => {
      streamFloorChanges(reply, principalOf(request), notify, open);
      return reply;
    });
    register(app, api.createWallLink, async (request, reply) =>
      reply.status(201).send(await createWallLink(db, config, principalOf(request), request.body)),
    );
    register(app, api.wallView, async (request) => wallView(db, config, request.body.token));
  };
