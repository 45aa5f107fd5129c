import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { getTableName, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";

/** How the order search chooses its count's plan: the table's statistics, the cost model, the plan's settings. */

const o = schema.orders;

export type OrdersStats = {
  /** How many orders the table holds (`reltuples`: no scan). */
  rows: number;
};

/** The planner's estimate of the orders table's size as it last saw it (no scan). */
export const readOrdersStats = async (db: HubDb): Promise<OrdersStats> => {
  const name = sql.raw(`'${getTableName(o)}'`);
  const [row] = rowsOf<{ rows: number | string }>(
    await db.execute(
      sql`select greatest(c.reltuples, 0)::float8 as rows from pg_class c where c.oid = ${name}::regclass`,
    ),
  );
  return { rows: Number(row?.rows ?? 0) };
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
 * How a broad search's capped count reads its matches: through the GIN index (every match of the
 * search), or in an order that stops after the cap's matches: a scan of the table, or a walk of the
 * sort's index (its status twin with a status: `orders_status_total_idx`), in the order the window
 * that measured the search's share read.
 */
export type CountPlan = "bitmap" | "scan" | "walk";

/**
 * The cheaper count plan for a search matching `share` of the filter's orders, where `stopping` is
 * the plan that stops early in the order the share was measured in: the table's (a sample of it:
 * `scan`) or the sort's (a window of its index: `walk`). Measured at 1,000,000 orders: the scan
 * reads about (cap + 1) / share orders before it stops, at about 0.4 µs each; the walk as many, at
 * about 1 µs each (a heap read each); the bitmap reads every match of the search, share × the table,
 * at about 0.9 µs each (`tee-100-xl` with `placed`: walked 17 ms, bitmap 9).
 */
export const countPlan = (share: number, stats: OrdersStats, cap: number, stopping: "scan" | "walk"): CountPlan => {
  const perOrder = stopping === "scan" ? 0.4 : 1;
  return share > 0 && 0.9 * share * stats.rows < (perOrder * (cap + 1)) / share ? "bitmap" : stopping;
};

/**
 * How many orders a stopping count reads at most: four times what the share says it needs. A share
 * measured at the front of the order (a window) or in a sample says nothing of where the other
 * matches lie: the bench's own orders, last in the table, made a scan that expected 800 orders read
 * 990,000 (300 ms). A count that reaches this many without the cap's matches is done by the bitmap.
 */
export const countReach = (share: number, cap: number): number =>
  share > 0 ? Math.ceil((4 * (cap + 1)) / share) : 4 * (cap + 1);

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

/** What each plan turns off for its transaction (see `withPlan`). */
const PLAN_OFF: Record<CountPlan, Record<string, string>> = {
  bitmap: { enable_seqscan: "off", enable_indexscan: "off" },
  scan: { enable_bitmapscan: "off", max_parallel_workers_per_gather: "0" },
  walk: { enable_bitmapscan: "off", enable_seqscan: "off", enable_sort: "off" },
};
/** What every plan's transaction sets: no JIT, and plans made for the statement's own values. */
const EVERY_PLAN = { jit: "off", plan_cache_mode: "force_custom_plan" };

/** Each plan's settings as one statement, for its transaction only (set_config's is_local); constants, so written as text. */
const PLAN_SETTINGS = Object.fromEntries(
  Object.entries(PLAN_OFF).map(([plan, off]) => [
    plan,
    sql.raw(
      `select ${Object.entries({ ...off, ...EVERY_PLAN })
        .map(([name, value]) => `set_config('${name}', '${value}', true)`)
        .join(", ")}`,
    ),
  ]),
) as Record<CountPlan, SQL>;

/**
 * Runs `read` in a transaction whose plan settings are its own (set_config's third argument:
 * is_local): through the GIN index only (sequential and plain index scans off); by a scan that
 * stops (bitmap scans off, and no parallel workers: each starts at its own part of the table, so a
 * search whose matches lie together at the start took 200 ms instead of 1); or by walking an
 * index in its order (the count's `walk`: no scan, no sort). Custom plans: the Hub's sessions say
 * `force_generic_plan`, which PostgreSQL applies to every statement with parameters, named or not,
 * and a generic plan knows neither the search's words nor a range's bounds. JIT off: a capped count's estimate
 * passes jit_above_cost, and compiling it took 60 of its 134 ms at a million orders.
 */
export const withPlan = <T>(db: HubDb, plan: CountPlan, read: (tx: HubTx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(PLAN_SETTINGS[plan]);
    return read(tx);
  });
