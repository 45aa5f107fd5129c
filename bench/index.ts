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
 *    into lays (<= 2 s), the lay count and utilisation printed beside the naive one-size-per-lay plan.
 * 9. Products and the smart tech pack (`bench/tech-pack.ts`): tab loads of a tech pack with 60 POMs x
 *    8 sizes and 40 BOM rows x 6 colourways (p95 <= 80 ms), its PDF (<= 2 s), and the products list
 *    on 20,000 products (p95 <= 50 ms).
 * 10. /openOrders at scale (`bench/open-orders.ts`): 10,000 open orders with 100,000 units on PostgreSQL
 *    (BENCH_DATABASE_URL or DATABASE_URL), p50/p95 of the list through the API; target p95 ≤ 100 ms.
 * 11. Floor scans (`bench/floor.ts`): with 100,000 open units on the PostgreSQL server (skipped
 *    without one), scan-to-answer p95 of 20 stations scanning at once through the API (assign to a
 *    tote, mark cut, QC pass), back to back and 250 ms apart; target ≤ 50 ms.
 *
 * Ends with a summary table: metric, value, target, result. Only talks to 127.0.0.1. Every loop is
 * bounded. Every child process runs in its own process group and is killed when the bench ends,
 * also on error or Ctrl-C.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ARGON2_OPTIONS, hashPassword } from "../apps/server/src/modules/identity/password";
import { benchCutPlanner } from "./cut-planner";
import { benchDurability } from "./durability";
import { benchFloor } from "./floor";
import { benchLibrary } from "./library";
import { benchOpenOrders } from "./open-orders";
import { benchOrders } from "./orders";
import { benchTechPack } from "./tech-pack";

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The server as `npm start` runs it: bundled by scripts/builds.mjs, started by plain node. */
const SERVER_BUNDLE = "apps/server/dist/main.mjs";
const WEB_DIST = join(ROOT, "apps", "web", "dist");
const HOST = "127.0.0.1";

const DEMO_USER = "admin";
/** The demo accounts seeded in demo mode, all with DEMO_PASSWORD. */
const DEMO_USERS = ["admin", "client", "factory", "designer", "client2"] as const;
const DEMO_PASSWORD = "Hub!demo1";

const TARGETS = { coldStartMs: 3_000, signInP95Ms: 300, loginJsGzipKb: 150 } as const;

const LIMITS = {
  /** Give up waiting for the first health answer after this long. */
  startTimeoutMs: 60_000,
  /** Wait this long for a clean exit after SIGTERM before killing the process group. */
  stopTimeoutMs: 15_000,
  healthPollMs: 20,
  requestTimeoutMs: 15_000,
  hashSamples: 20,
  signInClients: 20,
  signInWarmup: 20,
  signInTotal: 400,
  signInMaxMs: 30_000,
  userDataWarmup: 10,
  userDataRequests: 200,
  webBuildTimeoutMs: 10 * 60_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Child processes: each in its own process group, all killed on the way out
// ---------------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Kills a child's whole process group (tsx and npm both start processes of their own). */
const killGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
};

const killAllChildren = (): void => {
  for (const child of children) {
    if (child.pid !== undefined && groupAlive(child.pid)) killGroup(child, "SIGKILL");
  }
  children.clear();
};

const removeTempDirs = (): void => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
};

