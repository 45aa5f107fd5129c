import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase, seedDemoData, seedReferenceData } from "@hub/db";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { hashPassword } from "../src/modules/identity/password";
import { canRunPrivatePostgres, type PrivatePostgres, startPrivatePostgres } from "./helpers/private-postgres";
import { api, freePort, killAll, type ServerProcess, signIn, startServer, withinMs } from "./helpers/server-process";

/**
 * The real server process on a PostgreSQL server of the test's own, which the test restarts, stops
 * and starts under it: the Hub rides out a restart or a failover (requests meanwhile get a 503 in the
 * one error shape, and it answers again by itself), and several instances starting together on an
 * empty database migrate it once. The machine's own server (the other test files') is not touched.
 */
let pg: PrivatePostgres;

beforeAll(async () => {
  if (canRunPrivatePostgres()) pg = startPrivatePostgres(await freePort());
});
afterEach(killAll);
afterAll(() => pg?.destroy());

/**
 * Polls until `check` holds, or fails after `ms` naming what it saw last (a status, an error, a
 * request that did not answer in 5 s), so a failure in CI says why.
 */
const eventually = async (check: () => Promise<boolean>, ms: number, what: string, context?: () => string) => {
  const deadline = performance.now() + ms;
  let last = "nothing yet";
  while (performance.now() < deadline) {
    const outcome = await withinMs(check(), 5_000).then(
      (held) => (held ? null : "did not hold"),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (outcome === null) return performance.now();
    last = outcome;
    await sleep(100);
  }
  throw new Error(
    `${what}: not within ${ms} ms (last: ${last}; answers so far: ${lastStatuses.join(" ")})${context ? `\n${context()}` : ""}`,
  );
};

/** The last statuses `status` saw, for the failure message. */
const lastStatuses: string[] = [];
const status = async (hub: ServerProcess, method: string, path: string, token?: string, body?: unknown) => {
  const res = await api(hub, method, path, token, body);
  lastStatuses.push(String(res.status));
  if (lastStatuses.length > 12) lastStatuses.shift();
  return res.status;
};

const alive = (hub: ServerProcess) => hub.child.exitCode === null && hub.child.signalCode === null;

const machine = (tag: string) => ({ code: `R-${tag}`, name: `Restart ${tag}`, machineType: "Overlock", make: "Juki" });

describe.skipIf(!canRunPrivatePostgres())("the Hub on a PostgreSQL server that restarts", () => {
  test("three instances starting together on an empty database migrate it once and all start", async () => {
    pg.psql("create database twins");
    const env = { DATABASE_URL: pg.url("twins"), HUB_SECRET_KEY: "k".repeat(40) };
    const hubs = await Promise.all([
      startServer(null, { env }),
      startServer(null, { env }),
      startServer(null, { env }),
    ]);
    for (const hub of hubs) {
      expect(hub.output(), hub.output()).toContain("Hub is ready");
      expect(alive(hub)).toBe(true);
      expect((await api(hub, "GET", "/api/health")).status).toBe(200);
    }
    // Every migration ran once: drizzle's journal has one row per migration file.
    const applied = Number(pg.psql("select count(*) from drizzle.__drizzle_migrations", "twins"));
    const distinct = Number(pg.psql("select count(distinct hash) from drizzle.__drizzle_migrations", "twins"));
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBe(distinct);
  }, 180_000);

  test("a restart while idle and an outage under load: 503s meanwhile, then it answers again by itself", async () => {
    pg.psql("create database outage");
    // The demo accounts, written before the Hub starts (on a server URL it is not in demo mode).
    const seeding = await openDatabase({ url: pg.url("outage") });
    await seeding.migrate();
    await seedReferenceData(seeding.db);
    await seedDemoData(seeding.db, hashPassword);
    await seeding.close();

    const hub = await startServer(null, { env: { DATABASE_URL: pg.url("outage"), HUB_SECRET_KEY: "k".repeat(40) } });
    expect(hub.output(), hub.output()).toContain("Hub is ready");
    const token = await signIn(hub, "factory");
    // Several pooled connections, idle when the server goes.
    const warm = await Promise.all(
      [0, 1, 2, 3].map((i) => api(hub, "POST", "/api/library/machines", token, machine(`warm-${i}`))),
    );
    for (const res of warm) expect(res.status, res.text).toBe(201);

    // 1. A restart while idle: the pool's connections are cut under it.
    pg.restart();
    await sleep(500);
    expect(alive(hub), hub.output()).toBe(true);
    await eventually(async () => (await status(hub, "GET", "/api/health")) === 200, 30_000, "health after restart");
    const after = await api(hub, "POST", "/api/library/machines", token, machine("after-restart"));
    expect(after.status, after.text).toBe(201);

    // 2. An outage under load: writers keep writing while the server is stopped, then started again.
    let stop = false;
    const answers: { status: number; body: string }[] = [];
    const writer = async (w: number) => {
      for (let i = 0; !stop && i < 2_000; i++) {
        const res = await api(hub, "POST", "/api/library/machines", token, machine(`load-${w}-${i}`)).catch(() => null);
        if (res) answers.push({ status: res.status, body: res.text });
        await sleep(20);
      }
    };
    const writers = Promise.all([0, 1, 2].map(writer));
    await sleep(500);
    pg.stop();
    const down = performance.now();
    // While it is down: the health check and every request get a clear 503.
    await eventually(
      async () => (await status(hub, "GET", "/api/health")) === 503,
      30_000,
      "503 while down",
      () =>
        `the Hub ${alive(hub) ? "is running" : `exited (${hub.child.exitCode ?? hub.child.signalCode})`}; its output ends:\n${hub.output().slice(-3000)}`,
    );
    const during = await api(hub, "GET", "/api/library/machines?page=0&size=5", token);
    expect(during.status).toBe(503);
    expect(during.json()).toEqual({
      error: "UNAVAILABLE",
      message: "The Hub cannot reach its database right now. Try again in a moment.",
    });
    await sleep(Math.max(0, 1_500 - (performance.now() - down)));
    expect(alive(hub), hub.output()).toBe(true);
    pg.start();
    const up = performance.now();
    const back = await eventually(
      async () => (await status(hub, "POST", "/api/library/machines", token, machine("back"))) === 201,
      15_000,
      "a write after the server came back",
    );
    stop = true;
    await writers;
    expect(back - up).toBeLessThan(15_000);
    expect(alive(hub), hub.output()).toBe(true);

    // Nothing but successes and 503s: no 500, no hang, no crash.
    const statuses = new Set(answers.map((a) => a.status));
    expect(statuses.has(201)).toBe(true);
    expect(statuses.has(503)).toBe(true);
    expect(
      answers.filter((a) => a.status !== 201 && a.status !== 503),
      "answers other than 201 and 503",
    ).toEqual([]);
    // Every write acknowledged is there.
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => JSON.parse(a.body) as { id: number });
    const ids = new Set(pg.psql("select id from lib_machines", "outage").split("\n").filter(Boolean).map(Number));
    for (const { id } of acknowledged) expect(ids.has(id), `machine ${id}`).toBe(true);

    hub.child.kill("SIGTERM");
    expect((await hub.exited).code).toBe(0);
  }, 240_000);
});
