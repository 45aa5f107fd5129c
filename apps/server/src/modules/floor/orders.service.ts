import {
  FLOOR_MESSAGES,
  type TOrderUnits,
  type TReleaseResult,
  type TUnitStatus,
  UNIT_OPEN_STATUSES,
  UNIT_STATUS_LABELS,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { conflict, HttpError } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import { followOrder } from "./follow";
import { releaseOrder } from "./release";
import { applyUnitAction } from "./state";
import { eventsOf } from "./units.service";

/**
 * The floor's side of an order: the factory's "Release to production" of an invoice client's
 * unpaid order, the units of an order for its details page (clients read them too), and the rules
 * the orders area asks the floor about: cancelling an order cancels its open units, and a line
 * may change only while its units are all still queued (its queued units then follow the edit).
 */

const o = schema.orders;
const u = schema.floorUnits;
const oi = schema.orderItems;
const t = schema.floorTotes;

/** The orders a caller may act on here: the tenant rule over the order's own client and facility. */
const ordersOf = (p: Principal) => tenantScope(p, { clientId: o.clientId, factoryId: o.factoryId });

const notFound = () => new HttpError(404, "NOT_FOUND", "That order was not found.");

const CLOSED_ORDER = ["cancelled", "completed"];

/** POST /orders/:id/release: a facility user (or admin) releases an unpaid order to production. */
export const releaseToProduction = async (db: HubDb, p: Principal, orderId: number): Promise<TReleaseResult> => {
  const [visible] = await db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.id, orderId), ordersOf(p)));
  if (!visible) throw notFound();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(o).where(eq(o.id, orderId)).for("update");
    if (!order) throw notFound();
    if (CLOSED_ORDER.includes(order.status))
      throw conflict(FLOOR_MESSAGES.releaseClosed(order.orderNumber, order.status), { status: order.status });
    if (order.releasedAt)
      throw conflict(FLOOR_MESSAGES.alreadyReleased(order.orderNumber), { releasedAt: order.releasedAt.toISOString() });
    const { unitsMade } = await releaseOrder(tx, order.id, p.userName);
    await tx.insert(schema.orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      reason: `Released to production (${order.paymentState.replaceAll("_", " ")})`,
      actor: p.userName,
    });
    const [after] = await tx.select({ releasedAt: o.releasedAt }).from(o).where(eq(o.id, order.id));
    return {
      message: FLOOR_MESSAGES.released(order.orderNumber, unitsMade),
      orderId: order.id,
      orderNumber: order.orderNumber,
      unitsMade,
      releasedAt: (after?.releasedAt ?? new Date()).toISOString(),
    };
  });
};

/** GET /orders/:id/units: each line's units with barcode, state and last event (read-only for clients). */
export const orderUnits = async (db: HubDb, p: Principal, orderId: number): Promise<TOrderUnits> => {
  const [order] = await db
    .select({ id: o.id, status: o.status, releasedAt: o.releasedAt, releasedBy: o.releasedBy })
    .from(o)
    .where(and(eq(o.id, orderId), ordersOf(p)));
  if (!order) throw notFound();
  const [items, units] = await Promise.all([
    db
      .select({ id: oi.id, lineNumber: oi.lineNumber })
      .from(oi)
      .where(eq(oi.orderId, order.id))
      .orderBy(asc(oi.lineNumber)),
    db
      .select({
        id: u.id,
        itemId: u.itemId,
        barcode: u.barcode,
        instance: u.instance,
        attempt: u.attempt,
        recutOfId: u.recutOfId,
        status: u.status,
        size: u.size,
        colour: u.colour,
        dueDate: u.dueDate,
        toteBarcode: t.barcode,
      })
      .from(u)
      .leftJoin(t, eq(t.id, u.toteId))
      .where(eq(u.orderId, order.id))
      .orderBy(asc(u.itemId), asc(u.instance), asc(u.attempt)),
  ]);
  const events = await eventsOf(
    db,
    units.map((x) => x.id),
  );
  const last = new Map<number, (typeof events)[number]>();
  for (const e of events) last.set(e.unitId, e);
  return {
    orderId: order.id,
    releasedAt: order.releasedAt?.toISOString() ?? null,
    releasedBy: order.releasedBy,
    canRelease: (p.isInternal || p.isFacility) && order.releasedAt === null && !CLOSED_ORDER.includes(order.status),
    lines: items.map((item) => ({
      itemId: item.id,
      lineNumber: item.lineNumber,
      units: units
        .filter((x) => x.itemId === item.id)
        .map(({ itemId: _, ...x }) => {
          const e = last.get(x.id);
          const lastEvent = e ? (({ unitId: _unit, ...rest }) => rest)(e) : null;
          return { ...x, status: x.status as TUnitStatus, lastEvent };
        }),
    })),
  };
};

