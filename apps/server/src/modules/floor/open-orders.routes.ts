import {
  ZOpenOrderListQuerySchema,
  ZOpenOrderPageSchema,
  ZOpenOrderParamsSchema,
  ZOpenOrderUnitPageSchema,
  ZOpenOrderUnitQuerySchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Access, principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { streamFloorChanges } from "./live";
import { exportOpenOrders, listOpenOrders, listOrderUnits, OPEN_ORDER_CSV_HEADER } from "./open-orders.service";

const tags = ["floor"];
const errors = errorResponses();

/** Manufacturing Status: the facility's users and internal admins with the card; client users see units on their order details. */
const OPEN_ORDERS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "openOrders" };

/** /openOrders: the list, its CSV, an order's units, and the live stream of floor changes. */
export const openOrdersRoutes =
  ({ db, notify }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Streams still open when the server closes are ended, so a close never waits on them.
    const open = new Set<() => void>();
    app.addHook("preClose", async () => {
      for (const end of [...open]) end();
    });

    app.get(
      "/floor/open-orders",
      {
        config: { access: OPEN_ORDERS },
        schema: { tags, querystring: ZOpenOrderListQuerySchema, response: { 200: ZOpenOrderPageSchema, ...errors } },
      },
      async (request) => listOpenOrders(db, principalOf(request), request.query),
    );

    app.get(
      "/floor/open-orders/export.csv",
      {
        config: { access: OPEN_ORDERS },
        schema: { tags, querystring: ZOpenOrderListQuerySchema, response: { ...errors } },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          "open-orders.csv",
          toCsv(OPEN_ORDER_CSV_HEADER, await exportOpenOrders(db, principalOf(request), request.query)),
        ),
    );

    app.get(
      "/floor/open-orders/events",
      {
        config: { access: OPEN_ORDERS },
        schema: {
          tags,
          description:
            "Server-sent events (text/event-stream): `floor-change` with a notice of a unit or order that changed, `resync` when notices may have been missed, heartbeats as comments.",
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        streamFloorChanges(reply, principalOf(request), notify, open);
        return reply;
      },
    );

    app.get(
      "/floor/open-orders/:orderId/units",
      {
        config: { access: OPEN_ORDERS },
        schema: {
          tags,
          params: ZOpenOrderParamsSchema,
          querystring: ZOpenOrderUnitQuerySchema,
          response: { 200: ZOpenOrderUnitPageSchema, ...errors },
        },
      },
      async (request) => listOrderUnits(db, principalOf(request), request.params.orderId, request.query),
    );
  };
