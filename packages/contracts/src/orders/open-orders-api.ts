import { z } from "zod";
import { type Access, declareApi } from "../common/operation";
import {
  ZFloorUnitListQuerySchema,
  ZFloorUnitPageSchema,
  ZOpenOrderListQuerySchema,
  ZOpenOrderPageSchema,
  ZOpenOrderParamsSchema,
  ZOpenOrderUnitPageSchema,
  ZOpenOrderUnitQuerySchema,
} from "./open-orders";

/** Manufacturing Status: the facility's users and internal admins with the card; client users see units on their order details. */
const OPEN_ORDERS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "openOrders" };

/** Manufacturing Status (/openOrders): the open orders on the floor, their CSV, an order's units and the live stream of floor changes. */
export const openOrdersApi = declareApi("openOrders", {
  list: {
    method: "GET",
    path: "/floor/open-orders",
    access: OPEN_ORDERS,
    query: ZOpenOrderListQuerySchema,
    responses: { 200: ZOpenOrderPageSchema },
  },
  exportCsv: {
    method: "GET",
    path: "/floor/open-orders/export.csv",
    access: OPEN_ORDERS,
    query: ZOpenOrderListQuerySchema,
    file: "text/csv",
  },
  /**
   * Server-sent events (text/event-stream): `floor-change` with a notice of a unit or order that
   * changed, `resync` when notices may have been missed, heartbeats as comments. The web reads it
   * with fetch (the ID token goes in the Authorization header), not with `call`.
   */
  events: {
    method: "GET",
    path: "/floor/open-orders/events",
    access: OPEN_ORDERS,
    summary: "Server-sent events: floor changes",
    responses: { 200: z.string() },
  },
  /** The units on the floor in one state, across the open orders (the home page's units by state). */
  floorUnits: {
    method: "GET",
    path: "/floor/open-orders/units",
    access: OPEN_ORDERS,
    query: ZFloorUnitListQuerySchema,
    responses: { 200: ZFloorUnitPageSchema },
  },
  units: {
    method: "GET",
    path: "/floor/open-orders/:orderId/units",
    access: OPEN_ORDERS,
    params: ZOpenOrderParamsSchema,
    query: ZOpenOrderUnitQuerySchema,
    responses: { 200: ZOpenOrderUnitPageSchema },
  },
});
