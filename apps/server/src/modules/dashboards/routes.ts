import { dashboardsApi as api } from "@hub/contracts/dashboards/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { createSharedReads, sharedReadKey } from "../../platform/shared-read";
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
 * once for all who asked together: `shared` (platform/shared-read.ts) never answers a request with
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
     * The answer is checked against the route's response schema and turned into JSON once per
     * read (`reply.serialize`), and every request that shared it is sent that text.
     */
    const shared = async <T>(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<T>) => {
      const json = await read(sharedReadKey(request), async () => reply.serialize(await compute()));
      return reply.type("application/json; charset=utf-8").send(json);
    };

    register(app, api.sales, async (request, reply) =>
      shared(request, reply, () => salesDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.jasSales, async (request, reply) =>
      shared(request, reply, () => jasSalesDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.categories, async (request, reply) =>
      shared(request, reply, () => categoryDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.botPerformance, async (request, reply) =>
      shared(request, reply, () => botDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.times, async (request, reply) =>
      shared(request, reply, () => timesDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.floorBoard, async (request, reply) =>
      shared(request, reply, () => floorBoard(db, principalOf(request), request.query)),
    );
    register(app, api.qualityHistory, async (request, reply) =>
      shared(request, reply, () => qualityHistory(readDb, principalOf(request), request.query)),
    );
    register(app, api.qualityInspections, async (request) =>
      listQualityInspections(readDb, principalOf(request), request.query),
    );
    register(app, api.production, async (request, reply) =>
      shared(request, reply, () => productionDashboard(db, principalOf(request), request.query)),
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
