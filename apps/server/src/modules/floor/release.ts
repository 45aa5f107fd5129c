import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { followOrder } from "./follow";
import { notifyOrderFloorChange } from "./live";

/**
 * Releasing an order to the floor makes its units: a line of quantity q becomes q units
 * (instance 1..q, attempt 1), each queued with its size, colour, fabric and due date. It happens
 * when the order is paid, or when the factory releases an invoice client's unpaid order. It is
 * idempotent: instances that exist are not made again, so a repeat (or a line whose quantity
 * grew before production) makes only what is missing. Runs in the caller's transaction.
 */

/** Days from placing to the due date when the order names no requested ship date. */
export const DEFAULT_LEAD_DAYS = schema.FLOOR_LEAD_DAYS;

const optionValue = (
  options: { optionCode: string; optionName: string; attributeCode: string; attributeName: string }[],
  re: RegExp,
) => options.find((o) => re.test(o.optionCode) || re.test(o.optionName));

export const releaseOrder = async (tx: HubTx, orderId: number, actor: string): Promise<{ unitsMade: number }> => {
  const o = schema.orders;
  const [order] = await tx
    .select({
      id: o.id,
      factoryId: o.factoryId,
      clientId: o.clientId,
      status: o.status,
      requestedShipDate: o.requestedShipDate,
      placedAt: o.placedAt,
      releasedAt: o.releasedAt,
    })
    .from(o)
    .where(eq(o.id, orderId))
    .for("update");
  if (!order || order.status === "cancelled" || order.status === "completed") return { unitsMade: 0 };
  if (!order.releasedAt) {
    await tx.update(o).set({ releasedAt: new Date(), releasedBy: actor }).where(eq(o.id, orderId));
  }
  const items = await tx
    .select({
      id: schema.orderItems.id,
      styleId: schema.orderItems.styleId,
      options: schema.orderItems.options,
      quantity: schema.orderItems.quantity,
    })
    .from(schema.orderItems)
    .where(and(eq(schema.orderItems.orderId, orderId), ne(schema.orderItems.status, "cancelled")))
    .orderBy(asc(schema.orderItems.lineNumber));
  if (items.length === 0) return { unitsMade: 0 };

  const u = schema.floorUnits;
  const made = await tx
    .select({ itemId: u.itemId, n: sql<number>`max(${u.instance})::int` })
    .from(u)
    .where(and(eq(u.orderId, orderId), eq(u.attempt, 1)))
    .groupBy(u.itemId);
  const have = new Map(made.map((m) => [m.itemId, Number(m.n)]));

  const styleIds = [...new Set(items.map((i) => i.styleId).filter((x): x is number => x !== null))];
  const fabrics = styleIds.length
    ? await tx
        .select({
          styleId: schema.styleFabrics.styleId,
          fabricId: schema.styleFabrics.fabricId,
          attributeId: schema.styleFabrics.attributeId,
        })
        .from(schema.styleFabrics)
        .where(inArray(schema.styleFabrics.styleId, styleIds))
        .orderBy(asc(schema.styleFabrics.id))
    : [];

  const due =
    order.requestedShipDate ??
    new Date(order.placedAt.getTime() + DEFAULT_LEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows: (typeof u.$inferInsert)[] = [];
  for (const item of items) {
    const attrs = new Set(item.options.map((x) => x.attributeId));
    const mine = fabrics.filter((f) => f.styleId === item.styleId);
    const fabric =
      mine.find((f) => f.attributeId !== null && attrs.has(f.attributeId)) ?? mine.find((f) => f.attributeId === null);
    const size = optionValue(item.options, /size/i);
    const colour = optionValue(item.options, /colou?r/i);
    for (let instance = (have.get(item.id) ?? 0) + 1; instance <= item.quantity; instance++) {
      rows.push({
        factoryId: order.factoryId,
        clientId: order.clientId,
        orderId,
        itemId: item.id,
        instance,
        attempt: 1,
        status: "queued",
        styleId: item.styleId,
        size: size?.attributeCode ?? null,
        colour: colour?.attributeName ?? null,
        fabricId: fabric?.fabricId ?? null,
        dueDate: due,
      });
    }
  }
  if (rows.length === 0) return { unitsMade: 0 };
  for (let i = 0; i < rows.length; i += 1000) {
    const created = await tx
      .insert(u)
      .values(rows.slice(i, i + 1000))
      .returning({ id: u.id });
    await tx
      .insert(schema.floorUnitEvents)
      .values(created.map((c) => ({ unitId: c.id, action: "release", fromStatus: null, toStatus: "queued", actor })));
  }
  await followOrder(tx, orderId, actor);
  await notifyOrderFloorChange(tx, orderId);
  return { unitsMade: rows.length };
};

/** Orders released but whose units were never made (for a repair job or the seed). */
export const unreleasedPaidOrders = (tx: HubTx) =>
  tx
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(and(eq(schema.orders.paymentState, "paid"), isNull(schema.orders.releasedAt)));
