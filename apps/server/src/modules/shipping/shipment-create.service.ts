import {
  SHIPPING_MESSAGES,
  type TCreateShipmentRequest,
  type TShipment,
  type TShipmentLabelFormat,
  type TShippingProvider,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, HttpError, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { type ShippingAdapter, ShippingPlatformError, type ShippingProviders } from "../../platform/shipping";
import { readFactorySettings } from "../factory-config/settings";
import { orderFactoryScope } from "./scope";
import { shipmentDetail } from "./shipments-read.service";
import { o, s, shipToOf, su, u } from "./shipments-rows";

/** Making a shipment: a box of packed units of one order, reserved in one transaction, its label sold outside it. */

export const who = (p: Principal) => ({ actor: p.userName, userId: p.userId > 0 ? p.userId : null, stationId: null });

export const adapterOf = (providers: ShippingProviders, provider: string): ShippingAdapter => {
  const adapter = providers[provider as TShippingProvider];
  if (!adapter) throw conflict(SHIPPING_MESSAGES.providerOff, { provider: SHIPPING_MESSAGES.providerOff });
  return adapter;
};

/** A platform's refusal as the one error shape: 409 with its own words. */
export const platformError = (error: unknown, wrap: (m: string) => string = (m) => m): never => {
  if (error instanceof ShippingPlatformError)
    throw new HttpError(409, "CONFLICT", wrap(error.message), { provider: error.message });
  throw error;
};

/** The label file format the facility prints (Factory Config's shipping label format; PDF by default). */
const facilityLabelFormat = async (db: HubDb, factoryId: number): Promise<TShipmentLabelFormat> =>
  (await readFactorySettings(db, factoryId))?.settings.shippingLabelFormat === "zpl_4x6" ? "zpl" : "pdf";

/** The day a person named, at noon UTC (so it stays that day in every time zone a factory is in). */
export const dayOf = (date: string | undefined): Date => (date ? new Date(`${date}T12:00:00Z`) : new Date());

/**
 * POST /shipments: a box of packed units of one order. In one transaction the units are locked and
 * checked (of this order, packed, in no other box) and the shipment is written with its units;
 * then the provider sells the label (outside the transaction: an outside call), and the shipment
 * gets its tracking. A refused label removes the shipment again and answers the platform's words.
 * With an Idempotency-Key, a repeat answers the first shipment and buys nothing twice.
 */
export const createShipment = async (
  db: HubDb,
  providers: ShippingProviders,
  p: Principal,
  body: TCreateShipmentRequest,
  idempotencyKey: string | undefined,
): Promise<{ shipment: TShipment; replayed: boolean }> => {
  const adapter = adapterOf(providers, body.provider);
  if (adapter.hasRates && !body.rateId && !body.service)
    throw badRequest(SHIPPING_MESSAGES.rateRequired, { rateId: SHIPPING_MESSAGES.rateRequired });
  if (!adapter.hasRates && !body.carrier)
    throw badRequest(SHIPPING_MESSAGES.carrierRequired, { carrier: SHIPPING_MESSAGES.carrierRequired });
  const [order] = await db
    .select({ id: o.id, orderNumber: o.orderNumber, factoryId: o.factoryId, clientId: o.clientId })
    .from(o)
    .where(and(eq(o.id, body.orderId), orderFactoryScope(p)));
  if (!order) throw notFound("That order");

  const earlier = async (q: HubDb | HubTx) => {
    if (!idempotencyKey) return null;
    const [row] = await q
      .select({ id: s.id, orderId: s.orderId })
      .from(s)
      .where(and(eq(s.factoryId, order.factoryId), eq(s.idempotencyKey, idempotencyKey)));
    if (!row) return null;
    if (row.orderId !== order.id) throw conflict(SHIPPING_MESSAGES.idempotencyKeyReused);
    return { shipment: await shipmentDetail(q, p, row.id), replayed: true };
  };

  let created: { id: number; shipmentNumber: string };
  try {
    const made = await db.transaction(async (tx) => {
      const units = await tx
        .select({ id: u.id, barcode: u.barcode, status: u.status, orderId: u.orderId, factoryId: u.factoryId })
        .from(u)
        .where(inArray(u.id, body.unitIds))
        .orderBy(asc(u.id))
        .for("update");
      const replay = await earlier(tx);
      if (replay) return replay;
      const found = new Map(units.map((x) => [x.id, x]));
      const boxed = await tx
        .select({ unitId: su.unitId, shipmentNumber: s.shipmentNumber })
        .from(su)
        .innerJoin(s, eq(s.id, su.shipmentId))
        .where(inArray(su.unitId, body.unitIds));
      const boxOf = new Map(boxed.map((b) => [b.unitId, b.shipmentNumber]));
      for (const id of body.unitIds) {
        const x = found.get(id);
        if (!x || x.factoryId !== order.factoryId) throw notFound(`Unit ${id}`);
        if (x.orderId !== order.id) {
          const m = SHIPPING_MESSAGES.notOfOrder(x.barcode, order.orderNumber);
          throw conflict(m, { unitIds: m });
        }
        if (x.status !== "packed") {
          const m = SHIPPING_MESSAGES.notPacked(x.barcode, x.status);
          throw conflict(m, { unitIds: m, status: x.status });
        }
        const box = boxOf.get(id);
        if (box) {
          const m = SHIPPING_MESSAGES.inShipment(x.barcode, box);
          throw conflict(m, { unitIds: m });
        }
      }
      const [row] = await tx
        .insert(s)
        .values({
          factoryId: order.factoryId,
          clientId: order.clientId,
          orderId: order.id,
          provider: adapter.provider,
          carrier: body.carrier?.trim() || adapter.provider,
          service: body.service?.trim() || null,
          weightOz: body.weightOz,
          lengthIn: body.lengthIn,
          widthIn: body.widthIn,
          heightIn: body.heightIn,
          createdBy: p.userName,
          idempotencyKey: idempotencyKey ?? null,
        })
        .returning({ id: s.id, shipmentNumber: s.shipmentNumber });
      if (!row) throw new Error("shipment insert failed");
      await tx.insert(su).values(body.unitIds.map((unitId) => ({ shipmentId: row.id, unitId })));
      return row;
    });
    if ("shipment" in made) return made;
    created = made;
  } catch (error) {
    // Two requests with one key at once: the second's insert meets the first's row.
    if (isUniqueViolation(error)) {
      const replay = await earlier(db);
      if (replay) return replay;
    }
    throw error;
  }

  const to = (await db.select().from(o).where(eq(o.id, order.id)))[0];
  const [factory] = await db
    .select({ name: schema.factories.name })
    .from(schema.factories)
    .where(eq(schema.factories.factoryId, order.factoryId));
  const labelFormat = await facilityLabelFormat(db, order.factoryId);
  let label: Awaited<ReturnType<ShippingAdapter["buyLabel"]>>;
  try {
    if (!to) throw notFound("That order");
    label = await adapter.buyLabel({
      shipmentNumber: created.shipmentNumber,
      shipFrom: { name: factory?.name ?? "Factory" },
      shipTo: shipToOf(to),
      parcel: body,
      carrier: body.carrier,
      service: body.service,
      rateId: body.rateId,
      trackingNumber: body.trackingNumber,
      idempotencyKey,
      labelFormat,
    });
  } catch (error) {
    await db.delete(s).where(eq(s.id, created.id));
    return platformError(error, SHIPPING_MESSAGES.labelRefused);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(s)
      .set({
        carrier: label.carrier,
        service: label.service,
        trackingNumber: label.trackingNumber,
        trackingUrl: label.trackingUrl,
        externalLabelId: label.externalLabelId,
        labelCostCents: label.costCents,
        labelUrl: label.labelUrl,
        labelFormat,
        updatedAt: new Date(),
      })
      .where(eq(s.id, created.id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "shipment.create",
      subject: `shipment:${created.id}`,
      detail: {
        shipmentNumber: created.shipmentNumber,
        orderId: order.id,
        units: body.unitIds.length,
        provider: adapter.provider,
        carrier: label.carrier,
        trackingNumber: label.trackingNumber,
      },
    });
  });
  return { shipment: await shipmentDetail(db, p, created.id), replayed: false };
};
