import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { TSalesDashboard, TSalesFigures } from "@hub/contracts/dashboards/sales";
import { SALES_TOP } from "@hub/contracts/dashboards/sales";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, type Column, desc, eq, type SQL, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { LINE_OPTION_PATTERNS, lineOptionOf } from "../orders/orders.service";
import { orderScope } from "../orders/scope";
import { bucketOf, bucketsOf, n, rangeOf, within } from "./range";

/**
 * The Sales Dashboard's figures, each one GROUP BY in SQL over the orders the caller may see
 * (`orderScope`, as the orders list), never rows: placed (orders placed in the range, their
 * totals and units), paid and refunded (succeeded ledger rows made in the range, joined to their
 * orders as the order charge report joins them), by bucket, client, style, size x colour, source,
 * coupon and SKU, and the previous period's figures beside the range's.
 */

const o = schema.orders;
const oi = schema.orderItems;
const l = schema.billingLedger;

const ordersWhere = (p: Principal, q: TDashboardQuery, from: string, to: string): SQL | undefined =>
  and(orderScope(p), q.clientId ? eq(o.clientId, q.clientId) : undefined, within(o.placedAt, from, to));

const ledgerWhere = (p: Principal, q: TDashboardQuery, from: string, to: string): SQL | undefined =>
  and(
    orderScope(p),
    eq(l.status, "succeeded"),
    q.clientId ? eq(l.clientId, q.clientId) : undefined,
    within(l.createdAt, from, to),
  );

/** Correlated subqueries name their columns with their tables (`col`): drizzle leaves them bare when a query reads one table. */
const orderUnits = sql<string>`(select coalesce(sum(${col(oi.quantity)}), 0) from ${oi} where ${col(oi.orderId)} = ${col(o.id)})`;
const sumOf = (x: SQL | Column) => sql<string>`coalesce(sum(${x}), 0)::bigint::text`;
const charged = sql<string>`coalesce(sum(${l.amountCents}) filter (where ${l.kind} = 'charge'), 0)::bigint::text`;
const refunded = sql<string>`coalesce(sum(${l.amountCents}) filter (where ${l.kind} = 'refund'), 0)::bigint::text`;
const ledgerJoin = and(eq(o.clientId, l.clientId), eq(o.orderNumber, l.orderId));

const ordersTotals = (db: HubDb, where: SQL | undefined) =>
  db
    .select({ placed: sumOf(o.totalCents), orders: sql<number>`count(*)::int`, units: sumOf(orderUnits) })
    .from(o)
    .where(where);

const ledgerTotals = (db: HubDb, where: SQL | undefined) =>
  db.select({ paid: charged, refunded }).from(l).innerJoin(o, ledgerJoin).where(where);

const figures = (
  ord: { placed: string; orders: number; units: string } | undefined,
  led: { paid: string; refunded: string } | undefined,
): TSalesFigures => {
  const placedCents = n(ord?.placed);
  const orders = n(ord?.orders);
  return {
    placedCents,
    paidCents: n(led?.paid),
    refundedCents: n(led?.refunded),
    orders,
    units: n(ord?.units),
    aovCents: orders === 0 ? 0 : Math.round(placedCents / orders),
  };
};

