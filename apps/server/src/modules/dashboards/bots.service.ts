import { BOT_TOP, type TBotDashboard, type TBotFigures, type TBotStore } from "@hub/contracts/dashboards/bots";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, type Column, desc, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { orderScope } from "../orders/scope";
import { shipmentScope } from "../shipping/scope";
import { bucketOf, bucketsOf, n, rangeOf, within } from "./range";

/**
 * Bot Performance: the automated channels, each figure a GROUP BY in SQL. Orders by `orderScope`
 * on `placed_at` (the orders list's scope and date, so a figure equals the list's total for
 * `source=web|import` and the same dates); the store told of web orders' shipments by
 * `shipmentScope` on the shipments list's date (shipped, else packed), with the list's reading of
 * the store state (a web order with a store order id: told, failed, else waiting).
 */

const o = schema.orders;
const s = schema.shipments;
const k = schema.apiKeys;

const sumOf = (x: SQL | Column) => sql<string>`coalesce(sum(${x}), 0)::bigint::text`;
const countIf = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;
const sumIf = (x: Column, cond: SQL) => sql<string>`coalesce(sum(${x}) filter (where ${cond}), 0)::bigint::text`;
const isWeb = sql`${o.source} = 'web'`;
const isImport = sql`${o.source} = 'import'`;
const orderFigures = {
  webOrders: countIf(isWeb),
  webRevenue: sumIf(o.totalCents, isWeb),
  importOrders: countIf(isImport),
  importRevenue: sumIf(o.totalCents, isImport),
};
type OrderRow = { webOrders: number; webRevenue: string; importOrders: number; importRevenue: string };
const figures = (r: OrderRow | undefined): TBotFigures => ({
  webOrders: n(r?.webOrders),
  webRevenueCents: n(r?.webRevenue),
  importOrders: n(r?.importOrders),
  importRevenueCents: n(r?.importRevenue),
});

/** The shipments list's date of a shipment: shipped, else packed. */
const shipmentDate = sql`coalesce(${s.shippedAt}, ${s.createdAt})`;
const told = sql`${s.storeNotifyError} is null and ${s.storeNotifiedAt} is not null`;
const failedStore = sql`${s.storeNotifyError} is not null`;
const waiting = sql`${s.storeNotifyError} is null and ${s.storeNotifiedAt} is null`;
const storeFigures = {
  shipments: sql<number>`count(*)::int`,
  told: countIf(told),
  failed: countIf(failedStore),
  waiting: countIf(waiting),
  platformLabels: countIf(sql`lower(${s.carrier}) <> 'manual'`),
  manualLabels: countIf(sql`lower(${s.carrier}) = 'manual'`),
};
const store = (r: Partial<TBotStore> | undefined): TBotStore => ({
  shipments: n(r?.shipments),
  told: n(r?.told),
  failed: n(r?.failed),
  waiting: n(r?.waiting),
  platformLabels: n(r?.platformLabels),
  manualLabels: n(r?.manualLabels),
});

/** A key's name: the client's key row with the order's prefix (the newest, if several). */
const keyName = sql<
  string | null
>`(select ${col(k.name)} from ${k} where ${col(k.clientId)} = ${col(o.clientId)} and 'api-key:' || ${col(k.prefix)} = ${col(o.placedBy)} order by ${col(k.id)} desc limit 1)`;

export const botDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TBotDashboard> => {
  const r = rangeOf(q);
  const ordersWhere = (from: string, to: string) =>
    and(orderScope(p), q.clientId ? eq(o.clientId, q.clientId) : undefined, within(o.placedAt, from, to));
  const shipmentsWhere = (from: string, to: string) =>
    and(
      shipmentScope(p),
      q.clientId ? eq(s.clientId, q.clientId) : undefined,
      eq(o.source, "web"),
      isNotNull(o.externalOrderId),
      ne(s.status, "voided"),
      within(shipmentDate as unknown as Column, from, to),
    );
  const bucket = bucketOf(o.placedAt, r.bucket);
  const cur = ordersWhere(r.from, r.to);
  const curShip = shipmentsWhere(r.from, r.to);
  const [[now], [before], series, byKey, [storeNow], [storeBefore], errors, failures] = await allQueries(db, [
    db.select(orderFigures).from(o).where(cur),
    db.select(orderFigures).from(o).where(ordersWhere(r.previousFrom, r.previousTo)),
    db
      .select({ bucket, ...orderFigures })
      .from(o)
      .where(and(cur, sql`${o.source} in ('web', 'import')`))
      .groupBy(bucket),
    db
      .select({
        clientId: o.clientId,
        clientName: sql<string>`max(${o.clientName})`,
        placedBy: o.placedBy,
        keyName,
        orders: sql<number>`count(*)::int`,
        revenue: sumOf(o.totalCents),
      })
      .from(o)
      .where(and(cur, isWeb))
      .groupBy(o.clientId, o.placedBy)
      .orderBy(desc(sql`count(*)`), o.clientId, o.placedBy)
      .limit(BOT_TOP.keys),
    db.select(storeFigures).from(s).innerJoin(o, eq(o.id, s.orderId)).where(curShip),
    db
      .select(storeFigures)
      .from(s)
      .innerJoin(o, eq(o.id, s.orderId))
      .where(shipmentsWhere(r.previousFrom, r.previousTo)),
    db
      .select({ error: sql<string>`${s.storeNotifyError}`, shipments: sql<number>`count(*)::int` })
      .from(s)
      .innerJoin(o, eq(o.id, s.orderId))
      .where(and(curShip, failedStore))
      .groupBy(s.storeNotifyError)
      .orderBy(desc(sql`count(*)`), s.storeNotifyError)
      .limit(BOT_TOP.errors),
    db
      .select({
        shipmentId: s.id,
        shipmentNumber: s.shipmentNumber,
        orderId: o.id,
        orderNumber: o.orderNumber,
        clientName: o.clientName,
        carrier: s.carrier,
        error: sql<string>`${s.storeNotifyError}`,
        at: sql<Date>`${shipmentDate}`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(s)
      .innerJoin(o, eq(o.id, s.orderId))
      .where(and(curShip, failedStore))
      .orderBy(desc(shipmentDate), desc(s.id))
      .limit(BOT_TOP.failures),
  ] as const);
  const byBucket = new Map(series.map((x) => [x.bucket, x]));
  return {
    range: r,
    current: figures(now),
    previous: figures(before),
    series: bucketsOf(r).map((b) => ({ bucket: b, ...figures(byBucket.get(b)) })),
    byKey: byKey.map((x) => ({
      clientId: x.clientId,
      clientName: x.clientName,
      placedBy: x.placedBy,
      keyName: x.keyName,
      orders: n(x.orders),
      revenueCents: n(x.revenue),
    })),
    store: store(storeNow),
    previousStore: store(storeBefore),
    errors: errors.map((e) => ({ error: e.error, shipments: n(e.shipments) })),
    failures: failures.map((f) => ({ ...f, at: f.at.toISOString() })),
  };
};
