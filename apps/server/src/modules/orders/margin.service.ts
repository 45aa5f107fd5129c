import { MARGIN_SORTS, parseSort, type TMarginPage, type TMarginQuery, type TMarginRow } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { badRequest } from "../../platform/errors";
import { dateRange } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { lineCostSql } from "./cost-lines";
import { orderScope } from "./scope";

/**
 * The margin report (/marginReport, issue 22): the lines' costs exactly as the order's Cost tab
 * computes them (cost-lines.ts), summed per style, client or month placed (UTC), over the orders
 * the caller sees (a facility its own, an internal admin every one) placed in the range, not
 * cancelled. A group's quoted cost is null when one of its lines has none. Groups are few (styles,
 * clients, months), so they are searched, sorted and paged here.
 */
const o = schema.orders;
const c = schema.clients;

const KEYS: Record<TMarginQuery["groupBy"], SQL> = {
  style: sql`c.style_code`,
  client: sql`c.client_id::text`,
  month: sql`c.month`,
};

type Agg = {
  is_total: boolean | string;
  key: string;
  orders: string | number;
  pieces: string | number;
  revenue: string | number;
  quoted: string | number | null;
  fabric: string | number;
  part: string | number;
  labour: string | number;
};

const figures = (r: {
  orders: number;
  pieces: number;
  revenueCents: number;
  quotedCents: number | null;
  actualFabricCents: number;
  actualPartCents: number;
  actualLabourCents: number;
}): Omit<TMarginRow, "key" | "label"> => {
  const actualCents = r.actualFabricCents + r.actualPartCents + r.actualLabourCents;
  const marginCents = r.revenueCents - actualCents;
  return {
    ...r,
    actualCents,
    marginCents,
    marginPct: r.revenueCents === 0 ? null : Math.round((marginCents / r.revenueCents) * 1000) / 10,
  };
};

/** The figures of an aggregate row; none (no order in the range) is all zeros. */
const figuresOf = (a: Agg | undefined) =>
  figures({
    orders: Number(a?.orders ?? 0),
    pieces: Number(a?.pieces ?? 0),
    revenueCents: Number(a?.revenue ?? 0),
    quotedCents: a ? (a.quoted === null ? null : Number(a.quoted)) : 0,
    actualFabricCents: Number(a?.fabric ?? 0),
    actualPartCents: Number(a?.part ?? 0),
    actualLabourCents: Number(a?.labour ?? 0),
  });

/** Every group the filter matches (searched and sorted), and the totals of the range (one order counted once). */
const marginRows = async (
  db: HubDb,
  p: Principal,
  q: TMarginQuery,
): Promise<{ rows: TMarginRow[]; totals: TMarginPage["totals"] }> => {
  const sort = parseSort(q.sort) ?? { field: q.groupBy === "month" ? "label" : "revenueCents", dir: "desc" as const };
  if (!MARGIN_SORTS.includes(sort.field)) {
    throw badRequest(`Sort by one of ${MARGIN_SORTS.join(", ")}`, { sort: "Unknown sort field" });
  }
  const where = and(
    ne(o.status, "cancelled"),
    orderScope(p),
    q.clientId ? eq(o.clientId, q.clientId) : undefined,
    dateRange(o.placedAt, q.from, q.to),
  );
  const key = KEYS[q.groupBy];
  const aggs = rowsOf<Agg>(
    await db.execute(sql`select grouping(${key}) = 1 as is_total, ${key} as key, count(distinct c.order_id) as orders, sum(c.quantity) as pieces,
      sum(c.price_cents) as revenue,
      case when bool_and(c.q_fabric is not null and c.q_part is not null and c.q_labour is not null)
        then sum(c.q_fabric + c.q_part + c.q_labour) end as quoted,
      sum(c.a_fabric) as fabric, sum(c.a_part) as part, sum(c.a_labour) as labour
      from (${lineCostSql(where)}) c group by grouping sets ((${key}), ())`),
  );
  const total = aggs.find((a) => a.is_total === true || a.is_total === "t" || a.is_total === "true");
  const groups = aggs.filter((a) => a !== total);
  const names = new Map<string, string>();
  if (q.groupBy === "client" && groups.length > 0) {
    const rows = await db
      .select({ id: c.clientId, name: c.clientName })
      .from(c)
      .where(
        inArray(
          c.clientId,
          groups.map((a) => Number(a.key)),
        ),
      );
    for (const r of rows) names.set(String(r.id), r.name);
  }
  const words = (q.searchString ?? "").toLowerCase();
  const rows = groups
    .map(
      (a): TMarginRow => ({
        key: String(a.key),
        label: names.get(String(a.key)) ?? String(a.key),
        ...figuresOf(a),
      }),
    )
    .filter((r) => !words || r.label.toLowerCase().includes(words) || r.key.toLowerCase().includes(words));
  const field = sort.field as keyof TMarginRow;
  const dir = sort.dir === "asc" ? 1 : -1;
  // Nulls (no quote, no revenue) sort last either way.
  rows.sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null || y === null) return x === y ? a.key.localeCompare(b.key) : x === null ? 1 : -1;
    const cmp = typeof x === "string" && typeof y === "string" ? x.localeCompare(y) : Number(x) - Number(y);
    return cmp * dir || a.key.localeCompare(b.key);
  });
  return { rows, totals: figuresOf(total) };
};

/** GET /reports/margin: one page of the groups, with the range's totals (the date and client filter; search aside). */
export const marginReport = async (db: HubDb, p: Principal, q: TMarginQuery): Promise<TMarginPage> => {
  const { rows, totals } = await marginRows(db, p, q);
  return {
    items: rows.slice(q.page * q.size, (q.page + 1) * q.size),
    total: rows.length,
    page: q.page,
    size: q.size,
    totals,
  };
};

/** GET /reports/margin/export.csv: every group the filter matches, in the screen's order (MARGIN_CSV_HEADER). */
export const exportMarginReport = async (db: HubDb, p: Principal, q: TMarginQuery): Promise<unknown[][]> =>
  (await marginRows(db, p, q)).rows.map((r) => [
    q.groupBy,
    r.key,
    r.label,
    r.orders,
    r.pieces,
    r.revenueCents,
    r.quotedCents,
    r.actualFabricCents,
    r.actualPartCents,
    r.actualLabourCents,
    r.actualCents,
    r.marginCents,
    r.marginPct,
  ]);