export const salesDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TSalesDashboard> => {
  const r = rangeOf(q);
  const cur = ordersWhere(p, q, r.from, r.to);
  const curLedger = ledgerWhere(p, q, r.from, r.to);
  const lineWhere = and(cur, sql`${oi.status} <> 'cancelled'`);
  const ob = bucketOf(o.placedAt, r.bucket);
  const lb = bucketOf(l.createdAt, r.bucket);
  const size = lineOptionOf(LINE_OPTION_PATTERNS.size);
  const colour = lineOptionOf(LINE_OPTION_PATTERNS.colour);
  const [
    [curOrders],
    [curLed],
    [prevOrders],
    [prevLed],
    orderSeries,
    ledgerSeries,
    byClient,
    byStyle,
    heatmap,
    bySource,
    byCoupon,
    topSkus,
  ] = await allQueries(db, [
    ordersTotals(db, cur),
    ledgerTotals(db, curLedger),
    ordersTotals(db, ordersWhere(p, q, r.previousFrom, r.previousTo)),
    ledgerTotals(db, ledgerWhere(p, q, r.previousFrom, r.previousTo)),
    db
      .select({ bucket: ob, placed: sumOf(o.totalCents), orders: sql<number>`count(*)::int`, units: sumOf(orderUnits) })
      .from(o)
      .where(cur)
      .groupBy(ob),
    db.select({ bucket: lb, paid: charged, refunded }).from(l).innerJoin(o, ledgerJoin).where(curLedger).groupBy(lb),
    db
      .select({
        clientId: o.clientId,
        clientName: sql<string>`max(${o.clientName})`,
        placed: sumOf(o.totalCents),
        orders: sql<number>`count(*)::int`,
        units: sumOf(orderUnits),
      })
      .from(o)
      .where(cur)
      .groupBy(o.clientId)
      .orderBy(desc(sql`sum(${o.totalCents})`), o.clientId)
      .limit(SALES_TOP.clients),
    db
      .select({
        styleCode: oi.styleCode,
        styleName: sql<string>`max(${oi.styleName})`,
        revenue: sumOf(oi.lineTotalCents),
        units: sumOf(oi.quantity),
      })
      .from(oi)
      .innerJoin(o, eq(o.id, oi.orderId))
      .where(lineWhere)
      .groupBy(oi.styleCode)
      .orderBy(desc(sql`sum(${oi.lineTotalCents})`), oi.styleCode)
      .limit(SALES_TOP.styles),
    db
      // The orders of a cell: the orders list's count for its size and colour filter.
      .select({ size, colour, units: sumOf(oi.quantity), orders: sql<number>`count(distinct ${o.id})::int` })
      .from(oi)
      .innerJoin(o, eq(o.id, oi.orderId))
      .where(lineWhere)
      // By position: the option expressions are subqueries, which GROUP BY cannot match by value.
      .groupBy(sql`1, 2`)
      .orderBy(desc(sql`sum(${oi.quantity})`))
      .limit(SALES_TOP.heat),
    db
      .select({ source: o.source, placed: sumOf(o.totalCents), orders: sql<number>`count(*)::int` })
      .from(o)
      .where(cur)
      .groupBy(o.source)
      .orderBy(o.source),
    db
      .select({
        couponCode: sql<string>`upper(${o.couponCode})`,
        orders: sql<number>`count(*)::int`,
        discount: sumOf(o.discountCents),
        placed: sumOf(o.totalCents),
      })
      .from(o)
      .where(and(cur, sql`${o.couponCode} is not null`))
      .groupBy(sql`upper(${o.couponCode})`)
      .orderBy(desc(sql`count(*)`), sql`upper(${o.couponCode})`)
      .limit(SALES_TOP.coupons),
    db
      .select({
        sku: oi.sku,
        styleCode: sql<string>`max(${oi.styleCode})`,
        units: sumOf(oi.quantity),
        revenue: sumOf(oi.lineTotalCents),
      })
      .from(oi)
      .innerJoin(o, eq(o.id, oi.orderId))
      .where(lineWhere)
      .groupBy(oi.sku)
      .orderBy(desc(sql`sum(${oi.quantity})`), oi.sku)
      .limit(SALES_TOP.skus),
  ] as const);

  const byBucket = new Map(orderSeries.map((s) => [s.bucket, s]));
  const ledgerByBucket = new Map(ledgerSeries.map((s) => [s.bucket, s]));
  return {
    range: r,
    current: figures(curOrders, curLed),
    previous: figures(prevOrders, prevLed),
    series: bucketsOf(r).map((bucket) => {
      const s = byBucket.get(bucket);
      const led = ledgerByBucket.get(bucket);
      return {
        bucket,
        placedCents: n(s?.placed),
        paidCents: n(led?.paid),
        refundedCents: n(led?.refunded),
        orders: n(s?.orders),
        units: n(s?.units),
      };
    }),
    byClient: byClient.map((c) => ({
      clientId: c.clientId,
      clientName: c.clientName,
      placedCents: n(c.placed),
      orders: n(c.orders),
      units: n(c.units),
    })),
    byStyle: byStyle.map((s) => ({
      styleCode: s.styleCode,
      styleName: s.styleName,
      revenueCents: n(s.revenue),
      units: n(s.units),
    })),
    heatmap: heatmap.map((h) => ({ size: h.size, colour: h.colour, units: n(h.units), orders: n(h.orders) })),
    bySource: bySource.map((s) => ({ source: s.source, placedCents: n(s.placed), orders: n(s.orders) })),
    byCoupon: byCoupon.map((c) => ({
      couponCode: c.couponCode,
      orders: n(c.orders),
      discountCents: n(c.discount),
      placedCents: n(c.placed),
    })),
    topSkus: topSkus.map((s) => ({
      sku: s.sku,
      styleCode: s.styleCode,
      units: n(s.units),
      revenueCents: n(s.revenue),
    })),
  };
};

/** JAS Sales: the same figures for one client: a client user's own (another named is a 404); others name one, or an internal admin's session client (400 without one). */
export const jasSalesDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TSalesDashboard> => {
  if (!p.isInternal && !p.isFacility) {
    if (p.clientId === null || (q.clientId !== undefined && q.clientId !== p.clientId)) throw notFound("That client");
    return salesDashboard(db, p, { ...q, clientId: p.clientId });
  }
  const clientId = q.clientId ?? (p.isInternal ? p.sessionClientId : null) ?? undefined;
  if (clientId === undefined) throw badRequest("Choose a client", { clientId: "Choose a client" });
  return salesDashboard(db, p, { ...q, clientId });
};
