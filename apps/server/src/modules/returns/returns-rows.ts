import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import type { ItemRow, OrderRow } from "../orders/orders.service";

/**
 * Returns' tables and the helpers its services share: what shipped, what was returned, what a
 * return is worth. The model: docs/adr/0003-orders.md, "Returns".
 */

export const r = schema.returns;
export const rl = schema.returnLines;
export const rh = schema.returnStatusHistory;
export const o = schema.orders;
export const oi = schema.orderItems;

type ReturnRow = typeof r.$inferSelect;

export const iso = (d: Date) => d.toISOString();

/** The return row a caller may see; 404 otherwise (another tenant's return is not found). */
export const returnRowFor = async (db: HubDb | HubTx, p: Principal, id: number): Promise<ReturnRow> => {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.id, id), tenantScope(p, { clientId: r.clientId })));
  if (!row) throw notFound("That return");
  return row;
};

export const lockReturn = async (tx: HubTx, id: number): Promise<ReturnRow> => {
  const [row] = await tx.select().from(r).where(eq(r.id, id)).for("update");
  if (!row) throw notFound("That return");
  return row;
};

export const lockOrder = async (tx: HubTx, id: number): Promise<OrderRow> => {
  const [row] = await tx.select().from(o).where(eq(o.id, id)).for("update");
  if (!row) throw notFound("That order");
  return row;
};

/** How many of each line of an order are on returns that are not cancelled (optionally leaving one out). */
export const alreadyReturned = async (db: HubDb | HubTx, orderId: number): Promise<Map<number, number>> => {
  const rows = await db
    .select({ itemId: rl.itemId, n: sql<number>`sum(${rl.quantity})::int` })
    .from(rl)
    .innerJoin(r, eq(r.id, rl.returnId))
    .where(and(eq(r.orderId, orderId), ne(r.status, "cancelled")))
    .groupBy(rl.itemId);
  return new Map(rows.map((x) => [x.itemId, x.n]));
};

/**
 * How many pieces of each line of an order have shipped: only those can come back. A unit that
 * shipped is never recut (a recut starts from an earlier state), so shipped units are pieces. A
 * line the floor never made units for (history from before the floor, as in the demo's order book)
 * counts as shipped in full once it is shipped or completed.
 */
export const shippedPieces = async (db: HubDb | HubTx, items: readonly ItemRow[]): Promise<Map<number, number>> => {
  const u = schema.floorUnits;
  const orderIds = [...new Set(items.map((i) => i.orderId))];
  const rows =
    orderIds.length === 0
      ? []
      : await db
          .select({
            itemId: u.itemId,
            units: sql<number>`count(*)::int`,
            shipped: sql<number>`(count(*) filter (where ${u.status} = 'shipped'))::int`,
          })
          .from(u)
          .where(inArray(u.orderId, orderIds))
          .groupBy(u.itemId);
  const byItem = new Map(rows.map((x) => [x.itemId, x] as const));
  return new Map(
    items.map((item) => {
      const made = byItem.get(item.id);
      if (made) return [item.id, made.shipped] as const;
      return [item.id, item.status === "shipped" || item.status === "completed" ? item.quantity : 0] as const;
    }),
  );
};

export const unitValue = (item: Pick<ItemRow, "unitPriceCents" | "upchargeCents">) =>
  item.unitPriceCents + item.upchargeCents;

/**
 * The value of returned lines: Σ quantity × (unit price + upcharge), less their share of the
 * order's discount (floor of the share, so the rounding is in the client's favour). BigInt: a
 * share of a large order would pass 2^53.
 */
export const returnValueOf = (gross: number, order: Pick<OrderRow, "subtotalCents" | "discountCents">): number => {
  if (order.subtotalCents <= 0 || order.discountCents <= 0) return gross;
  const share = (BigInt(gross) * BigInt(order.discountCents)) / BigInt(order.subtotalCents);
  return Math.max(0, gross - Number(share));
};
