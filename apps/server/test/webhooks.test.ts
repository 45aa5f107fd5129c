import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type THubEvent,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookSecret,
  WEBHOOK_MESSAGES,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isPrivateAddress } from "../src/modules/webhooks/address-guard";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Issue 20, webhooks: a local receiver verifies the Standard Webhooks signature of every delivery,
 * answers 500 then 200 and sees the retry, answers 410 and sees the endpoint disabled; a private
 * address is refused where the configuration does not allow it; the delivery log keeps each
 * attempt; every event is readable over the API after an id; another client sees none of it.
 */

type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: { url: string; received: Received[]; answers: number[]; close: () => Promise<void> };
let t: TestApp;
let strict: TestApp;
let tokens: Record<string, string>;

const startReceiver = async () => {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    const status = answers.shift() ?? 200;
    res.writeHead(status, { "content-type": "text/plain" });
    res.end(status === 200 ? "thanks" : `answer ${status}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const as = (who: string | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.request({ method, url: `/api${url}`, ...(who ? { token: tokens[who] } : {}), ...(payload ? { payload } : {}) });

const waitFor = async <T>(what: string, read: () => Promise<T | undefined>, ms = 25_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

const deliveriesOf = async (id: number) =>
  (await as("client", "GET", `/webhooks/${id}/deliveries`)).json<{ items: TWebhookDelivery[] }>().items;

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"]),
  });

let endpoint: TWebhookEndpoint;
let secret: string;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ config: { webhooksAllowPrivate: true } });
  strict = await createTestApp();
  tokens = {};
  for (const who of ["client", "client2", "admin", "designer", "factory"]) tokens[who] = await t.signIn(who);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await receiver?.close();
});

describe("endpoints", () => {
  test("a client admin adds an endpoint and sees its secret once", async () => {
    const res = await as("client", "POST", "/webhooks", {
      url: receiver.url,
      description: "ERP",
      events: ["order.shipped", "order.placed"],
    });
    expect(res.statusCode, res.body).toBe(201);
    ({ endpoint, secret } = res.json<TWebhookSecret>());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const list = (await as("client", "GET", "/webhooks")).json<{ items: TWebhookEndpoint[] }>();
    expect(list.items.map((x) => x.id)).toContain(endpoint.id);
    expect(JSON.stringify(list)).not.toContain(secret);
    // Stored encrypted, never as given.
    const [row] = await t.db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id));
    expect(row?.secret).not.toContain(secret.slice(6));
  });

  test("bad input names the field and writes nothing", async () => {
    const before = (await t.db.select().from(schema.webhookEndpoints)).length;
    const noEvents = await as("client", "POST", "/webhooks", { url: receiver.url, events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().fields.events).toBe("Choose at least one event");
    const badUrl = await as("client", "POST", "/webhooks", { url: "not a url", events: ["order.placed"] });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().fields.url).toBeDefined();
    expect((await t.db.select().from(schema.webhookEndpoints)).length).toBe(before);
  });

  test("private, loopback and plain http addresses are refused unless the configuration allows them", async () => {
    const token = await strict.signIn("client");
    const post = (url: string) =>
      strict.request({ method: "POST", url: "/api/webhooks", token, payload: { url, events: ["order.placed"] } });
    expect((await post("http://example.com/hooks")).json().message).toBe(WEBHOOK_MESSAGES.https);
    for (const url of ["https://127.0.0.1/x", "https://10.1.2.3/x", "https://localhost/x", "https://[::1]/x"]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(WEBHOOK_MESSAGES.privateAddress);
    }
    expect(isPrivateAddress("192.168.1.4")).toBe(true);
    expect(isPrivateAddress("172.20.0.1")).toBe(true);
    expect(isPrivateAddress("169.254.169.254")).toBe(true);
    expect(isPrivateAddress("::ffff:127.0.0.1")).toBe(true);
    expect(isPrivateAddress("fd00::1")).toBe(true);
    expect(isPrivateAddress("93.184.216.34")).toBe(false);
    expect(isPrivateAddress("2606:2800:220:1::1")).toBe(false);
  });

  test("another client, a non-admin, a facility user and a signed-out caller reach none of it", async () => {
    expect((await as("client2", "GET", "/webhooks")).json().items).toEqual([]);
    for (const [method, url] of [
      ["PUT", `/webhooks/${endpoint.id}`],
      ["DELETE", `/webhooks/${endpoint.id}`],
      ["POST", `/webhooks/${endpoint.id}/rotateSecret`],
      ["GET", `/webhooks/${endpoint.id}/deliveries`],
      ["POST", `/webhooks/${endpoint.id}/test`],
    ] as const) {
      const res = await as(
        "client2",
        method,
        url,
        method === "PUT" ? { url: receiver.url, events: ["order.placed"] } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // A facility user reaches its facility's endpoints, never a client's.
    expect((await as("factory", "GET", "/webhooks")).json().items).toEqual([]);
    expect((await as("factory", "GET", `/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
    expect((await as("designer", "GET", "/webhooks")).statusCode).toBe(403);
    expect((await as(null, "GET", "/webhooks")).statusCode).toBe(401);
    expect((await as(null, "GET", "/events")).statusCode).toBe(401);
  });
});

