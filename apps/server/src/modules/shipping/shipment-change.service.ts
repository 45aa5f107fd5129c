import {
  SHIPPING_MESSAGES,
  type TShipment,
  type TShipRequest,
  type TTrackingUpdateRequest,
  trackingUrlFor,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { conflict, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import type { ShippingAdapter, ShippingProviders } from "../../platform/shipping";
import { followOrder } from "../floor/follow";
import { applyUnitAction } from "../floor/state";
import { sendMessage, to } from "../messages/send";
import { type RaisedEvent, recordEvent } from "../webhooks/events";
import { shipmentScope } from "./scope";
import { adapterOf, dayOf, platformError, who } from "./shipment-create.service";
import { shipmentDetail } from "./shipments-read.service";
import { type ShipmentRow, s, su, u } from "./shipments-rows";

/** A shipment's life after it is made: ship, void, tracking (typed or from the provider), and its units by SKU. */

/** The shipment locked for a change, in the caller's write scope. */
const lockShipment = async (tx: HubTx, p: Principal, id: number): Promise<ShipmentRow> => {
  const [row] = await tx
    .select()
    .from(s)
    .where(and(eq(s.id, id), shipmentScope(p)))
    .for("update");
  if (!row) throw notFound("That shipment");
  return row;
};

/**
 * POST /shipments/:id/ship: the box left. In one transaction its units go packed → shipped (the
 * state machine's "ship") and the order follows them (partially shipped, then shipped). A repeat
 * (a retried request) finds it shipped and answers it unchanged: `changed` is false.
 */
export const shipShipment = async (
  db: HubDb,
  p: Principal,
  id: number,
  body: TShipRequest,
): Promise<{ shipment: TShipment; changed: boolean; raised: RaisedEvent | null }> => {
  const raised = await db.transaction(async (tx) => {
    const row = await lockShipment(tx, p, id);
    if (row.status === "shipped") return null;
    if (row.status === "voided") throw conflict(SHIPPING_MESSAGES.voided, { status: row.status });
    const units = await tx
      .select({ id: u.id, barcode: u.barcode, status: u.status })
      .from(u)
      .where(inArray(u.id, tx.select({ id: su.unitId }).from(su).where(eq(su.shipmentId, id))))
      .orderBy(asc(u.id))
      .for("update");
    for (const x of units) await applyUnitAction(tx, x, "ship", who(p));
    await followOrder(tx, row.orderId, p.userName);
    await tx
      .update(s)
      .set({ status: "shipped", shippedAt: dayOf(body.shipDate), updatedAt: new Date() })
      .where(eq(s.id, id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "shipment.ship",
      subject: `shipment:${id}`,
      detail: { shipmentNumber: row.shipmentNumber, orderId: row.orderId, units: units.length },
    });
    // The client's people get a message (the bell; by email for those who asked).
    const orderNumber = `SO-${String(row.orderId).padStart(6, "0")}`;
    await sendMessage(
      tx,
      {
        kind: "order.shipped",
        title: `Order ${orderNumber} shipped`,
        body: `Box ${row.shipmentNumber} (${units.length} piece${units.length === 1 ? "" : "s"}) left${row.carrier ? ` with ${row.carrier}` : ""}${row.trackingNumber ? `, tracking ${row.trackingNumber}` : ""}.`,
        link: `/orders/${row.orderId}`,
        clientId: row.clientId,
      },
      to.clientUsers(row.clientId),
    );
    // The client's integrations hear it (webhooks, the event log), with the box and its tracking.
    return recordEvent(tx, row.clientId, "order.shipped", {
      orderId: row.orderId,
      shipment: {
        id,
        shipmentNumber: row.shipmentNumber,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        shipDate: dayOf(body.shipDate),
        units: units.map((x) => x.barcode),
      },
    });
  });
  return { shipment: await shipmentDetail(db, p, id), changed: raised !== null, raised };
};

/**
 * POST /shipments/:id/void: cancels a box that has not shipped. The platform voids its label
 * first (a refusal changes nothing here); then its units leave the box (they stay packed, free
 * for another box) and the shipment is voided. A voided shipment answers as it is.
 */
export const voidShipment = async (
  db: HubDb,
  providers: ShippingProviders,
  p: Principal,
  id: number,
): Promise<TShipment> => {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.id, id), shipmentScope(p)));
  if (!row) throw notFound("That shipment");
  if (row.status === "voided") return shipmentDetail(db, p, id);
  if (row.status === "shipped") throw conflict(SHIPPING_MESSAGES.notShippedVoid, { status: row.status });
  if (row.provider !== "manual" && row.externalLabelId) {
    try {
      await adapterOf(providers, row.provider).voidLabel(row);
    } catch (error) {
      platformError(error);
    }
  }
  await db.transaction(async (tx) => {
    const locked = await lockShipment(tx, p, id);
    if (locked.status === "voided") return;
    if (locked.status === "shipped") throw conflict(SHIPPING_MESSAGES.notShippedVoid, { status: locked.status });
    await tx.delete(su).where(eq(su.shipmentId, id));
    await tx.update(s).set({ status: "voided", voidedAt: new Date(), updatedAt: new Date() }).where(eq(s.id, id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "shipment.void",
      subject: `shipment:${id}`,
      detail: { shipmentNumber: row.shipmentNumber, orderId: row.orderId },
    });
  });
  return shipmentDetail(db, p, id);
};

