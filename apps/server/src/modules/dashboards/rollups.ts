import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { getTableName, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { rowsOf } from "../../platform/database";
import type { SourceDays, TenantTable } from "./grain-sql";
import { GRAIN_DEFS, GRAINS, type Grain } from "./grains";
import { type Figure, liveStatement } from "./live-statement";

/**
 * The dashboards' daily rollups (docs/adr/0014-dashboard-aggregates.md): the source rows of each
 * "grain" (grains.ts: the Sales Dashboard's orders, coupons, lines, grid and ledger money; the
 * floor's unit events, QC inspections, units inspected and recuts) written as one row per key per
 * UTC day, by a refresh that runs in the background (`startRollups`). `through` is the last whole
 * day rolled up, the day after it is rolled up to 15 minutes ago; later rows, and days the triggers
 * of migrations 0025, 0046 and 0047 marked dirty, are read from the source by the dashboards, so a
 * figure equals its list's at every moment.
 *
 * A grain's SQL is written once (sales-grains.ts, floor-grains.ts) and used twice: by the refresh
 * (INSERT … SELECT over a range of days) and by the dashboard (the same SELECT over the days not
 * rolled up, beside the rollup). One state, one set of dirty days and one refresh for every grain.
 */

export const SALES_ROLLUP = "sales";
export type { TenantTable } from "./grain-sql";
export type { Grain } from "./grains";
export type { Figure } from "./live-statement";

/** Before any order: the `through` of rollups never refreshed. */
const NEVER = "1900-01-01";

/**
 * One grain's rows from the source, grouped as its rollup table's key, for the given days and an
 * extra condition (the caller's scope and client filter, over the source's tables). The columns
 * are the rollup table's, in its order.
 */
export const sourceGrain = (grain: Grain, days: SourceDays, extra: SQL | undefined): SQL =>
  GRAIN_DEFS[grain].source(days, extra);

const COLUMNS = (grain: Grain): string => GRAIN_DEFS[grain].columns;
const tableOf = (grain: Grain): SQL => sql.raw(`"${getTableName(GRAIN_DEFS[grain].table)}"`);

/**
 * What the rollups cover when a dashboard reads them: the last whole day rolled up; the day after
 * it, rolled up for its rows before `partialUntil` (null: not rolled up); the dirty days (read from
 * the source) between two dates; and when the last refresh committed. Read once per view, so each
 * figure's SQL has constant bounds (index ranges with good estimates) and no dirty-day branch when
 * none is dirty; `refreshedAt` tells a cached reading of the rollup from a stale one.
 */
export type Coverage = { through: string; partialUntil: string | null; dirty: string[]; refreshedAt: string };

/** The rollups' state: what `coverageOf` reads, with every dirty day (a range picks its own). */
type RollupState = { through: string; partialUntil: string | null; dirty: string[]; refreshedAt: string | null };

/** The columns of the rollups' state, for a statement of its own or beside a dashboard's live rows. */
const STATE_COLUMNS = sql`
      coalesce((select "through"::text from "rollup_state" where "name" = ${SALES_ROLLUP}), ${NEVER}) as through,
      (select to_char("partial_until" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from "rollup_state" where "name" = ${SALES_ROLLUP}) as "partialUntil",
      (select "refreshed_at"::text from "rollup_state" where "name" = ${SALES_ROLLUP}) as "refreshedAt",
      array(select "day"::text from "rollup_dirty_days" order by 1) as dirty`;

/** A range's coverage from the rollups' state. */
const coverageFrom = (row: RollupState | undefined, from: string, to: string): Coverage => {
  const through = row?.through ?? NEVER;
  // The partial day is the one after `through` (a state whose moment is on another day is ignored).
  const partial = row?.partialUntil ?? null;
  const partialUntil = partial !== null && partial.slice(0, 10) === nextDay(through) ? partial : null;
  const last = partialUntil ? nextDay(through) : through;
  return {
    through,
    partialUntil,
    dirty: (row?.dirty ?? []).filter((d) => d >= from && d <= to && d <= last),
    refreshedAt: row?.refreshedAt ?? "",
  };
};

const sameCoverage = (a: Coverage, b: Coverage): boolean =>
  a.through === b.through &&
  a.partialUntil === b.partialUntil &&
  a.refreshedAt === b.refreshedAt &&
  a.dirty.join() === b.dirty.join();

export const coverageOf = async (db: HubDb, from: string, to: string): Promise<Coverage> => {
  const [row] = rowsOf<RollupState>(await db.execute(sql`select ${STATE_COLUMNS}`));
  lastState.set(db, row);
  return coverageFrom(row, from, to);
};

/** The rollups' state as this process last read it, per database (a refresh or a newly dirty day moves it). */
const lastState = new WeakMap<HubDb, RollupState | undefined>();

/**
 * A dashboard's figures (`readFigures`) over the coverage of [from, to], in one round trip when the
 * rollups have not moved since this process last looked: the figures are built for the coverage
 * last seen, and the statement of their live rows reads the rollups' state too, in the same
 * snapshot. When that state gives the same coverage, the rolled and live parts are exactly the ones
 * that snapshot's coverage would have chosen; when it does not (a refresh, a day newly dirty), the
 * figures are read again for the new coverage.
 */
export const readCovered = async (
  db: HubDb,
  from: string,
  to: string,
  build: (cov: Coverage) => readonly Figure[],
): Promise<unknown[][]> => {
  if (lastState.has(db)) {
    const assumed = coverageFrom(lastState.get(db), from, to);
    const read = await readFigures(db, assumed, build(assumed)).catch(staleAsNull);
    if (read) {
      lastState.set(db, read.state);
      if (sameCoverage(coverageFrom(read.state, from, to), assumed)) return read.rows;
    }
  }
  // A refresh between two readings: read them again (a refresh a minute makes a third try rare).
  for (let attempt = 1; ; attempt++) {
    const cov = await coverageOf(db, from, to);
    const read = await readFigures(db, cov, build(cov)).catch(attempt < 3 ? staleAsNull : (e) => Promise.reject(e));
    if (read) {
      lastState.set(db, read.state);
      // The third reading stands, whatever moved meanwhile (the next view reads the new state).
      if (attempt >= 3 || sameCoverage(coverageFrom(read.state, from, to), cov)) return read.rows;
    }
  }
};

const staleAsNull = (error: unknown): null => {
  if (error instanceof StaleRollups) return null;
  throw error;
};

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const nextDay = (day: string): string => {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return iso(d);
};
/** The first day of a day's month, of the next month, and the last day of a month. */
const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string): string => {
  const d = utc(month);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return iso(d);
};
const lastDayOf = (month: string): string => {
  const d = utc(nextMonth(month));
  d.setUTCDate(0);
  return iso(d);
};
/** The key of the lines rollups, after the day or month. */
const LINE_KEY = "client_id, factory_id, style_code, sku, size, colour";

