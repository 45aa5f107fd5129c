import {
  SHIPPING_MESSAGES,
  type TCreateShipmentRequest,
  type TPage,
  type TShipment,
  type TShipmentListItem,
  type TShipmentListQuery,
  type TShipmentStatus,
  type TShippingProvider,
  type TShipRequest,
  type TStoreNotifyState,
  type TTrackingUpdateRequest,
  trackingUrlFor,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, type Column, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, HttpError, notFound } from "../../platform/errors";
import { dateRange, orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { type ShippingAdapter, ShippingPlatformError, type ShippingProviders } from "../../platform/shipping";
import { followOrder } from "../floor/follow";
import { applyUnitAction } from "../floor/state";
import { packUnitsOf } from "./pack.service";
import { orderFactoryScope, shipmentScope } from "./scope";

const s = schema.shipments;
const su = schema.shipmentUnits;
const o = schema.orders;
const u = schema.floorUnits;

type ShipmentRow = typeof s.$inferSelect;

const unitCount = sql<number>`(select count(*)::int from ${su} where ${su.shipmentId} = ${s.id})`;
/** Shipped first by its ship date, else by when it was packed: the list's date. */
const listDate = sql`coalesce(${s.shippedAt}, ${s.createdAt})`;

const listColumns = {
  row: s,
  orderNumber: o.orderNumber,
  poNumber: o.poNumber,
  clientName: o.clientName,
  orderStatus: o.status,
  source: o.source,
  externalOrderId: o.externalOrderId,
  unitCount,
};
type ListRow = {
  row: ShipmentRow;
  orderNumber: string;
  poNumber: string | null;
  clientName: string;
  orderStatus: string;
  source: string;
  externalOrderId: string | null;
  unitCount: number;
};

export const isWebOrder = (r: { source: string; externalOrderId: string | null }) =>
  r.source === "web" && r.externalOrderId !== null;

const storeState = (r: ListRow): TStoreNotifyState => {
  if (!isWebOrder(r)) return "not_applicable";
  if (r.row.storeNotifyError) return "failed";
  return r.row.storeNotifiedAt ? "notified" : "pending";
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toListItem = (r: ListRow): TShipmentListItem => ({
  id: r.row.id,
  shipmentNumber: r.row.shipmentNumber,
  orderId: r.row.orderId,
  orderNumber: r.orderNumber,
  poNumber: r.poNumber,
  clientId: r.row.clientId,
  clientName: r.clientName,
  provider: (r.row.provider === "shipstation" ? "shipstation" : "manual") as TShippingProvider,
  carrier: r.row.carrier,
  service: r.row.service,
  trackingNumber: r.row.trackingNumber,
  trackingUrl: r.row.trackingUrl,
  trackingStatus: r.row.trackingStatus,
  labelCostCents: r.row.labelCostCents,
  status: r.row.status as TShipmentStatus,
  unitCount: Number(r.unitCount),
  weightOz: r.row.weightOz,
  shippedAt: iso(r.row.shippedAt),
  storeNotify: storeState(r),
  createdBy: r.row.createdBy,
  createdAt: r.row.createdAt.toISOString(),
});

const listWhere = (p: Principal, q: TShipmentListQuery): SQL | undefined =>
  and(
    shipmentScope(p),
    searchAny(q.searchString, [s.shipmentNumber, o.orderNumber, o.poNumber, s.trackingNumber, o.clientName]),
    q.status ? eq(s.status, q.status) : undefined,
    q.clientId ? eq(s.clientId, q.clientId) : undefined,
    q.orderId ? eq(s.orderId, q.orderId) : undefined,
    q.carrier ? sql`lower(${s.carrier}) = ${q.carrier.toLowerCase()}` : undefined,
    dateRange(listDate as unknown as Column, q.from, q.to),
  );

const SORTABLE = {
  shipmentNumber: s.id,
  orderNumber: o.id,
  clientName: o.clientName,
  status: s.status,
  carrier: s.carrier,
  trackingNumber: s.trackingNumber,
  unitCount,
  shippedAt: s.shippedAt,
  createdAt: s.createdAt,
};

/** GET /shipments: search (shipment, order, PO, tracking, client), filters and date range. */
export const listShipments = async (
  db: HubDb,
  p: Principal,
  q: TShipmentListQuery,
): Promise<TPage<TShipmentListItem>> => {
  const where = listWhere(p, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(s)
      .innerJoin(o, eq(o.id, s.orderId))
      .where(where)
      .orderBy(...orderByFor(q.sort, SORTABLE, ["createdAt", "desc"], s.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(s).innerJoin(o, eq(o.id, s.orderId)).where(where),
  ]);
  return toPage(rows.map(toListItem), total?.n ?? 0, q);
};

/** GET /shipments/export.csv: the whole filtered list (at most 50,000 rows). */
export const exportShipments = async (db: HubDb, p: Principal, q: TShipmentListQuery): Promise<unknown[][]> => {
  const rows = await db
    .select(listColumns)
    .from(s)
    .innerJoin(o, eq(o.id, s.orderId))
    .where(listWhere(p, q))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["createdAt", "desc"], s.id))
    .limit(50_000);
  return rows
    .map(toListItem)
    .map((x) => [
      x.shipmentNumber,
      x.orderNumber,
      x.poNumber,
      x.clientName,
      x.status,
      x.carrier,
      x.service,
      x.trackingNumber,
      x.trackingUrl,
      x.unitCount,
      x.weightOz,
      x.labelCostCents,
      x.shippedAt,
      x.storeNotify,
      x.createdAt,
    ]);
};

const listRowOf = async (q: HubDb | HubTx, p: Principal, id: number): Promise<ListRow> => {
  const [row] = await q
    .select(listColumns)
    .from(s)
    .innerJoin(o, eq(o.id, s.orderId))
    .where(and(eq(s.id, id), shipmentScope(p)));
  if (!row) throw notFound("That shipment");
  return row;
};

/** GET /shipments/:id */
export const shipmentDetail = async (q: HubDb | HubTx, p: Principal, id: number): Promise<TShipment> => {
  const r = await listRowOf(q, p, id);
  return {
    ...toListItem(r),
    factoryId: r.row.factoryId,
    orderStatus: r.orderStatus,
    lengthIn: r.row.lengthIn,
    widthIn: r.row.widthIn,
    heightIn: r.row.heightIn,
    trackingCheckedAt: iso(r.row.trackingCheckedAt),
    storeNotifiedAt: iso(r.row.storeNotifiedAt),
    storeNotifyError: r.row.storeNotifyError,
    voidedAt: iso(r.row.voidedAt),
    units: await packUnitsOf(q, inArray(u.id, q.select({ id: su.unitId }).from(su).where(eq(su.shipmentId, id)))),
  };
};

const who = (p: Principal) => ({ actor: p.userName, userId: p.userId > 0 ? p.userId : null, stationId: null });

const adapterOf = (providers: ShippingProviders, provider: string): ShippingAdapter => {
  const adapter = providers[provider as TShippingProvider];
  if (!adapter) throw conflict(SHIPPING_MESSAGES.providerOff, { provider: SHIPPING_MESSAGES.providerOff });
  return adapter;
};

/** A platform's refusal as the one error shape: 409 with its own words. */
const platformError = (error: unknown, wrap: (m: string) => string = (m) => m): never => {
  if (error instanceof ShippingPlatformError)
    throw new HttpError(409, "CONFLICT", wrap(error.message), { provider: error.message });
  throw error;
};

/** The day a person named, at noon UTC (so it stays that day in every time zone a factory is in). */
const dayOf = (date: string | undefined): Date => (date ? new Date(`${date}T12:00:00Z`) : new Date());

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
  let label: Awaited<ReturnType<ShippingAdapter["buyLabel"]>>;
  try {
    if (!to) throw notFound("That order");
    label = await adapter.buyLabel({
      shipmentNumber: created.shipmentNumber,
      shipFrom: { name: factory?.name ?? "Factory" },
      shipTo: {
        name: to.shipName,
        company: to.shipCompany,
        line1: to.shipLine1,
        line2: to.shipLine2,
        city: to.shipCity,
        region: to.shipRegion,
        postalCode: to.shipPostalCode,
        country: to.shipCountry,
        phone: to.shipPhone,
      },
      parcel: body,
      carrier: body.carrier,
      service: body.service,
      rateId: body.rateId,
      trackingNumber: body.trackingNumber,
      idempotencyKey,
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
): Promise<{ shipment: TShipment; changed: boolean }> => {
  const changed = await db.transaction(async (tx) => {
    const row = await lockShipment(tx, p, id);
    if (row.status === "shipped") return false;
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
    return true;
  });
  return { shipment: await shipmentDetail(db, p, id), changed };
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
 * POST /shipments/:id/track: asks the provider where the parcel is; keeps its status (and a
 * tracking number the carrier changed). Answers whether the tracking number changed.
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
  const changed = outcome.trackingNumber !== null && outcome.trackingNumber !== row.trackingNumber;
  await db
    .update(s)
    .set({
      trackingStatus: outcome.status.slice(0, 200),
      trackingCheckedAt: new Date(),
      ...(changed ? { trackingNumber: outcome.trackingNumber } : {}),
      updatedAt: new Date(),
    })
    .where(eq(s.id, id));
  return { shipment: await shipmentDetail(db, p, id), changed };
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