/**
 * PUT /shipments/:id/tracking: spec 7's tracking update (tracking, carrier, date) by hand. The
 * tracking link follows the carrier; a shipped shipment's date moves to the day named. Answers
 * whether the tracking changed (the caller then tells the client and the store).
 */
export const updateTracking = async (
  db: HubDb,
  p: Principal,
  id: number,
  body: TTrackingUpdateRequest,
): Promise<{ shipment: TShipment; changed: boolean }> => {
  const changed = await db.transaction(async (tx) => {
    const row = await lockShipment(tx, p, id);
    if (row.status === "voided") throw conflict(SHIPPING_MESSAGES.voided, { status: row.status });
    const trackingNumber = body.trackingNumber.trim();
    const carrier = body.carrier.trim();
    const same = row.trackingNumber === trackingNumber && row.carrier === carrier;
    await tx
      .update(s)
      .set({
        trackingNumber,
        carrier,
        trackingUrl: trackingUrlFor(carrier, trackingNumber) ?? (same ? row.trackingUrl : null),
        ...(row.status === "shipped" && body.shipDate ? { shippedAt: dayOf(body.shipDate) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(s.id, id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "shipment.tracking",
      subject: `shipment:${id}`,
      detail: { shipmentNumber: row.shipmentNumber, trackingNumber, carrier, shipDate: body.shipDate ?? null },
    });
    return !same;
  });
  return { shipment: await shipmentDetail(db, p, id), changed };
};

/**
 * Keeps what the carrier said of a shipment: its status, a tracking number the carrier changed, and
 * the first time it says delivered, when (`delivered_at`, set once), with "order.delivered" raised
 * for the client's integrations in the same transaction. Answers whether the tracking number changed
 * and whether this was the delivery.
 */
const keepTracking = (
  db: HubDb,
  row: ShipmentRow,
  outcome: Awaited<ReturnType<ShippingAdapter["track"]>>,
): Promise<{ changed: boolean; delivered: boolean }> =>
  db.transaction(async (tx) => {
    const changed = outcome.trackingNumber !== null && outcome.trackingNumber !== row.trackingNumber;
    const [updated] = await tx
      .update(s)
      .set({
        trackingStatus: outcome.status.slice(0, 200),
        trackingCheckedAt: new Date(),
        ...(changed ? { trackingNumber: outcome.trackingNumber } : {}),
        updatedAt: new Date(),
      })
      .where(eq(s.id, row.id))
      .returning({ status: s.status, deliveredAt: s.deliveredAt, trackingNumber: s.trackingNumber });
    if (!outcome.deliveredAt || !updated || updated.status !== "shipped" || updated.deliveredAt) {
      return { changed, delivered: false };
    }
    // Set once: of two trackings at the same moment, one finds it still undelivered.
    const [first] = await tx
      .update(s)
      .set({ deliveredAt: outcome.deliveredAt })
      .where(and(eq(s.id, row.id), isNull(s.deliveredAt)))
      .returning({ id: s.id });
    if (!first) return { changed, delivered: false };
    await recordEvent(tx, row.clientId, "order.delivered", {
      orderId: row.orderId,
      shipment: {
        id: row.id,
        shipmentNumber: row.shipmentNumber,
        carrier: row.carrier,
        trackingNumber: updated.trackingNumber,
        deliveredAt: outcome.deliveredAt.toISOString(),
      },
    });
    return { changed, delivered: true };
  });

/**
 * POST /shipments/:id/track: asks the provider where the parcel is and keeps its answer
 * (`keepTracking`). Answers whether the tracking number changed.
 */
export const trackShipment = async (
  db: HubDb,
  providers: ShippingProviders,
  p: Principal,
  id: number,
): Promise<{ shipment: TShipment; changed: boolean }> => {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.id, id), shipmentScope(p)));
  if (!row) throw notFound("That shipment");
  if (row.status === "voided") throw conflict(SHIPPING_MESSAGES.voided, { status: row.status });
  let outcome: Awaited<ReturnType<ShippingAdapter["track"]>>;
  try {
    outcome = await adapterOf(providers, row.provider).track(row);
  } catch (error) {
    return platformError(error);
  }
  const { changed } = await keepTracking(db, row, outcome);
  return { shipment: await shipmentDetail(db, p, id), changed };
};

