import { ORDER_NOT_SHIPPED, PAYMENT_AWAITING, type TOrderAttention } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { BillingAdapter } from "../../platform/billing";
import { HttpError } from "../../platform/errors";
import { col } from "../../platform/resource/resource";
import type { LineProblem } from "./pricing";

/** Orders' tables and the helpers every orders service shares. The model: docs/adr/0003-orders.md. */
export const o = schema.orders;
export const oi = schema.orderItems;
export const h = schema.orderStatusHistory;

export type OrderDeps = { db: HubDb; billing: BillingAdapter };
export type OrderRow = typeof o.$inferSelect;
export type ItemRow = typeof oi.$inferSelect;

/** The ship-to an order keeps (a copy made at placing), as orders and their documents show it. */
export const shipToOf = (row: OrderRow) => ({
  name: row.shipName,
  company: row.shipCompany,
  line1: row.shipLine1,
  line2: row.shipLine2,
  city: row.shipCity,
  region: row.shipRegion,
  postalCode: row.shipPostalCode,
  country: row.shipCountry,
  phone: row.shipPhone,
});

export const iso = (d: Date) => d.toISOString();
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export const lineFields = (problems: readonly LineProblem[]) =>
  Object.fromEntries(problems.map((x) => [`lines.${x.index}.${x.field}`, x.message]));

export const refuseLines = (problems: readonly LineProblem[]): never => {
  const first = problems[0];
  throw new HttpError(
    400,
    "VALIDATION",
    problems.length === 1 && first
      ? `Line ${first.index + 1}: ${first.message}`
      : `${problems.length} lines cannot be ordered; each is named below.`,
    lineFields(problems),
  );
};

/**
 * Orders that need attention (contracts' ORDER_ATTENTION, said once here in SQL): late is the
 * order's due date (`orders.due_date`: ship-by, else the facility's lead time in working days) before today (UTC) and not
 * shipped; awaiting payment is unpaid, pending or failed and not cancelled.
 */
export const orderAttention = (attention: TOrderAttention): SQL | undefined =>
  attention === "late"
    ? and(inArray(o.status, [...ORDER_NOT_SHIPPED]), sql`${o.dueDate} < (now() at time zone 'UTC')::date`)
    : and(inArray(o.paymentState, [...PAYMENT_AWAITING]), ne(o.status, "cancelled"));

/** Orders whose last line shipped on or after a day (UTC): their order-level "shipped" history entry. */
export const shippedSince = (day: string): SQL =>
  sql`exists (select 1 from ${h} where ${h.orderId} = ${o.id} and ${h.itemId} is null and ${h.toStatus} = 'shipped' and ${h.at} >= ${`${day}T00:00:00Z`}::timestamptz)`;

/** Orders with a line, not cancelled, of this SKU, style code, size and colour (each when given), as the Sales Dashboard counts lines. */
export const hasLine = (f: {
  sku?: string;
  styleCode?: string;
  lineSize?: string;
  lineColour?: string;
}): SQL | undefined => {
  const conditions = [
    f.sku ? sql`${col(oi.sku)} = ${f.sku}` : undefined,
    f.styleCode ? sql`${col(oi.styleCode)} = ${f.styleCode}` : undefined,
    f.lineSize ? sql`${col(oi.size)} = ${f.lineSize}` : undefined,
    f.lineColour ? sql`${col(oi.colour)} = ${f.lineColour}` : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return undefined;
  return sql`exists (select 1 from ${oi} where ${col(oi.orderId)} = ${col(o.id)} and ${col(oi.status)} <> 'cancelled' and ${sql.join(conditions, sql` and `)})`;
};

/** Orders placed with a coupon, whatever its case (the Sales Dashboard groups by the upper-cased code). */
export const withCoupon = (code: string): SQL => sql`upper(${col(o.couponCode)}) = upper(${code})`;
