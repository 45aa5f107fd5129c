import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookSecret,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_SECONDS,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deliverWebhook } from "../src/modules/webhooks/deliver";
import { recordEvent } from "../src/modules/webhooks/events";
import type { Jobs } from "../src/platform/jobs";
import { outboxMailer } from "../src/platform/mail";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Issue 20, what a failing receiver meets: the retry schedule exactly (immediately, then 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h, then it gives up), an endpoint failing for 5 days disabled with an
 * email to the client's admins (and a 410's email), and the 15 s time-out, which never holds up the
 * request that raised the event. (webhooks.test.ts has the signed deliveries, the first retry, the
 * 410 itself, rotation and the log.)
 */

let t: TestApp;
let token: string;
let server: Server;
let url: string;
/** What the receiver does with each request, in turn: a status, or "hang" (never answers); then 200. */
const plan: (number | "hang")[] = [];
let hits = 0;

const call = (method: "GET" | "POST" | "PUT", path: string, payload?: unknown) =>
  t.request({ method, url: `/api${path}`, token, ...(payload ? { payload } : {}) });

const deliveriesOf = async (id: number) =>
  (await call("GET", `/webhooks/${id}/deliveries?size=100`)).json<{ items: TWebhookDelivery[] }>().items;

const addEndpoint = async (): Promise<TWebhookEndpoint> => {
  // Each test's endpoint alone: the earlier tests' hear nothing more.
  await t.db.update(schema.webhookEndpoints).set({ enabled: false });
  // An event nothing else in this file raises, so only the test's own deliveries reach it.
  const res = await call("POST", "/webhooks", { url, events: ["return.refunded"] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TWebhookSecret>().endpoint;
};

/** A pg-boss stand-in that keeps what deliver.ts queues, so the test plays each attempt itself. */
const recordingJobs = () => {
  const queued: { data: object; startAfterSeconds: number | undefined }[] = [];
  const jobs: Jobs = {
    work: () => undefined,
    schedule: () => undefined,
    ready: async () => undefined,
    send: async (_queue, data, options) => {
      queued.push({ data, startAfterSeconds: options?.startAfterSeconds });
      return "queued";
    },
    wake: () => undefined,
    resume: async () => undefined,
    close: async () => undefined,
  };
  return { jobs, queued };
};

/** A delivery of a new event to the client's endpoints, written as a job would (no request to queue it). */
const newDelivery = async (clientId: number, endpointId: number) => {
  const raised = await t.db.transaction((tx) => recordEvent(tx, clientId, "return.refunded", { returnId: 0 }));
  const [row] = await t.db
    .select()
    .from(schema.webhookDeliveries)
    .where(
      and(eq(schema.webhookDeliveries.eventId, raised.eventId), eq(schema.webhookDeliveries.endpointId, endpointId)),
    );
  if (!row) throw new Error("no delivery to the endpoint");
  return row.id;
};

const clientOf = async (endpointId: number) => {
  const [row] = await t.db
    .select({ clientId: schema.webhookEndpoints.clientId })
    .from(schema.webhookEndpoints)
    .where(eq(schema.webhookEndpoints.id, endpointId));
  return row?.clientId ?? 0;
};

/** The "endpoint disabled" emails since the outbox held `since`, and the demo client admin's address. */
const disabledMails = async (since: number) =>
  (await t.mailbox()).slice(since).filter((m) => m.subject === "A webhook endpoint was disabled");
const adminEmail = async () => {
  const [row] = await t.db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.userName, "client"));
  return row?.email ?? "";
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    for await (const _ of req);
    hits++;
    const next = plan.shift() ?? 200;
    if (next === "hang") return;
    res.writeHead(next).end(`answer ${next}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({ config: { webhooksAllowPrivate: true } });
  token = await t.signIn("client");
}, 120_000);
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe("a receiver that keeps failing", () => {
  test("is tried 8 times: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; then the delivery gives up", async () => {
    const endpoint = await addEndpoint();
    const deliveryId = await newDelivery(await clientOf(endpoint.id), endpoint.id);
    const { jobs, queued } = recordingJobs();
    const deps = { db: t.db, config: t.config, jobs, mailer: outboxMailer(t.db) };
    const before = hits;
    plan.push(...Array<number>(8).fill(503));
    for (let attempt = 1; attempt <= 8; attempt++) {
      const started = Date.now();
      await deliverWebhook(deps, deliveryId);
      const [row] = await t.db
        .select()
        .from(schema.webhookDeliveries)
        .where(eq(schema.webhookDeliveries.id, deliveryId));
      expect(row?.attempts).toBe(attempt);
      if (attempt < 8) {
        // The next attempt is due after the schedule's wait, and queued to start then.
        const wait = (row?.nextAttemptAt?.getTime() ?? 0) - started;
        expect(row?.status).toBe("failed");
        expect(Math.round(wait / 1000)).toBe(WEBHOOK_RETRY_SECONDS[attempt]);
        expect(queued.at(-1)).toEqual({ data: { deliveryId }, startAfterSeconds: WEBHOOK_RETRY_SECONDS[attempt] });
      } else {
        expect(row).toMatchObject({ status: "gave_up", nextAttemptAt: null });
      }
    }
    expect(queued.map((q) => q.startAfterSeconds)).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
    expect(hits - before).toBe(8);
    // A ninth run (a stray job) sends nothing more.
    await deliverWebhook(deps, deliveryId);
    expect(hits - before).toBe(8);
    const [logged] = (await deliveriesOf(endpoint.id)).filter((d) => d.id === deliveryId);
    expect(logged?.status).toBe("gave_up");
    expect(logged?.attempts.map((a) => a.responseStatus)).toEqual(Array(8).fill(503));
    expect(logged?.attempts[0]?.responseExcerpt).toBe("answer 503");
    // One failed delivery is not 5 days of failures: the endpoint stays enabled.
    expect((await deliveriesOf(endpoint.id)).length).toBe(1);
    const list = (await call("GET", "/webhooks")).json<{ items: TWebhookEndpoint[] }>().items;
    expect(list.find((x) => x.id === endpoint.id)?.enabled).toBe(true);
  });

  test("failing for 5 days disables the endpoint and emails the client's admins; 4 days does not", async () => {
    const endpoint = await addEndpoint();
    const clientId = await clientOf(endpoint.id);
    const { jobs } = recordingJobs();
    const deps = { db: t.db, config: t.config, jobs, mailer: outboxMailer(t.db) };
    const failingFor = (days: number) =>
      t.db
        .update(schema.webhookEndpoints)
        .set({ failingSince: new Date(Date.now() - days * 86_400_000) })
        .where(eq(schema.webhookEndpoints.id, endpoint.id));
    const mails = (await t.mailbox()).length;

    await failingFor(4);
    plan.push(500);
    await deliverWebhook(deps, await newDelivery(clientId, endpoint.id));
    let now = (await call("GET", "/webhooks")).json<{ items: TWebhookEndpoint[] }>().items;
    expect(now.find((x) => x.id === endpoint.id)).toMatchObject({ enabled: true, disabledReason: null });

    await failingFor(5.01);
    plan.push(500);
    await deliverWebhook(deps, await newDelivery(clientId, endpoint.id));
    now = (await call("GET", "/webhooks")).json<{ items: TWebhookEndpoint[] }>().items;
    expect(now.find((x) => x.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: WEBHOOK_MESSAGES.disabledFailing,
    });
    const sent = await disabledMails(mails);
    expect(sent.map((m) => m.to)).toEqual([await adminEmail()]);
    expect(sent[0]?.text).toContain(url);
    expect(sent[0]?.text).toContain(WEBHOOK_MESSAGES.disabledFailing);
    // A disabled endpoint hears nothing more.
    const raised = await t.db.transaction((tx) => recordEvent(tx, clientId, "return.refunded", { returnId: 0 }));
    const theirs = await t.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.eventId, raised.eventId));
    expect(theirs.filter((d) => d.endpointId === endpoint.id)).toEqual([]);
  });

  test("a 410 disables the endpoint and emails the client's admins why", async () => {
    const endpoint = await addEndpoint();
    const { jobs, queued } = recordingJobs();
    const deps = { db: t.db, config: t.config, jobs, mailer: outboxMailer(t.db) };
    const mails = (await t.mailbox()).length;
    plan.push(410);
    await deliverWebhook(deps, await newDelivery(await clientOf(endpoint.id), endpoint.id));
    expect(queued).toEqual([]);
    const now = (await call("GET", "/webhooks")).json<{ items: TWebhookEndpoint[] }>().items;
    expect(now.find((x) => x.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: WEBHOOK_MESSAGES.disabledGone,
    });
    const sent = await disabledMails(mails);
    expect(sent.map((m) => m.to)).toEqual([await adminEmail()]);
    expect(sent[0]?.text).toContain(WEBHOOK_MESSAGES.disabledGone);
  });
});

describe("a receiver that does not answer", () => {
  test("the request that raised the event is not held; the attempt times out after 15 s and the retry goes through", async () => {
    const endpoint = await addEndpoint();
    plan.push("hang");
    const started = Date.now();
    const sent = await call("POST", `/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(Date.now() - started).toBeLessThan(5_000);
    const id = sent.json<TWebhookDelivery>().id;
    const until = Date.now() + 50_000;
    let done: TWebhookDelivery | undefined;
    while (!done && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      done = (await deliveriesOf(endpoint.id)).find((d) => d.id === id && d.status === "succeeded");
    }
    expect(done?.attempts.map((a) => a.responseStatus)).toEqual([null, 200]);
    const first = done?.attempts[0];
    expect(first?.error).toBe("No answer within 15 s");
    expect(first?.durationMs).toBeGreaterThanOrEqual(15_000);
    expect(first?.durationMs).toBeLessThan(17_000);
  }, 60_000);
});
