import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { releaseOrder } from "../floor/production";
import { h, type ItemRow, type OrderRow, o, oi } from "./rows";

/** Remakes (returns): a new order for returned lines, at no charge. The model: docs/adr/0003-orders.md, "Returns". */

/**
 * Places a remake of returned lines, in the caller's transaction (the return's): a new order of the
 * original's client, facility and ship-to, source "remake", one line per returned line with the
 * original's style, SKU and options at zero price (the client paid for these garments on the
 * original order), nothing to charge, and the "placed" history row naming the return.
 */
export const placeRemakeOrder = async (
  tx: HubTx,
  original: OrderRow,
  lines: readonly { item: ItemRow; quantity: number }[],
  remake: { actor: string; reason: string },
): Promise<{ id: number; orderNumber: string }> => {
  const [client] = await tx
    .select({ code: schema.clients.siteName })
    .from(schema.clients)
    .where(eq(schema.clients.clientId, original.clientId));
  const searchTokens = schema.orderSearchTokens({
    poNumber: original.poNumber,
    externalOrderId: null,
    clientName: original.clientName,
    clientCode: client?.code,
    shipName: original.shipName,
    lines: lines.map((l) => l.item),
  });
  const [order] = await tx
    .insert(o)
    .values({
      clientId: original.clientId,
      clientName: original.clientName,
      factoryId: original.factoryId,
      source: "remake",
      poNumber: original.poNumber,
      addressId: original.addressId,
      shipName: original.shipName,
      shipCompany: original.shipCompany,
      shipLine1: original.shipLine1,
      shipLine2: original.shipLine2,
      shipCity: original.shipCity,
      shipRegion: original.shipRegion,
      shipPostalCode: original.shipPostalCode,
      shipCountry: original.shipCountry,
      shipPhone: original.shipPhone,
      notes: remake.reason,
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      paymentState: "paid",
      paymentMessage: `${remake.reason}: nothing to charge.`,
      placedBy: remake.actor,
      searchVector: searchTokens,
    })
    .returning({ id: o.id, orderNumber: o.orderNumber });
  if (!order) throw new Error("remake order insert failed");
  await tx.insert(oi).values(
    lines.map((l, i) => ({
      orderId: order.id,
      lineNumber: i + 1,
      styleId: l.item.styleId,
      styleCode: l.item.styleCode,
      styleName: l.item.styleName,
      sku: l.item.sku,
      options: l.item.options,
      quantity: l.quantity,
      unitPriceCents: 0,
      upchargeCents: 0,
      lineTotalCents: 0,
      // What a piece of the returned line was quoted to cost (issue 22): a remake costs the same, for no revenue.
      quotedFabricCents: l.item.quotedFabricCents,
      quotedPartCents: l.item.quotedPartCents,
      quotedLabourCents: l.item.quotedLabourCents,
    })),
  );
  await tx
    .insert(h)
    .values({ orderId: order.id, fromStatus: null, toStatus: "placed", reason: remake.reason, actor: remake.actor });
  // Nothing to pay: the remake goes to the floor at once.
  await releaseOrder(tx, order.id, remake.actor);
  return order;
};