process.on("exit", () => {
  killAllChildren();
  removeTempDirs();
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal} received, killing child processes and exiting`);
    killAllChildren();
    removeTempDirs();
    process.exit(130);
  });
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };

type Spawned = {
  child: ChildProcess;
  exited: Promise<Exit>;
  /** The last lines the process wrote (stdout and stderr together). */
  tail: () => string[];
  /** Every line the process wrote that matched `watch`, in order. */
  watched: string[];
};

const spawnTracked = (
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  watch?: RegExp,
  keepLines = 40,
): Spawned => {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const lines: string[] = [];
  const watched: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        if (watch?.test(line)) watched.push(line);
        lines.push(line);
        if (lines.length > keepLines) lines.shift();
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<Exit>((resolveExit) => {
    child.once("exit", (code, signal) => resolveExit({ code, signal }));
    child.once("error", (error) => {
      lines.push(`spawn error: ${error.message}`);
      resolveExit({ code: -1, signal: null });
    });
  });
  return { child, exited, tail: () => [...lines], watched };
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The promise's value, or null when it takes longer than `ms` (the timer is cleared either way, so it never holds the bench open). */
const withTimeout = async <T>(promise: Promise<T>, ms: number): Promise<T | null> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((r) => {
    timer = setTimeout(() => r(null), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** Linux: the processes still in a process group, as "pid command" (empty elsewhere or when gone). */
const groupMembers = (pgid: number): string[] => {
  if (!existsSync("/proc")) return [];
  const members: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid pgrp ...; comm may contain spaces, so split after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      members.push(`${entry} [${fields[0] ?? "?"}] ${cmd.slice(0, 120)}`);
    } catch {
      // gone meanwhile
    }
  }
  return members;
};

const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error("could not get a free port"));
        return;
      }
      const { port } = address;
      server.close(() => resolvePort(port));
    });
  });

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
};
const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const mean = (values: readonly number[]) =>
  values.length ? values.reduce((s, v) => s + v, 0) / values.length : Number.NaN;

const ms = (value: number, digits = 1) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : "n/a");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (value: number, target: number) =>
  Number.isFinite(value) ? (value < target ? "PASS" : "MISS") : "n/a";

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const table = (
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAlign: readonly number[] = [],
): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return rightAlign.includes(i) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
};

const section = (title: string) => console.log(`\n== ${title} ${"=".repeat(Math.max(0, 76 - title.length))}`);
const progress = (message: string) => console.error(`bench: ${message}`);

// ---------------------------------------------------------------------------------------------
// HTTP helpers
// ---------------------------------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The idToken of a successful sign-in answer ({ result: "tokens", tokens: { idToken } }), or null. */
const idTokenOf = (body: unknown): string | null => {
  if (!isRecord(body) || body.result !== "tokens" || !isRecord(body.tokens)) return null;
  const token = body.tokens.idToken;
  return typeof token === "string" ? token : null;
};

const signInRequest = (base: string, username: string = DEMO_USER): Promise<Response> =>
  fetch(`${base}/api/identity/signIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
  });

const signInToken = async (base: string): Promise<string> => {
  const response = await signInRequest(base);
  const body: unknown = await response.json().catch(() => null);
  const token = response.ok ? idTokenOf(body) : null;
  if (!token) throw new Error(`sign-in as ${DEMO_USER} failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  return token;
};

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

type RunningServer = Spawned & { base: string; port: number };

type StartResult = {
  server: RunningServer;
  readyMs: number;
  selfReportedMs: number | null;
  steps: string;
  attempts: number;
};

const startServer = async (dataDir: string): Promise<StartResult> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir };
  // Demo mode (embedded database + demo accounts) needs no DATABASE_URL and a non-production NODE_ENV.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const base = `http://${HOST}:${port}`;
  const started = performance.now();
  const spawned = spawnTracked(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], env, /"startupMs"/);
  const server: RunningServer = { ...spawned, base, port };
  const state: { exit: Exit | null } = { exit: null };
  void spawned.exited.then((e) => {
    state.exit = e;
  });
  let attempts = 0;
  while (performance.now() - started < LIMITS.startTimeoutMs) {
    if (state.exit !== null) {
      const { code, signal } = state.exit;
      throw new Error(
        `server exited before answering /api/health (code ${code}, signal ${signal}). Last output:\n${spawned.tail().join("\n")}`,
      );
    }
    attempts++;
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        await response.arrayBuffer();
        const readyMs = performance.now() - started;
        // The server logs its own startupMs (main.ts evaluated -> listening) just before it answers.
        await sleep(50);
        const match = spawned.watched.map((l) => /"startupMs":(\d+)/.exec(l)).find((m) => m !== null);
        const steps =
          spawned.watched.map((l) => /"startupSteps":\{([^}]*)\}/.exec(l)).find((m) => m !== null)?.[1] ?? "";
        return {
          server,
          readyMs,
          selfReportedMs: match?.[1] ? Number(match[1]) : null,
          steps: steps.replaceAll('"', "").replaceAll(",", ", "),
          attempts,
        };
      }
      await response.arrayBuffer();
    } catch {
      // not listening yet
    }
    await sleep(LIMITS.healthPollMs);
  }
  killGroup(spawned.child, "SIGKILL");
  throw new Error(
    `no successful /api/health within ${LIMITS.startTimeoutMs} ms. Last output:\n${spawned.tail().join("\n")}`,
  );
};