/**
 * The rolled-up days [from, to] of the lines, split into whole months (read from the monthly
 * rollup: every day closed by `through`, none dirty) and the days around them (read from the daily one).
 */
const splitMonths = (from: string, to: string, through: string, dirty: readonly string[]) => {
  const months: string[] = [];
  const days: [string, string][] = [];
  for (let m = monthOf(from); m <= to; m = nextMonth(m)) {
    const end = lastDayOf(m);
    // A month is in the monthly rollup once its last day is closed (a partial day is not).
    if (m >= from && end <= to && end <= through && !dirty.some((d) => d >= m && d <= end)) months.push(m);
    else {
      const a = m > from ? m : from;
      const b = end < to ? end : to;
      const last = days.at(-1);
      if (last && nextDay(last[1]) === a) last[1] = b;
      else days.push([a, b]);
    }
  }
  return { months, days };
};

/**
 * A grain's rows for the days [from, to] as the dashboard reads them, in two parts: `rolled`, the
 * rolled-up days (up to `through`, not dirty) from the rollup, which only a refresh changes (so a
 * reading of it holds until `refreshedAt` moves: `readRolled`); and `live`, the days after `through`
 * and each dirty day from the source. Each is a UNION ALL (or undefined when empty), each branch
 * with the caller's condition over its own tables (`rolled` over the rollup table, `source` over
 * the source's).
 */
