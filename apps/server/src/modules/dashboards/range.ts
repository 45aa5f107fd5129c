import {
  DASHBOARD_BUCKETS,
  resolveRange,
  type TDashboardBucket,
  type TDashboardQuery,
  type TResolvedRange,
} from "@hub/contracts/dashboards/range";
import { type Column, type SQL, sql } from "drizzle-orm";
import { dateRange } from "../../platform/paging";

/**
 * A dashboard's range on the server: the dates (`resolveRange`, shared with the web), the same
 * `dateRange` filter the lists use (so a figure and its list agree to the cent), the bucket of a
 * moment in SQL, and every bucket of the range so a series has no holes.
 */
export const rangeOf = (q: TDashboardQuery, now = new Date()): TResolvedRange => resolveRange(q, now);

/** Between the range's first and last day (UTC), as the lists filter `from`/`to`. */
export const within = (column: Column, from: string, to: string): SQL | undefined => dateRange(column, from, to);

/**
 * The first day (UTC) of the bucket a moment falls in, as `YYYY-MM-DD` (weeks start on Monday).
 * The unit is written into the SQL (one of three words), not a parameter: GROUP BY must repeat the
 * select's expression exactly, and two parameters are two expressions to PostgreSQL.
 */
export const bucketOf = (column: Column | SQL, bucket: TDashboardBucket): SQL<string> => {
  if (!DASHBOARD_BUCKETS.includes(bucket)) throw new Error(`unknown bucket ${bucket}`);
  return sql<string>`to_char(date_trunc('${sql.raw(bucket)}', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
};

/** The first day of the bucket of a rollup row's day (`g.day`), as `YYYY-MM-DD`, as `bucketOf` answers for a moment of that day. */
export const bucketOfDay = (bucket: TDashboardBucket): SQL<string> => {
  if (!DASHBOARD_BUCKETS.includes(bucket)) throw new Error(`unknown bucket ${bucket}`);
  return sql<string>`to_char(date_trunc('${sql.raw(bucket)}', g.day::timestamp), 'YYYY-MM-DD')`;
};

/** The day (UTC) of a moment, as `YYYY-MM-DD`. */
export const dayOf = (column: Column | SQL): SQL<string> => bucketOf(column, "day");

const utc = (s: string) => new Date(`${s}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of every bucket from `from` to `to`, in order. */
export const bucketsOf = (r: Pick<TResolvedRange, "from" | "to" | "bucket">): string[] => {
  const start = utc(r.from);
  if (r.bucket === "week") start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (r.bucket === "month") start.setUTCDate(1);
  const end = utc(r.to);
  const out: string[] = [];
  for (const d = start; d <= end && out.length < 2000; ) {
    out.push(iso(d));
    if (r.bucket === "day") d.setUTCDate(d.getUTCDate() + 1);
    else if (r.bucket === "week") d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
};

/** A count or sum from SQL (bigint arrives as text) as a number. */
export const n = (value: unknown): number => Number(value ?? 0);

/** `a / b` in percent with one decimal; null when b is 0. */
export const pct = (a: number, b: number): number | null => (b === 0 ? null : Math.round((a / b) * 1000) / 10);

/** Code-point order (as JavaScript sorts), for ties. */
export const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** Sums a figure's rows (a rolled part's and a live part's) by a key, keeping the first row of each key as its base. */
export const sumBy = <R, K extends string | number>(
  rows: readonly R[],
  key: (r: R) => K,
  add: (into: R, r: R) => void,
) => {
  const out = new Map<K, R>();
  for (const r of rows) {
    const k = key(r);
    const seen = out.get(k);
    if (seen) add(seen, r);
    else out.set(k, { ...r });
  }
  return [...out.values()];
};
