import { carrierService, SHIPPING_MESSAGES, type TShipment } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq } from "drizzle-orm";
import type { HubConfig } from "../../platform/config";
import { conflict, notFound } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import type { Principal } from "../../platform/principal";
import { isWebOrder, shipmentDetail, shipmentSkus } from "./shipments.service";
import { notifyStore } from "./store";

const s = schema.shipments;

/** The tracking email: to the client's admins (or, with none, its users) who take email. */
export const trackingEmail = (x: TShipment) => ({
  subject: `Order ${x.orderNumber} has shipped (${x.shipmentNumber})`,
  text: [
    `Shipment ${x.shipmentNumber} of your order ${x.orderNumber}${x.poNumber ? ` (PO ${x.poNumber})` : ""} has shipped.`,
    `${x.unitCount} piece${x.unitCount === 1 ? "" : "s"}, carrier ${carrierService(x.carrier, x.service)}.`,
    `Tracking number: ${x.trackingNumber ?? "-"}`,
    x.trackingUrl ? `Track it: ${x.trackingUrl}` : "",
  ]
    .filter(Boolean)
    .join("\n"),
});

/** The tracking email to a portal order's end customer: their own order reference, not the Hub's. */
export const customerTrackingEmail = (x: TShipment, reference: string) => ({
  subject: `Your order ${reference} has shipped`,
  text: [
    `Your order ${reference} has shipped: ${x.unitCount} piece${x.unitCount === 1 ? "" : "s"} with ${carrierService(x.carrier, x.service)}.`,
    `Tracking number: ${x.trackingNumber ?? "-"}`,
    x.trackingUrl ? `Track it: ${x.trackingUrl}` : "",
  ]
    .filter(Boolean)
    .join("\n"),
});

/** A portal order's end customer hears of each box too, at the email the storefront gave. */
const emailCustomer = async (db: HubDb, mailer: Mailer, x: TShipment): Promise<void> => {
  const o = schema.orders;
  const [order] = await db
    .select({ email: o.customerEmail, reference: o.externalOrderId })
    .from(o)
    .where(eq(o.id, x.orderId));
  if (!order?.email) return;
  await mailer.send({ to: order.email, ...customerTrackingEmail(x, order.reference ?? x.orderNumber) });
};

const emailClient = async (db: HubDb, mailer: Mailer, x: TShipment): Promise<void> => {
  const us = schema.users;
  const people = await db
    .select({ email: us.email, isClientAdmin: us.isClientAdmin })
    .from(us)
    .where(and(eq(us.clientId, x.clientId), eq(us.available, true), eq(us.deliverableEmail, true)))
    .orderBy(asc(us.userId));
  const admins = people.filter((u) => u.isClientAdmin);
  const to = [...new Set((admins.length > 0 ? admins : people).map((u) => u.email.toLowerCase()))];
  const mail = trackingEmail(x);
  for (const address of to) await mailer.send({ to: address, ...mail });
};

/**
 * Tells a web order's store about a shipped box with tracking, and records the outcome on the
 * shipment: the store's fulfilment id and when, or its error (kept for a retry).
 */
export const tellStore = async (db: HubDb, config: HubConfig, p: Principal, id: number): Promise<TShipment> => {
  const [row] = await db
    .select({ row: s, source: schema.orders.source, externalOrderId: schema.orders.externalOrderId })
    .from(s)
    .innerJoin(schema.orders, eq(schema.orders.id, s.orderId))
    .where(eq(s.id, id));
  if (!row) throw notFound("That shipment");
  if (!isWebOrder(row) || !row.externalOrderId) throw conflict(SHIPPING_MESSAGES.notWebOrder);
  if (row.row.status !== "shipped") throw conflict(SHIPPING_MESSAGES.notShipped);
  if (!row.row.trackingNumber) throw conflict(SHIPPING_MESSAGES.noTracking);
  const outcome = await notifyStore(db, config, {
    clientId: row.row.clientId,
    externalOrderId: row.externalOrderId,
    storeFulfillmentId: row.row.storeFulfillmentId,
    trackingNumber: row.row.trackingNumber,
    carrier: row.row.carrier,
    trackingUrl: row.row.trackingUrl,
    skus: await shipmentSkus(db, id),
  });
  await db
    .update(s)
    .set(
      outcome.ok
        ? { storeFulfillmentId: outcome.fulfillmentId, storeNotifiedAt: new Date(), storeNotifyError: null }
        : { storeNotifyError: outcome.message.slice(0, 500) },
    )
    .where(eq(s.id, id));
  return shipmentDetail(db, p, id);
};

/**
 * After a box ships, or a shipped box's tracking changes: the client gets the tracking email (and a
 * portal order's customer too) and a web order's store is told. Neither can undo the shipment: a store failure is recorded on it
 * (and retried from its page), a mail failure is logged.
 */
export const afterTracking = async (
  deps: { db: HubDb; config: HubConfig; mailer: Mailer; log: (error: unknown) => void },
  p: Principal,
  x: TShipment,
): Promise<TShipment> => {
  if (x.status !== "shipped" || !x.trackingNumber) return x;
  for (const send of [emailClient, emailCustomer]) {
    try {
      await send(deps.db, deps.mailer, x);
    } catch (error) {
      deps.log(error);
    }
  }
  if (x.storeNotify === "not_applicable") return x;
  return tellStore(deps.db, deps.config, p, x.id);
};
