import { openOrdersApi as api } from "@hub/contracts/orders/open-orders-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { streamFloorChanges } from "../floor/production";
import { listFloorUnits } from "./floor-units.service";
import { exportOpenOrders, listOpenOrders, listOrderUnits, OPEN_ORDER_CSV_HEADER } from "./open-orders.service";

/** /openOrders: the list, its CSV, an order's units, the floor's units by state, and the live stream of floor changes (`openOrdersApi`). */
export const openOrdersRoutes =
  ({ db, notify }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Streams still open when the server closes are ended, so a close never waits on them.
    const open = new Set<() => void>();
    app.addHook("preClose", async () => {
      for (const end of [...open]) end();
    });

    register(app, api.list, async (request) => listOpenOrders(db, principalOf(request), request.query));
    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(
        reply,
        "open-orders.csv",
        toCsv(OPEN_ORDER_CSV_HEADER, await exportOpenOrders(db, principalOf(request), request.query)),
      ),
    );
    register(app, api.events, async (request, reply) => {
      streamFloorChanges(reply, principalOf(request), notify, open);
      return reply;
    });
    register(app, api.floorUnits, async (request) => listFloorUnits(db, principalOf(request), request.query));
    register(app, api.units, async (request) =>
      listOrderUnits(db, principalOf(request), request.params.orderId, request.query),
    );
  };
