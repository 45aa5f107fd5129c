import type { TItemEditRequest, TOrder, TPricedLine } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { badRequest, conflict, HttpError, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { assertLineEditable, lineHasUnits, syncLineUnits } from "../floor/production";
import { attributeIdsFor, Compositions, discountOf, MAX_ORDER_CENTS, priceLine } from "./pricing";
import { getOrder, orderRowFor } from "./read.service";
import { h, type OrderDeps, o, oi } from "./rows";
import { lockOrder } from "./status.service";

/** Editing an order's line: quantity and options, repriced at the order's tier, units kept in step. */

/**
 * Changes a line's options or quantity while it is open and its order placed: the line keeps the
 * tier unit price frozen at placing (the order's tier) and takes the new attributes' upcharges;
 * the order's totals and a percentage coupon's discount are worked out again; a history row says what changed.
 */
export const editItem = async (
  deps: OrderDeps,
  p: Principal,
  id: number,
  itemId: number,
  body: TItemEditRequest,
): Promise<TOrder> => {
  const { db } = deps;
  const row = await orderRowFor(db, p, id);
  const [item] = await db
    .select()
    .from(oi)
    .where(and(eq(oi.id, itemId), eq(oi.orderId, row.id)));
  if (!item) throw notFound("That line");
  let attributeIds = item.options.map((x) => x.attributeId);
  let priced: TPricedLine | null = null;
  if (body.attributeIds !== undefined || body.attributeCodes !== undefined) {
    if (item.styleId === null) throw conflict("The style of this line no longer exists, so its options cannot change.");
    const composition = await new Compositions(db, row.clientId).get(item.styleId);
    if (!composition) throw conflict("This style is no longer offered to the client, so its options cannot change.");
    if (body.attributeCodes !== undefined) {
      const ids = attributeIdsFor(composition, body.attributeCodes);
      if (typeof ids === "string") throw badRequest(ids, { attributeCodes: ids });
      attributeIds = ids;
    } else attributeIds = body.attributeIds ?? attributeIds;
    try {
      priced = priceLine(composition, attributeIds, body.quantity ?? item.quantity, 1, null, 0);
    } catch (error) {
      if (error instanceof HttpError) throw badRequest(error.message, { attributeIds: error.message });
      throw error;
    }
  }
  const quantity = body.quantity ?? item.quantity;
  const upchargeCents = priced ? priced.upchargeCents : item.upchargeCents;
  const lineTotalCents = (item.unitPriceCents + upchargeCents) * quantity;
  if (lineTotalCents > MAX_ORDER_CENTS) throw badRequest("This line is too large.", { quantity: "Too large" });
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.id);
    const [current] = await tx.select().from(oi).where(eq(oi.id, item.id)).for("update");
    if (!current) throw notFound("That line");
    // A released line (its units made) may still change while every unit is queued.
    const released = order.releasedAt !== null && (await lineHasUnits(tx, current.id));
    if (released) await assertLineEditable(tx, current);
    if (order.status !== "placed" && !(released && order.status === "in_production"))
      throw conflict(
        `Order ${order.orderNumber} is ${order.status.replaceAll("_", " ")}, so its lines cannot change.`,
        {
          status: order.status,
        },
      );
    if (current.status !== "open" && !(released && current.status === "in_production"))
      throw conflict(`Line ${current.lineNumber} is ${current.status.replaceAll("_", " ")}, so it cannot change.`, {
        status: current.status,
      });
    const changes: string[] = [];
    if (quantity !== current.quantity) changes.push(`quantity ${current.quantity} → ${quantity}`);
    if (priced) {
      const was = current.options.map((x) => x.attributeCode).join("/");
      const now = priced.options.map((x) => x.attributeCode).join("/");
      if (was !== now) changes.push(`options ${was} → ${now}`);
    }
    await tx
      .update(oi)
      .set({
        quantity,
        upchargeCents,
        lineTotalCents,
        ...(priced ? { options: priced.options, sku: priced.sku } : {}),
        updatedAt: new Date(),
      })
      .where(eq(oi.id, current.id));
    if (released) await syncLineUnits(tx, order.id, { id: current.id, quantity }, p.userName);
    const lines = await tx.select().from(oi).where(eq(oi.orderId, order.id));
    const subtotalCents = lines.reduce((s, l) => s + (l.status === "cancelled" ? 0 : l.lineTotalCents), 0);
    let discountCents = order.discountCents;
    if (order.couponId !== null) {
      const [coupon] = await tx.select().from(schema.coupons).where(eq(schema.coupons.id, order.couponId));
      if (coupon) discountCents = discountOf(coupon, subtotalCents);
    }
    discountCents = Math.min(discountCents, subtotalCents);
    const [client] = await tx
      .select({ code: schema.clients.siteName })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, order.clientId));
    const searchTokens = schema.orderSearchTokens({ ...order, clientCode: client?.code, lines });
    await tx
      .update(o)
      .set({
        subtotalCents,
        discountCents,
        totalCents: subtotalCents - discountCents,
        searchVector: searchTokens,
        updatedAt: new Date(),
      })
      .where(eq(o.id, order.id));
    await tx.insert(h).values({
      orderId: order.id,
      itemId: current.id,
      fromStatus: current.status,
      toStatus: current.status,
      reason: `Line ${current.lineNumber} edited: ${changes.join(", ") || "no change"}`,
      actor: p.userName,
    });
  });
  return getOrder(deps, p, id);
};
