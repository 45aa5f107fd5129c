import type { TTimesDashboard } from "@hub/contracts/dashboards/times";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { refreshRollups } from "../src/modules/dashboards/rollups";
import { staysFigures } from "../src/modules/dashboards/times.service";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Times from the stays rollup (floor-grains.ts `floorStays`): the count and the average of the
 * stays in each state equal what the source's window function gives; p50 and p90, read from the
 * length buckets, are within a bucket's width of `percentile_cont` (and exact when each bucket holds
 * stays of one length).
 */

describe("staysFigures", () => {
  const one = (seconds: number) => ({
    key: "x",
    bucket: Math.floor(8 * Math.log(1 + seconds)),
    stays: 1,
    seconds,
    lo: seconds,
    hi: seconds,
  });
  test("stays of distinct lengths, each alone in its bucket: percentile_cont exactly", () => {
    // Hours 1, 2, 4, 8, 16: p50 = 4, p90 = 8 + 0.6 × 8 = 12.8, average 6.2.
    const f = staysFigures([1, 2, 4, 8, 16].map((h) => one(h * 3600)));
    expect(f).toEqual({ stays: 5, avgHours: 6.2, p50Hours: 4, p90Hours: 12.8 });
  });
  test("a bucket's stays spread over its shortest to longest; rolled and live rows of a bucket merge", () => {
    const a = { key: "x", bucket: 70, stays: 3, seconds: 3 * 5000, lo: 4000, hi: 6000 };
    const b = { key: "x", bucket: 70, stays: 1, seconds: 5000, lo: 5000, hi: 5000 };
    // Four stays taken as 4000, 4666.7, 5333.3, 6000 s: p50 = 5000 s.
    expect(staysFigures([a, b])).toMatchObject({ stays: 4, avgHours: 1.4, p50Hours: 1.4 });
  });
  test("no stays: no figures", () => {
    expect(staysFigures([])).toEqual({ stays: 0, avgHours: null, p50Hours: null, p90Hours: null });
  });
});

let t: TestApp;
let tokens: Record<DemoUser, string>;
beforeAll(async () => {
  t = await createTestApp({ config: { jobWorkers: false } });
  tokens = await signInDemoUsers(t);
});
afterAll(async () => {
  await t?.close();
});

type Exact = { name: string; stays: number; avg: number; p50: number; p90: number };
const exact = async (from: string, to: string): Promise<Exact[]> =>
  (
    (await t.db.execute(sql`select from_status as name, count(*)::int as stays, avg(h)::float8 as avg,
      percentile_cont(0.5) within group (order by h)::float8 as p50, percentile_cont(0.9) within group (order by h)::float8 as p90
    from (select e.from_status, e.at,
      extract(epoch from e.at - lag(e.at) over (partition by e.unit_id order by e.id))::float8 / 3600 as h
      from floor_unit_events e) s
    where h is not null and from_status is not null
      and at >= ${from}::date::timestamptz and at < (${to}::date + 1)::timestamptz
    group by 1`)) as unknown as { rows: Exact[] }
  ).rows;

const near = (got: number | null, want: number) => {
  // Within a bucket's width (e^(1/8): 13 %), or the 0.1 h the figures are rounded to.
  expect(got).not.toBeNull();
  expect(Math.abs((got ?? 0) - want)).toBeLessThanOrEqual(Math.max(0.13 * want, 0.1) + 1e-9);
};

test.each(["read from the source", "rolled up"])(
  "by state, %s: counts and averages exact, p50/p90 within a bucket",
  async (how) => {
    if (how === "rolled up") await refreshRollups(t.db);
    else await t.db.execute(sql`delete from rollup_state`);
    const res = await t.request({ method: "GET", url: "/api/dashboards/times?range=12m", token: tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<TTimesDashboard>();
    const want = await exact(d.range.from, d.range.to);
    expect(want.length).toBeGreaterThan(2);
    expect(d.byState.map((s) => s.name).sort()).toEqual(want.map((w) => w.name).sort());
    for (const w of want) {
      const got = d.byState.find((s) => s.name === w.name);
      expect(got?.stays, w.name).toBe(w.stays);
      expect(got?.avgHours, w.name).toBe(Math.round(w.avg * 10) / 10);
      near(got?.p50Hours ?? null, w.p50);
      near(got?.p90Hours ?? null, w.p90);
    }
  },
  90_000,
);