/** GET /orders/:id/units/:unitId/events: one unit's history, newest first, through the order's scope. */
export const orderUnitEvents = async (db: HubDb, p: Principal, orderId: number, unitId: number) => {
  const [row] = await db
    .select({ id: u.id })
    .from(u)
    .innerJoin(o, eq(o.id, u.orderId))
    .where(and(eq(u.id, unitId), eq(u.orderId, orderId), ordersOf(p)));
  if (!row) throw new HttpError(404, "NOT_FOUND", "That unit was not found.");
  const events = await eventsOf(db, [row.id]);
  return { items: events.reverse().map(({ unitId: _, ...e }) => e) };
};

/** Cancelling an order cancels its open units (in the cancel's transaction). */
export const cancelOrderUnits = async (tx: HubTx, orderId: number, actor: string, reason: string | null) => {
  const open = await tx
    .select()
    .from(u)
    .where(and(eq(u.orderId, orderId), inArray(u.status, [...UNIT_OPEN_STATUSES])))
    .orderBy(asc(u.id))
    .for("update");
  for (const unit of open)
    await applyUnitAction(
      tx,
      unit,
      "cancel",
      { actor, userId: null, stationId: null },
      {
        reason: reason ? `Order cancelled: ${reason}` : "Order cancelled",
      },
    );
  return open.length;
};

/**
 * A line may change while its units are all queued (or cancelled): once one is printed, cut or
 * further, the edit is refused naming it. Call in the edit's transaction, before writing.
 */
export const assertLineEditable = async (tx: HubTx, item: { id: number; lineNumber: number }) => {
  const started = await tx
    .select({ barcode: u.barcode, status: u.status })
    .from(u)
    .where(and(eq(u.itemId, item.id), inArray(u.status, ["printed", "cut", "sewn", "inspected", "packed", "shipped"])))
    .orderBy(desc(u.status))
    .limit(1);
  const first = started[0];
  if (first)
    throw conflict(
      `Line ${item.lineNumber} is in production (unit ${first.barcode} is ${UNIT_STATUS_LABELS[first.status as TUnitStatus].toLowerCase()}), so it cannot change.`,
      { status: "in_production" },
    );
};

/** Whether any unit of the line exists (an edit of a released line is then the floor's business too). */
export const lineHasUnits = async (tx: HubTx, itemId: number) => {
  const [row] = await tx.select({ id: u.id }).from(u).where(eq(u.itemId, itemId)).limit(1);
  return row !== undefined;
};

/**
 * After a released line was edited: its queued units take the new size, colour and fabric; units
 * beyond the new quantity are cancelled, cancelled ones within it come back, and missing instances
 * are made (releaseOrder). In the edit's transaction.
 */
export const syncLineUnits = async (
  tx: HubTx,
  orderId: number,
  item: { id: number; quantity: number },
  actor: string,
) => {
  const who = { actor, userId: null, stationId: null };
  const units = await tx.select().from(u).where(eq(u.itemId, item.id)).orderBy(asc(u.id)).for("update");
  const current = new Map<number, (typeof units)[number]>();
  for (const x of units) {
    const seen = current.get(x.instance);
    if (!seen || seen.attempt < x.attempt) current.set(x.instance, x);
  }
  for (const x of current.values()) {
    if (x.instance > item.quantity && x.status === "queued")
      await applyUnitAction(tx, x, "cancel", who, { reason: "Line quantity reduced" });
    if (x.instance <= item.quantity && x.status === "cancelled")
      await applyUnitAction(tx, x, "resubmit", who, { reason: "Line quantity increased" });
  }
  // Size, colour and fabric of queued units come from the line as releasing reads it.
  const queued = [...current.values()].filter((x) => x.instance <= item.quantity);
  if (queued.length > 0) {
    const [line] = await tx.select({ options: oi.options }).from(oi).where(eq(oi.id, item.id));
    const size = line?.options.find((x) => /size/i.test(x.optionCode) || /size/i.test(x.optionName));
    const colour = line?.options.find((x) => /colou?r/i.test(x.optionCode) || /colou?r/i.test(x.optionName));
    await tx
      .update(u)
      .set({ size: size?.attributeCode ?? null, colour: colour?.attributeName ?? null, updatedAt: new Date() })
      .where(
        and(
          eq(u.itemId, item.id),
          eq(u.status, "queued"),
          inArray(
            u.id,
            queued.map((x) => x.id),
          ),
        ),
      );
  }
  await releaseOrder(tx, orderId, actor);
  await followOrder(tx, orderId, actor);
};
