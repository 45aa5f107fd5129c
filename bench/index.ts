/**
 * The Hub's benchmark: prints numbers, never asserts. Run with `npm run bench` (`tsx bench/index.ts`).
 * Before part 1 it times 20 argon2id hashes while nothing else runs. The parts, in the order they run:
 *
 * 1. Cold start of the built server as `npm start` runs it (builds and the database template first,
 *    not timed): a fresh data folder, then the same folder again. Prints a table per start of
 *    spawn → first health 200, the server's own startupMs and its steps, health polls, and
 *    SIGTERM → every process gone; the second server stays up for parts 2 and 4.
 * 2. Sign-in: the argon2id parameters and hash timing (with the sign-ins/s ceiling they imply),
 *    then POST /api/identity/signIn with 20 concurrent clients, all as one user and spread over the
 *    demo users: requests, ok/failed, wall time, ok/s, p50/p95/p99/max, and the answers' statuses.
 * 4. GET /api/userdata: 200 sequential authenticated requests; ok/failed, p50/p95/p99/max/mean.
 * 3. Login page JavaScript, measured after the server stopped (builds apps/web if apps/web/dist is
 *    missing): each file the login page loads, why, raw and gzip size, and the total (< 150 KB).
 * 5. The manufacturing library (`bench/library.ts`, in process on the embedded database): p50/p95
 *    of every library list's search on the demo library and on 10,000 generated styles (< 50 ms),
 *    and validate + apply of a 50,000-row fabric CSV (< 60 s).
 * 6. The embedded database's commit cost (`bench/durability.ts`): inserts/s and p50/p95/max of
 *    single-row commits with fsync on (as the Hub runs) and off.
 *
 * 7. Orders at scale (`bench/orders.ts`): 100,000 generated orders on the embedded database and, when
 *    BENCH_DATABASE_URL or DATABASE_URL is set, 1,000,000 with 3,000,000 lines in a database it creates
 *    and drops on that server: the order search through the API (50 concurrent connections) beside
 *    the same SQL run directly, p50/p95 and their ratio, and order placing per second (20 clients).
 *
 * 8. The cut planner (`bench/cut-planner.ts`, pure CPU): 5,000 queued units across 10 fabrics planned
 *    into lays (<= 2 s), the lay count and utilisation printed beside the naive one-size-per-lay plan;
 *    then 8 small seeded groups solved exactly (`bench/cut-optimum.ts`, an integer program in HiGHS):
 *    the planner's fabric and lays beside the optimum's and the fabric gap (target <= 2%).
 * 9. Products and the smart tech pack (`bench/tech-pack.ts`): tab loads of a tech pack with 60 POMs x
 *    8 sizes and 40 BOM rows x 6 colourways (p95 <= 80 ms), its PDF (<= 2 s), and the products list
 *    on 20,000 products (p95 <= 50 ms).
 * 10. /openOrders at scale (`bench/open-orders.ts`): 10,000 open orders with 100,000 units on PostgreSQL
 *    (BENCH_DATABASE_URL or DATABASE_URL), p50/p95 of the list through the API; target p95 ≤ 100 ms.
 * 11. Floor scans (`bench/floor.ts`): with 100,000 open units on the PostgreSQL server (skipped
 *    without one), scan-to-answer p95 of 20 stations scanning at once through the API (assign to a
 *    tote, mark cut, QC pass), back to back and 250 ms apart; target ≤ 50 ms.
 *
 * 12. Dashboards (`bench/dashboards.ts`): every dashboard alone on the embedded demo (< 200 ms), and with
 *    1,000,000 orders and 10,000,000 unit history rows on PostgreSQL, 20 viewers at once for 12 months
 *    (p95 <= 300 ms) and 30 days (<= 100 ms), each beside the service's queries run directly.
 *
 * 13. Product development (`bench/product-dev.ts`): version compare of two versions with 500 BOM rows
 *    and 100 POMs x 8 sizes (p95 <= 150 ms), a File Manager folder of 10,000 files (p95 <= 50 ms) and
 *    Import Tech Pack's preview of a 40-sheet workbook (< 3 s).
 *
 * Ends with a summary table: metric, value, target, result. Only talks to 127.0.0.1. Every loop is
 * bounded. Every child process runs in its own process group and is killed when the bench ends,
 * also on error or Ctrl-C.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ARGON2_OPTIONS } from "../apps/server/src/modules/identity/password";
import { benchCutPlanner } from "./cut-planner";
import { benchDashboards } from "./dashboards";
import { benchDurability } from "./durability";
import { benchFloor } from "./floor";
import { ensureWebBuild, measureLoginJs } from "./lib/login-js";
import { killAllChildren, removeTempDirs, tempDirs } from "./lib/processes";
import { type RunningServer, startServer, stopServer } from "./lib/server";
import { DEMO_USER, DEMO_USERS, HOST, LIMITS, ROOT, SERVER_BUNDLE, TARGETS } from "./lib/settings";
import { type HashTiming, signInLoad, signInToken, timeHashing, userDataSequential } from "./lib/sign-in";
import { errorText, kb, mean, ms, percentile, progress, section, table, verdict } from "./lib/stats";
import { benchLibrary } from "./library";
import { benchOpenOrders } from "./open-orders";
import { benchOrders } from "./orders";
import { benchProductDev } from "./product-dev";
import { benchTechPack } from "./tech-pack";

type SummaryRow = [metric: string, value: string, target: string, result: string];

const main = async (): Promise<void> => {
  const summary: SummaryRow[] = [];
  const cpu = cpus();
  console.log("Hub benchmark");
  console.log(
    `node ${process.version}, ${cpu.length} CPU(s) (${cpu[0]?.model.trim() ?? "unknown"}), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, ${new Date().toISOString()}`,
  );
  console.log("The bench's own HTTP clients run on the same machine as the server and share its CPUs.");

  // --- argon2id cost, measured first while nothing else runs --------------------------------
  progress(`timing ${LIMITS.hashSamples} hashPassword calls ...`);
  let hashTiming: HashTiming | null = null;
  let hashError = "";
  try {
    hashTiming = await timeHashing();
  } catch (error) {
    hashError = errorText(error);
  }

  // --- Part 1: cold start ---------------------------------------------------------------------
  const parent = mkdtempSync(join(tmpdir(), "hub-bench-"));
  tempDirs.add(parent);
  const dataDir = join(parent, "pgdata"); // the lock file goes next to it, inside `parent`
  section(`1. Cold start: spawn \`node ${SERVER_BUNDLE}\` -> first 200 from GET /api/health`);
  console.log(`DATA_DIR ${dataDir} (fresh temp folder), HOST ${HOST}, a free port each start`);
  const startRows: string[][] = [];
  let server: RunningServer | null = null;
  try {
    // As `npm start` does before it spawns the server: the builds (web app and server bundle) and the
    // embedded database template (made once per set of migrations; packages/db/src/template.ts).
    // Neither is timed here.
    progress("building and preparing the database template, as npm start does (not timed) ...");
    const build = spawnSync(process.execPath, ["scripts/builds.mjs"], { cwd: ROOT, stdio: "ignore" });
    if (build.status !== 0) throw new Error("scripts/builds.mjs failed: run it to see why");
    const prep = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-template.mjs"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: join(parent, "prep") },
      stdio: "ignore",
    });
    if (prep.status !== 0) console.log("(the template could not be made: the first start runs initdb)");
    progress("first start (empty folder: a copy of the database template) ...");
    const first = await startServer(dataDir);
    server = first.server;
    const firstStop = await stopServer(first.server);
    server = null;
    const lockLeft = existsSync(join(parent, "pgdata.lock"));
    startRows.push([
      "first (empty folder)",
      ms(first.readyMs, 0),
      first.selfReportedMs === null ? "n/a" : `${first.selfReportedMs} ms`,
      first.steps,
      String(first.attempts),
      `${ms(firstStop.goneMs, 0)}${firstStop.clean ? ", clean exit 0" : ` (${firstStop.note})`}${lockLeft ? ", lock file left" : ""}`,
    ]);
    summary.push([
      "Cold start, first (new data folder)",
      ms(first.readyMs, 0),
      `< ${TARGETS.coldStartMs} ms`,
      verdict(first.readyMs, TARGETS.coldStartMs),
    ]);

    progress("second start (same, seeded folder) ...");
    const second = await startServer(dataDir);
    server = second.server;
    startRows.push([
      "second (seeded folder)",
      ms(second.readyMs, 0),
      second.selfReportedMs === null ? "n/a" : `${second.selfReportedMs} ms`,
      second.steps,
      String(second.attempts),
      "(kept running for parts 2 and 4)",
    ]);
    summary.push([
      "Cold start, second (seeded folder)",
      ms(second.readyMs, 0),
      `< ${TARGETS.coldStartMs} ms`,
      verdict(second.readyMs, TARGETS.coldStartMs),
    ]);
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    if (startRows.length === 0)
      summary.push(["Cold start, first (new data folder)", "error", `< ${TARGETS.coldStartMs} ms`, "n/a"]);
    summary.push(["Cold start, second (seeded folder)", "error", `< ${TARGETS.coldStartMs} ms`, "n/a"]);
  }
  if (startRows.length) {
    console.log(
      table(
        [
          "start",
          "spawn -> health 200",
          "server's own startupMs",
          "its steps",
          "health polls",
          "SIGTERM -> all processes gone",
        ],
        startRows,
        [1, 2, 4],
      ),
    );
    console.log(
      "(startupMs is what main.ts logs: its own evaluation -> listening; the difference is node and module loading.",
    );
    console.log(" Its steps: open the database (a first start copies the template), migrate, seed, build the app.)");
  }

  // --- Part 2: sign-in ------------------------------------------------------------------------
  section(`2. Sign-in: POST /api/identity/signIn, ${LIMITS.signInClients} concurrent clients, right password`);
  console.log(
    `argon2id parameters (ARGON2_OPTIONS): algorithm ${ARGON2_OPTIONS.algorithm} (argon2id), memoryCost ${ARGON2_OPTIONS.memoryCost} KiB (${(ARGON2_OPTIONS.memoryCost / 1024).toFixed(1)} MiB), timeCost ${ARGON2_OPTIONS.timeCost}, parallelism ${ARGON2_OPTIONS.parallelism}`,
  );
  if (hashTiming) {
    console.log(
      `hashPassword, ${hashTiming.samples} sequential calls in the bench process: median ${ms(hashTiming.median)} (min ${ms(hashTiming.min)}, max ${ms(hashTiming.max)})`,
    );
    console.log(
      `  -> every successful sign-in runs one verify of the same cost; with ${cpu.length} CPU(s) the ceiling is roughly ${((cpu.length * 1000) / hashTiming.median).toFixed(0)} sign-ins/s`,
    );
  } else {
    console.log(`hashPassword timing failed: ${hashError}`);
  }
  let token: string | null = null;
  if (server) {
    try {
      progress(`sign-in warm-up (${LIMITS.signInWarmup} requests, 5 clients, one per demo user) ...`);
      const warm = await signInLoad(server.base, DEMO_USERS, 5, LIMITS.signInWarmup, LIMITS.signInMaxMs);
      if (warm.ok === 0)
        throw new Error(`every warm-up sign-in failed: ${[...warm.statuses].map(([k, v]) => `${k} x${v}`).join(", ")}`);
      const runs: { label: string; users: readonly string[] }[] = [
        { label: `all as ${DEMO_USER}`, users: [DEMO_USER] },
        { label: `spread over ${DEMO_USERS.length} demo users`, users: DEMO_USERS },
      ];
      const rows: string[][] = [];
      const answers: string[] = [];
      let refused = false;
      for (const [i, run] of runs.entries()) {
        progress(
          `sign-in load, ${run.label}: ${LIMITS.signInTotal} requests or ${LIMITS.signInMaxMs / 1000} s, whichever comes first ...`,
        );
        const load = await signInLoad(
          server.base,
          run.users,
          LIMITS.signInClients,
          LIMITS.signInTotal,
          LIMITS.signInMaxMs,
        );
        const rps = (load.ok / load.wallMs) * 1000;
        const p95 = percentile(load.latencies, 95);
        rows.push([
          run.label,
          String(LIMITS.signInClients),
          String(load.ok + load.failed),
          String(load.ok),
          String(load.failed),
          ms(load.wallMs, 0),
          rps.toFixed(1),
          ms(percentile(load.latencies, 50)),
          ms(p95),
          ms(percentile(load.latencies, 99)),
          ms(load.latencies.at(-1) ?? Number.NaN),
        ]);
        answers.push(
          `${run.label}: ${[...load.statuses].map(([k, v]) => `${k} x${v}`).join(", ")}${load.stoppedBy === "time" ? " (stopped by the time limit)" : ""}`,
        );
        for (const [status, body] of load.examples) answers.push(`  first ${status} body: ${body}`);
        if (load.statuses.has("HTTP 429")) refused = true;
        const name =
          i === 0
            ? `Sign-in p95, ${LIMITS.signInClients} clients, ${run.label}`
            : `Sign-in p95, ${LIMITS.signInClients} clients ${run.label}`;
        summary.push([name, ms(p95), `< ${TARGETS.signInP95Ms} ms`, verdict(p95, TARGETS.signInP95Ms)]);
        summary.push([`Sign-in throughput, ${run.label}`, `${rps.toFixed(1)} ok/s`, "-", "-"]);
      }
      console.log(
        `after a warm-up of ${LIMITS.signInWarmup} sign-ins; latencies and ok/s count successful sign-ins (200 with tokens) only`,
      );
      console.log(
        table(
          ["run", "clients", "requests", "ok", "failed", "wall", "ok/s", "p50", "p95", "p99", "max"],
          rows,
          [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        ),
      );
      for (const line of answers) console.log(line);
      if (refused) {
        console.log(
          "note: HTTP 429 with the right password means the sign-in limiter refused concurrent sign-ins of one user; the second run keeps each user under that limit.",
        );
      }
      token = await signInToken(server.base);
    } catch (error) {
      console.log(`ERROR: ${errorText(error)}`);
      summary.push([`Sign-in p95, ${LIMITS.signInClients} clients`, "error", `< ${TARGETS.signInP95Ms} ms`, "n/a"]);
    }
  } else {
    console.log("skipped: the server did not start");
    summary.push([`Sign-in p95, ${LIMITS.signInClients} clients`, "skipped", `< ${TARGETS.signInP95Ms} ms`, "n/a"]);
  }

  // --- Part 4: userdata (runs on the same server, before it stops) -----------------------------
  section(
    `4. GET /api/userdata?username=${DEMO_USER}: ${LIMITS.userDataRequests} sequential requests with a Bearer idToken`,
  );
  if (server && token) {
    try {
      progress(`userdata: ${LIMITS.userDataWarmup} warm-up + ${LIMITS.userDataRequests} requests ...`);
      const result = await userDataSequential(server.base, token, LIMITS.userDataWarmup, LIMITS.userDataRequests);
      const l = result.latencies;
      console.log(
        table(
          ["requests", "ok", "failed", "p50", "p95", "p99", "max", "mean"],
          [
            [
              String(LIMITS.userDataRequests),
              String(l.length),
              String(result.failed),
              ms(percentile(l, 50)),
              ms(percentile(l, 95)),
              ms(percentile(l, 99)),
              ms(l.at(-1) ?? Number.NaN),
              ms(mean(l)),
            ],
          ],
          [0, 1, 2, 3, 4, 5, 6, 7],
        ),
      );
      console.log(
        `answers: ${[...result.statuses].map(([k, v]) => `${k} x${v}`).join(", ")}  (after ${LIMITS.userDataWarmup} warm-up requests)`,
      );
      summary.push([`GET /api/userdata p95 (${LIMITS.userDataRequests} sequential)`, ms(percentile(l, 95)), "-", "-"]);
    } catch (error) {
      console.log(`ERROR: ${errorText(error)}`);
      summary.push([`GET /api/userdata p95 (${LIMITS.userDataRequests} sequential)`, "error", "-", "-"]);
    }
  } else {
    console.log(server ? "skipped: no idToken (sign-in failed)" : "skipped: the server did not start");
    summary.push([`GET /api/userdata p95 (${LIMITS.userDataRequests} sequential)`, "skipped", "-", "-"]);
  }

  if (server) {
    progress("stopping the server ...");
    const stop = await stopServer(server);
    server = null;
    if (!stop.clean) console.log(`\nnote: the second server ${stop.note}`);
  }

  // --- Part 3: login page JS (after the server stopped, so a build has the CPUs) --------------
  section("3. Login page JavaScript (gzip level 9, 1 KB = 1024 bytes; measured last so a web build gets the CPUs)");
  const build = await ensureWebBuild();
  if (!build.ok) {
    console.log(build.reason);
    summary.push(["Login page JS, gzip", "web build missing", `< ${TARGETS.loginJsGzipKb} KB`, "n/a"]);
  } else {
    try {
      if (build.builtMs !== null)
        console.log(`built apps/web first (npm run build -w @hub/web, ${ms(build.builtMs, 0)})`);
      else console.log("using the existing apps/web/dist (delete it to rebuild)");
      const js = measureLoginJs();
      console.log(
        table(
          ["file (apps/web/dist/...)", "why", "raw", "gzip"],
          [
            ...js.files.map((f) => [f.file, f.why, kb(f.raw), kb(f.gzip)]),
            ["total", `${js.files.length} file(s)`, kb(js.totalRaw), kb(js.totalGzip)],
          ],
          [2, 3],
        ),
      );
      for (const note of js.notes) console.log(`note: ${note}`);
      const imported = js.totalGzip - js.directGzip;
      if (imported > 0) {
        console.log(
          `entry + modulepreload + login chunk(s): ${kb(js.directGzip)} gzip; the login chunk's own static imports add ${kb(imported)} (it cannot run without them, so the total counts them)`,
        );
      }
      const totalKb = js.totalGzip / 1024;
      summary.push([
        "Login page JS, gzip",
        kb(js.totalGzip),
        `< ${TARGETS.loginJsGzipKb} KB`,
        js.files.length ? verdict(totalKb, TARGETS.loginJsGzipKb) : "n/a",
      ]);
    } catch (error) {
      console.log(`ERROR: ${errorText(error)}`);
      summary.push(["Login page JS, gzip", "error", `< ${TARGETS.loginJsGzipKb} KB`, "n/a"]);
    }
  }

  // --- Part 5: the manufacturing library ------------------------------------------------------
  try {
    summary.push(...(await benchLibrary(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["Library search p95, 10k styles (worst)", "error", "< 50 ms", "n/a"]);
  }

  // --- Part 6: durability of the embedded database --------------------------------------------
  try {
    summary.push(...(await benchDurability(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["Embedded inserts/s, fsync on", "error", "-", "-"]);
  }

  // --- Part 7: orders at scale -----------------------------------------------------------------
  try {
    summary.push(...(await benchOrders(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["Orders at scale (part 7)", "error", "-", "n/a"]);
  }

  // --- Part 8: the cut planner -----------------------------------------------------------------
  try {
    summary.push(...(await benchCutPlanner(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["Cut planner, 5000 units / 10 fabrics", "error", "<= 2000 ms", "n/a"]);
  }

  // --- Part 9: products and the smart tech pack ------------------------------------------------
  try {
    summary.push(...(await benchTechPack(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["Tech pack tab load p95 (worst tab)", "error", "<= 80 ms", "n/a"]);
  }

  // --- Part 10: /openOrders at scale --------------------------------------------------------------
  try {
    summary.push(...(await benchOpenOrders(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["/openOrders p95 (10,000 open orders), PostgreSQL", "error", "<= 100 ms", "n/a"]);
  }

  // --- Part 11: floor scans ---------------------------------------------------------------------
  try {
    summary.push(...(await benchFloor(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["Floor scan p95, 20 stations, 100k units", "error", "<= 50 ms", "n/a"]);
  }

  // --- Part 12: dashboards ----------------------------------------------------------------------
  try {
    summary.push(...(await benchDashboards(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["Dashboards (part 12)", "error", "-", "n/a"]);
  }
  // --- Part 13: product development (issue 19) ---------------------------------------------------
  try {
    summary.push(...(await benchProductDev(section, table)));
  } catch (error) {
    console.log(`ERROR: ${errorText(error)}`);
    summary.push(["Version compare p95 (500 BOM rows, 100 POMs x 8)", "error", "<= 150 ms", "n/a"]);
  }

  // --- Summary --------------------------------------------------------------------------------
  section("Summary");
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (other work on the machine skews every number above)`,
  );
  // Parts in the brief's order (1, 2, 3, 4); part 3 ran last.
  const order = (row: SummaryRow) =>
    row[0].startsWith("Login page")
      ? 2.5
      : row[0].startsWith("GET /api/userdata")
        ? 3
        : row[0].startsWith("Library")
          ? 5
          : 0;
  const rows = summary.map((row, i) => ({ row, key: order(row) * 1000 + i })).sort((a, b) => a.key - b.key);
  console.log(
    table(
      ["metric", "value", "target", "result"],
      rows.map((r) => r.row),
      [1],
    ),
  );
};

main()
  .catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => {
    killAllChildren();
    removeTempDirs();
  });
