import { dashboardsApi as api } from "@hub/contracts/dashboards/api";
import type { FastifyRequest } from "fastify";
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
    const shared = <T>(request: FastifyRequest, compute: () => Promise<T>) => read(sharedReadKey(request), compute);

    register(app, api.sales, async (request) =>
      shared(request, () => salesDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.jasSales, async (request) =>
      shared(request, () => jasSalesDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.categories, async (request) =>
      shared(request, () => categoryDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.botPerformance, async (request) =>
      shared(request, () => botDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.times, async (request) =>
      shared(request, () => timesDashboard(readDb, principalOf(request), request.query)),
    );
    register(app, api.floorBoard, async (request) =>
      shared(request, () => floorBoard(db, principalOf(request), request.query)),
    );
    register(app, api.qualityHistory, async (request) =>
      shared(request, () => qualityHistory(readDb, principalOf(request), request.query)),
    );
    register(app, api.qualityInspections, async (request) =>
      listQualityInspections(readDb, principalOf(request), request.query),
    );
    register(app, api.production, async (request) =>
      shared(request, () => productionDashboard(db, principalOf(request), request.query)),
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
