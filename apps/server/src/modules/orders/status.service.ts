import { linesNotDone, ORDER_MESSAGES } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { conflict, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { cancelOrderUnits, orderCanMove, transitionItems, transitionOrder } from "../floor/production";
import { recordEvent } from "../webhooks/events";
import { refund } from "./money.service";
import { getOrder, orderRowFor } from "./read.service";
import { type OrderDeps, type OrderRow, o, oi } from "./rows";
import { orderScope } from "./scope";

/** Status changes: complete, cancel (with its refund) and the bulk actions. */

export const lockOrder = async (tx: HubTx, id: number): Promise<OrderRow> => {
  const [row] = await tx.select().from(o).where(eq(o.id, id)).for("update");
  if (!row) throw notFound("That order");
  return row;
};

/** Completing is the factory's, or an internal admin's: a client user (or an API key) is refused. */
const assertMayComplete = (p: Principal) => {
  if (!(p.isInternal || p.isFacility) || p.apiKey) throw forbidden(ORDER_MESSAGES.completeWho);
};

/** Why an order cannot be completed (its state, or lines not shipped or cancelled yet), or null. */
const completeRefusal = (row: OrderRow, items: readonly { status: string }[]): string | null => {
  if (!orderCanMove(row.status, "completed"))
    return `Order ${row.orderNumber} is ${row.status.replaceAll("_", " ")}, so it cannot be completed.`;
  const left = linesNotDone(items);
  return left > 0 ? ORDER_MESSAGES.completeNotDone(row.orderNumber, left) : null;
};

/**
 * Completes an order once every line has shipped or was cancelled (else a 409 saying so), and its
 * shipped lines with it (history rows for each), in the caller's transaction.
 */
const completeIn = async (tx: HubTx, row: OrderRow, actor: string, reason: string | null) => {
  const items = await tx.select().from(oi).where(eq(oi.orderId, row.id)).orderBy(asc(oi.lineNumber));
  const refusal = completeRefusal(row, items);
  if (refusal) throw conflict(refusal, { status: row.status });
  await transitionOrder(tx, row, "completed", actor, reason);
  const shipped = items.filter((item) => item.status === "shipped");
  await transitionItems(
    tx,
    row.id,
    shipped.map((item) => ({ item, to: "completed" as const })),
    actor,
    reason,
  );
};

const cancelIn = async (tx: HubTx, row: OrderRow, actor: string, reason: string) => {
  await transitionOrder(tx, row, "cancelled", actor, reason);
  await recordEvent(tx, row.clientId, "order.cancelled", {
    orderId: row.id,
    orderNumber: row.orderNumber,
    reason: reason || null,
    cancelledBy: actor,
  });
  await cancelOrderUnits(tx, row.id, actor, reason || null);
  const items = await tx.select().from(oi).where(eq(oi.orderId, row.id)).orderBy(asc(oi.lineNumber));
  const live = items.filter((item) => item.status === "open" || item.status === "in_production");
  await transitionItems(
    tx,
    row.id,
    live.map((item) => ({ item, to: "cancelled" as const })),
    actor,
    reason,
  );
};

/** After a cancel: refund what is left of what was charged (capped by the ledger), once. */
const refundCancelled = async (deps: OrderDeps, p: Principal, id: number, reason: string | null) => {
  const [row] = await deps.db.select().from(o).where(eq(o.id, id));
  if (!row) return;
  const left = row.chargedCents - row.refundedCents;
  if (left > 0)
    await refund(
      deps,
      p,
      row,
      left,
      `order-${row.id}-cancel`,
      reason ? `order cancelled: ${reason}` : "order cancelled",
    );
};

/** POST /orders/:id/complete: the factory's or an internal admin's (403 otherwise), once everything shipped or was cancelled (409). */
export const completeOrder = async (deps: OrderDeps, p: Principal, id: number, reason: string | null) => {
  await orderRowFor(deps.db, p, id);
  assertMayComplete(p);
  await deps.db.transaction(async (tx) => completeIn(tx, await lockOrder(tx, id), p.userName, reason));
  return getOrder(deps, p, id);
};

export const cancelOrder = async (deps: OrderDeps, p: Principal, id: number, reason: string) => {
  await orderRowFor(deps.db, p, id);
  await deps.db.transaction(async (tx) => cancelIn(tx, await lockOrder(tx, id), p.userName, reason));
  await refundCancelled(deps, p, id, reason);
  return getOrder(deps, p, id);
};

/** Bulk complete or cancel: every order is checked first; any refusal changes nothing and names them all. */
export const bulkOrders = async (
  deps: OrderDeps,
  p: Principal,
  ids: readonly number[],
  action: "complete" | "cancel",
  reason: string | null,
) => {
  const unique = [...new Set(ids)];
  if (action === "complete") assertMayComplete(p);
  const done = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(o)
      .where(and(inArray(o.id, unique), orderScope(p)))
      .orderBy(asc(o.id))
      .for("update");
    const refusals: Record<string, string> = {};
    const found = new Set(rows.map((r) => r.id));
    for (const id of unique) if (!found.has(id)) refusals[`ids.${ids.indexOf(id)}`] = `Order ${id} was not found.`;
    const to = action === "complete" ? "completed" : "cancelled";
    const lines =
      action === "complete" && rows.length > 0
        ? await tx
            .select({ orderId: oi.orderId, status: oi.status })
            .from(oi)
            .where(
              inArray(
                oi.orderId,
                rows.map((r) => r.id),
              ),
            )
        : [];
    for (const r of rows) {
      const refusal =
        action === "complete"
          ? completeRefusal(
              r,
              lines.filter((l) => l.orderId === r.id),
            )
          : orderCanMove(r.status, to)
            ? null
            : `Order ${r.orderNumber} is ${r.status.replaceAll("_", " ")}, so it cannot be ${to}.`;
      if (refusal) refusals[r.orderNumber] = refusal;
    }
    if (Object.keys(refusals).length > 0) throw conflict(ORDER_MESSAGES.bulkRefused, refusals);
    for (const r of rows) {
      if (action === "complete") await completeIn(tx, r, p.userName, reason);
      else await cancelIn(tx, r, p.userName, reason ?? "");
    }
    return rows;
  });
  if (action === "cancel") for (const r of done) await refundCancelled(deps, p, r.id, reason);
  return { action, orders: done.map((r) => r.orderNumber) };
};
