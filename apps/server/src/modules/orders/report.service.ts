import type { TChargeReportQuery, TOrderListQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, getTableColumns, gt, type SQL, sql } from "drizzle-orm";
import type { KeysetPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { chargeColumns, chargeCsvRow, chargeWhere } from "./charges.service";
import { orderCsvRow, orderListWhere } from "./list.service";
import { o, oi } from "./rows";

/**
 * The orders area's reports for Report Downloads (modules/reports): the rows of the Orders list,
 * of its orders' lines, their summary per client and style, and of the order charge report, for the
 * same caller and filter as the list, read in keyset pages (ascending id, or rank, after `after`).
 */

const { searchVector: _vector, ...ORDER_COLUMNS } = getTableColumns(o);

export const orderReportPage = async (
  db: HubDb,
  p: Principal,
  q: TOrderListQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await db
    .select(ORDER_COLUMNS)
    .from(o)
    .where(and(orderListWhere(p, q), gt(o.id, after)))
    .orderBy(asc(o.id))
    .limit(limit);
  return { rows: rows.map(orderCsvRow), last: rows.at(-1)?.id ?? null };
};

export const ORDER_LINE_CSV_HEADER = [
  "orderNumber",
  "placedAt",
  "client",
  "poNumber",
  "orderStatus",
  "line",
  "styleCode",
  "styleName",
  "sku",
  "options",
  "quantity",
  "unitPriceCents",
  "upchargeCents",
  "lineTotalCents",
  "lineStatus",
];

/** Every line of the orders the Orders list shows for the filter. */
export const orderLineReportPage = async (
  db: HubDb,
  p: Principal,
  q: TOrderListQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await db
    .select({
      id: oi.id,
      orderNumber: o.orderNumber,
      placedAt: o.placedAt,
      clientName: o.clientName,
      poNumber: o.poNumber,
      orderStatus: o.status,
      lineNumber: oi.lineNumber,
      styleCode: oi.styleCode,
      styleName: oi.styleName,
      sku: oi.sku,
      options: oi.options,
      quantity: oi.quantity,
      unitPriceCents: oi.unitPriceCents,
      upchargeCents: oi.upchargeCents,
      lineTotalCents: oi.lineTotalCents,
      status: oi.status,
    })
    .from(oi)
    .innerJoin(o, eq(o.id, oi.orderId))
    .where(and(orderListWhere(p, q), gt(oi.id, after)))
    .orderBy(asc(oi.id))
    .limit(limit);
  return {
    rows: rows.map((r) => [
      r.orderNumber,
      r.placedAt.toISOString(),
      r.clientName,
      r.poNumber,
      r.orderStatus,
      r.lineNumber,
      r.styleCode,
      r.styleName,
      r.sku,
      optionsText(r.options),
      r.quantity,
      r.unitPriceCents,
      r.upchargeCents,
      r.lineTotalCents,
      r.status,
    ]),
    last: rows.at(-1)?.id ?? null,
  };
};

/** A line's chosen options as one cell ("Size: M; Colour: Black"). */
const optionsText = (options: readonly schema.OptionSnapshot[]): string =>
  options.map((x) => `${x.optionName}: ${x.attributeName}`).join("; ");

const l = schema.billingLedger;

/** The order charge report's rows (charges and refunds of orders). */
export const chargeReportPage = async (
  db: HubDb,
  p: Principal,
  q: TChargeReportQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await db
    .select(chargeColumns)
    .from(l)
    .innerJoin(o, and(eq(o.clientId, l.clientId), eq(o.orderNumber, l.orderId)))
    .where(and(chargeWhere(p, q), gt(l.id, after)))
    .orderBy(asc(l.id))
    .limit(limit);
  return { rows: rows.map(chargeCsvRow), last: rows.at(-1)?.id ?? null };
};

export const ORDER_SUMMARY_CSV_HEADER = [
  "client",
  "styleCode",
  "styleName",
  "orders",
  "units",
  "revenueCents",
  "firstPlacedAt",
  "lastPlacedAt",
];

const isoText = (x: SQL) => sql<string>`to_char((${x}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The Order summary report: the lines of the orders the Orders list shows for the filter, summed per
 * client and style (the line's style code): how many orders, units (quantities) and revenue (line
 * totals, cents), the first and last placing. One row per group, read by its rank (client, style).
 */
export const orderSummaryReportPage = async (
  db: HubDb,
  p: Principal,
  q: TOrderListQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const grouped = db
    .select({
      clientName: sql<string>`max(${o.clientName})`.as("client_name"),
      styleCode: oi.styleCode,
      styleName: sql<string>`max(${oi.styleName})`.as("style_name"),
      orders: sql<number>`count(distinct ${o.id})::int`.as("orders"),
      units: sql<number>`sum(${oi.quantity})::int`.as("units"),
      revenueCents: sql<string>`sum(${oi.lineTotalCents})::bigint::text`.as("revenue_cents"),
      first: isoText(sql`min(${o.placedAt})`).as("first_placed"),
      last: isoText(sql`max(${o.placedAt})`).as("last_placed"),
      rank: sql<number>`(row_number() over (order by max(${o.clientName}), ${o.clientId}, ${oi.styleCode}))::int`.as(
        "rank",
      ),
    })
    .from(oi)
    .innerJoin(o, eq(o.id, oi.orderId))
    .where(orderListWhere(p, q))
    .groupBy(o.clientId, oi.styleCode)
    .as("grouped");
  const rows = await db.select().from(grouped).where(gt(grouped.rank, after)).orderBy(asc(grouped.rank)).limit(limit);
  return {
    rows: rows.map((r) => [
      r.clientName,
      r.styleCode,
      r.styleName,
      r.orders,
      r.units,
      Number(r.revenueCents),
      r.first,
      r.last,
    ]),
    last: rows.at(-1)?.rank ?? null,
  };
};
