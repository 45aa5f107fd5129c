import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { getTableName, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";

/** How the order search chooses its count's plan: the table's statistics, the cost model, the plan's settings. */

const o = schema.orders;

export type OrdersStats = {
  /** How many orders the table holds (`reltuples`: no scan). */
  rows: number;
  /** Each common status's share of the orders (`pg_stats`), when the table has been analyzed. */
  statusShare: Map<string, number>;
};

/** The planner's statistics of the orders table as it last saw them, in one query (no scan). */
export const readOrdersStats = async (db: HubDb): Promise<OrdersStats> => {
  const name = sql.raw(`'${getTableName(o)}'`);
  const [row] = rowsOf<{ rows: number | string; statuses: string[] | null; shares: (number | string)[] | null }>(
    await db.execute(sql`select greatest(c.reltuples, 0)::float8 as rows,
        s.most_common_vals::text::text[] as statuses, s.most_common_freqs::float8[] as shares
      from pg_class c left join pg_stats s
        on s.schemaname = current_schema() and s.tablename = ${name} and s.attname = 'status'
      where c.oid = ${name}::regclass`),
  );
  const statusShare = new Map<string, number>();
  (row?.statuses ?? []).forEach((status, i) => {
    statusShare.set(status, Number(row?.shares?.[i] ?? 1));
  });
  return { rows: Number(row?.rows ?? 0), statusShare };
};

/** `readOrdersStats`, read at most once a minute per database: the broad search weighs its count's plans by it. */
const seen = new WeakMap<HubDb, { stats: OrdersStats; at: number }>();
export const ordersStats = async (db: HubDb): Promise<OrdersStats> => {
  const cached = seen.get(db);
  if (cached && Date.now() - cached.at < 60_000) return cached.stats;
  const stats = await readOrdersStats(db);
  seen.set(db, { stats, at: Date.now() });
  return stats;
};

/**
 * A broad search's capped count has two plans; which is cheaper depends on how many orders match.
 * Measured at 1,000,000 orders: a scan reads about (cap + 1) / share orders before it stops, at
 * about 0.4 µs each; the GIN bitmap reads every match of the search, share × the table, at about
 * 0.9 µs each. `share` is the window's: the search's share of the filter's orders. With a status,
 * the scan also passes the other statuses' orders, so its share of the table is that times the
 * status's (`tee-100-xl` with `placed`: 1.6 % of the placed orders, 0.24 % of all; the scan read
 * 105,000 orders, 91 ms, where the bitmap took 36).
 */
export const countByBitmap = (share: number, stats: OrdersStats, cap: number, status?: string): boolean => {
  const scanShare = share * (status === undefined ? 1 : (stats.statusShare.get(status) ?? 1));
  return share > 0 && 0.9 * share * stats.rows < (0.4 * (cap + 1)) / scanShare;
};

/**
 * When the search samples the table: from how many orders (below that every plan is cheap), how
 * much of it (`tablesample system`: that percentage of its pages, about 1,000 orders of a million),
 * and how many sampled matches make a search common. A test may lower them.
 */
export type SampleTuning = { fromRows: number; percent: number; commonHits: number };
export const SAMPLE: SampleTuning = { fromRows: 200_000, percent: 0.1, commonHits: 3 };

/**
 * The search's share of the caller's orders, from a sample of the table's pages (the same pages
 * each time: `repeatable`, so they stay in memory), when it is common: 3 or more matches among the
 * sampled orders the caller sees, about 1,000 of a million. About 1.5 ms at a million orders
 * (`maya patel` 32 of 905, `tee-100-xl` 14 of 1,090, `po-4512` 0 of 1,066). Undefined for a small
 * table, an uncommon search, or a caller who sees less than a quarter of the orders (a client of
 * many): their windows walk the sort's index past everyone else's, so a wider one is no bargain.
 */
export const commonShare = async (
  db: HubDb,
  stats: OrdersStats,
  matches: SQL,
  scope: SQL | undefined,
  tuning: SampleTuning = SAMPLE,
): Promise<number | undefined> => {
  if (stats.rows < tuning.fromRows) return undefined;
  const mine = scope ?? sql`true`;
  const [row] = rowsOf<{ hits: number; seen: number; n: number }>(
    await db.execute(sql`select count(*) filter (where ${matches} and ${mine})::int as hits,
        count(*) filter (where ${mine})::int as seen, count(*)::int as n
      from ${o} tablesample system (${sql.raw(String(Number(tuning.percent)))}) repeatable (0)`),
  );
  if (!row || row.seen === 0 || row.seen * 4 < row.n || row.hits < tuning.commonHits) return undefined;
  return row.hits / row.seen;
};

/**
 * Runs `read` in a transaction whose plan settings are its own (set_config's third argument:
 * is_local): through the GIN index only (sequential and plain index scans off), or by a scan that
 * stops (bitmap scans off). JIT off: a capped count's estimate passes jit_above_cost, and compiling
 * it took 60 of its 134 ms at a million orders.
 */
export const withPlan = <T>(db: HubDb, bitmap: boolean, read: (tx: HubTx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(
      bitmap
        ? sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`
        : sql`select set_config('enable_bitmapscan', 'off', true), set_config('jit', 'off', true)`,
    );
    return read(tx);
  });