type StopResult = { exitMs: number; goneMs: number; clean: boolean; exit: Exit | null; note: string };

/**
 * SIGTERM to the server (it closes the database and removes its lock), then wait for it to exit and
 * for the whole process group to be gone.
 */
const stopServer = async (server: RunningServer): Promise<StopResult> => {
  const started = performance.now();
  const pid = server.child.pid;
  const notes: string[] = [];
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  const exit = await withTimeout(server.exited, LIMITS.stopTimeoutMs);
  const exitMs = performance.now() - started;
  let clean = exit !== null && exit.code === 0;
  if (exit === null) notes.push(`the server did not exit within ${LIMITS.stopTimeoutMs} ms after SIGTERM`);
  else if (exit.code !== 0) notes.push(`the server exited with code ${exit.code}, signal ${exit.signal}`);
  if (pid !== undefined) {
    while (groupAlive(pid) && performance.now() - started < LIMITS.stopTimeoutMs) await sleep(20);
    if (groupAlive(pid)) {
      const left = groupMembers(pid);
      killGroup(server.child, "SIGKILL");
      clean = false;
      notes.push(
        `still running ${LIMITS.stopTimeoutMs} ms after SIGTERM, killed: ${left.join("; ") || "(unknown processes)"}`,
      );
    }
  }
  const goneMs = performance.now() - started;
  children.delete(server.child);
  return { exitMs, goneMs, clean, exit, note: notes.join("; ") };
};

// ---------------------------------------------------------------------------------------------
// Part 2 (extras): argon2id cost
// ---------------------------------------------------------------------------------------------

type HashTiming = { median: number; min: number; max: number; samples: number };

const timeHashing = async (): Promise<HashTiming> => {
  await hashPassword("warm-up-the-native-module");
  const samples: number[] = [];
  for (let i = 0; i < LIMITS.hashSamples; i++) {
    const t = performance.now();
    await hashPassword(`bench-password-${i}`);
    samples.push(performance.now() - t);
  }
  const sorted = ascending(samples);
  return {
    median: percentile(sorted, 50),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    samples: samples.length,
  };
};

// ---------------------------------------------------------------------------------------------
// Part 2: sign-in under load
// ---------------------------------------------------------------------------------------------

type LoadResult = {
  ok: number;
  failed: number;
  statuses: Map<string, number>;
  /** The first answer body seen for each unsuccessful status. */
  examples: Map<string, string>;
  wallMs: number;
  latencies: number[];
  stoppedBy: "count" | "time";
};