describe("deliveries", () => {
  test("a test event arrives signed, and the log shows the attempt", async () => {
    const sent = await as("client", "POST", `/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const delivery = sent.json<TWebhookDelivery>();
    const got = await waitFor("the test event", async () => receiver.received.at(-1));
    expect(verify(secret, got)).toMatchObject({ type: "webhook.test", data: { endpointId: endpoint.id } });
    const logged = await waitFor("the attempt in the log", async () =>
      (await deliveriesOf(endpoint.id)).find((x) => x.id === delivery.id && x.status === "succeeded"),
    );
    expect(logged.attempts).toMatchObject([{ attempt: 1, responseStatus: 200, responseExcerpt: "thanks" }]);
    // A tampered body does not verify.
    expect(() => verify(secret, { ...got, body: got.body.replace("test", "tset") })).toThrow();
  });

  test("a 500 is retried after 5 seconds and the retry's 200 succeeds", async () => {
    receiver.answers.push(500);
    const before = receiver.received.length;
    const delivery = (await as("client", "POST", `/webhooks/${endpoint.id}/test`)).json<TWebhookDelivery>();
    const done = await waitFor("the retry", async () =>
      (await deliveriesOf(endpoint.id)).find((x) => x.id === delivery.id && x.status === "succeeded"),
    );
    expect(done.attempts.map((x) => x.responseStatus)).toEqual([500, 200]);
    expect(done.attempts[0]?.responseExcerpt).toBe("answer 500");
    expect(receiver.received.length - before).toBe(2);
    const [first, second] = receiver.received.slice(before);
    expect(first?.headers["webhook-id"]).toBe(second?.headers["webhook-id"]);
  }, 40_000);

  test("resend sends the same event again as a new delivery", async () => {
    const [last] = await deliveriesOf(endpoint.id);
    const res = await as("client", "POST", `/webhooks/${endpoint.id}/deliveries/${last?.id}/resend`);
    expect(res.statusCode, res.body).toBe(202);
    const again = res.json<TWebhookDelivery>();
    expect(again.eventId).toBe(last?.eventId);
    await waitFor("the resend", async () =>
      (await deliveriesOf(endpoint.id)).find((x) => x.id === again.id && x.status === "succeeded"),
    );
  });

  test("after a rotation both secrets verify for a day", async () => {
    const rotated = (await as("client", "POST", `/webhooks/${endpoint.id}/rotateSecret`)).json<TWebhookSecret>();
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.endpoint.previousSecretUntil).not.toBeNull();
    const before = receiver.received.length;
    await as("client", "POST", `/webhooks/${endpoint.id}/test`);
    const got = await waitFor("the signed event", async () => receiver.received[before]);
    expect(String(got.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(rotated.secret, got)).toBeTruthy();
    expect(verify(secret, got)).toBeTruthy();
    secret = rotated.secret;
  });

  test("a 410 disables the endpoint and says why", async () => {
    receiver.answers.push(410);
    await as("client", "POST", `/webhooks/${endpoint.id}/test`);
    const disabled = await waitFor("the endpoint disabled", async () =>
      (await as("client", "GET", "/webhooks"))
        .json<{ items: TWebhookEndpoint[] }>()
        .items.find((x) => x.id === endpoint.id && !x.enabled),
    );
    expect(disabled.disabledReason).toBe(WEBHOOK_MESSAGES.disabledGone);
    expect((await as("client", "POST", `/webhooks/${endpoint.id}/test`)).statusCode).toBe(409);
    // Enabled again by a person.
    const back = await as("client", "PUT", `/webhooks/${endpoint.id}`, {
      url: receiver.url,
      events: ["order.shipped"],
      enabled: true,
    });
    expect(back.json<TWebhookEndpoint>()).toMatchObject({ enabled: true, disabledReason: null });
  });
});

describe("the event log", () => {
  test("a client reads its events after an id; another client reads none of them", async () => {
    const all = (await as("client", "GET", "/events?after=0")).json<{ items: THubEvent[]; next: number }>();
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    expect(all.items.every((x) => x.type === "webhook.test")).toBe(true);
    const second = all.items[1]?.id ?? 0;
    const after = (await as("client", "GET", `/events?after=${second}`)).json<{ items: THubEvent[] }>();
    expect(after.items[0]?.id).toBe(all.items[2]?.id);
    expect(all.next).toBe(all.items.at(-1)?.id);
    expect((await as("client2", "GET", "/events?after=0")).json().items).toEqual([]);
  });

  test("removing an endpoint", async () => {
    expect((await as("client", "DELETE", `/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect((await as("client", "GET", `/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe("a facility's endpoints", () => {
  let mine: TWebhookEndpoint;
  let facilitySecret: string;

  test("a facility user adds one from Factory Config's card; a brand's own event is refused", async () => {
    const brandOnly = await as("factory", "POST", "/webhooks", { url: receiver.url, events: ["product.approved"] });
    expect(brandOnly.statusCode, brandOnly.body).toBe(400);
    expect(brandOnly.json().fields).toEqual({ events: "A facility's endpoint cannot hear product.approved." });
    const res = await as("factory", "POST", "/webhooks", {
      url: receiver.url,
      description: "Floor ERP",
      events: ["order.placed"],
    });
    expect(res.statusCode, res.body).toBe(201);
    ({ endpoint: mine, secret: facilitySecret } = res.json<TWebhookSecret>());
    const [row] = await t.db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, mine.id));
    expect(row).toMatchObject({ clientId: null, factoryId: expect.any(Number) });
    // The clients see none of it.
    expect(
      (await as("client", "GET", "/webhooks")).json<{ items: TWebhookEndpoint[] }>().items.map((x) => x.id),
    ).not.toContain(mine.id);
    expect((await as("client", "GET", `/webhooks/${mine.id}/deliveries`)).statusCode).toBe(404);
  });

  test("its test event arrives signed with its own secret", async () => {
    const sent = await as("factory", "POST", `/webhooks/${mine.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const got = await waitFor("the facility's test event", async () =>
      receiver.received.find((r) => r.body.includes(`"endpointId":${mine.id}`)),
    );
    expect(verify(facilitySecret, got)).toMatchObject({ type: "webhook.test", data: { endpointId: mine.id } });
  });

  test("it hears the orders its clients place, and reads them from the event log", async () => {
    const before = receiver.received.length;
    const placed = await t.request({
      method: "POST",
      url: "/api/orders",
      token: tokens.client2,
      headers: { "idempotency-key": "facility-hook-1" },
      payload: {
        poNumber: "FACILITY-HOOK",
        shipTo: { name: "Demo Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "US" },
        lines: [{ sku: "TEE100-WHT-SLM-L", quantity: 12 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: number }>().id;
    const got = await waitFor("order.placed at the facility's endpoint", async () =>
      receiver.received.slice(before).find((r) => r.body.includes('"order.placed"')),
    );
    expect(verify(facilitySecret, got)).toMatchObject({ type: "order.placed", data: { orderId } });
    const log = (await as("factory", "GET", "/events?after=0")).json<{ items: THubEvent[] }>().items;
    expect(log.map((x) => x.type)).toContain("order.placed");
    // The client's own test events (its endpoint's) are not the facility's to read.
    expect(log.filter((x) => x.type === "webhook.test").every((x) => x.data.endpointId === mine.id)).toBe(true);
  });

  test("removing it", async () => {
    expect((await as("client", "DELETE", `/webhooks/${mine.id}`)).statusCode).toBe(404);
    expect((await as("factory", "DELETE", `/webhooks/${mine.id}`)).statusCode).toBe(204);
  });
});
