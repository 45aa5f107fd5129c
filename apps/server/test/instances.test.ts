import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { IDEMPOTENCY_HEADER, type TReportDownload, type TWebhookDelivery } from "@hub/contracts";
import { DEMO_PASSWORD, openDatabase, seedDemoData, seedReferenceData } from "@hub/db";
import pgDriver from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { LOGIN_LIMITS } from "../src/modules/identity/builtin-pool";
import { hashPassword } from "../src/modules/identity/password";
import { openFloorStream } from "./helpers/floor-stream";
import {
  canRunPrivatePostgres,
  type PrivatePostgres,
  startPrivatePostgres,
  startPrivateReplica,
} from "./helpers/private-postgres";
import { api, freePort, killAll, type ServerProcess, signIn, startServer } from "./helpers/server-process";
import { type S3StandIn, startS3StandIn } from "./stand-ins/s3";

/**
 * The Hub as several processes on one PostgreSQL server (README "Several instances"): two web
 * instances (HUB_ROLE=web) and two workers (HUB_ROLE=worker), real processes on a server of the
 * test's own, files in S3 (the local stand-in). What one process keeps must not break the others:
 * a session and the sign-in limits are rows, so they hold across instances; a job queued by a web
 * instance is run by one worker; a schedule fires once; a floor change on one instance reaches a
 * screen connected to another. And a read replica (DATABASE_REPLICA_URL, a real streaming standby)
 * serves the dashboards, while a read that must see a write just made goes to the primary, and its
 * loss sends its reads back to the primary.
 */
let pg: PrivatePostgres;
let s3: S3StandIn;
const BUCKET = "hub-fleet";

beforeAll(async () => {
  if (!canRunPrivatePostgres()) return;
  pg = startPrivatePostgres(await freePort());
  s3 = await startS3StandIn(BUCKET);
}, 120_000);
afterEach(killAll);
afterAll(async () => {
  pg?.destroy();
  await s3?.close();
});

/** A fresh database with the demo accounts and data, written before any Hub starts. */
const demoDatabase = async (name: string) => {
  pg.psql(`create database ${name}`);
  const seeding = await openDatabase({ url: pg.url(name) });
  await seeding.migrate();
  await seedReferenceData(seeding.db);
  await seedDemoData(seeding.db, hashPassword);
  await seeding.close();
};

const envFor = (database: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: pg.url(database),
  HUB_SECRET_KEY: "k".repeat(40),
  WEBHOOKS_ALLOW_PRIVATE: "true",
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: s3.url,
  S3_ACCESS_KEY_ID: "AKIASTANDIN",
  S3_SECRET_ACCESS_KEY: "stand-in-secret",
  S3_FORCE_PATH_STYLE: "true",
  ...extra,
});

/**
 * A receiver of webhook deliveries on loopback: each delivery's id, as it arrived. With `holdFirst`
 * it never answers the first one (its sender is in the middle of the attempt).
 */
const startReceiver = async (holdFirst = false) => {
  const ids: string[] = [];
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    ids.push(String(req.headers["webhook-id"]));
    if (holdFirst && ids.length === 1) return;
    res.writeHead(200).end("thanks");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};