export const grainParts = (
  grain: Grain,
  from: string,
  to: string,
  cov: Coverage,
  where: { rolled: (t: TenantTable) => SQL | undefined; source: SQL | undefined },
): { rolled: SQL | undefined; live: SQL | undefined } => {
  const rolled: SQL[] = [];
  const live: SQL[] = [];
  // The partial day counts as rolled up unless it is dirty (then all of it is read from the source).
  const partialDay = nextDay(cov.through);
  const partial = cov.partialUntil !== null && !cov.dirty.includes(partialDay) ? cov.partialUntil : null;
  const lastRolled = partial ? partialDay : cov.through;
  const rolledTo = to < lastRolled ? to : lastRolled;
  if (from <= rolledTo) {
    const table = GRAIN_DEFS[grain].table;
    const t = tableOf(grain);
    const day = sql`${t}."day"`;
    const dirty = cov.dirty.filter((d) => d >= from && d <= rolledTo);
    const except = dirty.length ? sql` and ${day} <> all(${`{${dirty.join(",")}}`}::date[])` : sql``;
    const scope = (x: TenantTable) => {
      const w = where.rolled(x);
      return w ? sql` and ${w}` : sql``;
    };
    if (grain === "lines") {
      const { months, days } = splitMonths(from, rolledTo, cov.through, dirty);
      if (months.length > 0)
        rolled.push(sql`select "month" as day, ${sql.raw(LINE_KEY)}, style_name, units, revenue_cents
          from "sales_monthly_lines" where "month" = any(${`{${months.join(",")}}`}::date[])${scope(schema.salesMonthlyLines)}`);
      if (days.length > 0)
        rolled.push(
          sql`select ${sql.raw(COLUMNS(grain))} from ${t} where (${sql.join(
            days.map(([a, b]) => sql`${day} between ${a}::date and ${b}::date`),
            sql` or `,
          )})${except}${scope(table)}`,
        );
    } else
      rolled.push(sql`select ${sql.raw(COLUMNS(grain))} from ${t}
        where ${day} between ${from}::date and ${rolledTo}::date${except}${scope(table)}`);
    for (const d of dirty)
      live.push(sourceGrain(grain, { from: sql`${d}::date`, to: sql`${nextDay(d)}::date` }, where.source));
  }
  // After what is rolled up: from the partial day's moment when the range holds it, else from the
  // first day not rolled up.
  const tailDay = from > lastRolled ? from : nextDay(lastRolled);
  if (partial && from <= partialDay && partialDay <= to)
    live.push(sourceGrain(grain, { from: sql`${partial}::timestamptz`, to: sql`${nextDay(to)}::date` }, where.source));
  else if (tailDay <= to)
    live.push(sourceGrain(grain, { from: sql`${tailDay}::date`, to: sql`${nextDay(to)}::date` }, where.source));
  if (rolled.length === 0 && live.length === 0)
    live.push(sourceGrain(grain, { from: sql`${from}::date`, to: sql`${nextDay(to)}::date` }, where.source));
  const union = (parts: SQL[]) =>
    parts.length === 0
      ? undefined
      : sql.join(
          parts.map((x) => sql`(${x})`),
          sql` union all `,
        );
  return { rolled: union(rolled), live: union(live) };
};

/** A figure of a dashboard over its grain (`grainParts`): see `Figure`. */
export const grainFigure = (
  grain: Grain,
  from: string,
  to: string,
  cov: Coverage,
  where: Parameters<typeof grainParts>[4],
  statement: (rows: SQL) => SQL,
): Figure => {
  const { rolled, live } = grainParts(grain, from, to, cov, where);
  return {
    rolled: rolled && statement(rolled),
    live: live && statement(live),
    ...(live ? { source: live, over: statement } : {}),
  };
};

/**
 * Readings of the rolled part of a figure, per process: the statement's text and parameters (its
 * days, dirty days excluded, scope and filters) with the rollups' `refreshedAt` are the key, since
 * the rollup tables change only in a refresh, which moves `refreshedAt` in the same transaction.
 * Twenty people on the same dashboard then read its past once (those asking at the same moment
 * share the one reading) and only the last minutes (and any dirty day) from the source. Bounded by
 * the rows held; the least recently used reading goes first; a failed reading is not kept.
 */
const ROLLED_ROWS_HELD = 200_000;
const dialect = new PgDialect();
const rolledReadings = new Map<string, { rows: Promise<unknown[]>; size: number }>();
let rolledRowsHeld = 0;

/** A rolled-up reading made after a refresh the coverage did not know of. */
class StaleRollups extends Error {}

