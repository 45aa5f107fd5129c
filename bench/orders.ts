/**
 * Part 7 of `npm run bench`: orders at scale (issues 10 and 21). Printed, never asserted.
 *
 * For the embedded database (a temp folder; BENCH_ORDERS_EMBEDDED orders, 100,000 by default) and,
 * when BENCH_DATABASE_URL or DATABASE_URL names a PostgreSQL server, for a database this part creates
 * there and drops at the end (BENCH_ORDERS_PG orders, 1,000,000 by default), side by side:
 *  - the bulk generator (bench/orders-generator.ts: INSERT … SELECT generate_series in batches,
 *    3 lines an order, not the API);
 *  - the order search (bench/orders-search.ts): closed loop through the API and as the service's
 *    queries alone, an open loop at a fixed arrival rate, and each search alone by every sort;
 *  - order placing (bench/orders-place.ts): 10-line orders through the API at 20 concurrent
 *    clients, and the same rows written by plain SQL at the same concurrency.
 * Beside each figure: the database's own limit for the same work, and the ratio (targets: placing
 * through the API at least 40 % of plain SQL, search at least 90 % of the service's queries alone).
 * Every loop is bounded by a request count and a time limit.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  type DatabaseHandle,
  HUB_SESSION_OPTIONS,
  type HubDb,
  openDatabase,
  schema,
  seedDemoData,
  seedReferenceData,
} from "@hub/db";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { refreshRollups } from "../apps/server/src/modules/dashboards/rollups";
import { hashPassword } from "../apps/server/src/modules/identity/password";
import { createTestApp, type TestApp } from "../apps/server/test/helpers/test-app";
import { fmtMs, type Load } from "./lib/load";
import { checkTokens, generate } from "./orders-generator";
import { PLACE_CONCURRENCY, placeBySql, placeThroughApi } from "./orders-place";
import { benchSearch, OPEN_LOOP_PER_SECOND, SEARCH_CONCURRENCY, type Search } from "./orders-search";

type Row = [metric: string, value: string, target: string, result: string];

/** BENCH_ORDERS_ONLY=place or search: one half alone, while working on it. */
const ONLY = process.env.BENCH_ORDERS_ONLY ?? "";
const none: Load = { p50: Number.NaN, p95: Number.NaN, perSecond: Number.NaN, ok: 0, failed: 0 };
const noSearch: Search = { api: none, direct: none, open: none, alone: [] };

/** The app's pool and the direct pool: the same size, so the comparison is fair. */
const POOL_SIZE = 20;

/* ---------- one database ---------- */

type Side = {
  label: string;
  orders: number;
  generateMs: number;
  search: Search;
  place: Load;
  placeSql: Load;
  tokens: string;
};

const benchOne = async (
  label: string,
  handle: DatabaseHandle,
  count: number,
  batch: number,
  memory: string,
  /** The database the direct side runs the service's queries on (its own pool on PostgreSQL). */
  directDb: HubDb,
): Promise<Side> => {
  const progress = (m: string) => console.error(`bench orders (${label}): ${m}`);
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db, hashPassword);
  const t0 = performance.now();
  const gen = await generate(handle.db, count, batch, memory, (done, phase) =>
    progress(`${phase}: ${done.toLocaleString("en-US")} orders`),
  );
  const generateMs = performance.now() - t0;
  const tokenCheck = await checkTokens(handle.db);
  progress(tokenCheck);
  // The dashboards' first rollup of the generated days, as a Hub does once after a bulk load: done
  // here, so it does not run inside the measurements below.
  await refreshRollups(handle.db);

  const database = { db: handle.db, driver: handle.driver, name: null, close: async () => {} };
  let t: TestApp | null = null;
  try {
    t = await createTestApp({ database });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const search =
      ONLY === "place"
        ? noSearch
        : await benchSearch(address, await t.signIn("factory"), directDb, gen.factoryId, progress);
    if (ONLY === "search")
      return { label, orders: count, generateMs, search, place: none, placeSql: none, tokens: tokenCheck };
    progress("placing orders through the API");
    const place = await placeThroughApi(address, [await t.signIn("client"), await t.signIn("client2")], gen.styles);
    progress("placing the same rows by plain SQL");
    const placeSql = await placeBySql(directDb, gen);
    return { label, orders: count, generateMs, search, place, placeSql, tokens: tokenCheck };
  } finally {
    await t?.close();
  }
};

