import { BOT_TOP, type TBotDashboard, type TBotFigures, type TBotStore } from "@hub/contracts/dashboards/bots";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, type Column, desc, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import { orderScope } from "../orders/scope";
import { shipmentScope } from "../shipping/scope";
import { bucketOfDay, bucketsOf, cmp, n, rangeOf, sumBy, within } from "./range";
import { grainFigure, readCovered, type TenantTable } from "./rollups";

/**
 * Bot Performance: the automated channels, each figure a GROUP BY in SQL. Orders by `orderScope`
 * on `placed_at` (the orders list's scope and date, so a figure equals the list's total for
 * `source=web|import` and the same dates), read from the `orders` and `webKeys` rollups for whole
 * past days and from the source for the rest (ADR 0014); the store told of web orders' shipments by
 * `shipmentScope` on the shipments list's date (shipped, else packed), with the list's reading of
 * the store state (a web order with a store order id: told, failed, else waiting).
 */

const o = schema.orders;
const s = schema.shipments;
const k = schema.apiKeys;

const countIf = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;
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

/** The caller's scope and client filter, over a rollup table and over the orders. */
const whereOf = (p: Principal, q: TDashboardQuery) => ({
  rolled: (t: TenantTable) =>
    and(
      tenantScope(p, { clientId: t.clientId, factoryId: t.factoryId }),
      q.clientId ? eq(t.clientId, q.clientId) : undefined,
    ),
  source: and(orderScope(p), q.clientId ? eq(o.clientId, q.clientId) : undefined),
});

type SourceRow = { current: boolean; bucket: string | null; source: string; orders: string; placed: string };
type KeyRow = { clientId: number; clientName: string; placedBy: string; orders: string; placed: string };

export const botDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TBotDashboard> => {
  const r = rangeOf(q);
  const first = r.previousFrom < r.from ? r.previousFrom : r.from;
  const period = sql`g.day >= ${r.from}::date`;
  const shipmentsWhere = (from: string, to: string) =>
    and(
      shipmentScope(p),
      q.clientId ? eq(s.clientId, q.clientId) : undefined,
      eq(o.source, "web"),
      isNotNull(o.externalOrderId),
      ne(s.status, "voided"),
      within(shipmentDate as unknown as Column, from, to),
    );
  const curShip = shipmentsWhere(r.from, r.to);
  // Orders by source and web orders by key, from the rollups (`orders` and `webKeys` grains, ADR 0014).
  const orders = readCovered(db, first, r.to, (cov) => [
    grainFigure(
      "orders",
      first,
      r.to,
      cov,
      whereOf(p, q),
      (rows) => sql`select ${period} as current, case when ${period} then ${bucketOfDay(r.bucket)} end as bucket,
        g.source, sum(g.orders)::bigint::text as orders, sum(g.placed_cents)::bigint::text as placed
      from (${rows}) g where g.source in ('web', 'import')
        and (${period} or g.day between ${r.previousFrom}::date and ${r.previousTo}::date)
      group by 1, 2, 3`,
    ),
    grainFigure(
      "webKeys",
      r.from,
      r.to,
      cov,
      whereOf(p, q),
      (rows) => sql`select g.client_id as "clientId", max(g.client_name) as "clientName", g.placed_by as "placedBy",
        sum(g.orders)::bigint::text as orders, sum(g.placed_cents)::bigint::text as placed
      from (${rows}) g group by 1, 3`,
    ),
  ]);
  const [[sourceRows, keyRows], [[storeNow], [storeBefore], errors, failures]] = await Promise.all([
    orders as Promise<[SourceRow[], KeyRow[]]>,
    allQueries(db, [
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
    ] as const),
  ]);
  // A figure's rolled and live rows are separate groups: added up here.
  const add = (into: TBotFigures, x: SourceRow) => {
    if (x.source === "web") {
      into.webOrders += n(x.orders);
      into.webRevenueCents += n(x.placed);
    } else {
      into.importOrders += n(x.orders);
      into.importRevenueCents += n(x.placed);
    }
  };
  const now = figures(undefined);
  const before = figures(undefined);
  const byBucket = new Map<string, TBotFigures>();
  for (const x of sourceRows) {
    if (!x.current) {
      add(before, x);
      continue;
    }
    add(now, x);
    const b = String(x.bucket);
    const point = byBucket.get(b) ?? figures(undefined);
    add(point, x);
    byBucket.set(b, point);
  }
  const keys = sumBy(
    keyRows.map((x) => ({
      clientId: Number(x.clientId),
      clientName: x.clientName,
      placedBy: x.placedBy,
      orders: n(x.orders),
      revenueCents: n(x.placed),
    })),
    (x) => `${x.clientId}\u0000${x.placedBy}`,
    (into, x) => {
      into.orders += x.orders;
      into.revenueCents += x.revenueCents;
      if (x.clientName > into.clientName) into.clientName = x.clientName;
    },
  )
    .sort((a, b) => b.orders - a.orders || a.clientId - b.clientId || cmp(a.placedBy, b.placedBy))
    .slice(0, BOT_TOP.keys);
  const names = await keyNames(db, keys);
  return {
    range: r,
    current: now,
    previous: before,
    series: bucketsOf(r).map((b) => ({ bucket: b, ...(byBucket.get(b) ?? figures(undefined)) })),
    byKey: keys.map((x) => ({ ...x, keyName: names.get(`${x.clientId}\u0000${x.placedBy}`) ?? null })),
    store: store(storeNow),
    previousStore: store(storeBefore),
    errors: errors.map((e) => ({ error: e.error, shipments: n(e.shipments) })),
    failures: failures.map((f) => ({ ...f, at: f.at.toISOString() })),
  };
};

/** The keys' names: the client's key row with the order's prefix (the newest, if several). */
const keyNames = async (db: HubDb, keys: readonly { clientId: number; placedBy: string }[]) => {
  const names = new Map<string, string>();
  if (keys.length === 0) return names;
  const rows = await db
    .selectDistinctOn([k.clientId, k.prefix], { clientId: k.clientId, prefix: k.prefix, name: k.name })
    .from(k)
    .where(
      sql`(${k.clientId}, 'api-key:' || ${k.prefix}) in (${sql.join(
        keys.map((x) => sql`(${x.clientId}::int, ${x.placedBy}::text)`),
        sql`, `,
      )})`,
    )
    .orderBy(k.clientId, k.prefix, desc(k.id));
  for (const x of rows) if (x.clientId !== null) names.set(`${x.clientId}\u0000api-key:${x.prefix}`, x.name);
  return names;
};
