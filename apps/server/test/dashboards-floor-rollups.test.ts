import type { TProductionDashboard } from "@hub/contracts/dashboards/production";
import type { TQualityHistory } from "@hub/contracts/dashboards/quality";
import { DASHBOARD_RANGES } from "@hub/contracts/dashboards/range";
import type { TTimesDashboard } from "@hub/contracts/dashboards/times";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { refreshRollups } from "../src/modules/dashboards/rollups";
import { createTestApp, type DemoUser, demoClientIds, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * The floor rollup (ADR 0014): with the rollups brought up to date, Production Overview and Quality
 * History and Times answer, for every range of every scope, exactly what the source alone answers (the rollup
 * state wiped: every day read from the source); a scan or a QC result dated in a past, rolled-up
 * day is marked dirty by the database in its own transaction and read from the source at once, and
 * the next refresh rolls it up; a scan made now marks nothing. The refresh runs here by hand.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let northwind = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { jobWorkers: false } });
  tokens = await signInDemoUsers(t);
  northwind = (await demoClientIds(t.db)).northwind;
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

const get = async <T>(who: DemoUser, url: string): Promise<T> => {
  const res = await t.request({ method: "GET", url, token: tokens[who] });
  expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};

/** Every range (a custom one across 13 months too) as the admin, the facility and a client; the admin's client picker. */
const VIEWS = [
  ...DASHBOARD_RANGES.filter((r) => r !== "custom").flatMap((range) =>
    (["admin", "factory", "client"] as const).map((who) => ({ who, query: `range=${range}` })),
  ),
  { who: "admin" as const, query: "range=custom&from=2025-09-01&to=2026-11-30" },
  { who: "factory" as const, query: "range=custom&from=2025-09-01&to=2026-11-30" },
  { who: "admin" as const, query: "range=12m&clientId=CLIENT" },
];
type Answers = {
  production: Omit<TProductionDashboard, "asOf">[];
  quality: TQualityHistory[];
  times: Omit<TTimesDashboard, "slowestOrders">[];
};
const answersOf = async (): Promise<Answers> => {
  const out: Answers = { production: [], quality: [], times: [] };
  for (const v of VIEWS) {
    const query = v.query.replace("CLIENT", String(northwind));
    // `asOf` is the moment of the answer, not a figure.
    const { asOf: _, ...production } = await get<TProductionDashboard>(v.who, `/api/dashboards/production?${query}`);
    out.production.push(production);
    out.quality.push(await get<TQualityHistory>(v.who, `/api/dashboards/quality?${query}`));
    // Times is for facilities and internal admins. Slowest orders are not rolled up (and their days open move with the clock).
    if (v.who !== "client") {
      const { slowestOrders: __, ...times } = await get<TTimesDashboard>(v.who, `/api/dashboards/times?${query}`);
      out.times.push(times);
    }
  }
  return out;
};
/** What the source alone answers: the rollup state wiped for the reads, then put back. */
const sourceAnswers = async () => {
  const saved = await rows<{ through: string | null; partialUntil: string | null }>(
    sql`select "through"::text as through, "partial_until"::text as "partialUntil" from rollup_state`,
  );
  await t.db.execute(sql`delete from rollup_state`);
  const out = await answersOf();
  if (saved[0]?.through)
    await t.db.execute(sql`insert into rollup_state (name, through, partial_until)
      values ('sales', ${saved[0].through}::date, ${saved[0].partialUntil}::timestamptz)`);
  return out;
};
const count = async (table: string) =>
  Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);
const dirtyDays = async () =>
  (await rows<{ day: string }>(sql`select day::text as day from rollup_dirty_days order by day`)).map((d) => d.day);

// Each test reads every dashboard view twice (from the source and rolled up): tens of seconds on a busy 2-core machine.
test("rolled up, every range of every scope answers what the source answers", async () => {
  const fromSource = await sourceAnswers();
  await refreshRollups(t.db);
  for (const table of ["floor_daily_events", "floor_daily_qc", "floor_daily_qc_units", "floor_daily_stays"])
    expect(await count(table), table).toBeGreaterThan(0);
  expect(await count("rollup_dirty_days")).toBe(0);
  const rolled = await answersOf();
  expect(rolled.production).toEqual(fromSource.production);
  expect(rolled.quality).toEqual(fromSource.quality);
  expect(rolled.times).toEqual(fromSource.times);
  // The 12-month range has something to sum, so the comparison is not vacuous.
  const year = DASHBOARD_RANGES.indexOf("12m") * 3;
  const yearTimes = DASHBOARD_RANGES.indexOf("12m") * 2;
  const p = fromSource.production[year];
  expect(p?.throughput.length).toBeGreaterThan(10);
  expect(p?.quality.inspections).toBeGreaterThan(100);
  expect(p?.quality.fails).toBeGreaterThan(0);
  expect(p?.quality.unitsInspected).toBeGreaterThan(0);
  expect(p?.quality.firstInspected).toBeGreaterThan(0);
  expect(p?.scansByStation.length).toBeGreaterThan(0);
  expect(p?.scansByOperator.length).toBeGreaterThan(0);
  expect(fromSource.quality[year]?.byStyle.length).toBeGreaterThan(0);
  expect(fromSource.times[yearTimes]?.byState.length).toBeGreaterThan(0);
  expect(fromSource.times[yearTimes]?.byStation.length).toBeGreaterThan(0);
  // A second refresh with nothing new changes nothing.
  await refreshRollups(t.db);
  expect(await answersOf()).toEqual(fromSource);
}, 90_000);