/* ---------- the part ---------- */

class SkipEmbedded extends Error {}

export const benchOrders = async (
  section: (title: string) => void,
  table: (h: string[], r: string[][], right?: number[]) => string,
): Promise<Row[]> => {
  section("Part 7: orders at scale");
  const sides: Side[] = [];
  const embeddedCount = Number(process.env.BENCH_ORDERS_EMBEDDED ?? 100_000);
  const pgCount = Number(process.env.BENCH_ORDERS_PG ?? 1_000_000);
  const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "").trim();

  // The embedded database, in a temp folder (BENCH_ORDERS_EMBEDDED=0 skips it).
  const dir = mkdtempSync(join(tmpdir(), "hub-bench-orders-"));
  try {
    if (embeddedCount <= 0) throw new SkipEmbedded();
    const handle = await openDatabase({ dataDir: join(dir, "pgdata") });
    try {
      sides.push(
        // PGlite: the same handle (one connection: concurrent calls queue, as the API's do).
        await benchOne("embedded", handle, embeddedCount, 20_000, "256MB", handle.db),
      );
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!(error instanceof SkipEmbedded)) throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // The PostgreSQL server: a database of our own, dropped at the end.
  if (serverUrl) {
    const name = `hub_bench_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    admin.on("error", (e) => console.error(`bench orders: admin connection: ${e.message}`));
    try {
      await admin.query(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ url: url.toString(), poolSize: POOL_SIZE });
      // Its pool's idle connections too (an error event without a listener would end the process).
      (handle.db as unknown as { $client: pg.Pool }).$client.on("error", (e) =>
        console.error(`bench orders: idle connection: ${e.message}`),
      );
      // The same session settings as the Hub's own pool (packages/db/src/client.ts), so only the API differs.
      const pool = new pg.Pool({
        connectionString: url.toString(),
        max: POOL_SIZE,
        options: HUB_SESSION_OPTIONS,
      });
      // A connection the server ends (a restart, an administrator) fails its query, not the process.
      pool.on("error", (e) => console.error(`bench orders: idle connection: ${e.message}`));
      try {
        sides.push(
          await benchOne(
            "PostgreSQL",
            handle,
            pgCount,
            100_000,
            "1GB",
            drizzle({ client: pool, schema }) as unknown as HubDb,
          ),
        );
      } finally {
        await pool.end();
        await handle.close();
      }
    } finally {
      if (process.env.BENCH_ORDERS_KEEP === "1") console.error(`bench orders: kept the database ${name}`);
      else
        await admin.query(`drop database if exists "${name}" with (force)`).catch((e: unknown) => {
          console.error(`bench orders: could not drop ${name}: ${String(e)}`);
        });
      await admin.end();
    }
  } else {
    console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to a server to measure it).");
  }

  const col = (f: (s: Side) => string) => sides.map(f);
  const ratio = (api: number, limit: number) => `${((api / limit) * 100).toFixed(0)} %`;
  console.log(
    table(
      ["metric", ...sides.map((s) => `${s.label} (${s.orders.toLocaleString("en-US")} orders)`)],
      [
        [
          "generate orders + 3 lines each",
          ...col(
            (s) =>
              `${(s.generateMs / 1000).toFixed(1)} s (${Math.round((s.orders / s.generateMs) * 1000).toLocaleString("en-US")}/s)`,
          ),
        ],
        [
          `place 10-line orders via API (${PLACE_CONCURRENCY} conc.)`,
          ...col((s) => `${s.place.perSecond.toFixed(1)}/s, p95 ${fmtMs(s.place.p95)} (failed ${s.place.failed})`),
        ],
        [
          "  the same rows by plain SQL (the limit)",
          ...col(
            (s) => `${s.placeSql.perSecond.toFixed(1)}/s, p95 ${fmtMs(s.placeSql.p95)} (failed ${s.placeSql.failed})`,
          ),
        ],
        ["  API / plain SQL", ...col((s) => ratio(s.place.perSecond, s.placeSql.perSecond))],
        [
          `search via API, closed loop (${SEARCH_CONCURRENCY} conc.)`,
          ...col(
            (s) =>
              `${s.search.api.perSecond.toFixed(0)}/s, p50 ${fmtMs(s.search.api.p50)}, p95 ${fmtMs(s.search.api.p95)} (failed ${s.search.api.failed})`,
          ),
        ],
        [
          "  the service's queries alone (the limit)",
          ...col((s) => `${s.search.direct.perSecond.toFixed(0)}/s, p95 ${fmtMs(s.search.direct.p95)}`),
        ],
        ["  API / queries alone", ...col((s) => ratio(s.search.api.perSecond, s.search.direct.perSecond))],
        [
          `search via API, open loop (${OPEN_LOOP_PER_SECOND}/s at random)`,
          ...col(
            (s) => `p50 ${fmtMs(s.search.open.p50)}, p95 ${fmtMs(s.search.open.p95)} (failed ${s.search.open.failed})`,
          ),
        ],
      ],
      sides.map((_, i) => i + 1),
    ),
  );
  for (const s of sides) {
    console.log(`\neach search alone on ${s.label} (page 0 and its count, median of 5, by sort):`);
    console.log(`  ${s.tokens}`);
    for (const a of s.search.alone)
      console.log(
        `  "${a.text}": ${a.found} found, ${a.bySort.map((x) => `${x.sort} ${x.ms.toFixed(1)} ms`).join(", ")}`,
      );
  }
  const rows: Row[] = [];
  const ok = (good: boolean) => (good ? "ok" : "missed");
  for (const s of sides) {
    const pgSide = s.label === "PostgreSQL";
    rows.push([
      `Order placing, 10 lines, ${s.label}`,
      `${s.place.perSecond.toFixed(1)}/s`,
      pgSide ? ">= 100/s" : ">= 30/s",
      ok(s.place.perSecond >= (pgSide ? 100 : 30)),
    ]);
    if (pgSide) rows.push(["Order placing p95, PostgreSQL", fmtMs(s.place.p95), "<= 250 ms", ok(s.place.p95 <= 250)]);
    const placeRatio = s.place.perSecond / s.placeSql.perSecond;
    rows.push([
      `Order placing API / plain SQL, ${s.label}`,
      `${(placeRatio * 100).toFixed(0)} %`,
      ">= 40 %",
      ok(placeRatio >= 0.4),
    ]);
    if (!pgSide) continue;
    rows.push([
      "Orders search closed loop, PostgreSQL",
      `${s.search.api.perSecond.toFixed(0)}/s`,
      ">= 100/s",
      ok(s.search.api.perSecond >= 100),
    ]);
    const searchRatio = s.search.api.perSecond / s.search.direct.perSecond;
    rows.push([
      "Orders search API / queries alone, PostgreSQL",
      `${(searchRatio * 100).toFixed(0)} %`,
      ">= 90 %",
      ok(searchRatio >= 0.9),
    ]);
    rows.push([
      `Orders search open loop p95 (${OPEN_LOOP_PER_SECOND}/s), PostgreSQL`,
      fmtMs(s.search.open.p95),
      "<= 100 ms",
      ok(s.search.open.p95 <= 100),
    ]);
    const slowest = Math.max(...s.search.alone.flatMap((a) => a.bySort.map((x) => x.ms)));
    rows.push(["Orders search alone, slowest text and sort", fmtMs(slowest), "<= 60 ms", ok(slowest <= 60)]);
  }
  return rows;
};
