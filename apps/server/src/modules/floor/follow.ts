import type { TItemStatus, TOrderStatus } from "@hub/contracts";
import { ITEM_TRANSITIONS, ORDER_TRANSITIONS } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { transitionItems } from "./order-status";

/**
 * An order's lines and status follow their units (glossary, "Order follows its units"). Only the
 * current attempt of each instance counts (a recut replaces the failed original). Per line:
 *   every current unit cancelled → cancelled; every live unit shipped → shipped; some shipped →
 *   partially_shipped; otherwise (units exist) → in_production.
 * The order takes the same rule over all its lines' units. Moves the state machine does not allow
 * (backwards, or out of a closed state) are left alone; every move writes order history through
 * floor/order-status.ts. Call it in the transaction that changed the units, after the change.
 */

type Follow = "in_production" | "partially_shipped" | "shipped" | "cancelled";

export const followFromCounts = (counts: { total: number; cancelled: number; shipped: number }): Follow | null => {
  if (counts.total === 0) return null;
  if (counts.cancelled === counts.total) return "cancelled";
  const live = counts.total - counts.cancelled;
  if (counts.shipped === live) return "shipped";
  if (counts.shipped > 0) return "partially_shipped";
  return "in_production";
};

/** The order of the forward moves, so that a line never goes back (shipped never returns to in production). */
const RANK: Record<string, number> = { open: 0, placed: 0, in_production: 1, partially_shipped: 2, shipped: 3 };

const shouldMove = (from: string, to: Follow): boolean =>
  from !== to && (to === "cancelled" || (RANK[to] ?? 0) > (RANK[from] ?? 99));

/**
 * Whether a unit's move can change its line's or order's status: only a move into or out of shipped
 * or cancelled changes the counts `followFromCounts` reads (release already put the lines in
 * production). A scan between floor states (queued, cut, sewn, inspected, packed, failed) skips the
 * order's reads and saves the busiest path its three queries.
 */
export const unitMoveFollows = (from: string, to: string): boolean =>
  from !== to && (FOLLOWED.has(from) || FOLLOWED.has(to));
const FOLLOWED = new Set(["shipped", "cancelled"]);

export const followOrder = async (tx: HubTx, orderId: number, actor: string): Promise<void> => {
  const u = schema.floorUnits;
  const units = await tx
    .select({ itemId: u.itemId, instance: u.instance, attempt: u.attempt, status: u.status })
    .from(u)
    .where(eq(u.orderId, orderId));
  // Current units: the highest attempt of each (line, instance).
  const current = new Map<string, { itemId: number; attempt: number; status: string }>();
  for (const x of units) {
    const key = `${x.itemId}:${x.instance}`;
    const seen = current.get(key);
    if (!seen || seen.attempt < x.attempt) current.set(key, x);
  }
  const byItem = new Map<number, { total: number; cancelled: number; shipped: number }>();
  for (const x of current.values()) {
    const c = byItem.get(x.itemId) ?? { total: 0, cancelled: 0, shipped: 0 };
    c.total += 1;
    if (x.status === "cancelled") c.cancelled += 1;
    if (x.status === "shipped") c.shipped += 1;
    byItem.set(x.itemId, c);
  }
  const items = await tx
    .select({ id: schema.orderItems.id, lineNumber: schema.orderItems.lineNumber, status: schema.orderItems.status })
    .from(schema.orderItems)
    .where(eq(schema.orderItems.orderId, orderId));
  const [order] = await tx
    .select({ id: schema.orders.id, orderNumber: schema.orders.orderNumber, status: schema.orders.status })
    .from(schema.orders)
    .where(eq(schema.orders.id, orderId));
  if (!order) return;
  await followCounts(tx, order, items, byItem, actor);
};

type Counts = { total: number; cancelled: number; shipped: number };

/**
 * The moves the rule makes from each line's counts of current units (and the order's from their
 * sum), written through order-status.ts. `followOrder` reads the counts; a first release, which
 * knows them (every unit it made is queued), passes them here and saves the reads.
 */
export const followCounts = async (
  tx: HubTx,
  order: { id: number; orderNumber: string; status: string },
  items: readonly { id: number; lineNumber: number; status: string }[],
  byItem: ReadonlyMap<number, Counts>,
  actor: string,
): Promise<void> => {
  const { moves, orderMove } = followMoves(order, items, byItem);
  // The lines' moves and the order's in one statement.
  await transitionItems(tx, order.id, moves, actor, null, orderMove);
};

/** The moves `followCounts` makes, for a caller that writes them in a statement of its own (`movesCtes`). */
export const followMoves = <I extends { id: number; lineNumber: number; status: string }>(
  order: { id: number; orderNumber: string; status: string },
  items: readonly I[],
  byItem: ReadonlyMap<number, Counts>,
) => {
  const totals = { total: 0, cancelled: 0, shipped: 0 };
  const moves: { item: I; to: Follow }[] = [];
  for (const item of items) {
    const c = byItem.get(item.id);
    if (!c) continue;
    totals.total += c.total;
    totals.cancelled += c.cancelled;
    totals.shipped += c.shipped;
    const to = followFromCounts(c);
    if (to && shouldMove(item.status, to) && ITEM_TRANSITIONS[item.status as TItemStatus]?.includes(to)) {
      moves.push({ item, to });
    }
  }
  const to = followFromCounts(totals);
  const orderMoves =
    to && shouldMove(order.status, to) && ORDER_TRANSITIONS[order.status as TOrderStatus]?.includes(to);
  return { moves, orderMove: orderMoves && to ? { order, to } : undefined };
};
