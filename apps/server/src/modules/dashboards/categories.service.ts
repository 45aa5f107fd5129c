import type { TCategoryDashboard } from "@hub/contracts/dashboards/categories";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { orderScope } from "../orders/scope";
import { n, rangeOf, within } from "./range";

/**
 * Home Goods: the order lines (not cancelled) of orders placed in the range that the caller sees
 * (`orderScope`), summed by their style's category in SQL, beside the previous period's revenue,
 * and each category's ten best-selling styles (a window function, still one statement).
 */

const o = schema.orders;
const oi = schema.orderItems;
const styles = schema.styles;
const category = sql<string>`coalesce(${styles.category}, 'Uncategorised')`;
const sumOf = (x: SQL | typeof oi.quantity) => sql<string>`coalesce(sum(${x}), 0)::bigint::text`;

export const categoryDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TCategoryDashboard> => {
  const r = rangeOf(q);
  const lines = (from: string, to: string) =>
    and(
      orderScope(p),
      q.clientId ? eq(o.clientId, q.clientId) : undefined,
      within(o.placedAt, from, to),
      sql`${oi.status} <> 'cancelled'`,
    );
  const byCategory = (from: string, to: string) =>
    db
      .select({
        category,
        revenue: sumOf(sql`${oi.lineTotalCents}`),
        units: sumOf(oi.quantity),
        orders: sql<number>`count(distinct ${o.id})::int`,
      })
      .from(oi)
      .innerJoin(o, eq(o.id, oi.orderId))
      .leftJoin(styles, eq(styles.id, oi.styleId))
      .where(lines(from, to))
      .groupBy(category)
      .orderBy(desc(sql`sum(${oi.lineTotalCents})`));
  const ranked = db
    .select({
      category: sql<string>`${category}`.as("category"),
      styleCode: oi.styleCode,
      styleName: sql<string>`max(${oi.styleName})`.as("style_name"),
      revenue: sql<string>`sum(${oi.lineTotalCents})::bigint::text`.as("revenue"),
      units: sql<string>`sum(${oi.quantity})::bigint::text`.as("units"),
      rank: sql<number>`row_number() over (partition by ${category} order by sum(${oi.lineTotalCents}) desc, ${oi.styleCode})`.as(
        "rank",
      ),
    })
    .from(oi)
    .innerJoin(o, eq(o.id, oi.orderId))
    .leftJoin(styles, eq(styles.id, oi.styleId))
    .where(lines(r.from, r.to))
    .groupBy(category, oi.styleCode)
    .as("ranked");
  const [current, previous, top] = await allQueries(db, [
    byCategory(r.from, r.to),
    byCategory(r.previousFrom, r.previousTo),
    db.select().from(ranked).where(sql`${ranked.rank} <= 10`).orderBy(ranked.category, ranked.rank),
  ] as const);
  const before = new Map(previous.map((c) => [c.category, n(c.revenue)]));
  return {
    range: r,
    categories: current.map((c) => ({
      category: c.category,
      revenueCents: n(c.revenue),
      units: n(c.units),
      orders: n(c.orders),
      previousRevenueCents: before.get(c.category) ?? 0,
    })),
    styles: top.map((s) => ({
      category: s.category,
      styleCode: s.styleCode,
      styleName: s.styleName,
      revenueCents: n(s.revenue),
      units: n(s.units),
    })),
  };
};
