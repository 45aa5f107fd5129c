import {
  CLIENT_MESSAGES,
  SESSION_CLIENT_USER_TYPES,
  type TClientDetail,
  type TClientLimited,
  type TClientPage,
  type TErrorResponse,
  USER_TYPES,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  hubUser,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";

const USERS = DEMO_USERS;

let t: TestApp;
let tokens: Record<DemoUser, string>;
let northwind: number;
let bluebird: number;
let factoryId: number;
let professional: number;
let basic: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ({ northwind, bluebird } = await demoClientIds(t.db));
  factoryId =
    (await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory")))[0]?.factoryId ??
    0;
  const plans = await t.db.select().from(schema.subscriptions);
  professional = plans.find((p) => p.name === "Professional")?.subscriptionId ?? 0;
  basic = plans.find((p) => p.name === "Basic")?.subscriptionId ?? 0;
  expect([northwind, bluebird, factoryId, professional, basic].every((id) => id > 0)).toBe(true);
});
afterAll(async () => {
  await t?.close();
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

let seq = 0;
const uniqueSite = (prefix = "site") => `${prefix}-${Date.now().toString(36)}-${seq++}`;
const newClient = (over: Record<string, unknown> = {}) => ({
  clientName: "Acme Wear",
  siteName: uniqueSite("acme"),
  subscriptionId: basic,
  factoryId,
  active: true,
  ...over,
});
const create = async (over: Record<string, unknown> = {}): Promise<TClientDetail> => {
  const res = await call("admin", "POST", "/api/client", newClient(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TClientDetail>();
};
const auditRows = (subject: string) =>
  t.db.select().from(schema.auditLog).where(eq(schema.auditLog.subject, subject)).orderBy(desc(schema.auditLog.id));

describe("create, read, update, delete", () => {
  test("an admin creates a client, reads it back, changes it and deletes it; each step is audited", async () => {
    const created = await create({ clientName: "  Acme Wear  " });
    expect(created).toMatchObject({
      clientName: "Acme Wear",
      subscriptionId: basic,
      subscriptionName: "Basic",
      factoryId,
      factoryName: "Hub Demo Factory",
      active: true,
      userCount: 0,
    });
    const subject = `client:${created.clientId}`;

    const read = await call("admin", "GET", `/api/clients/${created.clientId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    const byId = await call("admin", "GET", `/api/client/search/findByClientId?clientId=${created.clientId}`);
    expect(byId.json()).toEqual(created);

    const updated = await call("admin", "PUT", `/api/client/${created.clientId}`, {
      ...newClient({ siteName: created.siteName }),
      clientName: "Acme Apparel",
      subscriptionId: professional,
      factoryId: null,
      active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      clientName: "Acme Apparel",
      subscriptionName: "Professional",
      factoryId: null,
      factoryName: null,
      active: false,
    });

    const deleted = await call("admin", "DELETE", `/api/client/${created.clientId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ clientId: created.clientId, deleted: true });
    expect((await call("admin", "GET", `/api/clients/${created.clientId}`)).statusCode).toBe(404);
    expect((await call("admin", "DELETE", `/api/client/${created.clientId}`)).statusCode).toBe(404);

    const audit = await auditRows(subject);
    expect(audit.map((a) => a.action)).toEqual(["client.delete", "client.update", "client.create"]);
    for (const row of audit) {
      expect(row.actorUserName).toBe("admin");
      expect(row.at).toBeInstanceOf(Date);
    }
    expect(audit[0]?.detail).toEqual({ clientName: "Acme Apparel", siteName: created.siteName });
    expect(audit[1]?.detail).toMatchObject({
      changes: { clientName: { from: "Acme Wear", to: "Acme Apparel" }, active: { from: true, to: false } },
    });
  });

  test("validation: each field names its problem", async () => {
    const bad = await call("admin", "POST", "/api/client", {
      clientName: "   ",
      siteName: "Bad Site!",
      subscriptionId: null,
      factoryId: null,
      active: true,
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json<TErrorResponse>();
    expect(body.error).toBe("VALIDATION");
    expect(body.fields).toMatchObject({
      clientName: CLIENT_MESSAGES.clientNameRequired,
      siteName: CLIENT_MESSAGES.siteNameFormat,
    });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ siteName: "" }, "siteName", CLIENT_MESSAGES.siteNameRequired],
      [{ siteName: "a" }, "siteName", CLIENT_MESSAGES.siteNameLength],
      [{ siteName: "a".repeat(41) }, "siteName", CLIENT_MESSAGES.siteNameLength],
      [{ siteName: "UPPER" }, "siteName", CLIENT_MESSAGES.siteNameFormat],
      [{ clientName: "x".repeat(121) }, "clientName", CLIENT_MESSAGES.clientNameTooLong],
    ];
    for (const [over, field, message] of cases) {
      const res = await call("admin", "POST", "/api/client", newClient(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<TErrorResponse>().fields?.[field]).toBe(message);
    }
    const missing = await call("admin", "POST", "/api/client", {
      clientName: "No active flag",
      siteName: uniqueSite(),
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<TErrorResponse>().fields ?? {})).toEqual(expect.arrayContaining(["active"]));

    expect((await call("admin", "POST", "/api/client", newClient({ subscriptionId: 99999 }))).statusCode).toBe(404);
    expect((await call("admin", "POST", "/api/client", newClient({ factoryId: 99999 }))).statusCode).toBe(404);
    for (const id of ["abc", "0", "-3", "99999999999"]) {
      expect((await call("admin", "GET", `/api/clients/${id}`)).statusCode, id).toBe(400);
      expect((await call("admin", "GET", `/api/client/search/findByClientId?clientId=${id}`)).statusCode, id).toBe(400);
    }
    expect((await call("admin", "POST", "/api/client", newClient({ factoryId: 99999999999 }))).statusCode).toBe(400);
    expect((await call("admin", "GET", "/api/client/search/findByClientId")).statusCode).toBe(400);
    expect((await call("admin", "GET", "/api/getClientDataForSiteName")).statusCode).toBe(400);
  });

  test("a site name already used, in any case, is a 409 that names the field", async () => {
    for (const siteName of ["northwind", " northwind "]) {
      const res = await call("admin", "POST", "/api/client", newClient({ siteName }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: "CONFLICT",
        message: CLIENT_MESSAGES.siteNameTaken,
        fields: { siteName: CLIENT_MESSAGES.siteNameTaken },
      });
    }
    // A mixed-case site name stored before this rule still clashes case-insensitively.
    const legacy = uniqueSite("legacy");
    await t.db.insert(schema.clients).values({ clientName: "Legacy", siteName: legacy.toUpperCase() });
    const clash = await call("admin", "POST", "/api/client", newClient({ siteName: legacy }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json<TErrorResponse>().fields).toEqual({ siteName: CLIENT_MESSAGES.siteNameTaken });

    const mine = await create();
    const rename = await call("admin", "PUT", `/api/client/${mine.clientId}`, newClient({ siteName: "bluebird" }));
    expect(rename.statusCode).toBe(409);
    expect(rename.json<TErrorResponse>().fields).toEqual({ siteName: CLIENT_MESSAGES.siteNameTaken });
    // Keeping its own site name is no clash.
    expect(
      (await call("admin", "PUT", `/api/client/${mine.clientId}`, newClient({ siteName: mine.siteName }))).statusCode,
    ).toBe(200);
  });

  test("delete is refused with 409 while users belong to the client, naming how many", async () => {
    const res = await call("admin", "DELETE", `/api/client/${northwind}`);
    expect(res.statusCode).toBe(409);
    const users = await t.db.select().from(schema.users).where(eq(schema.users.clientId, northwind));
    expect(res.json<TErrorResponse>().message).toBe(
      `Northwind Apparel still has ${users.length} ${users.length === 1 ? "user" : "users"}. Move or remove ${users.length === 1 ? "that user" : "those users"} before deleting the client.`,
    );
    expect((await call("admin", "GET", `/api/clients/${northwind}`)).json<TClientDetail>().userCount).toBe(
      users.length,
    );
    expect(await auditRows(`client:${northwind}`)).toEqual([]);
  });
});

test("deleting a client without users takes its invitations and shared addresses with it", async () => {
  const doomed = await create();
  await t.db
    .insert(schema.pendingUsers)
    .values({ email: `invitee-${doomed.siteName}@example.test`, clientId: doomed.clientId });
  await t.db.insert(schema.addresses).values({
    clientId: doomed.clientId,
    label: "HQ",
    name: "Acme",
    line1: "1 Main St",
    city: "Town",
    postalCode: "12345",
    country: "US",
  });
  expect((await call("admin", "DELETE", `/api/client/${doomed.clientId}`)).statusCode).toBe(200);
  expect(
    await t.db.select().from(schema.pendingUsers).where(eq(schema.pendingUsers.clientId, doomed.clientId)),
  ).toEqual([]);
  expect(await t.db.select().from(schema.addresses).where(eq(schema.addresses.clientId, doomed.clientId))).toEqual([]);
});

describe("list: paging, sort, search", () => {
  test("pages, sorts by each allowed field, searches name and site, and refuses an unknown sort field", async () => {
    const tag = `zz${Date.now().toString(36)}`;
    for (const [i, name] of ["Charlie", "alpha", "Bravo"].entries()) {
      await create({ clientName: `${tag} ${name}`, siteName: `${tag}-${i}`, active: i !== 1 });
    }
    const list = async (query: string) => {
      const res = await call("admin", "GET", `/api/clients?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TClientPage>();
    };
    const found = await list(`searchString=${tag}`);
    expect(found.total).toBe(3);
    expect(found.items.map((c) => c.clientName)).toEqual(
      [`${tag} alpha`, `${tag} Bravo`, `${tag} Charlie`].sort((a, b) => (a < b ? -1 : 1)),
    );
    expect((await list(`searchString=${tag}-2`)).items.map((c) => c.siteName)).toEqual([`${tag}-2`]);
    expect((await list(`searchString=${tag.toUpperCase()}`)).total).toBe(3);

    const bySiteDesc = await list(`searchString=${tag}&sort=siteName,desc`);
    expect(bySiteDesc.items.map((c) => c.siteName)).toEqual([`${tag}-2`, `${tag}-1`, `${tag}-0`]);
    expect((await list(`searchString=${tag}&sort=createdAt,asc`)).items.map((c) => c.siteName)).toEqual([
      `${tag}-0`,
      `${tag}-1`,
      `${tag}-2`,
    ]);
    expect((await list(`searchString=${tag}&sort=active,asc`)).items[0]?.siteName).toBe(`${tag}-1`);

    const page1 = await list(`searchString=${tag}&sort=siteName,asc&page=1&size=2`);
    expect(page1).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(page1.items.map((c) => c.siteName)).toEqual([`${tag}-2`]);

    const all = await list("");
    expect(all.size).toBe(25);
    expect(all.items.find((c) => c.siteName === "northwind")).toMatchObject({
      subscriptionName: "Professional",
      factoryName: "Hub Demo Factory",
    });

    // The export: every match of the search, in the list's order, whatever the page size.
    const exported = await call(
      "admin",
      "GET",
      `/api/clients/export.csv?searchString=${tag}&sort=siteName,desc&size=1`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers["content-disposition"]).toBe('attachment; filename="clients.csv"');
    const lines = exported.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Client,Site name,Subscription,Facility,Status,Created");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual([`${tag}-2`, `${tag}-1`, `${tag}-0`]);
    expect(lines[2]).toContain(",Inactive,");

    const badField = await call("admin", "GET", "/api/clients?sort=password,asc");
    expect(badField.statusCode).toBe(400);
    expect(badField.json<TErrorResponse>().fields).toEqual({ sort: 'Unknown sort field "password"' });
    expect((await call("admin", "GET", "/api/clients?sort=clientName")).statusCode).toBe(400);
    expect((await call("admin", "GET", "/api/clients?size=0")).statusCode).toBe(400);
  });
});

/** Every endpoint of this slice × every demo user: the expected status. */
describe("access matrix", () => {
  type Row = {
    name: string;
    method: Method;
    url: () => string;
    body?: () => unknown;
    expect: Record<DemoUser, number>;
  };
  const ALL_OK = { admin: 200, client: 200, client2: 200, factory: 200, designer: 200 };
  const ADMIN_ONLY = { admin: 200, client: 403, client2: 403, factory: 403, designer: 403 };
  const rows: Row[] = [
    { name: "list", method: "GET", url: () => "/api/clients", expect: ADMIN_ONLY },
    { name: "export", method: "GET", url: () => "/api/clients/export.csv", expect: ADMIN_ONLY },
    { name: "form options", method: "GET", url: () => "/api/clients/form-options", expect: ADMIN_ONLY },
    { name: "detail northwind", method: "GET", url: () => `/api/clients/${northwind}`, expect: ADMIN_ONLY },
    { name: "detail bluebird", method: "GET", url: () => `/api/clients/${bluebird}`, expect: ADMIN_ONLY },
    {
      name: "findByClientId northwind",
      method: "GET",
      url: () => `/api/client/search/findByClientId?clientId=${northwind}`,
      expect: { admin: 200, client: 200, client2: 404, factory: 200, designer: 404 },
    },
    {
      name: "findByClientId bluebird",
      method: "GET",
      url: () => `/api/client/search/findByClientId?clientId=${bluebird}`,
      expect: { admin: 200, client: 404, client2: 200, factory: 200, designer: 404 },
    },
    { name: "limited data", method: "GET", url: () => "/api/getAllClientsLimitedData", expect: ALL_OK },
    {
      name: "site northwind",
      method: "GET",
      url: () => "/api/getClientDataForSiteName?siteName=northwind",
      expect: { admin: 200, client: 200, client2: 404, factory: 200, designer: 404 },
    },
    {
      name: "site bluebird",
      method: "GET",
      url: () => "/api/getClientDataForSiteName?siteName=bluebird",
      expect: { admin: 200, client: 404, client2: 200, factory: 200, designer: 404 },
    },
    {
      name: "create",
      method: "POST",
      url: () => "/api/client",
      body: () => newClient(),
      expect: { ...ADMIN_ONLY, admin: 201 },
    },
    // Updates that change nothing, so the matrix leaves the demo data as it found it.
    {
      name: "update northwind",
      method: "PUT",
      url: () => `/api/client/${northwind}`,
      body: () => ({
        clientName: "Northwind Apparel",
        siteName: "northwind",
        subscriptionId: professional,
        factoryId,
        active: true,
      }),
      expect: ADMIN_ONLY,
    },
    {
      name: "update bluebird",
      method: "PUT",
      url: () => `/api/client/${bluebird}`,
      body: () => ({
        clientName: "Bluebird Basics",
        siteName: "bluebird",
        subscriptionId: basic,
        factoryId,
        active: true,
      }),
      expect: ADMIN_ONLY,
    },
    // Users belong to both demo clients, so even the admin is refused.
    {
      name: "delete northwind",
      method: "DELETE",
      url: () => `/api/client/${northwind}`,
      expect: { ...ADMIN_ONLY, admin: 409 },
    },
    {
      name: "delete bluebird",
      method: "DELETE",
      url: () => `/api/client/${bluebird}`,
      expect: { ...ADMIN_ONLY, admin: 409 },
    },
  ];

  for (const row of rows) {
    test(`${row.method} ${row.name}`, async () => {
      expect((await call(null, row.method, row.url(), row.body?.())).statusCode).toBe(401);
      for (const user of USERS) {
        const res = await call(user, row.method, row.url(), row.body?.());
        expect(res.statusCode, `${user}: ${res.body}`).toBe(row.expect[user]);
      }
    });
  }

  test("a client user's delete of an empty client is forbidden, and an admin's succeeds", async () => {
    const empty = await create();
    for (const user of ["client", "client2", "factory", "designer"] as const) {
      expect((await call(user, "DELETE", `/api/client/${empty.clientId}`)).statusCode).toBe(403);
    }
    expect((await call("admin", "DELETE", `/api/client/${empty.clientId}`)).statusCode).toBe(200);
  });

  test("what each user's limited data holds", async () => {
    const other = await create({ factoryId: null, clientName: "Zulu Unserved" });
    const inactive = await create({ active: false });
    const sites = async (user: DemoUser) =>
      (await call(user, "GET", "/api/getAllClientsLimitedData")).json<TClientLimited[]>().map((c) => c.siteName);
    const adminSites = await sites("admin");
    expect(adminSites).toEqual(expect.arrayContaining(["northwind", "bluebird", other.siteName]));
    expect(adminSites).not.toContain(inactive.siteName);
    expect(await sites("client")).toEqual(["northwind"]);
    expect(await sites("client2")).toEqual(["bluebird"]);
    const factorySites = await sites("factory");
    expect(factorySites).toEqual(expect.arrayContaining(["northwind", "bluebird"]));
    expect(factorySites).not.toContain(other.siteName);
    expect(await sites("designer")).toEqual([]);
    const limited = (await call("client", "GET", "/api/getAllClientsLimitedData")).json<TClientLimited[]>();
    expect(limited).toEqual([{ clientId: northwind, clientName: "Northwind Apparel", siteName: "northwind" }]);

    const site = await call("client", "GET", "/api/getClientDataForSiteName?siteName=NORTHWIND");
    expect(site.json()).toEqual({
      clientId: northwind,
      clientName: "Northwind Apparel",
      siteName: "northwind",
      subscriptionId: professional,
      subscription_id: professional,
      active: true,
    });
    expect((await call("factory", "GET", `/api/getClientDataForSiteName?siteName=${other.siteName}`)).statusCode).toBe(
      404,
    );
  });

  test("a facility user granted the clients card sees only the clients its facility serves", async () => {
    const unserved = await create({ factoryId: null });
    const factoryUser = await hubUser(t.db, "factory");
    if (!factoryUser) throw new Error("no factory user");
    await t.db.insert(schema.cardGrants).values({ routeName: "clients", userId: factoryUser.userId, granted: true });
    try {
      const token = await t.signIn("factory");
      const res = await t.request({ method: "GET", url: "/api/clients?size=500", token });
      expect(res.statusCode).toBe(200);
      const page = res.json<TClientPage>();
      expect(page.items.every((c) => c.factoryId === factoryId)).toBe(true);
      expect(page.items.map((c) => c.siteName)).toEqual(expect.arrayContaining(["northwind", "bluebird"]));
      expect((await t.request({ method: "GET", url: `/api/clients/${unserved.clientId}`, token })).statusCode).toBe(
        404,
      );
      // Its export holds the same clients as its list, never the unserved one.
      const csv = (await t.request({ method: "GET", url: "/api/clients/export.csv", token })).body;
      expect(csv).toContain(",northwind,");
      expect(csv).not.toContain(`,${unserved.siteName},`);
      expect((await t.request({ method: "GET", url: `/api/clients/${northwind}`, token })).statusCode).toBe(200);
      // The card alone does not let a facility user write.
      expect((await t.request({ method: "POST", url: "/api/client", payload: newClient(), token })).statusCode).toBe(
        403,
      );
    } finally {
      await t.db
        .delete(schema.cardGrants)
        .where(and(eq(schema.cardGrants.userId, factoryUser.userId), eq(schema.cardGrants.routeName, "clients")));
    }
  });
});

describe("session client (x-session-client)", () => {
  test("the web app's list of types with a session client is the internal types", () => {
    expect(SESSION_CLIENT_USER_TYPES).toEqual(USER_TYPES.filter((u) => u.isInternal).map((u) => u.name));
  });

  const userdata = (who: DemoUser, headers: Record<string, string> = {}) =>
    call(who, "GET", `/api/userdata?username=${who}`, undefined, headers);

  test("an internal user's chosen client comes back as /api/userdata's sessionClient", async () => {
    expect((await userdata("admin")).json().sessionClient).toBeNull();
    const res = await userdata("admin", { "x-session-client": String(bluebird) });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionClient).toEqual({
      clientId: bluebird,
      clientName: "Bluebird Basics",
      siteName: "bluebird",
      subscriptionId: basic,
    });
  });

  test("an unknown, deleted or malformed id is ignored (no session client), never an error", async () => {
    const gone = await create();
    await call("admin", "DELETE", `/api/client/${gone.clientId}`);
    for (const value of [String(gone.clientId), "999999", "abc", "-1", "0", "1e3", "99999999999"]) {
      const res = await userdata("admin", { "x-session-client": value });
      expect(res.statusCode, value).toBe(200);
      expect(res.json().sessionClient, value).toBeNull();
    }
  });

  test("non-internal users cannot borrow another client through the header", async () => {
    const res = await userdata("client", { "x-session-client": String(bluebird) });
    expect(res.json().sessionClient).toMatchObject({ clientId: northwind, siteName: "northwind" });
    const other = await call("client", "GET", `/api/client/search/findByClientId?clientId=${bluebird}`, undefined, {
      "x-session-client": String(bluebird),
    });
    expect(other.statusCode).toBe(404);
    expect((await userdata("factory", { "x-session-client": String(bluebird) })).json().sessionClient).toBeNull();
  });
});

test("audit rows record who, when and what for the clients created by this file", async () => {
  const rows = await t.db.select().from(schema.auditLog).where(like(schema.auditLog.action, "client.%"));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.actorUserName === "admin" && r.subject.startsWith("client:"))).toBe(true);
  const [n] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.action, "client.create"));
  expect(n?.n).toBeGreaterThan(0);
});
