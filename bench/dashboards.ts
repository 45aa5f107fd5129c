/**
 * Part 12 of `npm run bench`: dashboards (issue 18). Printed, never asserted.
 *
 * - Embedded (the demo data on PGlite, 13 months of orders): every dashboard alone, 12 months and
 *   30 days, through the API (real HTTP) beside the service's queries run directly on the same
 *   database (no HTTP, no sign-in check, no JSON): p50/p95; target under 200 ms.
 * - PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL; skipped without): in a database this part creates
 *   and drops, BENCH_DASHBOARDS_ORDERS generated orders over a year (1,000,000 by default, 3 lines
 *   each: bench/orders-generator.ts) and at least BENCH_DASHBOARDS_EVENTS unit history rows (10,000,000
 *   by default: 2 units per line of the newest orders, each with its steps to shipped, QC passes and
 *   a fail in twenty), then 20 viewers at once on each dashboard for 12 months and for 30 days,
 *   through the API beside the service's queries on a pool of the same size. Targets: p95 <= 300 ms
 *   for 12 months, <= 100 ms for 30 days. Then a Report Download of every order line (3,000,000) as
 *   CSV through the API and its job, run by a worker process of its own: rows/s (target >= 50,000) and
 *   the worker's peak RSS (< 300 MB).
 * Every loop is bounded by a request count and a time limit. BENCH_DASHBOARDS_KEEP=1 keeps the
 * database; BENCH_DASHBOARDS_REUSE=<its name> measures it again without generating (migrated first);
 * BENCH_DASHBOARDS_DOWNLOAD=0 skips the download.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
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
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { botDashboard } from "../apps/server/src/modules/dashboards/bots.service";
import { categoryDashboard } from "../apps/server/src/modules/dashboards/categories.service";
import { productionDashboard } from "../apps/server/src/modules/dashboards/production.service";
import { qualityHistory } from "../apps/server/src/modules/dashboards/quality.service";
import { refreshRollups } from "../apps/server/src/modules/dashboards/rollups";
import { salesDashboard } from "../apps/server/src/modules/dashboards/sales.service";
import { timesDashboard } from "../apps/server/src/modules/dashboards/times.service";
import { hashPassword } from "../apps/server/src/modules/identity/password";
import { loadPrincipal, type Principal } from "../apps/server/src/platform/principal";
import { createTestApp, type TestApp } from "../apps/server/test/helpers/test-app";
import { generateUnits, viewerTokens } from "./dashboards-data";
import { closedLoop, fmtMs, httpClosedLoop, type Load } from "./lib/load";
import { generate } from "./orders-generator";

type Row = [metric: string, value: string, target: string, result: string];
type Service = (db: HubDb, p: Principal, q: { range: "30d" | "12m" }) => Promise<unknown>;

/** The dashboards with a date range, as the admin sees them (every client: the widest scope). */
const DASHBOARDS: { name: string; path: string; service: Service }[] = [
  { name: "Sales Dashboard", path: "/api/dashboards/sales", service: salesDashboard as Service },
  { name: "Production Overview", path: "/api/dashboards/production", service: productionDashboard as Service },
  { name: "Quality History", path: "/api/dashboards/quality", service: qualityHistory as Service },
  { name: "Times", path: "/api/dashboards/times", service: timesDashboard as Service },
  { name: "Home Goods", path: "/api/dashboards/categories", service: categoryDashboard as Service },
  { name: "Bot Performance", path: "/api/dashboards/bots", service: botDashboard as Service },
];
const RANGES = ["30d", "12m"] as const;
const VIEWERS = 20;
const POOL_SIZE = 20;
const LIMITS = { alone: 15, perLoop: 600, loopMs: 60_000 } as const;
const TARGETS = { embedded: 200, "12m": 300, "30d": 100 } as const;

/**
 * `api`: every viewer asks the same view (the same range and scope), so concurrent identical reads
 * are shared (platform/shared-read.ts); `apart`: every viewer its own window (a custom range ending
 * today, one to twenty days longer than the preset), so no two requests in flight share a read.
 */
type Measured = { name: string; range: (typeof RANGES)[number]; api: Load; apart: Load; direct: Load };

/** The i-th viewer's own window: the preset's length plus i days, ending today (UTC). */
const ownWindow = (range: (typeof RANGES)[number], i: number): string => {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const to = new Date();
  const from = new Date(to);
  from.setUTCDate(from.getUTCDate() - (range === "30d" ? 29 : 364) - (i % VIEWERS) - 1);
  return `range=custom&from=${day(from)}&to=${day(to)}`;
};