/** `clients` concurrent loops; client i signs in as users[i % users.length]. */
const signInLoad = async (
  base: string,
  users: readonly string[],
  clients: number,
  total: number,
  maxMs: number,
): Promise<LoadResult> => {
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const examples = new Map<string, string>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  let issued = 0;
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + maxMs;
  const worker = async (_: unknown, client: number) => {
    const username = users[client % users.length] ?? DEMO_USER;
    while (issued < total && performance.now() < deadline) {
      issued++;
      const t = performance.now();
      try {
        const response = await signInRequest(base, username);
        const body: unknown = await response.json().catch(() => null);
        const elapsed = performance.now() - t;
        if (response.ok && idTokenOf(body)) {
          ok++;
          latencies.push(elapsed);
          count("200 tokens");
        } else {
          failed++;
          const key = `HTTP ${response.status}`;
          count(key);
          if (!examples.has(key)) examples.set(key, JSON.stringify(body).slice(0, 200));
        }
      } catch (error) {
        failed++;
        count(`error: ${errorText(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const wallMs = performance.now() - started;
  return {
    ok,
    failed,
    statuses,
    examples,
    wallMs,
    latencies: ascending(latencies),
    stoppedBy: issued >= total ? "count" : "time",
  };
};

// ---------------------------------------------------------------------------------------------
// Part 4: GET /api/userdata
// ---------------------------------------------------------------------------------------------

type SequentialResult = { latencies: number[]; failed: number; statuses: Map<string, number> };

const userDataSequential = async (
  base: string,
  token: string,
  warmup: number,
  requests: number,
): Promise<SequentialResult> => {
  const url = `${base}/api/userdata?username=${encodeURIComponent(DEMO_USER)}`;
  const headers = { authorization: `Bearer ${token}` };
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  let failed = 0;
  for (let i = 0; i < warmup + requests; i++) {
    const t = performance.now();
    let key: string;
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(LIMITS.requestTimeoutMs) });
      await response.arrayBuffer();
      key = `HTTP ${response.status}`;
      if (i >= warmup) {
        if (response.ok) latencies.push(performance.now() - t);
        else failed++;
      }
    } catch (error) {
      key = `error: ${errorText(error)}`;
      if (i >= warmup) failed++;
    }
    if (i >= warmup) statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  return { latencies: ascending(latencies), failed, statuses };
};

// ---------------------------------------------------------------------------------------------
// Part 3: login page JavaScript
// ---------------------------------------------------------------------------------------------

type WebBuild = { ok: true; builtMs: number | null } | { ok: false; reason: string };

const indexHtml = join(WEB_DIST, "index.html");

/** Builds apps/web only when apps/web/dist/index.html is missing. */
const ensureWebBuild = async (): Promise<WebBuild> => {
  if (existsSync(indexHtml)) return { ok: true, builtMs: null };
  progress("apps/web/dist/index.html is missing; running `npm run build -w @hub/web` ...");
  const started = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnTracked(npm, ["run", "build", "-w", "@hub/web"], { ...process.env }, undefined, 200);
  const exit = await withTimeout(build.exited, LIMITS.webBuildTimeoutMs);
  const builtMs = performance.now() - started;
  if (build.child.pid !== undefined && groupAlive(build.child.pid)) killGroup(build.child, "SIGKILL");
  children.delete(build.child);
  const tail = build
    .tail()
    .filter((l) => l.trim() !== "" && !/^\s+at /.test(l) && !/^npm (error|warn) /.test(l))
    .slice(-15)
    .map((l) => `    | ${l}`)
    .join("\n");
  if (exit === null)
    return {
      ok: false,
      reason: `web build missing: the build did not finish within ${LIMITS.webBuildTimeoutMs / 1000} s (killed).\n${tail}`,
    };
  if (exit.code !== 0)
    return {
      ok: false,
      reason: `web build missing: \`npm run build -w @hub/web\` failed (exit code ${exit.code}).\n${tail}`,
    };
  if (!existsSync(indexHtml))
    return {
      ok: false,
      reason: `web build missing: the build exited 0 but apps/web/dist/index.html does not exist.\n${tail}`,
    };
  return { ok: true, builtMs };
};

type Tag = { name: string; attrs: Map<string, string> };

const htmlTags = (html: string, names: readonly string[]): Tag[] => {
  const tags: Tag[] = [];
  for (const match of html.matchAll(/<([a-zA-Z]+)\b([^>]*)>/g)) {
    const name = (match[1] ?? "").toLowerCase();
    if (!names.includes(name)) continue;
    const attrs = new Map<string, string>();
    for (const a of (match[2] ?? "").matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs.set((a[1] ?? "").toLowerCase(), a[2] ?? a[3] ?? a[4] ?? "");
    }
    tags.push({ name, attrs });
  }
  return tags;
};

/** A URL from index.html as a file in dist ("/assets/x.js", "./assets/x.js", "/base/assets/x.js"). */
const distFileOf = (url: string): string | null => {
  if (/^[a-z]+:\/\//i.test(url) || url.startsWith("//")) return null;
  const path = decodeURIComponent(url.split(/[?#]/)[0] ?? "");
  const direct = join(WEB_DIST, path.replace(/^\.?\/+/, ""));
  if (existsSync(direct)) return direct;
  const inAssets = join(WEB_DIST, "assets", basename(path));
  return existsSync(inAssets) ? inAssets : null;
};

/** Relative static imports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`). */
const staticImportsOf = (file: string): string[] => {
  const code = readFileSync(file, "utf8");
  const found = new Set<string>();
  const pattern = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g;
  for (const match of code.matchAll(pattern)) {
    const spec = match[1];
    if (!spec) continue;
    const target = resolve(dirname(file), spec);
    if (existsSync(target)) found.add(target);
  }
  return [...found];
};

type JsFile = { file: string; why: string; raw: number; gzip: number };
type LoginJs = { files: JsFile[]; notes: string[]; totalGzip: number; totalRaw: number; directGzip: number };

const measureLoginJs = (): LoginJs => {
  const notes: string[] = [];
  const html = readFileSync(indexHtml, "utf8");
  const wanted = new Map<string, string>(); // absolute path -> why
  const add = (file: string, why: string) => {
    if (!wanted.has(file)) wanted.set(file, why);
  };
  for (const tag of htmlTags(html, ["script", "link"])) {
    if (tag.name === "script" && tag.attrs.get("type") === "module" && tag.attrs.get("src")) {
      const src = tag.attrs.get("src") ?? "";
      const file = distFileOf(src);
      if (file) add(file, "entry <script type=module>");
      else notes.push(`entry script ${src} is not a file in apps/web/dist (not counted)`);
    }
    const rel = (tag.attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    if (tag.name === "link" && rel.includes("modulepreload") && tag.attrs.get("href")) {
      const href = tag.attrs.get("href") ?? "";
      const file = distFileOf(href);
      if (file) add(file, "<link rel=modulepreload>");
      else notes.push(`modulepreload ${href} is not a file in apps/web/dist (not counted)`);
    }
  }
  if (wanted.size === 0) notes.push("index.html has no <script type=module src> entry");

  const assets = join(WEB_DIST, "assets");
  const assetNames = existsSync(assets) ? readdirSync(assets).filter((n) => /\.m?js$/.test(n)) : [];
  const loginChunks = assetNames.filter(
    (n) => n.toLowerCase().startsWith("login") || n.toLowerCase().includes("login-page"),
  );
  for (const name of loginChunks) add(join(assets, name), "lazy login chunk");
  if (!assetNames.some((n) => n.toLowerCase().includes("login-page"))) {
    notes.push(
      'no chunk whose name contains "login-page" in apps/web/dist/assets: the lazy login route is not counted' +
        (loginChunks.length ? ` (counted instead: ${loginChunks.join(", ")})` : ""),
    );
  }

  // What the counted chunks import statically is loaded too (Vite usually also lists it as modulepreload).
  const queue = [...wanted.keys()];
  for (let i = 0; i < queue.length && i < 500; i++) {
    const from = queue[i];
    if (!from) continue;
    for (const dep of staticImportsOf(from)) {
      if (wanted.has(dep)) continue;
      add(dep, `static import of ${basename(from)}`);
      queue.push(dep);
    }
  }

  const files = [...wanted].map(([file, why]) => {
    const buffer = readFileSync(file);
    return {
      file: relative(WEB_DIST, file),
      why,
      raw: statSync(file).size,
      gzip: gzipSync(buffer, { level: 9 }).length,
    };
  });
  return {
    files,
    notes,
    totalGzip: files.reduce((s, f) => s + f.gzip, 0),
    totalRaw: files.reduce((s, f) => s + f.raw, 0),
    directGzip: files.filter((f) => !f.why.startsWith("static import")).reduce((s, f) => s + f.gzip, 0),
  };
};

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

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
    summary.push(["Orders search API p95, PostgreSQL", "error", "<= 30 ms", "n/a"]);
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
