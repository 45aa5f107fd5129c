import {
  INTEGRATION_MESSAGES,
  SESSION_CLIENT_HEADER,
  type TApiKeyCreated,
  type TApiKeyList,
  type TApiKeyWhoami,
  type TIntegration,
  type TIntegrationList,
  type TIntegrationTestResult,
  type TSoftwareRequestResult,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEV_SECRET_KEY, loadConfig } from "../src/platform/config";
import { hashApiKey } from "../src/platform/principal";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";
import {
  SHIPPING_CREDENTIALS,
  SHIPSTATION_401,
  SHOPIFY_401,
  STORE_CREDENTIALS,
  type StandIn,
  startPlatformStandIn,
} from "./stand-ins/platforms";

const USERS = DEMO_USERS;

let t: TestApp;
let standIn: StandIn;
let tokens: Record<DemoUser, string>;
let northwind: number;
let bluebird: number;

beforeAll(async () => {
  standIn = await startPlatformStandIn();
  t = await createTestApp({ config: { storePlatformUrl: standIn.url, shippingPlatformUrl: standIn.url } });
  tokens = await signInDemoUsers(t);
  ({ northwind, bluebird } = await demoClientIds(t.db));
  expect(northwind > 0 && bluebird > 0).toBe(true);
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (
  who: DemoUser | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.request({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    headers,
    ...(who ? { token: tokens[who] } : {}),
  });
const inClient = (clientId: number) => ({ [SESSION_CLIENT_HEADER]: String(clientId) });

const createKey = async (
  who: DemoUser,
  mode: "test" | "live" = "test",
  headers: Record<string, string> = {},
): Promise<TApiKeyCreated> => {
  const res = await call(who, "POST", "/api/apiKeys", { mode, name: `key of ${who}` }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TApiKeyCreated>();
};
const withKey = (key: string, url: string, how: "header" | "bearer" = "header") =>
  t.request({
    method: "GET",
    url,
    headers: how === "header" ? { "x-api-key": key } : { authorization: `Bearer ${key}` },
  });
const audits = (subject: string) =>
  t.db.select().from(schema.auditLog).where(eq(schema.auditLog.subject, subject)).orderBy(desc(schema.auditLog.id));

describe("access matrix", () => {
  const expectations = async (make: (who: DemoUser) => Promise<number>, expected: Record<DemoUser, number>) => {
    const got = {} as Record<DemoUser, number>;
    for (const who of USERS) got[who] = await make(who);
    expect(got).toEqual(expected);
  };

  test("GET /api/apiKeys and POST /api/apiKeys: client admins; internal admins need a session client; others 403", async () => {
    const list = { admin: 400, client: 200, client2: 200, factory: 403, designer: 403 };
    await expectations(async (who) => (await call(who, "GET", "/api/apiKeys")).statusCode, list);
    await expectations(
      async (who) => (await call(who, "POST", "/api/apiKeys", { mode: "test", name: "matrix" })).statusCode,
      { ...list, client: 201, client2: 201 },
    );
    expect((await call("admin", "GET", "/api/apiKeys", undefined, inClient(northwind))).statusCode).toBe(200);
    const noClient = await call("admin", "GET", "/api/apiKeys");
    expect(noClient.json()).toMatchObject({ error: "BAD_REQUEST", message: INTEGRATION_MESSAGES.chooseClient });
    expect((await call(null, "GET", "/api/apiKeys")).statusCode).toBe(401);
  });

  test("DELETE /api/apiKeys/:id: the owning client's admin 200, another client 404, no card 403", async () => {
    const statuses = {} as Record<DemoUser, number>;
    for (const who of USERS) {
      const key = await createKey("client");
      statuses[who] = (
        await call(who, "DELETE", `/api/apiKeys/${key.id}`, undefined, who === "admin" ? inClient(northwind) : {})
      ).statusCode;
    }
    expect(statuses).toEqual({ admin: 200, client: 200, client2: 404, factory: 403, designer: 403 });
    expect((await call("admin", "DELETE", "/api/apiKeys/999999", undefined, inClient(northwind))).statusCode).toBe(404);
    const other = await createKey("client");
    expect((await call("admin", "DELETE", `/api/apiKeys/${other.id}`, undefined, inClient(bluebird))).statusCode).toBe(
      404,
    );
  });

  test("integrations endpoints: client users of the card; internal admins on a session client; others 403", async () => {
    const read = { admin: 400, client: 200, client2: 200, factory: 403, designer: 403 };
    await expectations(async (who) => (await call(who, "GET", "/api/integrations")).statusCode, read);
    await expectations(
      async (who) => (await call(who, "PUT", "/api/integrations/store", STORE_CREDENTIALS)).statusCode,
      read,
    );
    await expectations(
      async (who) => (await call(who, "PUT", "/api/integrations/shipping", SHIPPING_CREDENTIALS)).statusCode,
      read,
    );
    await expectations(async (who) => (await call(who, "POST", "/api/integrations/store/test")).statusCode, read);
    // The first delete removes it; the later ones find nothing to delete.
    await expectations(async (who) => (await call(who, "DELETE", "/api/integrations/shipping")).statusCode, {
      ...read,
      client2: 200,
    });
    expect((await call("client", "DELETE", "/api/integrations/shipping")).statusCode).toBe(404);
    expect((await call("admin", "GET", "/api/integrations", undefined, inClient(northwind))).statusCode).toBe(200);
    expect((await call("client", "DELETE", "/api/integrations/nonsense")).statusCode).toBe(400);
  });

  test("POST /api/softwareRequest: users of a client and internal users; facility and design users without a client 403", async () => {
    await expectations(
      async (who) =>
        (await call(who, "POST", "/api/softwareRequest", { subject: "matrix", body: "please" })).statusCode,
      { admin: 201, client: 201, client2: 201, factory: 403, designer: 403 },
    );
  });

  test("GET /api/apiKeys/whoami refuses ID tokens (it is the API keys' check)", async () => {
    for (const who of USERS) expect((await call(who, "GET", "/api/apiKeys/whoami")).statusCode).toBe(403);
    expect((await call(null, "GET", "/api/apiKeys/whoami")).statusCode).toBe(401);
  });
});

describe("API keys", () => {
  test("a key is shown once, stored as SHA-256 with a prefix, and listed without the key", async () => {
    const created = await createKey("client", "live");
    expect(created.key).toMatch(/^hub_live_[A-Za-z0-9_-]{32}$/);
    expect(created.prefix).toBe(created.key.slice(0, 13));
    expect(created).toMatchObject({
      mode: "live",
      name: "key of client",
      createdBy: "client",
      revokedAt: null,
      lastUsedAt: null,
    });
    const [row] = await t.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, created.id));
    expect(row?.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = await call("client", "GET", "/api/apiKeys");
    expect(list.body).not.toContain(created.key);
    const item = list.json<TApiKeyList>().items.find((k) => k.id === created.id);
    expect(item).toEqual(Object.fromEntries(Object.entries(created).filter(([k]) => k !== "key")));
    expect((await audits(`apiKey:${created.id}`)).map((a) => a.action)).toEqual(["apiKey.create"]);
  });

  test("each client sees only its own keys; an internal admin sees the session client's", async () => {
    const mine = await createKey("client2");
    const ids = (list: TApiKeyList) => list.items.map((k) => k.id);
    expect(ids((await call("client2", "GET", "/api/apiKeys")).json<TApiKeyList>())).toContain(mine.id);
    expect(ids((await call("client", "GET", "/api/apiKeys")).json<TApiKeyList>())).not.toContain(mine.id);
    expect(
      ids((await call("admin", "GET", "/api/apiKeys", undefined, inClient(bluebird))).json<TApiKeyList>()),
    ).toContain(mine.id);
    const byAdmin = await createKey("admin", "test", inClient(bluebird));
    const [row] = await t.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, byAdmin.id));
    expect(row?.clientId).toBe(bluebird);
  });

  test("a key authenticates as its client (x-api-key or Bearer), updates last_used_at, and cannot reach other routes", async () => {
    const created = await createKey("client");
    for (const how of ["header", "bearer"] as const) {
      const res = await withKey(created.key, "/api/apiKeys/whoami", how);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TApiKeyWhoami>()).toEqual({
        clientId: northwind,
        clientName: "Northwind Apparel",
        siteName: "northwind",
        keyId: created.id,
        mode: "test",
      });
    }
    const [row] = await t.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, created.id));
    expect(row?.lastUsedAt).not.toBeNull();
    for (const url of ["/api/clients", "/api/users", "/api/apiKeys", "/api/integrations", "/api/userdata"]) {
      expect((await withKey(created.key, url)).statusCode, url).toBe(403);
    }
    for (const [method, url] of [
      ["POST", "/api/apiKeys"],
      ["DELETE", `/api/apiKeys/${created.id}`],
      ["POST", "/api/client"],
    ] as const) {
      expect(
        (await t.request({ method, url, headers: { "x-api-key": created.key }, payload: {} })).statusCode,
        url,
      ).toBe(403);
    }
  });

  test("a key's last use moves at most once a minute", async () => {
    const created = await createKey("client");
    const lastUsed = async () =>
      (await t.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, created.id)))[0]?.lastUsedAt?.getTime();
    const setLastUsed = (ago: string) =>
      t.db
        .update(schema.apiKeys)
        .set({ lastUsedAt: sql`now() - ${ago}::interval` })
        .where(eq(schema.apiKeys.id, created.id));
    await setLastUsed("30 seconds");
    const recent = await lastUsed();
    expect((await withKey(created.key, "/api/apiKeys/whoami")).statusCode).toBe(200);
    expect(await lastUsed()).toBe(recent);
    await setLastUsed("2 minutes");
    const old = await lastUsed();
    expect((await withKey(created.key, "/api/apiKeys/whoami")).statusCode).toBe(200);
    expect(await lastUsed()).toBeGreaterThan((old ?? 0) + 60_000);
  });

  test("a revoked, unknown or malformed key answers 401; revoking is audited and idempotent", async () => {
    const created = await createKey("client");
    expect((await withKey(created.key, "/api/apiKeys/whoami")).statusCode).toBe(200);
    const revoked = await call("client", "DELETE", `/api/apiKeys/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<TApiKeyCreated>().revokedAt).not.toBeNull();
    expect((await withKey(created.key, "/api/apiKeys/whoami")).statusCode).toBe(401);
    expect((await withKey(created.key, "/api/apiKeys/whoami", "bearer")).statusCode).toBe(401);
    expect((await call("client", "DELETE", `/api/apiKeys/${created.id}`)).statusCode).toBe(200);
    expect((await audits(`apiKey:${created.id}`)).map((a) => a.action)).toEqual(["apiKey.revoke", "apiKey.create"]);
    expect((await withKey(`hub_test_${"A".repeat(32)}`, "/api/apiKeys/whoami")).statusCode).toBe(401);
    expect((await withKey("hub_test_short", "/api/apiKeys/whoami")).statusCode).toBe(401);
  });

  test("a key of an inactive client answers 401 until the client is active again", async () => {
    const created = await createKey("client2");
    await t.db.update(schema.clients).set({ active: false }).where(eq(schema.clients.clientId, bluebird));
    try {
      expect((await withKey(created.key, "/api/apiKeys/whoami")).statusCode).toBe(401);
    } finally {
      await t.db.update(schema.clients).set({ active: true }).where(eq(schema.clients.clientId, bluebird));
    }
    expect((await withKey(created.key, "/api/apiKeys/whoami")).statusCode).toBe(200);
  });

  test("a client user who is not its client's admin cannot manage keys or credentials, but may read the integrations", async () => {
    const client2 = eq(schema.users.userName, "client2");
    await t.db.update(schema.users).set({ isClientAdmin: false }).where(client2);
    try {
      expect((await call("client2", "GET", "/api/apiKeys")).statusCode).toBe(403);
      expect((await call("client2", "POST", "/api/apiKeys", { mode: "test", name: "nope" })).statusCode).toBe(403);
      expect((await call("client2", "GET", "/api/integrations")).statusCode).toBe(200);
      expect((await call("client2", "PUT", "/api/integrations/store", STORE_CREDENTIALS)).statusCode).toBe(403);
      expect((await call("client2", "POST", "/api/integrations/store/test")).statusCode).toBe(403);
      expect((await call("client2", "DELETE", "/api/integrations/store")).statusCode).toBe(403);
      expect((await call("client2", "POST", "/api/softwareRequest", { subject: "s", body: "b" })).statusCode).toBe(201);
    } finally {
      await t.db.update(schema.users).set({ isClientAdmin: true }).where(client2);
    }
  });

  test("the create form is validated by the contract", async () => {
    const res = await call("client", "POST", "/api/apiKeys", { mode: "prod", name: " " });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields).sort()).toEqual(["mode", "name"]);
  });
});

describe("account integrations", () => {
  test("store credentials are stored encrypted and shown only as masked hints; saving and deleting are audited", async () => {
    const saved = await call("client", "PUT", "/api/integrations/store", STORE_CREDENTIALS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TIntegration>()).toMatchObject({
      platform: "store",
      label: "northwind-shop",
      hints: { apiKey: "••••0001", apiPassword: "••••9876" },
      lastTestedAt: null,
    });
    for (const res of [saved, await call("client", "GET", "/api/integrations")]) {
      expect(res.body).not.toContain(STORE_CREDENTIALS.apiKey);
      expect(res.body).not.toContain(STORE_CREDENTIALS.apiPassword);
    }
    const [row] = await t.db.select().from(schema.integrations).where(eq(schema.integrations.clientId, northwind));
    expect(row?.secret).toMatch(/^v1:/);
    expect(row?.secret).not.toContain(STORE_CREDENTIALS.apiKey);
    expect(row?.secret).not.toContain(STORE_CREDENTIALS.apiPassword);
    expect(Buffer.from(row?.secret.slice(3) ?? "", "base64").toString("latin1")).not.toContain(
      STORE_CREDENTIALS.apiPassword,
    );
    // A fresh IV on every write: the same credentials never encrypt alike.
    await call("client", "PUT", "/api/integrations/store", STORE_CREDENTIALS);
    const [again] = await t.db.select().from(schema.integrations).where(eq(schema.integrations.clientId, northwind));
    expect(again?.secret).not.toBe(row?.secret);
    expect((await audits(`integration:${northwind}:store`)).map((a) => a.action).slice(0, 2)).toEqual([
      "integration.save",
      "integration.save",
    ]);
    await call("client", "PUT", "/api/integrations/store", { ...STORE_CREDENTIALS, storeName: "northwind-private" });
    expect((await call("client2", "GET", "/api/integrations")).body).not.toContain("northwind-private");
    expect((await call("admin", "GET", "/api/integrations", undefined, inClient(northwind))).body).toContain(
      "northwind-private",
    );
  });

  test("an internal admin saves credentials for the session client it chose", async () => {
    const res = await call("admin", "PUT", "/api/integrations/shipping", SHIPPING_CREDENTIALS, inClient(bluebird));
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(schema.integrations).where(eq(schema.integrations.platform, "shipping"));
    expect(rows.find((r) => r.clientId === bluebird)?.updatedBy).toBe(
      (await t.db.select().from(schema.users).where(eq(schema.users.userName, "admin")))[0]?.userId,
    );
    expect((await audits(`integration:${bluebird}:shipping`))[0]).toMatchObject({
      actorUserName: "admin",
      action: "integration.save",
    });
  });

  test("the form is validated by the contract", async () => {
    const res = await call("client", "PUT", "/api/integrations/store", {
      apiKey: "",
      apiPassword: "x",
      storeName: "bad name!",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      apiKey: INTEGRATION_MESSAGES.apiKeyRequired,
      storeName: INTEGRATION_MESSAGES.storeNameFormat,
    });
    const ship = await call("client", "PUT", "/api/integrations/shipping", { apiKey: "a", apiPassword: "b" });
    expect(ship.json<{ fields: Record<string, string> }>().fields).toMatchObject({ token: expect.any(String) });
  });

  test("test connection: success, the platform's 401 error, and the outcome is kept", async () => {
    await call("client", "PUT", "/api/integrations/store", STORE_CREDENTIALS);
    const ok = await call("client", "POST", "/api/integrations/store/test");
    expect(ok.json<TIntegrationTestResult>()).toMatchObject({
      ok: true,
      message: "Connected to the store Northwind Shop.",
    });
    const shopCall = standIn.requests.filter((r) => r.path === "/admin/api/2024-01/shop.json").at(-1);
    expect(shopCall?.headers["x-shopify-shop-domain"]).toBe("northwind-shop.myshopify.com");
    const listed = (await call("client", "GET", "/api/integrations"))
      .json<TIntegrationList>()
      .items.find((i) => i.platform === "store");
    expect(listed).toMatchObject({ lastTestOk: true, lastTestResult: "Connected to the store Northwind Shop." });
    expect(listed?.lastTestedAt).not.toBeNull();

    await call("client", "PUT", "/api/integrations/store", { ...STORE_CREDENTIALS, apiPassword: "wrong-password" });
    const bad = await call("client", "POST", "/api/integrations/store/test");
    expect(bad.statusCode).toBe(200);
    expect(bad.json<TIntegrationTestResult>()).toMatchObject({
      ok: false,
      message: `The store platform answered 401: ${SHOPIFY_401}`,
    });

    await call("client", "PUT", "/api/integrations/shipping", SHIPPING_CREDENTIALS);
    expect(
      (await call("client", "POST", "/api/integrations/shipping/test")).json<TIntegrationTestResult>(),
    ).toMatchObject({
      ok: true,
      message: "Connected to the shipping platform (2 carriers).",
    });
    await call("client", "PUT", "/api/integrations/shipping", { ...SHIPPING_CREDENTIALS, token: "wrong" });
    expect(
      (await call("client", "POST", "/api/integrations/shipping/test")).json<TIntegrationTestResult>(),
    ).toMatchObject({
      ok: false,
      message: `The shipping platform answered 401: ${SHIPSTATION_401}`,
    });
    const items = (await call("client", "GET", "/api/integrations")).json<TIntegrationList>().items;
    expect(items.find((i) => i.platform === "shipping")).toMatchObject({ lastTestOk: false, hints: { token: "••••" } });
  });

  test("test connection: a platform that does not answer in 4 s, and one that cannot be reached", async () => {
    await call("client2", "PUT", "/api/integrations/store", { ...STORE_CREDENTIALS, apiKey: "slow" });
    const started = Date.now();
    const slow = await call("client2", "POST", "/api/integrations/store/test");
    expect(slow.json<TIntegrationTestResult>()).toMatchObject({
      ok: false,
      message: "The store platform did not answer within 4 s.",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3900);

    const offline = await createTestApp({
      database: t.database,
      config: { storePlatformUrl: "http://127.0.0.1:1", shippingPlatformUrl: "http://127.0.0.1:1" },
    });
    try {
      const token = await offline.signIn("client2");
      const res = await offline.request({ method: "POST", url: "/api/integrations/store/test", token });
      expect(res.json<TIntegrationTestResult>()).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^Could not reach the store platform: /),
      });
    } finally {
      await offline.close();
    }
  });

  test("credentials written with another secret key cannot be read: the test says so and hints stay masked", async () => {
    await call("client2", "PUT", "/api/integrations/shipping", SHIPPING_CREDENTIALS);
    const other = await createTestApp({
      database: t.database,
      config: { secretKey: Buffer.alloc(32, 7), shippingPlatformUrl: standIn.url },
    });
    try {
      const token = await other.signIn("client2");
      const res = await other.request({ method: "POST", url: "/api/integrations/shipping/test", token });
      expect(res.json<TIntegrationTestResult>()).toMatchObject({
        ok: false,
        message: expect.stringContaining("cannot be read"),
      });
      const list = (await other.request({ method: "GET", url: "/api/integrations", token })).json<TIntegrationList>();
      expect(list.items.find((i) => i.platform === "shipping")?.hints).toEqual({
        apiKey: "••••",
        apiPassword: "••••",
        token: "••••",
      });
    } finally {
      await other.close();
    }
  });

  test("deleting forgets the credentials and is audited", async () => {
    await call("client", "PUT", "/api/integrations/store", STORE_CREDENTIALS);
    expect((await call("client", "DELETE", "/api/integrations/store")).json()).toEqual({
      platform: "store",
      deleted: true,
    });
    expect(
      (await call("client", "GET", "/api/integrations"))
        .json<TIntegrationList>()
        .items.some((i) => i.platform === "store"),
    ).toBe(false);
    expect((await audits(`integration:${northwind}:store`))[0]?.action).toBe("integration.delete");
    expect((await call("client", "POST", "/api/integrations/store/test")).statusCode).toBe(404);
  });
});

describe("software request", () => {
  test("stores the request and emails every internal admin who asked, from which client, with subject and body", async () => {
    const before = (await t.mailbox()).length;
    const res = await call("client", "POST", "/api/softwareRequest", {
      subject: "  Bulk import  ",
      body: "We need a CSV import for SKUs.",
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<TSoftwareRequestResult>();
    expect(result.sentTo).toBeGreaterThan(0);
    const [row] = await t.db.select().from(schema.softwareRequests).where(eq(schema.softwareRequests.id, result.id));
    expect(row).toMatchObject({ clientId: northwind, subject: "Bulk import", body: "We need a CSV import for SKUs." });
    const mails = (await t.mailbox()).slice(before);
    expect(mails.map((m) => m.to)).toContain("admin@demo.hub.test");
    expect(mails).toHaveLength(result.sentTo);
    const mail = mails[0];
    expect(mail?.subject).toBe("Software request: Bulk import");
    expect(mail?.text).toContain("client@demo.hub.test");
    expect(mail?.text).toContain("Northwind Apparel");
    expect(mail?.text).toContain("We need a CSV import for SKUs.");
  });

  test("ADMIN_EMAILS replaces the internal users as recipients; the form is validated by the contract", async () => {
    const other = await createTestApp({
      database: t.database,
      config: { adminEmails: ["ops@hub.test", "cto@hub.test"] },
    });
    try {
      const token = await other.signIn("client2");
      const before = (await other.mailbox()).length;
      const res = await other.request({
        method: "POST",
        url: "/api/softwareRequest",
        token,
        payload: { subject: "Hi", body: "Please" },
      });
      expect(res.json<TSoftwareRequestResult>().sentTo).toBe(2);
      expect((await other.mailbox()).slice(before).map((m) => m.to)).toEqual(["ops@hub.test", "cto@hub.test"]);
      const bad = await other.request({
        method: "POST",
        url: "/api/softwareRequest",
        token,
        payload: { subject: "", body: "" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: Record<string, string> }>().fields).toEqual({
        subject: INTEGRATION_MESSAGES.subjectRequired,
        body: INTEGRATION_MESSAGES.bodyRequired,
      });
    } finally {
      await other.close();
    }
  });
});

describe("configuration and logs", () => {
  test("HUB_SECRET_KEY is required in production and must be long; elsewhere the published development key is used", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/HUB_SECRET_KEY is required/);
    expect(() => loadConfig({ HUB_SECRET_KEY: "short" })).toThrow(/at least 32/);
    const prod = loadConfig({ NODE_ENV: "production", HUB_SECRET_KEY: "x".repeat(40) });
    expect(prod.secretKeyIsDevKey).toBe(false);
    expect(prod.secretKey).toHaveLength(32);
    const dev = loadConfig({});
    expect(dev.secretKeyIsDevKey).toBe(true);
    expect(DEV_SECRET_KEY.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ STORE_PLATFORM_URL: "http://x.test/", ADMIN_EMAILS: " a@x.test, ,b@x.test" })).toMatchObject({
      storePlatformUrl: "http://x.test",
      adminEmails: ["a@x.test", "b@x.test"],
    });
  });

  test("keys and credentials never reach the logs", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      database: t.database,
      config: { storePlatformUrl: standIn.url, logLevel: "debug" },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const token = await logged.signIn("client2");
      const created = (
        await logged.request({ method: "POST", url: "/api/apiKeys", token, payload: { mode: "live", name: "logged" } })
      ).json<TApiKeyCreated>();
      await logged.request({ method: "GET", url: "/api/apiKeys/whoami", headers: { "x-api-key": created.key } });
      await logged.request({
        method: "GET",
        url: "/api/apiKeys/whoami",
        headers: { authorization: `Bearer ${created.key}` },
      });
      await logged.request({
        method: "PUT",
        url: "/api/integrations/store",
        token,
        payload: { ...STORE_CREDENTIALS, apiPassword: "wrong-password" },
      });
      await logged.request({ method: "POST", url: "/api/integrations/store/test", token });
      const all = lines.join("\n");
      expect(lines.length).toBeGreaterThan(0);
      for (const secret of [created.key, STORE_CREDENTIALS.apiKey, "wrong-password"]) expect(all).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
