import type {
  TCreateAccountResponse,
  TErrorResponse,
  TSignInResponse,
  TUserDataResponse,
  TUserDetail,
  TUserFormOptions,
  TUserListItem,
  TUserPage,
  TUserRole,
  TUserUpdateRequest,
} from "@hub/contracts";
import { ALL_CARDS, DEFAULT_TYPE_CARDS, toUserUpdateRequest } from "@hub/contracts";
import { DEMO_ACCOUNTS, schema } from "@hub/db";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, hubUser, type TestApp } from "./helpers/test-app";

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const account of DEMO_ACCOUNTS) tokens[account.username] = await t.signIn(account.username);
});
afterAll(async () => {
  await t?.close();
});

const token = (name: string): string => {
  const value = tokens[name];
  if (!value) throw new Error(`no token for ${name}`);
  return value;
};

const userId = async (userName: string) => {
  const user = await hubUser(t.db, userName);
  if (!user) throw new Error(`${userName} missing`);
  return user.userId;
};

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, as = "admin", payload?: unknown) =>
  t.request({
    method,
    url,
    token: token(as),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const ok = <T>(res: { statusCode: number; body: string; json: <J>() => J }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

const detail = async (name: string): Promise<TUserDetail> =>
  ok<TUserDetail>(await call("GET", `/api/users/${await userId(name)}`));

const auditRows = (action: string) =>
  t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(desc(schema.auditLog.id));

const factoryId = async () => {
  const [f] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  if (!f) throw new Error("demo factory missing");
  return f.factoryId;
};

const clientId = async (siteName: string) => {
  const [c] = await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, siteName));
  if (!c) throw new Error(`client ${siteName} missing`);
  return c.clientId;
};

describe("GET /api/users: list, search, sort, paging", () => {
  test("lists every demo user with type, client and roles", async () => {
    const page = ok<TUserPage>(await call("GET", "/api/users?size=100"));
    expect(page.total).toBeGreaterThanOrEqual(5);
    const byName = new Map(page.items.map((i) => [i.userName, i]));
    expect(byName.get("admin")).toMatchObject({
      userType: "icreate",
      roles: ["superadmin"],
      clientName: null,
      available: true,
      testUser: false,
    });
    expect(byName.get("client")).toMatchObject({ userType: "client", clientName: "Northwind Apparel", roles: [] });
    expect(byName.get("client2")).toMatchObject({ userType: "client", clientName: "Bluebird Basics" });
    expect(byName.get("factory")).toMatchObject({ userType: "factory", firstName: "Fatima", lastName: "Floor" });
    // Sorted by user name by default.
    const names = page.items.map((i) => i.userName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  test("searches user name, email, first and last name, case-insensitively", async () => {
    const search = async (q: string) =>
      ok<TUserPage>(await call("GET", `/api/users?searchString=${encodeURIComponent(q)}`)).items.map((i) => i.userName);
    expect(await search("FATIMA")).toEqual(["factory"]);
    expect(await search("bluebird")).toEqual(["client2"]);
    expect(await search("designer@demo")).toEqual(["designer"]);
    expect(await search("no-such-person")).toEqual([]);
    expect(await search("%")).toEqual([]);
  });

  test("sorts by each allowed field and pages", async () => {
    for (const field of ["userName", "email", "lastName", "userType", "createdAt"]) {
      expect((await call("GET", `/api/users?sort=${field},desc`)).statusCode).toBe(200);
    }
    const byLast = ok<TUserPage>(await call("GET", "/api/users?sort=lastName,asc&size=100")).items.map((i) =>
      i.lastName.toLowerCase(),
    );
    expect(byLast).toEqual([...byLast].sort());
    const byType = ok<TUserPage>(await call("GET", "/api/users?sort=userType,asc&size=100")).items.map(
      (i) => i.userType,
    );
    expect(byType).toEqual([...byType].sort());
    const first = ok<TUserPage>(await call("GET", "/api/users?size=2&page=0"));
    const second = ok<TUserPage>(await call("GET", "/api/users?size=2&page=1"));
    expect(first).toMatchObject({ page: 0, size: 2 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(2);
    expect(second.items[0]?.userId).not.toBe(first.items[0]?.userId);
    expect(second.total).toBe(first.total);
  });

  test("filters by type and client", async () => {
    const clients = ok<TUserPage>(await call("GET", "/api/users?type=client&size=100")).items;
    expect(clients.every((i) => i.userType === "client")).toBe(true);
    expect(clients.map((i) => i.userName)).toEqual(expect.arrayContaining(["client", "client2"]));
    const northwind = ok<TUserPage>(await call("GET", `/api/users?clientId=${await clientId("northwind")}`)).items;
    expect(northwind.map((i) => i.userName)).toEqual(["client"]);
  });

  test("export.csv writes every user the search and filters find, in the list's order, ignoring paging", async () => {
    const res = await call("GET", "/api/users/export.csv?type=client&sort=userName,desc&size=1");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="users.csv"');
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Username,First name,Last name,Email,Type,Client,Roles,Status,Test user,Created");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 6).join(","))).toEqual([
      "client2,Ben,Bluebird,client2@demo.hub.test,Client,Bluebird Basics",
      "client,Clara,Northwind,client@demo.hub.test,Client,Northwind Apparel",
    ]);
    const admin = (await call("GET", "/api/users/export.csv?searchString=ada")).body.trimEnd().split("\r\n");
    expect(admin).toHaveLength(2);
    expect(admin[1]).toMatch(/^admin,Ada,Admin,admin@demo\.hub\.test,Internal admin,,superadmin,Active,No,\d{4}-/);
    expect((await call("GET", "/api/users/export.csv?sort=password,asc")).statusCode).toBe(400);
  });

  test("a bad sort field or shape is a 400 naming the sort field", async () => {
    const unknown = await call("GET", "/api/users?sort=password,asc");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<TErrorResponse>().fields).toHaveProperty("sort");
    const shape = await call("GET", "/api/users?sort=userName");
    expect(shape.statusCode).toBe(400);
    expect(shape.json<TErrorResponse>()).toMatchObject({ error: "VALIDATION", fields: { sort: expect.any(String) } });
    expect((await call("GET", "/api/users?type=wizard")).statusCode).toBe(400);
  });
});

describe("lookups: internal admins, by email, by client, types, roles, form options", () => {
  test("internal admins are the icreate users", async () => {
    const admins = ok<TUserListItem[]>(await call("GET", "/api/users/internalAdmins"));
    expect(admins.map((a) => a.userName)).toContain("admin");
    expect(admins.every((a) => a.userType === "icreate")).toBe(true);
  });

  test("by email is trimmed and lowercased", async () => {
    const found = ok<TUserListItem[]>(
      await call("GET", `/api/users/byEmail?email=${encodeURIComponent("  Client2@Demo.HUB.test ")}`),
    );
    expect(found.map((u) => u.userName)).toEqual(["client2"]);
    expect(ok<TUserListItem[]>(await call("GET", "/api/users/byEmail?email=nobody@example.test"))).toEqual([]);
  });

  test("by client lists that client's users; an unknown client is a 404", async () => {
    const found = ok<TUserListItem[]>(await call("GET", `/api/users/byClient/${await clientId("bluebird")}`));
    expect(found.map((u) => u.userName)).toEqual(["client2"]);
    expect((await call("GET", "/api/users/byClient/999999")).statusCode).toBe(404);
  });

  test("user types, roles and form options", async () => {
    const types = ok<{ name: string }[]>(await call("GET", "/api/userTypes"));
    expect(types.map((x) => x.name)).toEqual(["icreate", "manufacturer", "factory", "designer", "client"]);
    const roles = ok<{ roleName: string }[]>(await call("GET", "/api/roles"));
    expect(roles.map((r) => r.roleName)).toEqual(["admin", "superadmin"]);
    const options = ok<TUserFormOptions>(await call("GET", "/api/users/form-options"));
    expect(options.accountKinds).toEqual(["icreate", "manufacturer", "factory"]);
    expect(options.clients.map((c) => c.clientName)).toEqual(["Bluebird Basics", "Northwind Apparel"]);
    expect(options.factories.map((f) => f.name)).toContain("Hub Demo Factory");
    expect(options.cardSections.flatMap((s) => s.cards.map((c) => c.card)).sort()).toEqual([...ALL_CARDS].sort());
  });
});

describe("GET /api/users/:id", () => {
  test("the full record with roles and card access", async () => {
    const factory = await detail("factory");
    expect(factory).toMatchObject({
      userName: "factory",
      userType: "factory",
      userFactoryId: await factoryId(),
      manufacturingFactoryId: await factoryId(),
      roles: [],
      cardAccess: { granted: [], denied: [] },
    });
    expect(factory.cardAccess.effective).toContain("toteLookup");
    expect(factory.cardAccess.inherited).toEqual([...(DEFAULT_TYPE_CARDS.factory ?? [])].sort());
    expect(factory.cardAccess.effective).toEqual(factory.cardAccess.inherited);
    expect(factory.cardAccess.effective).not.toContain("users");
    const admin = await detail("admin");
    expect(admin.userRoles).toEqual([{ id: expect.any(Number), roleName: "superadmin" }]);
    expect((await call("GET", "/api/users/999999")).statusCode).toBe(404);
    expect((await call("GET", "/api/users/abc")).statusCode).toBe(400);
  });
});

describe("PUT /api/users/:id", () => {
  test("changes organisation, flags, roles and per-user card grants; userdata reflects it; audited", async () => {
    const before = await detail("designer");
    const northwind = await clientId("northwind");
    const update: TUserUpdateRequest = {
      ...toUserUpdateRequest(before),
      roles: ["admin"],
      clientId: northwind,
      defaultSite: "northwind",
      allowedSites: ["northwind", "extra-site"],
      testUser: true,
      cardGrants: { granted: ["orders", "styles"], denied: ["fileManager"] },
    };
    const after = ok<TUserDetail>(await call("PUT", `/api/users/${before.userId}`, "admin", update));
    expect(after).toMatchObject({
      roles: ["admin"],
      clientId: northwind,
      clientName: "Northwind Apparel",
      defaultSite: "northwind",
      allowedSites: ["northwind", "extra-site"],
      testUser: true,
      cardAccess: { granted: ["orders", "styles"], denied: ["fileManager"] },
    });
    expect(after.cardAccess.effective).toEqual(expect.arrayContaining(["orders", "styles", "products"]));
    expect(after.cardAccess.effective).not.toContain("fileManager");

    const roles = await t.db
      .select({ roleName: schema.roles.roleName })
      .from(schema.userRoles)
      .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
      .where(eq(schema.userRoles.userId, before.userId));
    expect(roles.map((r) => r.roleName)).toEqual(["admin"]);

    // The user's own session sees the new cards at once.
    const session = ok<TUserDataResponse>(await call("GET", "/api/userdata?username=designer", "designer"));
    const cards = session.user.cardAccess.map((c) => c.routeName);
    expect(cards).toEqual(expect.arrayContaining(["orders", "styles"]));
    expect(cards).not.toContain("fileManager");
    expect(session.user.userRoles).toEqual([{ roleName: "admin" }]);

    const [audit] = await auditRows("user.update");
    expect(audit).toMatchObject({ actorUserName: "admin", subject: `user:${before.userId}:designer` });
    expect(audit?.at).toBeInstanceOf(Date);
    expect(audit?.detail).toMatchObject({
      before: { roles: [], testUser: false },
      after: { roles: ["admin"], testUser: true },
    });

    // Put it back: replacing removes the grants and the role link.
    const restored = ok<TUserDetail>(
      await call("PUT", `/api/users/${before.userId}`, "admin", toUserUpdateRequest(before)),
    );
    expect(restored.roles).toEqual([]);
    expect(restored.cardAccess).toEqual(before.cardAccess);
  });

  test("validates with the contract: unknown cards, a card granted and denied, unknown role, client or facility", async () => {
    const before = await detail("factory");
    const put = (patch: Partial<TUserUpdateRequest>) =>
      call("PUT", `/api/users/${before.userId}`, "admin", { ...toUserUpdateRequest(before), ...patch });
    const unknownCard = await put({ cardGrants: { granted: ["nope"], denied: [] } });
    expect(unknownCard.statusCode).toBe(400);
    expect(unknownCard.json<TErrorResponse>().fields).toHaveProperty(["cardGrants.granted.0"]);
    const both = await put({ cardGrants: { granted: ["orders"], denied: ["orders"] } });
    expect(both.statusCode).toBe(400);
    expect(both.json<TErrorResponse>().fields).toHaveProperty("cardGrants");
    const role = await put({ roles: ["wizard"] });
    expect(role.statusCode).toBe(400);
    expect(role.json<TErrorResponse>().fields).toHaveProperty("roles");
    const client = await put({ clientId: 999999 });
    expect(client.statusCode).toBe(400);
    expect(client.json<TErrorResponse>().fields).toHaveProperty("clientId");
    const facility = await put({ userFactoryId: 999999 });
    expect(facility.json<TErrorResponse>().fields).toHaveProperty("userFactoryId");
    const clientAdmin = await put({ isClientAdmin: true, clientId: null });
    expect(clientAdmin.json<TErrorResponse>().fields).toHaveProperty("isClientAdmin");
    expect((await call("PUT", "/api/users/999999", "admin", toUserUpdateRequest(before))).statusCode).toBe(404);
    expect(await detail("factory")).toEqual(before);
  });

  test("an admin cannot remove their own superadmin role, deactivate or retype themselves", async () => {
    const me = await detail("admin");
    const put = (patch: Partial<TUserUpdateRequest>) =>
      call("PUT", `/api/users/${me.userId}`, "admin", { ...toUserUpdateRequest(me), ...patch });
    const demote = await put({ roles: [] });
    expect(demote.statusCode).toBe(400);
    expect(demote.json<TErrorResponse>()).toMatchObject({
      message: expect.stringContaining("own superadmin role"),
      fields: { roles: expect.any(String) },
    });
    const deactivate = await put({ available: false });
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json<TErrorResponse>().fields).toHaveProperty("available");
    const retype = await put({ userType: "factory" });
    expect(retype.statusCode).toBe(400);
    expect(await detail("admin")).toEqual(me);
  });

  test("only a superadmin grants the superadmin role", async () => {
    // A second internal admin without the superadmin role.
    const created = ok<TCreateAccountResponse>(
      await call("POST", "/api/users", "admin", {
        kind: "icreate",
        username: "ops2",
        email: "ops2@example.test",
        firstName: "Ops",
        lastName: "Two",
        factoryId: null,
      }),
      201,
    );
    const mail = (await t.mailbox()).filter((m) => m.to === "ops2@example.test").at(-1);
    const temporary = /Temporary password: (\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/identity/completeNewPassword",
      payload: { username: "ops2", temporaryPassword: temporary, newPassword: "Ops-Two-Pass9" },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const opsToken = await t.signIn("ops2", "Ops-Two-Pass9");
    const factory = await detail("factory");
    const res = await t.request({
      method: "PUT",
      url: `/api/users/${factory.userId}`,
      token: opsToken,
      payload: { ...toUserUpdateRequest(factory), roles: ["superadmin"] },
    });
    expect(res.statusCode).toBe(403);
    const link = await t.request({
      method: "POST",
      url: "/api/userRole",
      token: opsToken,
      payload: { userId: factory.userId, roleName: "superadmin" },
    });
    expect(link.statusCode).toBe(403);
    // Nor do they change a superadmin's account.
    const admin = await detail("admin");
    const touchAdmin = await t.request({
      method: "PUT",
      url: `/api/users/${admin.userId}`,
      token: opsToken,
      payload: { ...toUserUpdateRequest(admin), testUser: true },
    });
    expect(touchAdmin.statusCode).toBe(403);
    expect(await detail("admin")).toEqual(admin);
    // The plain admin role is fine for them.
    const plain = await t.request({
      method: "POST",
      url: "/api/userRole",
      token: opsToken,
      payload: { userId: factory.userId, roleName: "admin" },
    });
    const role = ok<TUserRole>(plain, 201);
    expect((await t.request({ method: "DELETE", url: `/api/userRole/${role.id}`, token: opsToken })).statusCode).toBe(
      200,
    );
    expect(created.user.isInternalAdmin).toBe(true);
  });
});

describe("deactivation", () => {
  test("after available=false the user's token answers 401; turning it back on restores access", async () => {
    const name = "client2";
    const before = await detail(name);
    expect((await call("GET", `/api/userdata?username=${name}`, name)).statusCode).toBe(200);
    ok<TUserDetail>(
      await call("PUT", `/api/users/${before.userId}`, "admin", { ...toUserUpdateRequest(before), available: false }),
    );
    const refused = await call("GET", `/api/userdata?username=${name}`, name);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<TErrorResponse>().error).toBe("UNAUTHENTICATED");
    const [audit] = await auditRows("user.deactivate");
    expect(audit).toMatchObject({
      actorUserName: "admin",
      subject: `user:${before.userId}:client2`,
      detail: { before: { available: true }, after: { available: false } },
    });
    expect(ok<TUserPage>(await call("GET", "/api/users?searchString=client2")).items[0]?.available).toBe(false);
    ok<TUserDetail>(await call("PUT", `/api/users/${before.userId}`, "admin", toUserUpdateRequest(before)));
    expect((await call("GET", `/api/userdata?username=${name}`, name)).statusCode).toBe(200);
  });
});

describe("POST /api/users: create an account", () => {
  test("a factory account: temporary password by email, new-password challenge, then factory navigation", async () => {
    const fid = await factoryId();
    const res = await call("POST", "/api/users", "admin", {
      kind: "factory",
      username: "  floor.lead ",
      email: " Floor.Lead@Example.TEST ",
      firstName: "Flo",
      lastName: "Lead",
      factoryId: fid,
    });
    const created = ok<TCreateAccountResponse>(res, 201);
    expect(created.user).toMatchObject({
      userName: "floor.lead",
      email: "floor.lead@example.test",
      userType: "factory",
      userFactoryId: fid,
      manufacturingFactoryId: fid,
      isInternalAdmin: false,
      available: true,
    });
    expect(created.emailSentTo).toBe("floor.lead@example.test");

    const mail = (await t.mailbox()).filter((m) => m.to === "floor.lead@example.test").at(-1);
    expect(mail?.subject).toBe("Your Hub account");
    expect(mail?.text).toContain("Username: floor.lead");
    expect(mail?.text).toContain("http://hub.test/auth/login");
    expect(mail?.text).toMatch(/choose a new password/);
    const temporary = /Temporary password: (\S+)/.exec(mail?.text ?? "")?.[1];
    if (!temporary) throw new Error("no temporary password in the email");
    // The temporary password is never in the API's answer.
    expect(res.body).not.toContain(temporary);

    const first = await t.app.inject({
      method: "POST",
      url: "/api/identity/signIn",
      payload: { username: "floor.lead", password: temporary },
    });
    expect(first.json<TSignInResponse>()).toEqual({ result: "newPasswordRequired" });
    const done = await t.app.inject({
      method: "POST",
      url: "/api/identity/completeNewPassword",
      payload: { username: "floor.lead", temporaryPassword: temporary, newPassword: "Floor-Lead-9!" },
    });
    expect(done.statusCode, done.body).toBe(200);
    const idToken = await t.signIn("floor.lead", "Floor-Lead-9!");
    const session = await t.request({ method: "GET", url: "/api/userdata?username=floor.lead", token: idToken });
    const data = ok<TUserDataResponse>(session);
    expect(data.user.userType).toBe("factory");
    expect(data.user.cardAccess.map((c) => c.routeName)).toContain("toteLookup");
    expect(data.user.factory.map((f) => f.name)).toEqual(["Hub Demo Factory"]);

    const [audit] = await auditRows("user.create");
    expect(audit).toMatchObject({ actorUserName: "admin", subject: `user:${created.user.userId}:floor.lead` });
    expect(JSON.stringify(audit?.detail)).not.toContain(temporary);
  });

  test("a manufacturer account carries the manufacturer too", async () => {
    const fid = await factoryId();
    const created = ok<TCreateAccountResponse>(
      await call("POST", "/api/users", "admin", {
        kind: "manufacturer",
        username: "maker1",
        email: "maker1@example.test",
        firstName: "Max",
        lastName: "Maker",
        factoryId: fid,
      }),
      201,
    );
    expect(created.user).toMatchObject({ userType: "manufacturer", manufacturerId: fid, userFactoryId: fid });
  });

  test("clashes name the field: username (also against demo users, any case) and email", async () => {
    const dup = await call("POST", "/api/users", "admin", {
      kind: "icreate",
      username: "FACTORY",
      email: "new@example.test",
      firstName: "A",
      lastName: "B",
      factoryId: null,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<TErrorResponse>()).toMatchObject({ error: "CONFLICT", fields: { username: expect.any(String) } });
    const email = await call("POST", "/api/users", "admin", {
      kind: "icreate",
      username: "fresh1",
      email: "factory@demo.hub.test",
      firstName: "A",
      lastName: "B",
      factoryId: null,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json<TErrorResponse>().fields).toHaveProperty("email");
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.identityUsers)
      .where(eq(schema.identityUsers.username, "fresh1"));
    expect(row?.n).toBe(0);
  });

  test("validates with the contract: a facility for facility kinds, username characters, email, kind", async () => {
    const base = {
      kind: "factory",
      username: "ok.name",
      email: "ok@example.test",
      firstName: "A",
      lastName: "B",
      factoryId: null,
    };
    const noFacility = await call("POST", "/api/users", "admin", base);
    expect(noFacility.statusCode).toBe(400);
    expect(noFacility.json<TErrorResponse>().fields).toHaveProperty("factoryId");
    const badFacility = await call("POST", "/api/users", "admin", { ...base, factoryId: 999999 });
    expect(badFacility.json<TErrorResponse>().fields).toHaveProperty("factoryId");
    const badName = await call("POST", "/api/users", "admin", {
      ...base,
      username: "has space",
      factoryId: await factoryId(),
    });
    expect(badName.json<TErrorResponse>().fields).toHaveProperty("username");
    const badEmail = await call("POST", "/api/users", "admin", {
      ...base,
      email: "nope",
      factoryId: await factoryId(),
    });
    expect(badEmail.json<TErrorResponse>().fields).toHaveProperty("email");
    const client = await call("POST", "/api/users", "admin", { ...base, kind: "client", factoryId: await factoryId() });
    expect(client.json<TErrorResponse>().fields).toHaveProperty("kind");
    expect(await hubUser(t.db, "ok.name")).toBeUndefined();
  });
});

describe("user-role links (spec 7)", () => {
  test("list, create, duplicate, delete; audited; own superadmin link is kept", async () => {
    const id = await userId("factory");
    expect(ok<TUserRole[]>(await call("GET", `/api/userRole?userId=${id}`))).toEqual([]);
    const link = ok<TUserRole>(await call("POST", "/api/userRole", "admin", { userId: id, roleName: "admin" }), 201);
    expect(link).toMatchObject({ userId: id, roleName: "admin" });
    expect(ok<TUserRole[]>(await call("GET", `/api/userRole?userId=${id}`))).toEqual([link]);
    const again = await call("POST", "/api/userRole", "admin", { userId: id, roleName: "admin" });
    expect(again.statusCode).toBe(409);
    expect(again.json<TErrorResponse>().fields).toHaveProperty("roleName");
    expect((await call("POST", "/api/userRole", "admin", { userId: id, roleName: "wizard" })).statusCode).toBe(400);
    expect((await call("POST", "/api/userRole", "admin", { userId: 999999, roleName: "admin" })).statusCode).toBe(404);
    expect(ok<{ ok: true }>(await call("DELETE", `/api/userRole/${link.id}`))).toEqual({ ok: true });
    expect((await call("DELETE", `/api/userRole/${link.id}`)).statusCode).toBe(404);
    expect(ok<TUserRole[]>(await call("GET", `/api/userRole?userId=${id}`))).toEqual([]);
    expect((await call("GET", "/api/userRole?userId=999999")).statusCode).toBe(404);
    expect((await auditRows("userRole.create"))[0]?.detail).toMatchObject({ roleName: "admin", userRoleId: link.id });
    expect((await auditRows("userRole.delete"))[0]?.detail).toMatchObject({ roleName: "admin", userRoleId: link.id });

    const own = ok<TUserRole[]>(await call("GET", `/api/userRole?userId=${await userId("admin")}`));
    const superLink = own.find((r) => r.roleName === "superadmin");
    const refuse = await call("DELETE", `/api/userRole/${superLink?.id}`);
    expect(refuse.statusCode).toBe(400);
    expect(refuse.json<TErrorResponse>().message).toContain("own superadmin role");
  });
});

describe("OpenAPI", () => {
  test("the users routes are described, with their error responses", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    for (const path of [
      "/api/users",
      "/api/users/{id}",
      "/api/users/form-options",
      "/api/users/internalAdmins",
      "/api/users/byEmail",
      "/api/users/byClient/{clientId}",
      "/api/userTypes",
      "/api/roles",
      "/api/userRole",
      "/api/userRole/{id}",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(doc.paths["/api/users/{id}"]?.put?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404", "409"]),
    );
  });
});

describe("access matrix: every users endpoint × the demo users", () => {
  const others = ["client", "client2", "factory", "designer"];
  const routes = async (): Promise<
    { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; payload?: unknown; ok: number }[]
  > => {
    const factory = await detail("factory");
    const clientTwo = await clientId("bluebird");
    return [
      { method: "GET", url: "/api/users", ok: 200 },
      { method: "GET", url: "/api/users/export.csv", ok: 200 },
      { method: "GET", url: "/api/users/form-options", ok: 200 },
      { method: "GET", url: "/api/users/internalAdmins", ok: 200 },
      { method: "GET", url: "/api/users/byEmail?email=client@demo.hub.test", ok: 200 },
      { method: "GET", url: `/api/users/byClient/${clientTwo}`, ok: 200 },
      { method: "GET", url: `/api/users/${factory.userId}`, ok: 200 },
      { method: "PUT", url: `/api/users/${factory.userId}`, payload: toUserUpdateRequest(factory), ok: 200 },
      { method: "GET", url: "/api/userTypes", ok: 200 },
      { method: "GET", url: "/api/roles", ok: 200 },
      { method: "GET", url: `/api/userRole?userId=${factory.userId}`, ok: 200 },
      { method: "POST", url: "/api/userRole", payload: { userId: factory.userId, roleName: "admin" }, ok: 201 },
      { method: "DELETE", url: "/api/userRole/999999", ok: 404 },
      {
        method: "POST",
        url: "/api/users",
        payload: {
          kind: "icreate",
          username: "matrix.user",
          email: "matrix@example.test",
          firstName: "M",
          lastName: "X",
          factoryId: null,
        },
        ok: 201,
      },
    ];
  };

  test("client, client2, factory and designer get 403 everywhere, and change nothing", async () => {
    const before = await detail("factory");
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.users))[0]?.n;
    const users = await count();
    for (const route of await routes()) {
      for (const who of others) {
        const res = await call(route.method, route.url, who, route.payload);
        expect(res.statusCode, `${who} ${route.method} ${route.url}`).toBe(403);
        expect(res.json<TErrorResponse>().error).toBe("FORBIDDEN");
      }
      const anonymous = await t.request({
        method: route.method,
        url: route.url,
        ...(route.payload ? { payload: route.payload as Record<string, unknown> } : {}),
      });
      expect(anonymous.statusCode, `anonymous ${route.method} ${route.url}`).toBe(401);
    }
    expect(await detail("factory")).toEqual(before);
    expect(await count()).toBe(users);
  });

  test("admin gets the success status everywhere, and 404 for unknown ids", async () => {
    for (const route of await routes()) {
      const res = await call(route.method, route.url, "admin", route.payload);
      expect(res.statusCode, `admin ${route.method} ${route.url}: ${res.body}`).toBe(route.ok);
    }
    const factory = await detail("factory");
    for (const [method, url, payload] of [
      ["GET", "/api/users/999999", undefined],
      ["PUT", "/api/users/999999", toUserUpdateRequest(factory)],
      ["GET", "/api/users/byClient/999999", undefined],
      ["GET", "/api/userRole?userId=999999", undefined],
      ["DELETE", "/api/userRole/999999", undefined],
    ] as const) {
      const res = await call(method, url, "admin", payload);
      expect(res.statusCode, `admin ${method} ${url}`).toBe(404);
      expect(res.json<TErrorResponse>().error).toBe("NOT_FOUND");
    }
    // Clean up the role the matrix added.
    for (const link of ok<TUserRole[]>(await call("GET", `/api/userRole?userId=${factory.userId}`))) {
      ok(await call("DELETE", `/api/userRole/${link.id}`));
    }
  });

  test("a second internal admin without the users card is refused", async () => {
    const id = await userId("matrix.user");
    const temporary =
      /Temporary password: (\S+)/.exec(
        (await t.mailbox()).filter((m) => m.to === "matrix@example.test").at(-1)?.text ?? "",
      )?.[1] ?? "";
    const done = await t.app.inject({
      method: "POST",
      url: "/api/identity/completeNewPassword",
      payload: { username: "matrix.user", temporaryPassword: temporary, newPassword: "Matrix-Pass9!" },
    });
    expect(done.statusCode, done.body).toBe(200);
    const me = await detail("matrix.user");
    ok(
      await call("PUT", `/api/users/${id}`, "admin", {
        ...toUserUpdateRequest(me),
        cardGrants: { granted: [], denied: ["users"] },
      }),
    );
    const matrixToken = await t.signIn("matrix.user", "Matrix-Pass9!");
    expect((await t.request({ method: "GET", url: "/api/users", token: matrixToken })).statusCode).toBe(403);
  });
});
