import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { TSalesDashboard, TSalesFigures } from "@hub/contracts/dashboards/sales";
import { SALES_TOP } from "@hub/contracts/dashboards/sales";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import { orderScope } from "../orders/scope";
import { bucketOfDay, bucketsOf, cmp, n, rangeOf, sumBy } from "./range";
import { type Grain, grainFigure, readCovered, type TenantTable } from "./rollups";

/**
 * The Sales Dashboard's figures, each one GROUP BY in SQL over the orders the caller may see
 * (`orderScope`, as the orders list), never rows: placed (orders placed in the range, their
 * totals and units), paid and refunded (succeeded ledger rows made in the range, joined to their
 * orders as the order charge report joins them), by bucket, client, style, size x colour, source,
 * coupon and SKU, and the previous period's figures beside the range's. Whole past days come from
 * the daily rollups, the rest from the source (`grainParts`, rollups.ts; ADR 0014), so a figure is
 * the list's at any moment and a 12-month range reads a few thousand rollup rows, not its orders.
 */

const o = schema.orders;
const l = schema.billingLedger;

/** The caller's scope and client filter, over a rollup table and over the source's tables. */
const whereOf = (p: Principal, q: TDashboardQuery, grain: Grain) => ({
  rolled: (t: TenantTable) =>
    and(
      tenantScope(p, { clientId: t.clientId, factoryId: t.factoryId }),
      q.clientId ? eq(t.clientId, q.clientId) : undefined,
    ),
  source: and(orderScope(p), q.clientId ? eq(grain === "ledger" ? l.clientId : o.clientId, q.clientId) : undefined),
});

const SUM = (column: string) => sql.raw(`coalesce(sum(g.${column}), 0)::bigint::text`);
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

type OrderRow = {
  current: boolean;
  bucket: string | null;
  clientId: number;
  clientName: string;
  source: string;
  placed: number;
  orders: number;
  units: number;
};
type LineRow = {
  styleCode: string;
  sku: string;
  size: string;
  colour: string;
  styleName: string;
  units: number;
  revenue: number;
};

/**
 * Five figures a view: orders by period, bucket, client and source; ledger money by period and
 * bucket; coupons; lines by style, SKU, size and colour; the size x colour grid with its orders. Their
 * rolled-up parts are read once per refresh; their live parts are one statement (`readCovered`), so
 * a view is one round trip (the live rows, with the rollups' coverage checked in the same statement: `readCovered`). The breakdowns (totals, series, by client, by source, by style, top SKUs)
 * are sums of those few rows here, so the range's orders and lines are read once, not once per chart.
 */
