import type { TChargeReportQuery, TOrderListQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, getTableColumns, gt } from "drizzle-orm";
import type { KeysetPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { chargeColumns, chargeCsvRow, chargeWhere } from "./charges.service";
import { orderCsvRow, orderListWhere } from "./read.service";
import { o, oi } from "./rows";

/**
 * The orders area's reports for Report Downloads (modules/reports): the rows of the Orders list,
 * of its orders' lines and of the order charge report, for the same caller and filter as the list,
 * read in keyset pages (ascending id after `after`).
 */

const { searchTokens: _tokens, searchVector: _vector, ...ORDER_COLUMNS } = getTableColumns(o);

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
