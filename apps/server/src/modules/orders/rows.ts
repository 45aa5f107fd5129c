import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
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