export const salesDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TSalesDashboard> => {
  const r = rangeOf(q);
  const first = r.previousFrom < r.from ? r.previousFrom : r.from;
  const bucket = bucketOfDay(r.bucket);
  const period = sql`g.day >= ${r.from}::date`;
  const inPeriods = sql`(g.day >= ${r.from}::date or g.day between ${r.previousFrom}::date and ${r.previousTo}::date)`;
  const read = await readCovered(db, first, r.to, (cov) => {
    /** A figure: its statement over each part of its grain. */
    const figure = (grain: Grain, from: string, statement: (rows: SQL) => SQL) =>
      grainFigure(grain, from, r.to, cov, whereOf(p, q, grain), statement);
    return [
      figure(
        "orders",
        first,
        (rows) => sql`select ${period} as current, case when ${period} then ${bucket} end as bucket,
          g.client_id as "clientId", max(g.client_name) as "clientName", g.source, ${SUM("placed_cents")} as placed,
          ${SUM("orders")} as orders, ${SUM("units")} as units
        from (${rows}) g where ${inPeriods} group by 1, 2, 3, 5`,
      ),
      figure(
        "ledger",
        first,
        (
          rows,
        ) => sql`select ${period} as current, case when ${period} then ${bucket} end as bucket, ${SUM("charged_cents")} as paid,
          ${SUM("refunded_cents")} as refunded
        from (${rows}) g where ${inPeriods} group by 1, 2`,
      ),
      figure(
        "coupons",
        r.from,
        (rows) => sql`select g.coupon_code as "couponCode", ${SUM("orders")} as orders,
          ${SUM("discount_cents")} as discount, ${SUM("placed_cents")} as placed
        from (${rows}) g group by g.coupon_code`,
      ),
      figure(
        "lines",
        r.from,
        (rows) => sql`select g.style_code as "styleCode", g.sku, g.size, g.colour, max(g.style_name) as "styleName",
          ${SUM("units")} as units, ${SUM("revenue_cents")} as revenue
        from (${rows}) g group by 1, 2, 3, 4`,
      ),
      figure(
        "heat",
        r.from,
        (rows) => sql`select g.size, g.colour, ${SUM("orders")} as orders, ${SUM("units")} as units
        from (${rows}) g group by 1, 2`,
      ),
    ];
  });
  const orderRows = read[0] as ({
    current: boolean;
    bucket: string | null;
    clientId: number;
    clientName: string;
    source: string;
  } & OrderSums)[];
  const ledgerRows = read[1] as ({ current: boolean; bucket: string | null } & LedgerSums)[];
  const couponRows = read[2] as { couponCode: string; orders: string; discount: string; placed: string }[];
  const lineRows = read[3] as {
    styleCode: string;
    sku: string;
    size: string;
    colour: string;
    styleName: string;
    units: string;
    revenue: string;
  }[];
  const heatRows = read[4] as { size: string; colour: string; orders: string; units: string }[];

  const orders: OrderRow[] = orderRows.map((x) => ({
    ...x,
    current: Boolean(x.current),
    placed: n(x.placed),
    orders: n(x.orders),
    units: n(x.units),
  }));
  const totals = (current: boolean): OrderSums => {
    const of = orders.filter((x) => x.current === current);
    const sum = (k: "placed" | "orders" | "units") => String(of.reduce((t, x) => t + x[k], 0));
    return { placed: sum("placed"), orders: sum("orders"), units: sum("units") };
  };
  const ledger = ledgerRows.map((x) => ({
    ...x,
    current: Boolean(x.current),
    paid: n(x.paid),
    refunded: n(x.refunded),
  }));
  const money = (current: boolean): LedgerSums => {
    const of = ledger.filter((x) => x.current === current);
    return {
      paid: String(of.reduce((t, x) => t + x.paid, 0)),
      refunded: String(of.reduce((t, x) => t + x.refunded, 0)),
    };
  };
  const cur = orders.filter((x) => x.current);
  const addOrders = (into: OrderRow, x: OrderRow) => {
    into.placed += x.placed;
    into.orders += x.orders;
    into.units += x.units;
    if (x.clientName > into.clientName) into.clientName = x.clientName;
  };
  const byBucket = new Map(sumBy(cur, (x) => x.bucket ?? "", addOrders).map((x) => [x.bucket, x]));
  const ledgerByBucket = new Map(
    sumBy(
      ledger.filter((x) => x.current),
      (x) => x.bucket ?? "",
      (into, x) => {
        into.paid += x.paid;
        into.refunded += x.refunded;
      },
    ).map((x) => [x.bucket, x]),
  );
  const lines: LineRow[] = lineRows.map((x) => ({ ...x, units: n(x.units), revenue: n(x.revenue) }));
  const addLines = (into: LineRow, x: LineRow) => {
    into.units += x.units;
    into.revenue += x.revenue;
    if (x.styleName > into.styleName) into.styleName = x.styleName;
    if (x.styleCode > into.styleCode) into.styleCode = x.styleCode;
  };
  return {
    range: r,
    current: figures(totals(true), money(true)),
    previous: figures(totals(false), money(false)),
    series: bucketsOf(r).map((b) => {
      const s = byBucket.get(b);
      const led = ledgerByBucket.get(b);
      return {
        bucket: b,
        placedCents: s?.placed ?? 0,
        paidCents: led?.paid ?? 0,
        refundedCents: led?.refunded ?? 0,
        orders: s?.orders ?? 0,
        units: s?.units ?? 0,
      };
    }),
    byClient: sumBy(cur, (x) => x.clientId, addOrders)
      .sort((a, b) => b.placed - a.placed || a.clientId - b.clientId)
      .slice(0, SALES_TOP.clients)
      .map((c) => ({
        clientId: c.clientId,
        clientName: c.clientName,
        placedCents: c.placed,
        orders: c.orders,
        units: c.units,
      })),
    byStyle: sumBy(lines, (x) => x.styleCode, addLines)
      .sort((a, b) => b.revenue - a.revenue || cmp(a.styleCode, b.styleCode))
      .slice(0, SALES_TOP.styles)
      .map((s) => ({ styleCode: s.styleCode, styleName: s.styleName, revenueCents: s.revenue, units: s.units })),
    heatmap: sumBy(
      heatRows.map((h) => ({ size: h.size, colour: h.colour, units: n(h.units), orders: n(h.orders) })),
      (h) => `${h.size}\u0000${h.colour}`,
      (into, h) => {
        into.units += h.units;
        into.orders += h.orders;
      },
    )
      .sort((a, b) => b.units - a.units || cmp(a.size, b.size) || cmp(a.colour, b.colour))
      .slice(0, SALES_TOP.heat),
    bySource: sumBy(cur, (x) => x.source, addOrders)
      .sort((a, b) => cmp(a.source, b.source))
      .map((s) => ({ source: s.source, placedCents: s.placed, orders: s.orders })),
    byCoupon: sumBy(
      couponRows.map((c) => ({
        couponCode: c.couponCode,
        orders: n(c.orders),
        discountCents: n(c.discount),
        placedCents: n(c.placed),
      })),
      (c) => c.couponCode,
      (into, c) => {
        into.orders += c.orders;
        into.discountCents += c.discountCents;
        into.placedCents += c.placedCents;
      },
    )
      .sort((a, b) => b.orders - a.orders || cmp(a.couponCode, b.couponCode))
      .slice(0, SALES_TOP.coupons),
    topSkus: sumBy(lines, (x) => x.sku, addLines)
      .sort((a, b) => b.units - a.units || cmp(a.sku, b.sku))
      .slice(0, SALES_TOP.skus)
      .map((s) => ({ sku: s.sku, styleCode: s.styleCode, units: s.units, revenueCents: s.revenue })),
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