/** The tracking job's queue: every 30 minutes, the platform's shipped boxes not yet delivered. */
export const TRACKING_QUEUE = "shipments-track";
/** Boxes the job asks about a run, oldest check first; a box is asked again after an hour at the soonest. */
const TRACK_BATCH = 100;
/** A box the carrier has not delivered after this long is left to a person (lost, returned). */
const TRACK_DAYS = 30;

/**
 * The tracking job: asks the shipping platform about its shipped boxes not yet delivered (the
 * longest unasked first, each at most hourly, for 30 days after shipping) and keeps each answer, so
 * "order.delivered" is raised without anyone pressing Track. A box the platform cannot answer for
 * is left for the next run. Answers how many boxes it asked about and how many were delivered.
 */
export const trackShippedBoxes = async (
  db: HubDb,
  providers: ShippingProviders,
  log: { warn: (o: object, m: string) => void },
): Promise<{ asked: number; delivered: number }> => {
  const rows = await db
    .select()
    .from(s)
    .where(
      and(
        eq(s.status, "shipped"),
        isNull(s.deliveredAt),
        sql`${s.provider} <> 'manual'`,
        sql`${s.shippedAt} > now() - make_interval(days => ${TRACK_DAYS})`,
        sql`coalesce(${s.trackingCheckedAt}, '-infinity') < now() - interval '1 hour'`,
      ),
    )
    .orderBy(sql`${s.trackingCheckedAt} asc nulls first`, asc(s.id))
    .limit(TRACK_BATCH);
  let delivered = 0;
  for (const row of rows) {
    try {
      const outcome = await adapterOf(providers, row.provider).track(row);
      if ((await keepTracking(db, row, outcome)).delivered) delivered++;
    } catch (error) {
      log.warn({ err: error, shipmentId: row.id }, "tracking a shipment failed; it is asked again next run");
    }
  }
  return { asked: rows.length, delivered };
};

/** Units of a shipment by SKU (what the store's fulfilment lists). */
export const shipmentSkus = async (q: HubDb | HubTx, id: number): Promise<Map<string, number>> => {
  const oi = schema.orderItems;
  const rows = await q
    .select({ sku: oi.sku, n: sql<number>`count(*)::int` })
    .from(su)
    .innerJoin(u, eq(u.id, su.unitId))
    .innerJoin(oi, eq(oi.id, u.itemId))
    .where(eq(su.shipmentId, id))
    .groupBy(oi.sku);
  return new Map(rows.map((r) => [r.sku, Number(r.n)]));
};
