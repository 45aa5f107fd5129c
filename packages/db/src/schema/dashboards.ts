import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The Sales Dashboard's daily rollups (issue 18, docs/adr/0014-dashboard-aggregates.md): per UTC day
 * of placing (orders) or of the ledger row (money), per client and facility (the tenant columns, so
 * the lists' scope applies to them as it does to orders), the sums the dashboard shows. A background
 * refresh (apps/server/src/modules/dashboards/rollups.ts) writes whole past days; the dashboard
 * reads those days from here and the rest (today, and any day marked dirty) from the source tables,
 * so every figure still equals the lists'. No foreign keys: a rollup row is derived, rebuilt by day.
 */

const day = () => date("day", { mode: "string" }).notNull();
const tenant = {
  clientId: integer("client_id").notNull(),
  factoryId: integer("factory_id").notNull(),
};
const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/** Orders placed: count, total and units (every line, as the orders list counts them), by source. */
export const salesDaily = pgTable(
  "sales_daily",
  {
    day: day(),
    ...tenant,
    source: text("source").notNull(),
    /** The orders' client name snapshot (the largest, as the dashboard's `max(client_name)`). */
    clientName: text("client_name").notNull(),
    orders: integer("orders").notNull(),
    placedCents: cents("placed_cents"),
    units: cents("units"),
  },
  (t) => [primaryKey({ columns: [t.day, t.clientId, t.factoryId, t.source] })],
);

/** Orders placed with a coupon, by upper-cased code. */
export const salesDailyCoupons = pgTable(
  "sales_daily_coupons",
  {
    day: day(),
    ...tenant,
    couponCode: text("coupon_code").notNull(),
    orders: integer("orders").notNull(),
    discountCents: cents("discount_cents"),
    placedCents: cents("placed_cents"),
  },
  (t) => [primaryKey({ name: "sales_daily_coupons_pk", columns: [t.day, t.clientId, t.factoryId, t.couponCode] })],
);

/** Lines not cancelled, by style, SKU and the frozen size and colour options. */
export const salesDailyLines = pgTable(
  "sales_daily_lines",
  {
    day: day(),
    ...tenant,
    styleCode: text("style_code").notNull(),
    sku: text("sku").notNull(),
    size: text("size").notNull(),
    colour: text("colour").notNull(),
    styleName: text("style_name").notNull(),
    units: cents("units"),
    revenueCents: cents("revenue_cents"),
  },
  (t) => [
    primaryKey({
      name: "sales_daily_lines_pk",
      columns: [t.day, t.clientId, t.factoryId, t.styleCode, t.sku, t.size, t.colour],
    }),
  ],
);

/**
 * Lines not cancelled by size and colour: units, and the orders holding such a line (an order is
 * placed on one day, for one client, so these counts add up across days and clients, not across
 * SKUs: hence a table of its own for the size x colour grid).
 */
export const salesDailyHeat = pgTable(
  "sales_daily_heat",
  {
    day: day(),
    ...tenant,
    size: text("size").notNull(),
    colour: text("colour").notNull(),
    orders: integer("orders").notNull(),
    units: cents("units"),
  },
  (t) => [primaryKey({ columns: [t.day, t.clientId, t.factoryId, t.size, t.colour] })],
);

/** Succeeded charges and refunds by the ledger row's day, with the order's facility. */
export const ledgerDaily = pgTable(
  "ledger_daily",
  {
    day: day(),
    ...tenant,
    chargedCents: cents("charged_cents"),
    refundedCents: cents("refunded_cents"),
  },
  (t) => [primaryKey({ columns: [t.day, t.clientId, t.factoryId] })],
);

/**
 * Past days whose source rows changed after they were rolled up (an item edit, a cancelled line, a
 * refund dated in the past, a bulk load): marked by triggers on orders, order_items and
 * billing_ledger in the changing transaction, read from the source until the refresh rebuilds them.
 */
export const rollupDirtyDays = pgTable("rollup_dirty_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
});

/** How far the rollups are complete: every day up to `through` is rolled up (dirty days aside). */
export const rollupState = pgTable("rollup_state", {
  name: text("name").primaryKey(),
  through: date("through", { mode: "string" }),
  /**
   * The day after `through` is rolled up too, for the rows before this moment (the refresh's clock
   * less its margin): the dashboards read only what came after it from the source.
   */
  partialUntil: timestamp("partial_until", { withTimezone: true, mode: "string" }),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * `sales_daily_lines` summed by calendar month (`month` is its first day), for months whose every
 * day is rolled up: a 12-month range reads about a twelfth of the daily lines' rows.
 */
export const salesMonthlyLines = pgTable(
  "sales_monthly_lines",
  {
    month: date("month", { mode: "string" }).notNull(),
    ...tenant,
    styleCode: text("style_code").notNull(),
    sku: text("sku").notNull(),
    size: text("size").notNull(),
    colour: text("colour").notNull(),
    styleName: text("style_name").notNull(),
    units: cents("units"),
    revenueCents: cents("revenue_cents"),
  },
  (t) => [
    primaryKey({
      name: "sales_monthly_lines_pk",
      columns: [t.month, t.clientId, t.factoryId, t.styleCode, t.sku, t.size, t.colour],
    }),
  ],
);

/**
 * Home Goods: lines not cancelled by the category of their style (`lib_styles.category`, 'Uncategorised'
 * when the line has no style) and by style. Two kinds of row, from one GROUPING SETS statement: a
 * category's total (`style_code` '': the orders holding such a line, units, revenue; an order is
 * placed on one day for one client, so its count adds up across days and clients, not across
 * styles) and a style's (`style_code` set: units and revenue). A style's category changed marks the
 * days of its orders dirty (migration 0051).
 */
export const salesDailyCategories = pgTable(
  "sales_daily_categories",
  {
    day: day(),
    ...tenant,
    category: text("category").notNull(),
    styleCode: text("style_code").notNull(),
    styleName: text("style_name").notNull(),
    orders: integer("orders").notNull(),
    units: cents("units"),
    revenueCents: cents("revenue_cents"),
  },
  (t) => [
    primaryKey({
      name: "sales_daily_categories_pk",
      columns: [t.day, t.clientId, t.factoryId, t.category, t.styleCode],
    }),
  ],
);

/** Bot Performance: web orders (source `web`) by the API key that placed them (`placed_by`). */
export const salesDailyWebKeys = pgTable(
  "sales_daily_web_keys",
  {
    day: day(),
    ...tenant,
    placedBy: text("placed_by").notNull(),
    /** The orders' client name snapshot (the largest). */
    clientName: text("client_name").notNull(),
    orders: integer("orders").notNull(),
    placedCents: cents("placed_cents"),
  },
  (t) => [primaryKey({ name: "sales_daily_web_keys_pk", columns: [t.day, t.clientId, t.factoryId, t.placedBy] })],
);
