import type {
  TAddress,
  TAddressList,
  TAddressRequest,
  TClientUser,
  TClientUsersResponse,
  TErrorResponse,
  TGuardStatus,
  TInvitation,
  TPlanList,
  TSubscription,
  TYourAccount,
} from "@hub/contracts";
import { DEMO_PASSWORD, schema } from "@hub/db";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, hubUser, type TestApp } from "./helpers/test-app";

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["admin", "client", "client2", "factory", "designer"]) tokens[name] = await t.signIn(name);
});
afterAll(async () => {
  await t?.close();
});

const token = (name: string): string => {
  const value = tokens[name];
  if (!value) throw new Error(`no token for ${name}`);
  return value;
};

const call = async (as: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    token: token(as),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const ok = async <T>(
  as: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  status = 200,
): Promise<T> => {
  const res = await call(as, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

const clientOf = async (siteName: string) => {
  const [row] = await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, siteName));
  if (!row) throw new Error(`client ${siteName} missing`);
  return row;
};

const planId = async (name: string) => {
  const [row] = await t.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.name, name));
  if (!row) throw new Error(`plan ${name} missing`);
  return row.subscriptionId;
};

const auditRows = (action: string) =>
  t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(desc(schema.auditLog.id));

let seq = 0;
/** Inserts a client user straight into the database (for counting tests). */
const insertClientUser = async (siteName: string, extra: Partial<typeof schema.users.$inferInsert> = {}) => {
  const client = await clientOf(siteName);
  seq += 1;
  const [row] = await t.db
    .insert(schema.users)
    .values({
      userName: `acct${seq}${siteName}`,
      email: `acct${seq}.${siteName}@example.test`,
      typeId: 5,
      firstName: "Acct",
      lastName: `User${seq}`,
      clientId: client.clientId,
      defaultSite: client.siteName,
      allowedSites: [client.siteName],
      ...extra,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
};

/** Registers and confirms through the identity API (the way a person does), then signs in. */
const register = async (username: string, email: string, firstName = "Invi") => {
  const res = await t.request({
    method: "POST",
    url: "/api/identity/signUp",
    payload: { username, email, password: DEMO_PASSWORD, firstName, lastName: "Tee" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const code = await t.lastCode(email);
  const confirm = await t.request({ method: "POST", url: "/api/identity/confirmSignUp", payload: { username, code } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  tokens[username] = await t.signIn(username);
};

describe("plans", () => {
  test("the plan list is public, ordered by level, with user limits and prices", async () => {
    const res = await t.request({ method: "GET", url: "/api/subscriptions/plans" });
    expect(res.statusCode).toBe(200);
    const { items } = res.json<TPlanList>();
    expect(items.map((p) => [p.name, p.level, p.nbrOfUsers])).toEqual([
      ["Basic", 1, 3],
      ["Professional", 2, 10],
      ["Enterprise", 3, 50],
    ]);
    expect(items.every((p) => p.priceCents > 0)).toBe(true);
  });

  test("a client user reads its own client's subscription; another client's is a 404; internal users read any", async () => {
    const professional = await planId("Professional");
    const basic = await planId("Basic");
    expect(await ok<TSubscription>("client", "GET", `/api/subscription/${professional}`)).toEqual({
      subscriptionId: professional,
      name: "Professional",
      level: 2,
      nbrOfUsers: 10,
    });
    expect((await call("client", "GET", `/api/subscription/${basic}`)).statusCode).toBe(404);
    expect((await call("client2", "GET", `/api/subscription/${professional}`)).statusCode).toBe(404);
    expect((await ok<TSubscription>("admin", "GET", `/api/subscription/${basic}`)).level).toBe(1);
    expect((await call("admin", "GET", "/api/subscription/999999")).statusCode).toBe(404);
    expect((await call("factory", "GET", `/api/subscription/${basic}`)).statusCode).toBe(404);
  });
});

describe("Your Account", () => {
  test("client: profile, client, plan, active users (test users and unavailable users not counted)", async () => {
    const before = await ok<TYourAccount>("client", "GET", "/api/yourAccount");
    expect(before).toMatchObject({
      profile: { userName: "client", userType: "client" },
      client: { name: "Northwind Apparel", site: "northwind" },
      plan: { name: "Professional", level: 2, nbrOfUsers: 10 },
      factoryRequiresSubscription: true,
      canManage: true,
    });
    await insertClientUser("northwind");
    await insertClientUser("northwind", { testUser: true });
    await insertClientUser("northwind", { available: false });
    const after = await ok<TYourAccount>("client", "GET", "/api/yourAccount");
    expect(after.activeUsers).toBe(before.activeUsers + 1);
  });

  test("users without a client get their profile and no plan", async () => {
    const body = await ok<TYourAccount>("factory", "GET", "/api/yourAccount");
    expect(body).toMatchObject({
      client: null,
      plan: null,
      activeUsers: 0,
      canManage: false,
      profile: { userName: "factory" },
    });
  });
});

describe("guard status (spec 4)", () => {
  test("client2 over its 3-user limit reports active and limit", async () => {
    const start = await ok<TGuardStatus>("client2", "GET", "/api/account/guard-status");
    expect(start).toEqual({ activeUsers: 1, limit: 3, needsSubscription: false, planLevel: 1 });
    const extra = [
      await insertClientUser("bluebird"),
      await insertClientUser("bluebird"),
      await insertClientUser("bluebird"),
    ];
    const over = await ok<TGuardStatus>("client2", "GET", "/api/account/guard-status");
    expect(over).toEqual({ activeUsers: 4, limit: 3, needsSubscription: false, planLevel: 1 });
    // Marking one a test user brings it back to the limit.
    await t.db
      .update(schema.users)
      .set({ testUser: true })
      .where(eq(schema.users.userId, extra[0]?.userId ?? 0));
    expect((await ok<TGuardStatus>("client2", "GET", "/api/account/guard-status")).activeUsers).toBe(3);
    await t.db.delete(schema.users).where(sql`${schema.users.userId} in ${extra.map((u) => u.userId)}`);
  });

  test("needSubscription when the factory requires one and the client has none; newSubscription fixes it", async () => {
    const bluebird = await clientOf("bluebird");
    await t.db
      .update(schema.clients)
      .set({ subscriptionId: null })
      .where(eq(schema.clients.clientId, bluebird.clientId));
    try {
      const status = await ok<TGuardStatus>("client2", "GET", "/api/account/guard-status");
      expect(status).toEqual({ activeUsers: 1, limit: null, needsSubscription: true, planLevel: null });
      const account = await ok<TYourAccount>("client2", "GET", "/api/yourAccount");
      expect(account.plan).toBeNull();
      // Changing a plan needs one; choosing a new one works.
      const change = await call("client2", "PUT", "/api/manageSubscription", { subscriptionId: await planId("Basic") });
      expect(change.statusCode).toBe(409);
      const chosen = await ok<TSubscription>("client2", "POST", "/api/newSubscription", {
        subscriptionId: await planId("Basic"),
      });
      expect(chosen.name).toBe("Basic");
      expect((await ok<TGuardStatus>("client2", "GET", "/api/account/guard-status")).needsSubscription).toBe(false);
      const [audit] = await auditRows("subscription.create");
      expect(audit).toMatchObject({
        actorUserName: "client2",
        subject: `client:${bluebird.clientId}`,
        detail: { from: null, to: "Basic" },
      });
    } finally {
      await t.db
        .update(schema.clients)
        .set({ subscriptionId: bluebird.subscriptionId })
        .where(eq(schema.clients.clientId, bluebird.clientId));
    }
  });

  test("users who are not client users get a neutral answer", async () => {
    for (const name of ["admin", "factory", "designer"]) {
      expect(await ok<TGuardStatus>(name, "GET", "/api/account/guard-status")).toEqual({
        activeUsers: 0,
        limit: null,
        needsSubscription: false,
        planLevel: null,
      });
    }
  });
});

describe("plan changes", () => {
  test("a client admin changes its plan; the audit log records it", async () => {
    const bluebird = await clientOf("bluebird");
    const changed = await ok<TSubscription>("client2", "PUT", "/api/manageSubscription", {
      subscriptionId: await planId("Professional"),
    });
    expect(changed).toMatchObject({ name: "Professional", level: 2 });
    expect((await ok<TGuardStatus>("client2", "GET", "/api/account/guard-status")).planLevel).toBe(2);
    const [audit] = await auditRows("subscription.change");
    expect(audit).toMatchObject({ actorUserName: "client2", detail: { from: "Basic", to: "Professional" } });
    await ok("client2", "PUT", "/api/manageSubscription", { subscriptionId: bluebird.subscriptionId });
  });

  test("a plan whose limit is below the active users is refused, saying how many to deactivate", async () => {
    const added = [];
    for (let i = 0; i < 4; i++) added.push(await insertClientUser("northwind"));
    const account = await ok<TYourAccount>("client", "GET", "/api/yourAccount");
    expect(account.activeUsers).toBeGreaterThan(3);
    const res = await call("client", "PUT", "/api/manageSubscription", { subscriptionId: await planId("Basic") });
    expect(res.statusCode).toBe(409);
    const excess = account.activeUsers - 3;
    expect(res.json<TErrorResponse>().message).toContain(`Deactivate ${excess} user${excess === 1 ? "" : "s"}`);
    expect((await ok<TYourAccount>("client", "GET", "/api/yourAccount")).plan?.name).toBe("Professional");
    await t.db.delete(schema.users).where(sql`${schema.users.userId} in ${added.map((u) => u.userId)}`);
  });

  test("a client with a plan cannot take a new one; unknown plans are 404; bad bodies are 400 with fields", async () => {
    expect(
      (await call("client", "POST", "/api/newSubscription", { subscriptionId: await planId("Enterprise") })).statusCode,
    ).toBe(409);
    expect((await call("client", "PUT", "/api/manageSubscription", { subscriptionId: 99999 })).statusCode).toBe(404);
    const bad = await call("client", "PUT", "/api/manageSubscription", {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json<TErrorResponse>().fields).toHaveProperty("subscriptionId");
  });
});

describe("invitations", () => {
  test("invite → email with email, first name, client name and link → register → joins the client as a non-admin", async () => {
    const email = "ivy.invited@example.test";
    const invitation = await ok<TInvitation>(
      "client2",
      "POST",
      "/api/pendingUsers",
      { email: " Ivy.Invited@Example.test ", firstName: "Ivy" },
      201,
    );
    expect(invitation).toMatchObject({ email, firstName: "Ivy", registered: false });
    const mails = (await t.mailbox()).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe("You are invited to join Bluebird Basics on the Hub");
    expect(mail?.text).toContain("Hello Ivy,");
    expect(mail?.text).toContain(email);
    expect(mail?.text).toContain(
      "http://hub.test/auth/register?email=ivy.invited%40example.test&clientName=Bluebird%20Basics",
    );
    const [audit] = await auditRows("invitation.create");
    expect(audit).toMatchObject({ actorUserName: "client2", subject: `pendingUser:${invitation.id}` });

    const listed = await ok<{ items: TInvitation[] }>("client2", "GET", "/api/pendingUsers");
    expect(listed.items.map((i) => i.email)).toContain(email);
    expect((await ok<TYourAccount>("client2", "GET", "/api/yourAccount")).pendingInvitations).toBe(1);

    await register("ivyinvited", email, "Ivy");
    const user = await hubUser(t.db, "ivyinvited");
    const bluebird = await clientOf("bluebird");
    expect(user).toMatchObject({
      clientId: bluebird.clientId,
      defaultSite: "bluebird",
      isClientAdmin: false,
      typeId: 5,
    });
    const [row] = await t.db.select().from(schema.pendingUsers).where(eq(schema.pendingUsers.id, invitation.id));
    expect(row?.registered).toBe(true);
    expect((await ok<{ items: TInvitation[] }>("client2", "GET", "/api/pendingUsers")).items).toHaveLength(0);

    const users = await ok<TClientUsersResponse>("client2", "GET", "/api/yourClientUsers?searchString=ivy");
    expect(users.items.map((u) => u.userName)).toEqual(["ivyinvited"]);
    // The newcomer is a client user but not an admin: it reads its client's account and cannot manage it.
    const theirs = await ok<TYourAccount>("ivyinvited", "GET", "/api/yourAccount");
    expect(theirs).toMatchObject({ client: { name: "Bluebird Basics" }, canManage: false, activeUsers: 2 });
    expect(
      (await call("ivyinvited", "POST", "/api/pendingUsers", { email: "x@example.test", firstName: "X" })).statusCode,
    ).toBe(403);
  });

  test("an existing user's email or an open invitation is refused with a field message", async () => {
    const existing = await call("client2", "POST", "/api/pendingUsers", {
      email: "client@demo.hub.test",
      firstName: "C",
    });
    expect(existing.statusCode).toBe(409);
    expect(existing.json<TErrorResponse>().fields?.email).toBe("A user with this email already exists");
    await ok("client", "POST", "/api/pendingUsers", { email: "twice@example.test", firstName: "Two" }, 201);
    const twice = await call("client", "POST", "/api/pendingUsers", { email: "TWICE@example.test", firstName: "Two" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<TErrorResponse>().fields?.email).toBe("This email has already been invited");
    const invalid = await call("client", "POST", "/api/pendingUsers", { email: "not-an-email", firstName: "" });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json<TErrorResponse>().fields ?? {}).sort()).toEqual(["email", "firstName"]);
  });

  test("spec 7's pending user by email and PUT {id}: a typo corrected and emailed again; another client's is a 404", async () => {
    const made = await ok<TInvitation>(
      "client",
      "POST",
      "/api/pendingUsers",
      { email: "typo@exmaple.test", firstName: "Ty" },
      201,
    );
    const found = await ok<TInvitation>("client", "GET", "/api/pendingUsers/byEmail?email=%20TYPO@exmaple.test");
    expect(found.id).toBe(made.id);
    expect((await call("client2", "GET", "/api/pendingUsers/byEmail?email=typo@exmaple.test")).statusCode).toBe(404);
    const before = (await t.mailbox()).length;
    const fixed = await ok<TInvitation>("client", "PUT", `/api/pendingUsers/${made.id}`, {
      email: "typo@example.test",
      firstName: "Tyra",
    });
    expect(fixed).toMatchObject({ id: made.id, email: "typo@example.test", firstName: "Tyra" });
    const mails = (await t.mailbox()).slice(before);
    expect(mails.map((m) => m.to)).toEqual(["typo@example.test"]);
    const taken = await call("client", "PUT", `/api/pendingUsers/${made.id}`, {
      email: "client@demo.hub.test",
      firstName: "Tyra",
    });
    expect(taken.statusCode).toBe(409);
    expect(
      (await call("client2", "PUT", `/api/pendingUsers/${made.id}`, { email: "x@example.test", firstName: "X" }))
        .statusCode,
    ).toBe(404);
    expect((await call("client", "GET", "/api/pendingUsers/byEmail?email=typo@exmaple.test")).statusCode).toBe(404);
  });

  test("invitations past the plan's limit are refused with a message to upgrade", async () => {
    // client2 has 2 active users (client2, ivyinvited) on Basic (3): one more invitation fits, the next does not.
    const third = await ok<TInvitation>(
      "client2",
      "POST",
      "/api/pendingUsers",
      { email: "third@example.test", firstName: "Third" },
      201,
    );
    const refused = await call("client2", "POST", "/api/pendingUsers", {
      email: "fourth@example.test",
      firstName: "Fourth",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<TErrorResponse>().message).toMatch(/Upgrade your plan/);
    await ok("client2", "DELETE", `/api/pendingUsers/${third.id}`);
  });

  test("resend sends the email again; revoke deletes the invitation and is audited; other clients get 404", async () => {
    const inv = await ok<TInvitation>(
      "client",
      "POST",
      "/api/pendingUsers",
      { email: "resend@example.test", firstName: "Re" },
      201,
    );
    await ok<TInvitation>("client", "POST", `/api/pendingUsers/${inv.id}/resend`);
    expect((await t.mailbox()).filter((m) => m.to === "resend@example.test")).toHaveLength(2);
    expect((await call("client2", "POST", `/api/pendingUsers/${inv.id}/resend`)).statusCode).toBe(404);
    expect((await call("client2", "DELETE", `/api/pendingUsers/${inv.id}`)).statusCode).toBe(404);
    await ok("client", "DELETE", `/api/pendingUsers/${inv.id}`);
    expect((await call("client", "DELETE", `/api/pendingUsers/${inv.id}`)).statusCode).toBe(404);
    const [audit] = await auditRows("invitation.revoke");
    expect(audit).toMatchObject({
      actorUserName: "client",
      subject: `pendingUser:${inv.id}`,
      detail: { email: "resend@example.test" },
    });
  });
});

describe("client users", () => {
  test("a client admin deactivates and marks test users of its own client; audited", async () => {
    const u = await insertClientUser("northwind");
    const before = (await ok<TYourAccount>("client", "GET", "/api/yourAccount")).activeUsers;
    const updated = await ok<TClientUser>("client", "PUT", `/api/yourClientUsers/${u.userId}`, { testUser: true });
    expect(updated).toMatchObject({ userId: u.userId, testUser: true, available: true });
    expect((await ok<TYourAccount>("client", "GET", "/api/yourAccount")).activeUsers).toBe(before - 1);
    await ok<TClientUser>("client", "PUT", `/api/yourClientUsers/${u.userId}`, { testUser: false, available: false });
    expect((await ok<TYourAccount>("client", "GET", "/api/yourAccount")).activeUsers).toBe(before - 1);
    const [audit] = await auditRows("clientUser.update");
    expect(audit).toMatchObject({
      actorUserName: "client",
      subject: `user:${u.userId}`,
      detail: { available: { from: true, to: false }, testUser: { from: true, to: false } },
    });
  });

  test("other clients' users are 404, non-admins 403, and an admin cannot deactivate itself", async () => {
    const u = await insertClientUser("northwind");
    expect((await call("client2", "PUT", `/api/yourClientUsers/${u.userId}`, { available: false })).statusCode).toBe(
      404,
    );
    expect((await call("ivyinvited", "PUT", `/api/yourClientUsers/${u.userId}`, { available: false })).statusCode).toBe(
      403,
    );
    expect((await call("admin", "PUT", `/api/yourClientUsers/${u.userId}`, { available: false })).statusCode).toBe(403);
    const me = await hubUser(t.db, "client");
    const self = await call("client", "PUT", `/api/yourClientUsers/${me?.userId}`, { available: false });
    expect(self.statusCode).toBe(400);
    expect(self.json<TErrorResponse>().message).toBe("You cannot deactivate yourself.");
    expect((await call("client", "PUT", `/api/yourClientUsers/${u.userId}`, {})).statusCode).toBe(400);
  });

  test("the list is the caller's client only, paged, searchable and sortable, with open invitations", async () => {
    const list = await ok<TClientUsersResponse>("client", "GET", "/api/yourClientUsers?size=2&sort=userName,desc");
    expect(list.items).toHaveLength(2);
    expect(list.total).toBeGreaterThan(2);
    expect(list.size).toBe(2);
    const northwind = await clientOf("northwind");
    const all = await ok<TClientUsersResponse>("client", "GET", "/api/yourClientUsers?size=500");
    const ids = all.items.map((u) => u.userId);
    const rows = await t.db
      .select({ id: schema.users.userId })
      .from(schema.users)
      .where(eq(schema.users.clientId, northwind.clientId));
    expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
    expect(all.invitations.every((i) => i.clientId === northwind.clientId)).toBe(true);
    expect((await call("client", "GET", "/api/yourClientUsers?sort=password,asc")).statusCode).toBe(400);
  });
});

describe("addresses", () => {
  const address = (overrides: Partial<TAddressRequest> = {}): TAddressRequest => ({
    label: "Office",
    name: "Cleo Client",
    line1: "1 Main Street",
    city: "Springfield",
    postalCode: "12345",
    country: "us",
    isDefault: false,
    active: true,
    owner: "me",
    ...overrides,
  });

  test("create, list, update and delete my addresses; one default per owner; delete is audited", async () => {
    const first = await ok<TAddress>("client2", "POST", "/api/addresses", address(), 201);
    expect(first).toMatchObject({ owner: "me", country: "US", isDefault: true, editable: true, company: null });
    const second = await ok<TAddress>(
      "client2",
      "POST",
      "/api/addresses",
      address({ label: "Home", isDefault: true }),
      201,
    );
    expect(second.isDefault).toBe(true);
    let list = await ok<TAddressList>("client2", "GET", "/api/addresses");
    expect(list.items.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);
    const updated = await ok<TAddress>(
      "client2",
      "PUT",
      `/api/addresses/${first.id}`,
      address({ label: "Office 2", isDefault: true, active: false }),
    );
    expect(updated).toMatchObject({ label: "Office 2", isDefault: true, active: false });
    list = await ok<TAddressList>("client2", "GET", "/api/addresses");
    expect(list.items.filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.id]);
    await ok("client2", "DELETE", `/api/addresses/${first.id}`);
    list = await ok<TAddressList>("client2", "GET", "/api/addresses");
    expect(list.items.map((a) => [a.id, a.isDefault])).toEqual([[second.id, true]]);
    const [audit] = await auditRows("address.delete");
    expect(audit).toMatchObject({ actorUserName: "client2", subject: `address:${first.id}` });
  });

  test("client addresses: read by the client's users, written by its admin only; other tenants get 404", async () => {
    const shared = await ok<TAddress>(
      "client2",
      "POST",
      "/api/addresses",
      address({ owner: "client", label: "Warehouse" }),
      201,
    );
    expect(shared).toMatchObject({ owner: "client", isDefault: true });
    const seen = await ok<TAddressList>("ivyinvited", "GET", "/api/addresses");
    expect(seen.items.find((a) => a.id === shared.id)).toMatchObject({ editable: false });
    expect(
      (await call("ivyinvited", "PUT", `/api/addresses/${shared.id}`, address({ owner: "client" }))).statusCode,
    ).toBe(403);
    expect((await call("ivyinvited", "DELETE", `/api/addresses/${shared.id}`)).statusCode).toBe(403);
    expect((await call("ivyinvited", "POST", "/api/addresses", address({ owner: "client" }))).statusCode).toBe(403);
    expect((await call("client", "PUT", `/api/addresses/${shared.id}`, address({ owner: "client" }))).statusCode).toBe(
      404,
    );
    expect((await call("client", "DELETE", `/api/addresses/${shared.id}`)).statusCode).toBe(404);
    expect((await ok<TAddressList>("client", "GET", "/api/addresses")).items.map((a) => a.id)).not.toContain(shared.id);
    expect((await call("factory", "POST", "/api/addresses", address({ owner: "client" }))).statusCode).toBe(403);
    const moved = await call("client2", "PUT", `/api/addresses/${shared.id}`, address({ owner: "me" }));
    expect(moved.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(schema.addresses)
      .where(and(eq(schema.addresses.id, shared.id)));
    expect(rows[0]?.clientId).not.toBeNull();
  });

  test("validation: required fields and the ISO country code are checked with field messages", async () => {
    const res = await call("client", "POST", "/api/addresses", address({ label: "", country: "USA", postalCode: "" }));
    expect(res.statusCode).toBe(400);
    const fields = res.json<TErrorResponse>().fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(["country", "label", "postalCode"]);
    expect(fields.country).toBe("Use the two-letter country code (e.g. US)");
  });
});

describe("API documentation", () => {
  test("the account endpoints are described, with their error answers", async () => {
    const res = await t.request({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> }>();
    for (const path of [
      "/api/yourAccount",
      "/api/account/guard-status",
      "/api/subscriptions/plans",
      "/api/subscription/{id}",
      "/api/manageSubscription",
      "/api/newSubscription",
      "/api/yourClientUsers",
      "/api/yourClientUsers/{userId}",
      "/api/pendingUsers",
      "/api/pendingUsers/{id}",
      "/api/pendingUsers/{id}/resend",
      "/api/addresses",
      "/api/addresses/{id}",
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(Object.keys(doc.paths["/api/manageSubscription"]?.put?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "403", "404", "409"]),
    );
  });
});