export const readRolled = async <T>(db: HubDb, cov: Coverage, query: SQL): Promise<T[]> => {
  if (cov.refreshedAt === "") return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  const key = `${cov.refreshedAt}\u0000${text}\u0000${JSON.stringify(params)}`;
  const seen = rolledReadings.get(key);
  if (seen) {
    // Most recently used last.
    rolledReadings.delete(key);
    rolledReadings.set(key, seen);
    return (await seen.rows) as T[];
  }
  // The reading says which refresh it saw: one made after the coverage was read is not kept, and
  // the view is read again for the new coverage (`readCovered`).
  const entry = {
    rows: db
      .execute(
        sql`select coalesce(json_agg(x), '[]'::json) as rows,
          (select "refreshed_at"::text from "rollup_state" where "name" = ${SALES_ROLLUP}) as refreshed from (${query}) x`,
      )
      .then((result) => {
        const [row] = rowsOf<{ rows: unknown[] | string; refreshed: string | null }>(result);
        if ((row?.refreshed ?? "") !== cov.refreshedAt) throw new StaleRollups();
        const rows = row?.rows ?? [];
        return typeof rows === "string" ? (JSON.parse(rows) as unknown[]) : rows;
      }),
    size: 1,
  };
  rolledReadings.set(key, entry);
  rolledRowsHeld += entry.size;
  try {
    const rows = await entry.rows;
    if (rolledReadings.get(key) === entry) {
      entry.size += rows.length;
      rolledRowsHeld += rows.length;
      for (const [k, v] of rolledReadings) {
        if (rolledRowsHeld <= ROLLED_ROWS_HELD) break;
        rolledReadings.delete(k);
        rolledRowsHeld -= v.size;
      }
    }
    return rows as T[];
  } catch (error) {
    if (rolledReadings.get(key) === entry) {
      rolledReadings.delete(key);
      rolledRowsHeld -= entry.size;
    }
    throw error;
  }
};

/**
 * A dashboard's figures, each a statement over its grain's two parts (`grainParts`): the rolled part
 * of each read through `readRolled` (from memory after the first viewer), and the live parts of all
 * of them in one statement (each figure's rows as a JSON array), so a view is one round trip to the
 * source however many figures it has. Each figure's rows are its rolled rows then its live rows. The
 * same statement reads the rollups' state, in its snapshot, for `readCovered` to check the coverage.
 */
const readFigures = async (
  db: HubDb,
  cov: Coverage,
  figures: readonly Figure[],
): Promise<{ rows: unknown[][]; state: RollupState | undefined }> => {
  let state: RollupState | undefined;
  const liveRows = async (): Promise<unknown[][]> => {
    const out: unknown[][] = figures.map(() => []);
    const { statement, read } = liveStatement(figures, STATE_COLUMNS);
    const [row] = rowsOf<Record<string, unknown>>(await db.execute(statement));
    if (row) {
      const { through, partialUntil, refreshedAt, dirty } = row as RollupState;
      state = { through, partialUntil, refreshedAt, dirty };
    }
    for (const i of read) {
      // Both drivers parse json; kept as text, it is parsed here.
      const value = row?.[`f${i}`] ?? [];
      out[i] = typeof value === "string" ? (JSON.parse(value) as unknown[]) : (value as unknown[]);
    }
    return out;
  };
  const [rolled, live] = await Promise.all([
    Promise.all(figures.map((f) => (f.rolled ? readRolled<unknown>(db, cov, f.rolled) : Promise.resolve([])))),
    liveRows(),
  ]);
  return { rows: figures.map((_, i) => [...(rolled[i] ?? []), ...(live[i] ?? [])]), state };
};