const measure = async (
  t: TestApp,
  address: string,
  /** One viewer's token each; request i is sent with tokens[i % tokens.length]. */
  tokens: string[],
  directDb: HubDb,
  viewers: number,
  total: number,
  progress: (m: string) => void,
): Promise<Measured[]> => {
  const admin = await loadPrincipal(directDb, "admin");
  if (!admin) throw new Error("the demo admin is missing");
  const out: Measured[] = [];
  // BENCH_DASHBOARDS_ONLY="Sales Dashboard,Times" measures those alone (each takes up to 4 minutes).
  const only = (process.env.BENCH_DASHBOARDS_ONLY ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  for (const d of DASHBOARDS.filter((x) => only.length === 0 || only.includes(x.name)))
    for (const range of RANGES) {
      progress(`${d.name}, ${range}`);
      const bearer = (i: number) => ({ authorization: `Bearer ${tokens[i % tokens.length] ?? ""}` });
      const call = async (i: number) => {
        const res = await fetch(`${address}${d.path}?range=${range}`, {
          headers: bearer(i),
        });
        await res.arrayBuffer();
        return res.ok;
      };
      // Warm: plans and caches, each viewer as one who opened it before (its token checked once).
      for (let i = 0; i < tokens.length; i++) await call(i);
      // Sent from a worker thread, as viewers outside the Hub would.
      const api = await httpClosedLoop(
        viewers,
        LIMITS.loopMs,
        Array.from({ length: total }, (_, i) => ({
          url: `${address}${d.path}?range=${range}`,
          method: "GET",
          headers: bearer(i),
        })),
      );
      const apart = await httpClosedLoop(
        viewers,
        LIMITS.loopMs,
        Array.from({ length: total }, (_, i) => ({
          url: `${address}${d.path}?${ownWindow(range, i)}`,
          method: "GET",
          headers: bearer(i),
        })),
      );
      const direct = await closedLoop(viewers, total, LIMITS.loopMs, async () => {
        await d.service(directDb, admin, { range });
        return true;
      });
      out.push({ name: d.name, range, api, apart, direct });
    }
  void t;
  return out;
};

const printTable = (label: string, rows: Measured[]) => {
  console.log(`\n${label}`);
  const header = [
    "dashboard",
    "range",
    "API p50",
    "API p95",
    "API /s",
    "own windows p95",
    "own windows /s",
    "queries alone p95",
    "queries /s",
    "API / alone",
  ];
  const lines = rows.map((r) => [
    r.name,
    r.range,
    fmtMs(r.api.p50),
    fmtMs(r.api.p95),
    r.api.perSecond.toFixed(1),
    fmtMs(r.apart.p95),
    r.apart.perSecond.toFixed(1),
    fmtMs(r.direct.p95),
    r.direct.perSecond.toFixed(1),
    `${((r.api.perSecond / r.direct.perSecond) * 100).toFixed(0)} %`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log([line(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(line)].join("\n"));
};

/**
 * A Hub worker of its own (the built server, `HUB_ROLE=worker`) on the bench's database, as it runs
 * in production: the report job runs there, so its memory is measured alone. Answers when its
 * health check answers.
 */
const startWorker = async (databaseUrl: string): Promise<{ pid: number; stop: () => void }> => {
  const builds = "../scripts/builds.mjs";
  const { ensureServerBuild, SERVER_BUNDLE } = (await import(builds)) as {
    ensureServerBuild: () => Promise<boolean>;
    SERVER_BUNDLE: string;
  };
  await ensureServerBuild();
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HUB_ROLE: "worker",
      PORT: String(port),
      FILES_DIR: mkdtempSync(join(tmpdir(), "hub-bench-files-")),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => void child.kill("SIGTERM");
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (up?.ok && child.pid) return { pid: child.pid, stop };
  }
  stop();
  throw new Error("the bench's worker did not start");
};

/**
 * Requests the order lines report (every line the admin sees: 3 a generated order) through the API
 * and follows it until its job is done, sampling the process's RSS meanwhile (the worker runs in
 * this process, beside the server). Bounded by 10 minutes.
 */
const measureDownload = async (address: string, token: string, progress: (m: string) => void, workerPid: number) => {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  // The worker's own peak resident set (VmHWM: the kernel's high-water mark of the process).
  const peakOf = () =>
    Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${workerPid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  let peak = peakOf();
  const sampler = setInterval(() => {
    peak = Math.max(peak, peakOf());
  }, 50);
  const t0 = performance.now();
  try {
    const made = await fetch(`${address}/api/reports/downloads`, {
      method: "POST",
      headers,
      body: JSON.stringify({ report: "orderLines", format: "csv" }),
    });
    if (!made.ok) throw new Error(`request: ${made.status} ${await made.text()}`);
    const { id } = (await made.json()) as { id: number };
    let last = { status: "queued", rowsWritten: 0 };
    while (performance.now() - t0 < 600_000) {
      await new Promise((r) => setTimeout(r, 250));
      const res = await fetch(`${address}/api/reports/downloads/${id}`, { headers });
      last = (await res.json()) as { status: string; rowsWritten: number };
      if (last.status !== "queued" && last.status !== "running") break;
      progress(`download: ${last.rowsWritten.toLocaleString("en-US")} rows`);
    }
    const ms = performance.now() - t0;
    return {
      rows: last.rowsWritten,
      ms,
      rowsPerSecond: (last.rowsWritten / ms) * 1000,
      peakRssMb: peak / 2 ** 20,
      status: last.status,
    };
  } finally {
    clearInterval(sampler);
  }
};

export const benchDashboards = async (
  section: (title: string) => void,
  _table: (h: string[], r: string[][], right?: number[]) => string,
): Promise<Row[]> => {
  section("Part 12: dashboards");
  const rows: Row[] = [];
  const progress = (m: string) => console.error(`bench dashboards: ${m}`);

  // Embedded: the demo data, one viewer at a time.
  {
    const t = await createTestApp();
    try {
      const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
      await refreshRollups(t.db);
      const measured = await measure(t, address, [await t.signIn("admin")], t.db, 1, LIMITS.alone, progress);
      printTable("Embedded database, demo data (13 months), one viewer:", measured);
      const worst = Math.max(...measured.map((m) => m.api.p95));
      rows.push([
        "Dashboards, embedded demo, worst p95",
        fmtMs(worst),
        `< ${TARGETS.embedded} ms`,
        !Number.isFinite(worst) ? "skipped" : worst < TARGETS.embedded ? "ok" : "MISSED",
      ]);
    } finally {
      await t.close();
    }
  }

  const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "").trim();
  if (!serverUrl) {
    console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to a server to measure it).");
    return rows;
  }
  let count = Number(process.env.BENCH_DASHBOARDS_ORDERS ?? 1_000_000);
  const events = Number(process.env.BENCH_DASHBOARDS_EVENTS ?? 10_000_000);
  // A database an earlier run kept (BENCH_DASHBOARDS_KEEP=1): migrated and measured again, not regenerated.
  const reuse = process.env.BENCH_DASHBOARDS_REUSE?.trim();
  const name = reuse || `hub_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  admin.on("error", (e) => console.error(`bench dashboards: admin connection: ${e.message}`));
  let handle: DatabaseHandle | null = null;
  let pool: pg.Pool | null = null;
  let t: TestApp | null = null;
  try {
    if (!reuse) await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ url: url.toString(), poolSize: POOL_SIZE });
    (handle.db as unknown as { $client: pg.Pool }).$client.on("error", (e) =>
      console.error(`bench dashboards: idle connection: ${e.message}`),
    );
    await handle.migrate();
    if (!reuse) {
      await seedReferenceData(handle.db);
      await seedDemoData(handle.db, hashPassword);
      const t0 = performance.now();
      await generate(handle.db, count, 100_000, "1GB", (done, phase) =>
        progress(`${phase}: ${done.toLocaleString("en-US")} orders`),
      );
      const made = await generateUnits(handle.db, events, progress);
      const generatedS = (performance.now() - t0) / 1000;
      console.log(
        `PostgreSQL: ${count.toLocaleString("en-US")} orders over a year and ${made.toLocaleString("en-US")} unit history rows generated in ${generatedS.toFixed(0)} s.`,
      );
    } else {
      // A kept database: its own order count in the figures' names.
      const held = (await handle.db.execute(sql`select count(*)::int as n from orders`)) as unknown as {
        rows: { n: number }[];
      };
      count = Number(held.rows[0]?.n ?? count);
      console.log(`PostgreSQL: the kept database ${name} (${count.toLocaleString("en-US")} orders), migrated.`);
    }
    // What the background refresh does once after a bulk load (every day is new), then once a minute.
    const r0 = performance.now();
    const refreshed = await refreshRollups(handle.db);
    const rolled = (await handle.db.execute(
      sql`select (select count(*) from sales_daily) + (select count(*) from sales_daily_lines) + (select count(*) from sales_daily_coupons) + (select count(*) from sales_daily_heat) + (select count(*) from sales_monthly_lines) + (select count(*) from ledger_daily) as n,
        (select count(*) from floor_daily_events) + (select count(*) from floor_daily_qc) + (select count(*) from floor_daily_qc_units) + (select count(*) from floor_daily_recuts) + (select count(*) from floor_daily_stays) as floor`,
    )) as unknown as { rows: { n: string; floor: string }[] };
    console.log(
      `Rollups built through ${refreshed.through} in ${((performance.now() - r0) / 1000).toFixed(1)} s: ${Number(rolled.rows[0]?.n ?? 0).toLocaleString("en-US")} sales rows, ${Number(rolled.rows[0]?.floor ?? 0).toLocaleString("en-US")} floor rows.`,
    );
    // As autovacuum and the checkpointer would have left it by the time anyone looks: the freshly
    // written history vacuumed, and its pages flushed before the viewers come, not while they read.
    await handle.db.execute(sql`vacuum (analyze) floor_unit_events, floor_qc_inspections, orders, order_items`);
    await handle.db.execute(sql`checkpoint`);
    pool = new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE, options: HUB_SESSION_OPTIONS });
    pool.on("error", (e) => console.error(`bench dashboards: idle connection: ${e.message}`));
    const direct = drizzle({ client: pool, schema }) as unknown as HubDb;
    const database = { db: handle.db, driver: handle.driver, name: null, close: async () => {} };
    // With a worker of its own (the download's RSS measured alone), this app queues jobs but runs none.
    const ownWorker = process.env.BENCH_DASHBOARDS_DOWNLOAD !== "0";
    t = await createTestApp({ database, ...(ownWorker ? { config: { role: "web" as const } } : {}) });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const viewers = await viewerTokens(t, handle.db, VIEWERS);
    const measured = await measure(t, address, viewers, direct, VIEWERS, LIMITS.perLoop, progress);
    printTable(
      `PostgreSQL, ${count.toLocaleString("en-US")} orders, ${VIEWERS} viewers at once (${VIEWERS} people, one access: the demo admin's):`,
      measured,
    );
    for (const range of RANGES) {
      const of = measured.filter((m) => m.range === range);
      for (const [what, worst] of [
        ["the same view", Math.max(...of.map((m) => m.api.p95))],
        ["each its own window", Math.max(...of.map((m) => m.apart.p95))],
      ] as const)
        rows.push([
          `Dashboards, PostgreSQL ${count.toLocaleString("en-US")} orders, ${VIEWERS} viewers (${what}), ${range}, worst p95`,
          fmtMs(worst),
          `<= ${TARGETS[range]} ms`,
          !Number.isFinite(worst) ? "skipped" : worst <= TARGETS[range] ? "ok" : "MISSED",
        ]);
    }
    // BENCH_DASHBOARDS_DOWNLOAD=0: the dashboards only (while working on them).
    if (process.env.BENCH_DASHBOARDS_DOWNLOAD === "0") return rows;
    const worker = await startWorker(url.toString());
    const download = await measureDownload(address, await t.signIn("admin"), progress, worker.pid).finally(worker.stop);
    console.log(
      `Report download of every order line (CSV) through the API and its background job: ${download.rows.toLocaleString("en-US")} rows in ${(download.ms / 1000).toFixed(1)} s = ${Math.round(download.rowsPerSecond).toLocaleString("en-US")} rows/s; peak RSS of the worker alone ${download.peakRssMb.toFixed(0)} MB (${download.status}).`,
    );
    rows.push(
      [
        "Report download, order lines CSV, rows/s",
        Math.round(download.rowsPerSecond).toLocaleString("en-US"),
        ">= 50,000",
        download.rowsPerSecond >= 50_000 ? "ok" : "MISSED",
      ],
      [
        "Report download, peak RSS",
        `${download.peakRssMb.toFixed(0)} MB`,
        "< 300 MB",
        download.peakRssMb < 300 ? "ok" : "MISSED",
      ],
    );
  } finally {
    await t?.close();
    await pool?.end();
    await handle?.close();
    if (process.env.BENCH_DASHBOARDS_KEEP === "1" || reuse)
      console.error(`bench dashboards: kept the database ${name}`);
    else
      await admin.query(`drop database if exists "${name}" with (force)`).catch((e: unknown) => {
        console.error(`bench dashboards: could not drop ${name}: ${String(e)}`);
      });
    await admin.end();
  }
  return rows;
};
