import type { TCategoryDashboard } from "@hub/contracts/dashboards/categories";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import { orderScope } from "../orders/scope";
import { n, rangeOf } from "./range";
import { grainFigure, readCovered, type TenantTable } from "./rollups";

/**
 * Home Goods: the order lines (not cancelled) of orders placed in the range that the caller sees
 * (`orderScope`), summed by their style's category, beside the previous period's revenue, and each
 * category's ten best-selling styles. Both figures read the `categories` grain (sales-grains.ts):
 * whole past days from its rollup, the rest from the source (`grainParts`, ADR 0014), so a
 * 12-month view reads a few thousand rollup rows, not its lines, and still equals the lists.
 */

const o = schema.orders;

type CategoryRow = { current: boolean; category: string; orders: string; units: string; revenue: string };
type StyleRow = { category: string; styleCode: string; styleName: string; revenue: string; units: string };

export const categoryDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TCategoryDashboard> => {
  const r = rangeOf(q);
  const first = r.previousFrom < r.from ? r.previousFrom : r.from;
  const where = {
    rolled: (t: TenantTable) =>
      and(
        tenantScope(p, { clientId: t.clientId, factoryId: t.factoryId }),
        q.clientId ? eq(t.clientId, q.clientId) : undefined,
      ),
    source: and(orderScope(p), q.clientId ? eq(o.clientId, q.clientId) : undefined),
  };
  const current = sql`g.day >= ${r.from}::date`;
  const [categoryRows, styleRows] = (await readCovered(db, first, r.to, (cov) => [
    // A category's total rows (style_code ''), for the range and the previous period.
    grainFigure(
      "categories",
      first,
      r.to,
      cov,
      where,
      (rows) => sql`select ${current} as current, g.category, sum(g.orders)::bigint::text as orders,
        sum(g.units)::bigint::text as units, sum(g.revenue_cents)::bigint::text as revenue
      from (${rows}) g where g.style_code = ''
        and (${current} or g.day between ${r.previousFrom}::date and ${r.previousTo}::date)
      group by 1, 2`,
    ),
    // A style's rows of the range, summed by category and style (ranked below).
    grainFigure(
      "categories",
      r.from,
      r.to,
      cov,
      where,
      (rows) => sql`select g.category, g.style_code as "styleCode", max(g.style_name) as "styleName",
        sum(g.revenue_cents)::bigint::text as revenue, sum(g.units)::bigint::text as units
      from (${rows}) g where g.style_code <> '' group by 1, 2`,
    ),
  ])) as [CategoryRow[], StyleRow[]];
  // A figure's rolled and live rows are separate groups: add them up by their key here.
  const categories = new Map<string, { revenue: number; units: number; orders: number; previous: number }>();
  for (const c of categoryRows) {
    const row = categories.get(c.category) ?? { revenue: 0, units: 0, orders: 0, previous: 0 };
    if (c.current) {
      row.revenue += n(c.revenue);
      row.units += n(c.units);
      row.orders += n(c.orders);
    } else row.previous += n(c.revenue);
    categories.set(c.category, row);
  }
  const styles = new Map<
    string,
    { category: string; styleCode: string; styleName: string; revenue: number; units: number }
  >();
  for (const s of styleRows) {
    const key = `${s.category}\u0000${s.styleCode}`;
    const row = styles.get(key) ?? {
      category: s.category,
      styleCode: s.styleCode,
      styleName: "",
      revenue: 0,
      units: 0,
    };
    if (s.styleName > row.styleName) row.styleName = s.styleName;
    row.revenue += n(s.revenue);
    row.units += n(s.units);
    styles.set(key, row);
  }
  const byRevenue = <T extends { revenue: number }>(a: T, b: T) => b.revenue - a.revenue;
  const shown = [...categories].filter(([, c]) => c.revenue !== 0 || c.units !== 0 || c.orders !== 0);
  return {
    range: r,
    categories: shown
      .map(([category, c]) => ({ category, ...c }))
      .sort((a, b) => byRevenue(a, b) || a.category.localeCompare(b.category))
      .map((c) => ({
        category: c.category,
        revenueCents: c.revenue,
        units: c.units,
        orders: c.orders,
        previousRevenueCents: c.previous,
      })),
    styles: [...new Set([...styles.values()].map((s) => s.category))]
      .sort()
      .flatMap((category) =>
        [...styles.values()]
          .filter((s) => s.category === category)
          .sort((a, b) => byRevenue(a, b) || (a.styleCode < b.styleCode ? -1 : a.styleCode > b.styleCode ? 1 : 0))
          .slice(0, 10),
      )
      .map((s) => ({
        category: s.category,
        styleCode: s.styleCode,
        styleName: s.styleName,
        revenueCents: s.revenue,
        units: s.units,
      })),
  };
};