/** The last whole day a refresh may close: yesterday (UTC), once 15 minutes of today have passed. */
export const closableDay = (now: Date): string => {
  const d = new Date(now.getTime() - 15 * 60_000);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

const rebuild = async (tx: HubTx, days: SourceDays) => {
  for (const grain of GRAINS) {
    const t = tableOf(grain);
    await tx.execute(sql`delete from ${t} where "day" >= ${days.from} and "day" < ${days.to}`);
    await tx.execute(sql`insert into ${t} (${sql.raw(COLUMNS(grain))}) ${sourceGrain(grain, days, undefined)}`);
  }
};

type Refreshed = { through: string | null; partialUntil?: string | null; dirtyDays: number; skipped?: true };

/**
 * Brings the rollups up to `closableDay`: the days after `through` in one pass per grain, then the
 * dirty days one by one. One transaction, under an advisory lock (another instance refreshing
 * already: skipped). The dirty rows are deleted before any day is read: a transaction still marking
 * one holds its row, so the delete waits for it, and the reads (later statements) see its change; a
 * mark made after the delete stays for the next refresh, and its day is read from the source meanwhile.
 */
export const refreshRollups = async (db: HubDb, now = new Date()): Promise<Refreshed> =>
  db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('hub.rollups.sales')) as ok`),
    );
    if (!lock?.ok) return { through: null, dirtyDays: 0, skipped: true };
    const target = closableDay(now);
    const [state] = rowsOf<{ through: string | null }>(
      await tx.execute(
        sql`select "through"::text as through from "rollup_state" where "name" = ${SALES_ROLLUP} for update`,
      ),
    );
    const through = state?.through ?? null;
    // The day after `target` is rolled up for its settled rows: those older than the margin, by the
    // earlier of the database's clock and ours (a row that old is committed or marks its day).
    const partialDay = nextDay(target);
    const [mark] = rowsOf<{ until: string }>(
      await tx.execute(sql`select to_char((least(clock_timestamp(), ${now.toISOString()}::timestamptz) - interval '15 minutes')
        at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as until`),
    );
    const until = mark && mark.until.slice(0, 10) === partialDay ? mark.until : null;
    // First, so that a change whose mark is taken here is visible to the reads below.
    const dirty = rowsOf<{ day: string }>(
      await tx.execute(
        sql`delete from "rollup_dirty_days" where "day" <= ${until ? partialDay : target}::date returning "day"::text as day`,
      ),
    );
    const touched: string[] = [];
    if (through === null || through < target) {
      const [first] = rowsOf<{ first: string | null }>(
        await tx.execute(
          sql`select to_char(least(${sql.join(
            GRAINS.map((g) => GRAIN_DEFS[g].first),
            sql`, `,
          )}) at time zone 'UTC', 'YYYY-MM-DD') as first`,
        ),
      );
      const start = through === null ? (first?.first ?? target) : nextDay(through);
      await rebuild(tx, { from: sql`${start}::date`, to: sql`${nextDay(target)}::date` });
      for (let m = monthOf(start); m <= target; m = nextMonth(m)) touched.push(m);
    }
    // A dirty day after `through` was rebuilt with the range above, and the partial day is below.
    for (const { day } of dirty)
      if (through !== null && day <= through) {
        await rebuild(tx, { from: sql`${day}::date`, to: sql`${nextDay(day)}::date` });
        touched.push(monthOf(day));
      }
    // The months touched whose every day is now rolled up.
    const months = [...new Set(touched)].filter((m) => lastDayOf(m) <= target);
    if (months.length > 0) {
      const list = `{${months.join(",")}}`;
      await tx.execute(sql`delete from "sales_monthly_lines" where "month" = any(${list}::date[])`);
      await tx.execute(sql`insert into "sales_monthly_lines" (month, ${sql.raw(LINE_KEY)}, style_name, units, revenue_cents)
        select date_trunc('month', "day")::date, ${sql.raw(LINE_KEY)}, max(style_name), sum(units), sum(revenue_cents)
        from "sales_daily_lines" where date_trunc('month', "day")::date = any(${list}::date[])
        group by 1, 2, 3, 4, 5, 6, 7`);
    }
    await compactWip(tx);
    // The partial day, rebuilt every refresh: its rows so far (a few minutes' worth more each time).
    if (until) await rebuild(tx, { from: sql`${partialDay}::date`, to: sql`${until}::timestamptz` });
    await tx.execute(sql`insert into "rollup_state" ("name", "through", "partial_until", "refreshed_at")
      values (${SALES_ROLLUP}, ${target}::date, ${until}::timestamptz, now())
      on conflict ("name") do update set "through" = excluded."through", "partial_until" = excluded."partial_until",
        "refreshed_at" = excluded."refreshed_at"`);
    return { through: target, partialUntil: until, dirtyDays: dirty.length };
  });

/**
 * The units' state deltas (`floor_wip`, migration 0053) summed to one row per facility, client and
 * state. Rows inserted meanwhile by scans are not in the delete's snapshot and stay as they are.
 */
export const compactWip = async (tx: HubTx) => {
  await tx.execute(sql`with gone as (delete from "floor_wip" returning *)
    insert into "floor_wip" ("factory_id", "client_id", "status", "units")
    select "factory_id", "client_id", "status", sum("units")::int from gone group by 1, 2, 3 having sum("units") <> 0`);
};

/** How often the rollups are brought up to date. */
export const ROLLUP_REFRESH_MS = 60_000;

type Log = { warn: (obj: object, msg: string) => void };

/** At start-up and then every minute, `refreshRollups` (in every process that runs jobs; one at a time). */
export const startRollups = (db: HubDb, log: Log, everyMs = ROLLUP_REFRESH_MS) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let closed = false;
  const run = () => {
    running = refreshRollups(db)
      .catch((error: unknown) =>
        log.warn({ err: error }, "could not refresh the dashboard rollups; trying again later"),
      )
      .finally(() => {
        if (closed) return;
        timer = setTimeout(run, everyMs);
        timer.unref?.();
      });
  };
  run();
  return {
    idle: () => running ?? Promise.resolve(),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};
