import { ORDER_NOT_SHIPPED, PAYMENT_AWAITING, type TOrderAttention } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { BillingAdapter } from "../../platform/billing";
import { HttpError } from "../../platform/errors";
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
 * floor's due date (`floorDueOf`: ship-by, else placing + the lead days) before today (UTC) and not
 * shipped; awaiting payment is unpaid, pending or failed and not cancelled.
 */
export const orderAttention = (attention: TOrderAttention): SQL | undefined =>
  attention === "late"
    ? and(
        inArray(o.status, [...ORDER_NOT_SHIPPED]),
        sql`${schema.floorDueOf(o.requestedShipDate, o.placedAt)} < (now() at time zone 'UTC')::date`,
      )
    : and(inArray(o.paymentState, [...PAYMENT_AWAITING]), ne(o.status, "cancelled"));

/** Orders whose last line shipped on or after a day (UTC): their order-level "shipped" history entry. */
export const shippedSince = (day: string): SQL =>
  sql`exists (select 1 from ${h} where ${h.orderId} = ${o.id} and ${h.itemId} is null and ${h.toStatus} = 'shipped' and ${h.at} >= ${`${day}T00:00:00Z`}::timestamptz)`;