test("a scan and a QC result dated in a past day are read at once, and rolled up by the next refresh", async () => {
  await refreshRollups(t.db);
  expect(await dirtyDays()).toEqual([]);
  const before = await get<TProductionDashboard>("admin", "/api/dashboards/production?range=90d");
  const qBefore = await get<TQualityHistory>("admin", "/api/dashboards/quality?range=90d");
  // A unit of the demo with an event 40-80 days ago: one more scan at that event's station, and a
  // failed inspection, both 40 days ago.
  const [unit] = await rows<{ id: number; stationId: number; status: string }>(sql`
    select e.unit_id as id, e.station_id as "stationId", e.to_status as status from floor_unit_events e
    where e.at < now() - interval '40 days' and e.at > now() - interval '80 days' and e.station_id is not null
      and e.to_status = 'cut'
    order by e.id limit 1`);
  if (!unit) throw new Error("no demo unit event 40-80 days old");
  const [day] = await rows<{ day: string }>(
    sql`select to_char((now() - interval '40 days') at time zone 'UTC', 'YYYY-MM-DD') as day`,
  );
  await t.db.execute(sql`insert into floor_unit_events (unit_id, action, from_status, to_status, station_id, actor, at)
    values (${unit.id}, 'mark_cut', 'queued', 'cut', ${unit.stationId}, 'late-scanner', now() - interval '40 days')`);
  await t.db.execute(sql`insert into floor_qc_inspections (unit_id, station_id, passed, actor, at)
    values (${unit.id}, ${unit.stationId}, false, 'late-inspector', now() - interval '40 days')`);
  expect(await dirtyDays()).toContain(day?.day);

  const marked = await get<TProductionDashboard>("admin", "/api/dashboards/production?range=90d");
  const cutOf = (d: TProductionDashboard) =>
    d.throughput.filter((x) => x.step === "cut").reduce((s, x) => s + x.units, 0);
  expect(cutOf(marked)).toBe(cutOf(before) + 1);
  expect(marked.quality.inspections).toBe(before.quality.inspections + 1);
  expect(marked.quality.fails).toBe(before.quality.fails + 1);
  expect(marked.scansByOperator.find((x) => x.name === "late-scanner")?.scans).toBe(1);
  const qMarked = await get<TQualityHistory>("admin", "/api/dashboards/quality?range=90d");
  expect(qMarked.inspections).toBe(qBefore.inspections + 1);
  expect(qMarked.byOperator.find((x) => x.name === "late-inspector")?.fails).toBe(1);
  const fromSource = await sourceAnswers();
  expect(await answersOf()).toEqual(fromSource);

  const done = await refreshRollups(t.db);
  expect(done.dirtyDays).toBeGreaterThan(0);
  expect(await dirtyDays()).toEqual([]);
  const [rolled] = await rows<{ n: number }>(sql`select coalesce(sum(events), 0)::int as n from floor_daily_events
    where day = ${day?.day}::date and actor = 'late-scanner'`);
  expect(rolled?.n).toBe(1);
  expect(await answersOf()).toEqual(fromSource);
}, 90_000);

test("a scan and a QC result made now mark nothing; they are read from the source until the refresh passes them", async () => {
  await refreshRollups(t.db);
  const before = await get<TQualityHistory>("admin", "/api/dashboards/quality?range=7d");
  const [unit] = await rows<{ id: number }>(sql`select id from floor_units order by id limit 1`);
  await t.db.execute(sql`insert into floor_unit_events (unit_id, action, from_status, to_status, actor)
    values (${unit?.id}, 'status_update', 'sewn', 'inspected', 'now-scanner')`);
  await t.db.execute(
    sql`insert into floor_qc_inspections (unit_id, passed, actor) values (${unit?.id}, true, 'now-inspector')`,
  );
  expect(await dirtyDays()).toEqual([]);
  expect((await get<TQualityHistory>("admin", "/api/dashboards/quality?range=7d")).inspections).toBe(
    before.inspections + 1,
  );
  expect(await answersOf()).toEqual(await sourceAnswers());
}, 90_000);
