import { DASHBOARD_BUCKETS, type TDashboardBucket, type TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { TSalesDashboard, TSalesFigures } from "@hub/contracts/dashboards/sales";
import { SALES_TOP } from "@hub/contracts/dashboards/sales";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import { orderScope } from "../orders/scope";
import { bucketsOf, n, rangeOf } from "./range";
import { type Grain, grainRows, ROLLUP_TABLES } from "./rollups";

/**
 * The Sales Dashboard's figures, each one GROUP BY in SQL over the orders the caller may see
 * (`orderScope`, as the orders list), never rows: placed (orders placed in the range, their
 * totals and units), paid and refunded (succeeded ledger rows made in the range, joined to their
 * orders as the order charge report joins them), by bucket, client, style, size x colour, source,
 * coupon and SKU, and the previous period's figures beside the range's. Whole past days come from
 * the daily rollups, the rest from the source (`grainRows`, rollups.ts; ADR 0014), so a figure is
 * the list's at any moment and a 12-month range reads a few thousand rollup rows, not its orders.
 */

const o = schema.orders;
const l = schema.billingLedger;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: PromiseLike<unknown>): Promise<T[]> => ((await query) as Rows<T>).rows;

/** The caller's scope and client filter, over a rollup table and over the source's tables. */
const whereOf = (p: Principal, q: TDashboardQuery, grain: Grain) => {
  const t = ROLLUP_TABLES[grain];
  return {
    rolled: and(
      tenantScope(p, { clientId: t.clientId, factoryId: t.factoryId }),
      q.clientId ? eq(t.clientId, q.clientId) : undefined,
    ),
    source: and(orderScope(p), q.clientId ? eq(grain === "ledger" ? l.clientId : o.clientId, q.clientId) : undefined),
  };
};

const SUM = (column: string) => sql.raw(`coalesce(sum(g.${column}), 0)::bigint::text`);
const bucketOfDay = (bucket: TDashboardBucket): SQL<string> => {
  if (!DASHBOARD_BUCKETS.includes(bucket)) throw new Error(`unknown bucket ${bucket}`);
  return sql<string>`to_char(date_trunc('${sql.raw(bucket)}', g.day::timestamp), 'YYYY-MM-DD')`;
};

type OrderSums = { placed: string; orders: string; units: string };
type LedgerSums = { paid: string; refunded: string };

const figures = (ord: OrderSums | undefined, led: LedgerSums | undefined): TSalesFigures => {
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
  const rows = (grain: Grain, from = r.from, to = r.to) => grainRows(grain, from, to, whereOf(p, q, grain));
  const ord = rows("orders");
  const lines = rows("lines");
  const bucket = bucketOfDay(r.bucket);
  const orderSums = sql`${SUM("placed_cents")} as placed, ${SUM("orders")} as orders, ${SUM("units")} as units`;
  const ledgerSums = sql`${SUM("charged_cents")} as paid, ${SUM("refunded_cents")} as refunded`;
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
    rowsOf<OrderSums>(db.execute(sql`select ${orderSums} from (${ord}) g`)),
    rowsOf<LedgerSums>(db.execute(sql`select ${ledgerSums} from (${rows("ledger")}) g`)),
    rowsOf<OrderSums>(db.execute(sql`select ${orderSums} from (${rows("orders", r.previousFrom, r.previousTo)}) g`)),
    rowsOf<LedgerSums>(db.execute(sql`select ${ledgerSums} from (${rows("ledger", r.previousFrom, r.previousTo)}) g`)),
    rowsOf<OrderSums & { bucket: string }>(
      db.execute(sql`select ${bucket} as bucket, ${orderSums} from (${ord}) g group by 1`),
    ),
    rowsOf<LedgerSums & { bucket: string }>(
      db.execute(sql`select ${bucket} as bucket, ${ledgerSums} from (${rows("ledger")}) g group by 1`),
    ),
    rowsOf<OrderSums & { clientId: number; clientName: string }>(
      db.execute(sql`select g.client_id as "clientId", max(g.client_name) as "clientName", ${orderSums}
        from (${ord}) g group by g.client_id order by sum(g.placed_cents) desc, g.client_id limit ${SALES_TOP.clients}`),
    ),
    rowsOf<{ styleCode: string; styleName: string; revenue: string; units: string }>(
      db.execute(sql`select g.style_code as "styleCode", max(g.style_name) as "styleName",
          ${SUM("revenue_cents")} as revenue, ${SUM("units")} as units
        from (${lines}) g group by g.style_code order by sum(g.revenue_cents) desc, g.style_code limit ${SALES_TOP.styles}`),
    ),
    rowsOf<{ size: string; colour: string; units: string }>(
      db.execute(sql`select g.size, g.colour, ${SUM("units")} as units
        from (${lines}) g group by 1, 2 order by sum(g.units) desc, 1, 2 limit ${SALES_TOP.heat}`),
    ),
    rowsOf<{ source: string; placed: string; orders: string }>(
      db.execute(sql`select g.source, ${SUM("placed_cents")} as placed, ${SUM("orders")} as orders
        from (${ord}) g group by g.source order by g.source`),
    ),
    rowsOf<{ couponCode: string; orders: string; discount: string; placed: string }>(
      db.execute(sql`select g.coupon_code as "couponCode", ${SUM("orders")} as orders,
          ${SUM("discount_cents")} as discount, ${SUM("placed_cents")} as placed
        from (${rows("coupons")}) g group by g.coupon_code
        order by sum(g.orders) desc, g.coupon_code limit ${SALES_TOP.coupons}`),
    ),
    rowsOf<{ sku: string; styleCode: string; units: string; revenue: string }>(
      db.execute(sql`select g.sku, max(g.style_code) as "styleCode", ${SUM("units")} as units,
          ${SUM("revenue_cents")} as revenue
        from (${lines}) g group by g.sku order by sum(g.units) desc, g.sku limit ${SALES_TOP.skus}`),
    ),
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
    heatmap: heatmap.map((h) => ({ size: h.size, colour: h.colour, units: n(h.units) })),
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
