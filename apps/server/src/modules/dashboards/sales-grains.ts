import { schema } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";
import { andExtra, type GrainDef, inDays, type SourceDays, UTC_DAY } from "./grain-sql";

/**
 * The Sales Dashboard's grains (ADR 0014 "Rollups, as built"): orders by day, client, facility and
 * source; coupons; lines by style, SKU, size and colour; the size x colour grid with its orders;
 * succeeded ledger money by the ledger row's day and the order's facility; lines by their style's
 * category and style (Home Goods); web orders by API key (Bot Performance).
 */

const placedAt = sql.raw(`"orders"."placed_at"`);
const createdAt = sql.raw(`"billing_ledger"."created_at"`);
const placedDay = UTC_DAY(placedAt);
const ledgerDay = UTC_DAY(createdAt);

/** A line's size and colour (columns the database derives from its frozen options), as the orders list's line filters read them. */
const SIZE = sql.raw(`"order_items"."size"`);
const COLOUR = sql.raw(`"order_items"."colour"`);

/** The order a ledger row is for, by its number (`SO-000123` is order 123): the orders' primary key. */
const LEDGER_ORDER = sql`"orders"."id" = (case when "billing_ledger"."order_id" ~ '^SO-[0-9]{1,9}$' then substring("billing_ledger"."order_id" from 4)::int end)
  and "orders"."client_id" = "billing_ledger"."client_id" and "orders"."order_number" = "billing_ledger"."order_id"`;

const ORDERS = sql.raw(`"orders"`);
/** A line's category: its style's, 'Uncategorised' when it has none (Home Goods). */
export const CATEGORY = sql.raw(`coalesce("lib_styles"."category", 'Uncategorised')`);
const placed = (days: SourceDays) => inDays(placedAt, days);
const firstPlaced = sql`(select min("placed_at") from "orders")`;

export const SALES_GRAINS = {
  orders: {
    table: schema.salesDaily,
    columns: "day, client_id, factory_id, source, client_name, orders, placed_cents, units",
    first: firstPlaced,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${placedDay} as day, "orders"."client_id", "orders"."factory_id", "orders"."source",
        max("orders"."client_name") as client_name, count(*)::int as orders,
        coalesce(sum("orders"."total_cents"), 0)::bigint as placed_cents,
        coalesce(sum((select sum("order_items"."quantity") from "order_items" where "order_items"."order_id" = "orders"."id")), 0)::bigint as units
      from ${ORDERS} where ${andExtra(placed(days), extra)} group by 1, 2, 3, 4`,
  },
  coupons: {
    table: schema.salesDailyCoupons,
    columns: "day, client_id, factory_id, coupon_code, orders, discount_cents, placed_cents",
    first: firstPlaced,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${placedDay} as day, "orders"."client_id", "orders"."factory_id", upper("orders"."coupon_code") as coupon_code,
        count(*)::int as orders, coalesce(sum("orders"."discount_cents"), 0)::bigint as discount_cents,
        coalesce(sum("orders"."total_cents"), 0)::bigint as placed_cents
      from ${ORDERS} where ${andExtra(sql`${placed(days)} and "orders"."coupon_code" is not null`, extra)} group by 1, 2, 3, 4`,
  },
  lines: {
    table: schema.salesDailyLines,
    columns: "day, client_id, factory_id, style_code, sku, size, colour, style_name, units, revenue_cents",
    first: firstPlaced,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${placedDay} as day, "orders"."client_id", "orders"."factory_id", "order_items"."style_code",
        "order_items"."sku", ${SIZE} as size, ${COLOUR} as colour,
        max("order_items"."style_name") as style_name, coalesce(sum("order_items"."quantity"), 0)::bigint as units,
        coalesce(sum("order_items"."line_total_cents"), 0)::bigint as revenue_cents
      from ${ORDERS} join "order_items" on "order_items"."order_id" = "orders"."id"
      where ${andExtra(sql`${placed(days)} and "order_items"."status" <> 'cancelled'`, extra)}
      group by 1, 2, 3, 4, 5, 6, 7`,
  },
  heat: {
    table: schema.salesDailyHeat,
    columns: "day, client_id, factory_id, size, colour, orders, units",
    first: firstPlaced,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${placedDay} as day, "orders"."client_id", "orders"."factory_id", ${SIZE} as size, ${COLOUR} as colour,
        count(distinct "orders"."id")::int as orders, coalesce(sum("order_items"."quantity"), 0)::bigint as units
      from ${ORDERS} join "order_items" on "order_items"."order_id" = "orders"."id"
      where ${andExtra(sql`${placed(days)} and "order_items"."status" <> 'cancelled'`, extra)}
      group by 1, 2, 3, 4, 5`,
  },
  categories: {
    table: schema.salesDailyCategories,
    columns: "day, client_id, factory_id, category, style_code, style_name, orders, units, revenue_cents",
    first: firstPlaced,
    // A category's total (style_code '') and its styles' rows, in one pass (GROUPING SETS).
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${placedDay} as day, "orders"."client_id", "orders"."factory_id", ${CATEGORY} as category,
        case when grouping("order_items"."style_code") = 1 then '' else "order_items"."style_code" end as style_code,
        case when grouping("order_items"."style_code") = 1 then '' else max("order_items"."style_name") end as style_name,
        count(distinct "orders"."id")::int as orders, coalesce(sum("order_items"."quantity"), 0)::bigint as units,
        coalesce(sum("order_items"."line_total_cents"), 0)::bigint as revenue_cents
      from ${ORDERS} join "order_items" on "order_items"."order_id" = "orders"."id"
        left join "lib_styles" on "lib_styles"."id" = "order_items"."style_id"
      where ${andExtra(sql`${placed(days)} and "order_items"."status" <> 'cancelled'`, extra)}
      group by grouping sets ((${placedDay}, "orders"."client_id", "orders"."factory_id", ${CATEGORY}),
        (${placedDay}, "orders"."client_id", "orders"."factory_id", ${CATEGORY}, "order_items"."style_code"))`,
  },
  webKeys: {
    table: schema.salesDailyWebKeys,
    columns: "day, client_id, factory_id, placed_by, client_name, orders, placed_cents",
    first: firstPlaced,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${placedDay} as day, "orders"."client_id", "orders"."factory_id", "orders"."placed_by",
        max("orders"."client_name") as client_name, count(*)::int as orders,
        coalesce(sum("orders"."total_cents"), 0)::bigint as placed_cents
      from ${ORDERS} where ${andExtra(sql`${placed(days)} and "orders"."source" = 'web'`, extra)} group by 1, 2, 3, 4`,
  },
  ledger: {
    table: schema.ledgerDaily,
    columns: "day, client_id, factory_id, charged_cents, refunded_cents",
    first: sql`(select min("created_at") from "billing_ledger")`,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${ledgerDay} as day, "billing_ledger"."client_id", "orders"."factory_id",
        coalesce(sum("billing_ledger"."amount_cents") filter (where "billing_ledger"."kind" = 'charge'), 0)::bigint as charged_cents,
        coalesce(sum("billing_ledger"."amount_cents") filter (where "billing_ledger"."kind" = 'refund'), 0)::bigint as refunded_cents
      from "billing_ledger" join "orders" on ${LEDGER_ORDER}
      where ${andExtra(sql`${inDays(createdAt, days)} and "billing_ledger"."status" = 'succeeded'`, extra)}
      group by 1, 2, 3`,
  },
} satisfies Record<string, GrainDef>;
