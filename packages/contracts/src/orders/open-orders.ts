import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";
import { UNIT_STATUSES } from "../floor/units";
import { ZDateSchema } from "./orders";

/**
 * Manufacturing status (/openOrders, spec 2.5): the facility's open orders (released to the floor,
 * with units still being made), their units counted by state, and the late and at-risk flags
 * (docs/glossary.md, "Open order", "Late", "At risk"; docs/adr/0006-floor-live.md).
 */

/** An order is at risk when it is due within this many days and some unit is not packed yet. */
export const AT_RISK_DAYS = 3;

/** The flags a list may be narrowed to. */
export const OPEN_ORDER_FLAGS = ["late", "atRisk", "onTrack"] as const;
export type TOpenOrderFlag = (typeof OPEN_ORDER_FLAGS)[number];

export const OPEN_ORDER_TEXTS = {
  title: "Manufacturing Status",
  subheader: "Open orders on the floor, live",
  late: "Late",
  atRisk: "At risk",
  onTrack: "On track",
  empty: "No open orders on the floor.",
  live: "Live",
  reconnecting: "Reconnecting…",
  unitsTitle: "Units",
  noUnits: "This order has no units.",
} as const;

const ZUnitCountsSchema = z.object(
  Object.fromEntries(UNIT_STATUSES.map((s) => [s, z.number().int()])) as Record<
    (typeof UNIT_STATUSES)[number],
    z.ZodNumber
  >,
);
export type TUnitCounts = z.infer<typeof ZUnitCountsSchema>;

export const ZOpenOrderListQuerySchema = ZPageQuerySchema.extend({
  clientId: ZIdSchema.optional(),
  styleId: ZIdSchema.optional(),
  /** Orders with at least one unit in this state. */
  state: z.enum(UNIT_STATUSES, { error: `Use one of ${UNIT_STATUSES.join(", ")}` }).optional(),
  flag: z.enum(OPEN_ORDER_FLAGS, { error: "Use late, atRisk or onTrack" }).optional(),
  /** The due window: due dates from and to (calendar days, both included). */
  dueFrom: ZDateSchema.optional(),
  dueTo: ZDateSchema.optional(),
}).refine((q) => !q.dueFrom || !q.dueTo || q.dueFrom <= q.dueTo, {
  message: "The start date is after the end date",
  path: ["dueTo"],
});
export type TOpenOrderListQuery = z.infer<typeof ZOpenOrderListQuerySchema>;

export const ZOpenOrderSchema = z.object({
  orderId: z.number().int(),
  orderNumber: zText(),
  clientId: z.number().int(),
  clientName: zText(),
  poNumber: zText().nullable(),
  orderStatus: zText(),
  /** The requested ship date, or placing + the default lead time: the units' due date. */
  dueDate: zText(),
  releasedAt: zText(),
  styles: zText(),
  counts: ZUnitCountsSchema,
  totalUnits: z.number().int(),
  openUnits: z.number().int(),
  late: z.boolean(),
  atRisk: z.boolean(),
  lastEventAt: zText().nullable(),
});
export type TOpenOrder = z.infer<typeof ZOpenOrderSchema>;

/** /openOrders counts at most this many orders past the page's start (`totalCapped` says there are more). */
export const OPEN_ORDER_COUNT_CAP = 1000;
export const ZOpenOrderPageSchema = pageOf(ZOpenOrderSchema).extend({
  /** More open orders match than `total` (the count stopped at OPEN_ORDER_COUNT_CAP past the page). */
  totalCapped: z.boolean(),
  /** The server's today (UTC) that late and at-risk were judged against. */
  today: zText(),
});
export type TOpenOrderPage = z.infer<typeof ZOpenOrderPageSchema>;

export const ZOpenOrderParamsSchema = z.object({ orderId: ZIdSchema });

export const ZOpenOrderUnitQuerySchema = ZPageQuerySchema.extend({
  state: z.enum(UNIT_STATUSES, { error: `Use one of ${UNIT_STATUSES.join(", ")}` }).optional(),
});
export type TOpenOrderUnitQuery = z.infer<typeof ZOpenOrderUnitQuerySchema>;

export const ZOpenOrderUnitSchema = z.object({
  id: z.number().int(),
  barcode: zText(),
  lineNumber: z.number().int(),
  sku: zText(),
  instance: z.number().int(),
  attempt: z.number().int(),
  size: zText().nullable(),
  colour: zText().nullable(),
  status: zText(),
  dueDate: zText().nullable(),
  toteBarcode: zText().nullable(),
  lastAction: zText().nullable(),
  lastEventAt: zText().nullable(),
  lastActor: zText().nullable(),
  failReason: zText().nullable(),
});
export type TOpenOrderUnit = z.infer<typeof ZOpenOrderUnitSchema>;

export const ZOpenOrderUnitPageSchema = pageOf(ZOpenOrderUnitSchema).extend({
  orderNumber: zText(),
  clientName: zText(),
});
export type TOpenOrderUnitPage = z.infer<typeof ZOpenOrderUnitPageSchema>;

/**
 * The units on the floor in one state, across the open orders (/openOrders/units?state=…): the home
 * page's "units by state" numbers open it. Counted up to OPEN_ORDER_COUNT_CAP past the page.
 */
export const ZFloorUnitListQuerySchema = ZPageQuerySchema.extend({
  state: z.enum(UNIT_STATUSES, { error: `Use one of ${UNIT_STATUSES.join(", ")}` }).optional(),
  clientId: ZIdSchema.optional(),
});
export type TFloorUnitListQuery = z.infer<typeof ZFloorUnitListQuerySchema>;

export const ZFloorStateUnitSchema = ZOpenOrderUnitSchema.extend({
  orderId: z.number().int(),
  orderNumber: zText(),
  clientName: zText(),
});
export type TFloorStateUnit = z.infer<typeof ZFloorStateUnitSchema>;

export const ZFloorUnitPageSchema = pageOf(ZFloorStateUnitSchema).extend({ totalCapped: z.boolean() });
export type TFloorUnitPage = z.infer<typeof ZFloorUnitPageSchema>;

/**
 * A change notice of the floor (PostgreSQL NOTIFY on `floor_changes`, then the SSE stream of
 * /openOrders): which facility, client, order and unit changed, and the unit's state. Small on
 * purpose: a page refetches what it shows.
 */
export const ZFloorChangeSchema = z.object({
  factoryId: z.number().int(),
  clientId: z.number().int(),
  orderId: z.number().int(),
  unitId: z.number().int().nullable(),
  status: zText().nullable(),
});
export type TFloorChange = z.infer<typeof ZFloorChangeSchema>;

/** The SSE event name of a floor change, and how often the stream sends a heartbeat comment. */
export const FLOOR_CHANGE_EVENT = "floor-change";
export const FLOOR_HEARTBEAT_MS = 15_000;