const order = (poNumber: string) => ({
  poNumber,
  shipTo: { name: "Fleet Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "US" },
  lines: [{ sku: "TEE100-WHT-SLM-L", quantity: 2 }],
});

/** Places an invoice order for the demo client (Northwind has no card: nothing is charged). */
const place = (hub: ServerProcess, token: string, poNumber: string) =>
  api(hub, "POST", "/api/orders", token, order(poNumber), { [IDEMPOTENCY_HEADER]: `fleet-${poNumber}` });

const waitForDownload = async (hub: ServerProcess, token: string, id: number) => {
  let last: TReportDownload | undefined;
  await expect
    .poll(
      async () => {
        last = (await api(hub, "GET", `/api/reports/downloads/${id}`, token)).json() as unknown as TReportDownload;
        return last.status;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toMatch(/done|failed|cancelled/);
  return last as TReportDownload;
};

const ready = (hub: ServerProcess) => {
  expect(hub.output(), hub.output()).toContain("Hub is ready");
  expect(hub.child.exitCode, hub.output()).toBeNull();
};

describe.skipIf(!canRunPrivatePostgres())("several Hub processes on one PostgreSQL server", () => {
  test("two web instances and two workers: shared sessions and limits, jobs run once, live floor across instances, files in S3", async () => {
    await demoDatabase("fleet");
    const web = (await Promise.all([
      startServer(null, { env: envFor("fleet", { HUB_ROLE: "web" }) }),
      startServer(null, { env: envFor("fleet", { HUB_ROLE: "web" }) }),
    ])) as [ServerProcess, ServerProcess];
    const workers = await Promise.all([
      startServer(null, { env: envFor("fleet", { HUB_ROLE: "worker" }) }),
      startServer(null, { env: envFor("fleet", { HUB_ROLE: "worker" }) }),
    ]);
    const [a, b] = web;
    for (const hub of [...web, ...workers]) ready(hub);
    for (const hub of web) expect(hub.output()).toContain('"jobWorkers":false');
    for (const hub of workers) expect(hub.output()).toContain('"jobWorkers":true');

    // A worker answers its health check and nothing else.
    for (const worker of workers) {
      expect((await api(worker, "GET", "/api/health")).status).toBe(200);
      const refused = await api(worker, "GET", "/api/config");
      expect(refused.status).toBe(404);
      expect(refused.json().message).toContain("Hub worker");
    }

    // 1. A session made on one instance is good on the other.
    const client = await signIn(a, "client");
    const factory = await signIn(b, "factory");
    expect((await api(b, "GET", "/api/orders?page=0&size=1", client)).status).toBe(200);
    expect((await api(a, "GET", "/api/floor/open-orders?page=0&size=1", factory)).status).toBe(200);

    // 2. Sign-in limits are counted in the database: failures on either instance add up.
    for (let i = 0; i < LOGIN_LIMITS.perUser; i++) {
      const wrong = await api(web[i % 2] as ServerProcess, "POST", "/api/identity/signIn", undefined, {
        username: "designer",
        password: "not-the-password-1A!",
      });
      expect(wrong.status, wrong.text).toBe(400);
    }
    const locked = await api(b, "POST", "/api/identity/signIn", undefined, {
      username: "designer",
      password: DEMO_PASSWORD,
    });
    expect(locked.status, locked.text).toBe(429);

    // 3. A floor change made through one instance reaches a screen connected to the other.
    const stream = await openFloorStream(b.base, factory);
    try {
      expect(await stream.waitFor((e) => e.event === "ready")).not.toBeNull();
      const placed = await place(a, client, "FLEET-LIVE");
      expect(placed.status, placed.text).toBe(201);
      const orderId = placed.json().id as number;
      const released = await api(a, "POST", `/api/orders/${orderId}/release`, factory);
      expect(released.status, released.text).toBe(200);
      const seen = await stream.waitFor(
        (e) => e.event === "floor-change" && (JSON.parse(e.data) as { orderId: number }).orderId === orderId,
      );
      expect(seen, "the release, seen on the other instance").not.toBeNull();
    } finally {
      stream.close();
    }

    // 4. A report asked of one web instance is run by a worker (web instances run no jobs), once;
    // its file goes to S3 and is served by the other web instance.
    const asked = await api(a, "POST", "/api/reports/downloads", client, { report: "orders", format: "csv" });
    expect(asked.status, asked.text).toBe(201);
    const download = await waitForDownload(b, client, asked.json().id as number);
    expect(download.status, download.errorMessage ?? "").toBe("done");
    const file = await api(b, "GET", `/api/reports/downloads/${download.id}/file`, client);
    expect(file.status).toBe(200);
    expect(file.text.trim().split("\r\n").length - 1).toBe(download.rowsWritten);
    expect(s3.calls.some((c) => c.method === "PUT" && c.path.startsWith(`/${BUCKET}/`))).toBe(true);
    const runs = pg.psql(
      `select count(*) from pgboss.job where name = 'reports.download' and data->>'downloadId' = '${download.id}'`,
      "fleet",
    );
    expect(Number(runs)).toBe(1);

    // 5. A webhook's test event, asked of one web instance, is delivered once by the workers.
    const receiver = await startReceiver();
    try {
      const made = await api(b, "POST", "/api/webhooks", client, { url: receiver.url, events: ["order.shipped"] });
      expect(made.status, made.text).toBe(201);
      const endpointId = (made.json().endpoint as { id: number }).id;
      expect((await api(a, "POST", `/api/webhooks/${endpointId}/test`, client)).status).toBe(202);
      await expect.poll(() => receiver.ids.length, { timeout: 30_000 }).toBe(1);
      await sleep(3_000);
      expect(receiver.ids).toHaveLength(1);
    } finally {
      await receiver.close();
    }

    // 6. The minute schedules fire once a minute among the two workers, never once per worker.
    const fired = (having: string) =>
      Number(
        pg.psql(
          `select count(*) from (select date_trunc('minute', created_on) from pgboss.job
            where name = 'messages-email' group by 1 having count(*) ${having}) m`,
          "fleet",
        ),
      );
    await expect.poll(() => fired(">= 1"), { timeout: 150_000, interval: 2_000 }).toBeGreaterThan(0);
    expect(fired("> 1")).toBe(0);
    for (const hub of [...web, ...workers]) expect(hub.child.exitCode, hub.output()).toBeNull();
  }, 300_000);

  test("a read replica serves the dashboards, a write is read back from the primary, and its loss sends reads to the primary", async () => {
    await demoDatabase("replicated");
    const replica = startPrivateReplica(pg, await freePort());
    try {
      const hub = await startServer(null, {
        env: envFor("replicated", { DATABASE_REPLICA_URL: replica.url("replicated") }),
      });
      ready(hub);
      expect(hub.output()).toContain('"readReplica":true');
      const client = await signIn(hub, "client");
      const placedToday = async () => {
        const res = await api(hub, "GET", "/api/dashboards/sales?range=7d", client);
        expect(res.status, res.text).toBe(200);
        return (res.json().current as { orders: number }).orders;
      };
      const before = await placedToday();

      // The replica stops applying the primary's changes: what the dashboard reads stands still.
      replica.psql("select pg_wal_replay_pause()");
      const placed = await place(hub, client, "FLEET-REPLICA");
      expect(placed.status, placed.text).toBe(201);
      const id = placed.json().id as number;
      // The order just placed is read back at once: order pages read the primary.
      const read = await api(hub, "GET", `/api/orders/${id}`, client);
      expect(read.status, read.text).toBe(200);
      expect(await placedToday()).toBe(before);

      // Replaying again, the dashboard catches up.
      replica.psql("select pg_wal_replay_resume()");
      await expect.poll(placedToday, { timeout: 20_000 }).toBe(before + 1);

      // The replica gone: the dashboards and the report jobs read the primary instead of failing.
      replica.stop();
      const second = await place(hub, client, "FLEET-REPLICA-2");
      expect(second.status, second.text).toBe(201);
      expect(await placedToday()).toBe(before + 2);
      const asked = await api(hub, "POST", "/api/reports/downloads", client, { report: "orders", format: "csv" });
      expect(asked.status, asked.text).toBe(201);
      const download = await waitForDownload(hub, client, asked.json().id as number);
      expect(download.status, download.errorMessage ?? "").toBe("done");
      expect(hub.output()).toContain("the read replica is unreachable");
      expect(hub.child.exitCode, hub.output()).toBeNull();
    } finally {
      replica.destroy();
    }
  }, 180_000);
  test("a worker killed in the middle of a report and of a webhook delivery: both are retried by another worker, done once and whole", async () => {
    await demoDatabase("faults");
    // Workers that look for the jobs of a dead process every 2 s (the default is a minute).
    const env = envFor("faults", { JOBS_SUPERVISE_SECONDS: "2" });
    const [hub, doomed] = await Promise.all([
      startServer(null, { env: { ...env, HUB_ROLE: "web" } }),
      startServer(null, { env: { ...env, HUB_ROLE: "worker" } }),
    ]);
    ready(hub);
    ready(doomed);
    const client = await signIn(hub, "client");
    const receiver = await startReceiver(true);
    // Holds every read of the orders: the report's worker is then in the middle of its job.
    const holder = new pgDriver.Client({ connectionString: pg.url("faults") });
    await holder.connect();
    try {
      const made = await api(hub, "POST", "/api/webhooks", client, { url: receiver.url, events: ["order.shipped"] });
      expect(made.status, made.text).toBe(201);
      const endpointId = (made.json().endpoint as { id: number }).id;

      await holder.query("begin; lock table orders in access exclusive mode");
      const asked = await api(hub, "POST", "/api/reports/downloads", client, { report: "orders", format: "csv" });
      expect(asked.status, asked.text).toBe(201);
      const downloadId = asked.json().id as number;
      await expect
        .poll(async () => (await api(hub, "GET", `/api/reports/downloads/${downloadId}`, client)).json().status, {
          timeout: 30_000,
        })
        .toBe("running");
      expect((await api(hub, "POST", `/api/webhooks/${endpointId}/test`, client)).status).toBe(202);
      await expect.poll(() => receiver.ids.length, { timeout: 30_000 }).toBe(1);

      // The worker dies with both jobs in hand; the orders are free again; another worker starts.
      doomed.child.kill("SIGKILL");
      await doomed.exited;
      await holder.query("commit");
      const heir = await startServer(null, { env: { ...env, HUB_ROLE: "worker" } });
      ready(heir);

      // The report: run again from the start, one file with every order, the job retried once.
      const download = await waitForDownload(hub, client, downloadId);
      expect(download.status, download.errorMessage ?? "").toBe("done");
      const orders = (await api(hub, "GET", "/api/orders?page=0&size=1", client)).json().total as number;
      expect(download.rowsWritten).toBe(orders);
      const file = await api(hub, "GET", `/api/reports/downloads/${downloadId}/file`, client);
      expect(file.text.trim().split("\r\n").length - 1).toBe(orders);
      const job = pg
        .psql(
          `select state || ' ' || retry_count from pgboss.job where name = 'reports.download' and data->>'downloadId' = '${downloadId}'`,
          "faults",
        )
        .trim();
      expect(job).toBe("completed 1");

      // The delivery: sent again under the same webhook-id (a receiver drops the repeat), and logged
      // as one successful attempt; the attempt lost with the worker left no half-written row.
      await expect
        .poll(
          async () => {
            const page = (await api(hub, "GET", `/api/webhooks/${endpointId}/deliveries`, client)).json();
            return (page.items as TWebhookDelivery[])[0]?.status;
          },
          { timeout: 90_000, interval: 500 },
        )
        .toBe("succeeded");
      const [delivery] = (await api(hub, "GET", `/api/webhooks/${endpointId}/deliveries`, client)).json()
        .items as TWebhookDelivery[];
      expect(delivery?.attempts.map((x) => x.responseStatus)).toEqual([200]);
      expect(receiver.ids).toHaveLength(2);
      expect(new Set(receiver.ids).size).toBe(1);
    } finally {
      await holder.end().catch(() => undefined);
      await receiver.close();
    }
  }, 240_000);
});
