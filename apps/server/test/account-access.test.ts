import type { TAddress, TInvitation } from "@hub/contracts";
import { DEMO_PASSWORD, schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * The access matrix of the account area: every endpoint against each demo user type (internal
 * admin, Northwind's client admin, the second client's admin, a facility user, a designer) and a
 * Northwind member who is not a client admin, expecting the right 200/201/403/404/409, and 401 signed out.
 */
const USERS = ["admin", "client", "client2", "factory", "designer", "member"] as const;
type User = (typeof USERS)[number];
type Expect = Record<User, number>;

let t: TestApp;
const tokens: Partial<Record<User, string>> = {};
const ids = {
  professional: 0,
  basic: 0,
  memberUserId: 0,
  inviteToResend: 0,
  inviteToRevoke: 0,
  clientOwnAddress: 0,
  northwindAddress: 0,
  addressToDelete: 0,
};

const authed = (as: User, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.request({ method, url, token: tokens[as], ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

const address = (owner: "me" | "client", label = "Matrix") => ({
  label,
  name: "Mat Rix",
  line1: "2 Grid Road",
  city: "Tableton",
  postalCode: "99999",
  country: "GB",
  isDefault: false,
  active: true,
  owner,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["admin", "client", "client2", "factory", "designer"] as const)
    tokens[name] = await t.signIn(name);
  const plans = await t.db.select().from(schema.subscriptions);
  ids.professional = plans.find((p) => p.name === "Professional")?.subscriptionId ?? 0;
  ids.basic = plans.find((p) => p.name === "Basic")?.subscriptionId ?? 0;

  // A Northwind member: invited by the client admin, registered through the identity API.
  const email = "matrix.member@example.test";
  const invited = await authed("client", "POST", "/api/pendingUsers", { email, firstName: "Mem" });
  expect(invited.statusCode, invited.body).toBe(201);
  const signUp = await t.request({
    method: "POST",
    url: "/api/identity/signUp",
    payload: { username: "member", email, password: DEMO_PASSWORD, firstName: "Mem", lastName: "Ber" },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const code = await t.lastCode(email);
  expect(
    (await t.request({ method: "POST", url: "/api/identity/confirmSignUp", payload: { username: "member", code } }))
      .statusCode,
  ).toBe(200);
  tokens.member = await t.signIn("member");
  const [member] = await t.db.select().from(schema.users).where(eq(schema.users.userName, "member"));
  ids.memberUserId = member?.userId ?? 0;

  const invite = async (e: string) => {
    const res = await authed("client", "POST", "/api/pendingUsers", { email: e, firstName: "Inv" });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TInvitation>().id;
  };
  ids.inviteToResend = await invite("matrix.resend@example.test");
  ids.inviteToRevoke = await invite("matrix.revoke@example.test");

  const addr = async (owner: "me" | "client") => {
    const res = await authed("client", "POST", "/api/addresses", address(owner, "Fixture"));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TAddress>().id;
  };
  ids.clientOwnAddress = await addr("me");
  ids.northwindAddress = await addr("client");
  ids.addressToDelete = await addr("me");
});
afterAll(async () => {
  await t?.close();
});

type Row = {
  name: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: () => string;
  body?: (as: User) => object;
  expect: Expect;
};

let unique = 0;
const all = (status: number): Expect => ({
  admin: status,
  client: status,
  client2: status,
  factory: status,
  designer: status,
  member: status,
});

const ROWS: Row[] = [
  { name: "your account", method: "GET", url: () => "/api/yourAccount", expect: all(200) },
  { name: "guard status", method: "GET", url: () => "/api/account/guard-status", expect: all(200) },
  { name: "plans (public)", method: "GET", url: () => "/api/subscriptions/plans", expect: all(200) },
  {
    name: "Northwind's subscription by id",
    method: "GET",
    url: () => `/api/subscription/${ids.professional}`,
    expect: { admin: 200, client: 200, client2: 404, factory: 404, designer: 404, member: 200 },
  },
  {
    name: "change plan (to the plan it has)",
    method: "PUT",
    url: () => "/api/manageSubscription",
    body: (as) => ({ subscriptionId: as === "client2" ? ids.basic : ids.professional }),
    expect: { admin: 403, client: 200, client2: 200, factory: 403, designer: 403, member: 403 },
  },
  {
    name: "new subscription (clients that already have one)",
    method: "POST",
    url: () => "/api/newSubscription",
    body: () => ({ subscriptionId: ids.basic }),
    expect: { admin: 403, client: 409, client2: 409, factory: 403, designer: 403, member: 403 },
  },
  {
    name: "client users list",
    method: "GET",
    url: () => "/api/yourClientUsers",
    expect: { admin: 403, client: 200, client2: 200, factory: 403, designer: 403, member: 200 },
  },
  {
    name: "update a Northwind user",
    method: "PUT",
    url: () => `/api/yourClientUsers/${ids.memberUserId}`,
    body: () => ({ testUser: false }),
    expect: { admin: 403, client: 200, client2: 404, factory: 403, designer: 403, member: 403 },
  },
  {
    name: "invitations list",
    method: "GET",
    url: () => "/api/pendingUsers",
    expect: { admin: 403, client: 200, client2: 200, factory: 403, designer: 403, member: 200 },
  },
  {
    name: "invite",
    method: "POST",
    url: () => "/api/pendingUsers",
    body: (as) => ({ email: `matrix.${as}.${++unique}@example.test`, firstName: "New" }),
    expect: { admin: 403, client: 201, client2: 201, factory: 403, designer: 403, member: 403 },
  },
  {
    name: "resend a Northwind invitation",
    method: "POST",
    url: () => `/api/pendingUsers/${ids.inviteToResend}/resend`,
    expect: { admin: 403, client: 200, client2: 404, factory: 403, designer: 403, member: 403 },
  },
  {
    name: "a Northwind invitation by email (spec 7)",
    method: "GET",
    url: () => "/api/pendingUsers/byEmail?email=matrix.resend@example.test",
    expect: { admin: 403, client: 200, client2: 404, factory: 403, designer: 403, member: 200 },
  },
  {
    name: "correct a Northwind invitation (spec 7's PUT {id})",
    method: "PUT",
    url: () => `/api/pendingUsers/${ids.inviteToResend}`,
    body: () => ({ email: "matrix.resend@example.test", firstName: "Corrected" }),
    expect: { admin: 403, client: 200, client2: 404, factory: 403, designer: 403, member: 403 },
  },
  {
    name: "revoke a Northwind invitation (client admin last)",
    method: "DELETE",
    url: () => `/api/pendingUsers/${ids.inviteToRevoke}`,
    expect: { admin: 403, client: 200, client2: 404, factory: 403, designer: 403, member: 403 },
  },
  { name: "addresses list", method: "GET", url: () => "/api/addresses", expect: all(200) },
  { name: "add my address", method: "POST", url: () => "/api/addresses", body: () => address("me"), expect: all(201) },
  {
    name: "add a client address",
    method: "POST",
    url: () => "/api/addresses",
    body: () => address("client"),
    expect: { admin: 403, client: 201, client2: 201, factory: 403, designer: 403, member: 403 },
  },
  {
    name: "edit the client user's own address",
    method: "PUT",
    url: () => `/api/addresses/${ids.clientOwnAddress}`,
    body: () => address("me", "Edited"),
    expect: { admin: 404, client: 200, client2: 404, factory: 404, designer: 404, member: 404 },
  },
  {
    name: "edit Northwind's address",
    method: "PUT",
    url: () => `/api/addresses/${ids.northwindAddress}`,
    body: () => address("client", "Edited"),
    expect: { admin: 404, client: 200, client2: 404, factory: 404, designer: 404, member: 403 },
  },
  {
    name: "delete the client user's own address",
    method: "DELETE",
    url: () => `/api/addresses/${ids.addressToDelete}`,
    expect: { admin: 404, client: 200, client2: 404, factory: 404, designer: 404, member: 404 },
  },
];

/** The client admin goes last, so a row that deletes shows everyone else's answer while the row still exists. */
const ORDER: User[] = ["admin", "client2", "factory", "designer", "member", "client"];

describe("account access matrix", () => {
  for (const row of ROWS) {
    test(`${row.method} ${row.name}`, async () => {
      const got: Partial<Expect> = {};
      for (const as of ORDER) {
        const res = await authed(as, row.method, row.url(), row.body?.(as));
        got[as] = res.statusCode;
      }
      expect(got).toEqual(row.expect);
    });
  }

  test("signed out: 401 on every endpoint except the public plan list", async () => {
    for (const row of ROWS) {
      const res = await t.request({
        method: row.method,
        url: row.url(),
        ...(row.body ? { payload: row.body("client") as Record<string, unknown> } : {}),
      });
      expect(res.statusCode, `${row.method} ${row.name}`).toBe(row.name === "plans (public)" ? 200 : 401);
    }
  });
});
