import { pageOf, type TErrorResponse, type TLookupItem } from "@hub/contracts";
import { resourceApi } from "@hub/contracts/common/resource-api";
import { schema } from "@hub/db";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { clientOwner, teamOwner } from "../src/platform/resource/owners";
import type { ResourceDef } from "../src/platform/resource/resource";
import { resourceRoutes } from "../src/platform/resource/resource-routes";
import { openTestDatabase } from "./helpers/database";
import {
  createTestApp,
  type DemoUser,
  demoClientIds,
  hubUser,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";

/**
 * The platform's resource engine with owners other than the facility: a client-owned resource
 * over the client address book and a team-owned one over team memberships, registered in a
 * test-built app under their own path prefixes and audit names.
 */

const a = schema.addresses;
const ZAddressRequest = z.object({
  clientId: z.number().int().positive().optional(),
  label: z.string().trim().min(1),
  name: z.string().trim().min(1),
  line1: z.string().trim().min(1),
  city: z.string().trim().min(1),
  postalCode: z.string().trim().min(1),
  country: z.string().length(2),
});
type TAddressRequest = z.infer<typeof ZAddressRequest>;
const ZAddress = z.object({
  id: z.number(),
  clientId: z.number(),
  label: z.string(),
  name: z.string(),
  line1: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  updatedAt: z.string(),
});
type TAddress = z.infer<typeof ZAddress>;

const addressesResource: ResourceDef<TAddressRequest, TAddress, "clientId"> = {
  api: resourceApi({
    area: "test",
    prefix: "/test-client",
    key: "addresses",
    schemas: { request: ZAddressRequest, detail: ZAddress, page: pageOf(ZAddress) },
    access: { read: { signedIn: true }, write: { signedIn: true } },
  }),
  noun: "address",
  owner: clientOwner,
  audit: "test.address",
  table: a,
  columns: {
    id: a.id,
    clientId: sql<number>`${a.clientId}`.as("client_id"),
    label: a.label,
    name: a.name,
    line1: a.line1,
    city: a.city,
    postalCode: a.postalCode,
    country: a.country,
    updatedAt: a.updatedAt,
  },
  label: sql`${a.label}`,
  sortable: { label: a.label, city: a.city, updatedAt: a.updatedAt },
  defaultSort: ["label", "asc"],
  search: [a.label, a.name, a.city],
  // Client-owned addresses only: a user's own address book is not this resource's.
  filter: isNotNull(a.clientId),
  values: async (_tx, req) => ({
    label: req.label,
    name: req.name,
    line1: req.line1,
    city: req.city,
    postalCode: req.postalCode,
    country: req.country,
  }),
  unique: [{ field: "label", column: a.label, message: "This label is already used" }],
  csv: [
    { header: "label", value: (r) => r.label },
    { header: "city", value: (r) => r.city },
  ],
};

const tu = schema.teamUsers;
const ZMemberRequest = z.object({
  teamId: z.number().int().positive().optional(),
  userId: z.number().int().positive(),
  roleName: z.enum(["ADMIN", "MEMBER"]),
});
type TMemberRequest = z.infer<typeof ZMemberRequest>;
const ZMember = z.object({ id: z.number(), teamId: z.number(), userId: z.number(), roleName: z.string() });
type TMember = z.infer<typeof ZMember>;

const membersResource: ResourceDef<TMemberRequest, TMember, "teamId"> = {
  api: resourceApi({
    area: "test",
    prefix: "/test-team",
    key: "members",
    schemas: { request: ZMemberRequest, detail: ZMember, page: pageOf(ZMember) },
    access: { read: { signedIn: true }, write: { signedIn: true, types: ["designer", "client", "icreate"] } },
  }),
  noun: "member",
  owner: teamOwner,
  audit: "test.member",
  table: tu,
  columns: { id: tu.id, teamId: tu.teamId, userId: tu.userId, roleName: tu.roleName },
  label: sql`${tu.roleName}`,
  sortable: { roleName: tu.roleName, userId: tu.userId },
  defaultSort: ["userId", "asc"],
  search: [tu.roleName],
  values: async (_tx, req) => ({ userId: req.userId, roleName: req.roleName, invitationStatus: "ACCEPTED" }),
  unique: [],
  csv: [{ header: "userId", value: (r) => r.userId }],
};

let t: TestApp;
let tokens: Record<DemoUser, string>;
let clients: { northwind: number; bluebird: number };
let bluebirdAddress: number;

beforeAll(async () => {
  const database = await openTestDatabase();
  t = await createTestApp({
    database,
    setup: async (app) => {
      await app.register(resourceRoutes(database.db, addressesResource), { prefix: "/api" });
      await app.register(resourceRoutes(database.db, membersResource), { prefix: "/api" });
    },
  });
  tokens = await signInDemoUsers(t);
  clients = await demoClientIds(t.db);
  const rows = [
    ["HQ", "Portland", clients.northwind],
    ["Warehouse", "Reno", clients.northwind],
    ["Studio", "Seattle", clients.northwind],
    ["Bluebird HQ", "Austin", clients.bluebird],
  ] as const;
  const inserted = await t.db
    .insert(a)
    .values(
      rows.map(([label, city, clientId]) => ({
        clientId,
        label,
        name: "Receiving",
        line1: "1 Main St",
        city,
        postalCode: "97201",
        country: "US",
      })),
    )
    .returning({ id: a.id, clientId: a.clientId });
  bluebirdAddress = inserted.find((r) => r.clientId === clients.bluebird)?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
  await t?.database.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.request({ method, url, token: tokens[who], headers, ...(payload ? { payload: { ...payload } } : {}) });
const pageOfAddresses = pageOf(ZAddress);
const body = (label: string) => ({
  label,
  name: "Receiving",
  line1: "2 Side St",
  city: "Eugene",
  postalCode: "97401",
  country: "US",
});

describe("a client-owned resource", () => {
  test("a client user's list shows only its client's rows, with paging, sort and search", async () => {
    const res = await call("client", "GET", "/api/test-client/addresses?size=2&sort=label,desc");
    expect(res.statusCode).toBe(200);
    const page = pageOfAddresses.parse(res.json());
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(2);
    expect(page.items.every((r) => r.clientId === clients.northwind)).toBe(true);
    expect(page.items.map((r) => r.label)).toEqual(["Warehouse", "Studio"]);

    const next = pageOfAddresses.parse(
      (await call("client", "GET", "/api/test-client/addresses?size=2&page=1&sort=label,desc")).json(),
    );
    expect(next.items[0]?.label).toBe("HQ");

    const found = pageOfAddresses.parse(
      (await call("client", "GET", "/api/test-client/addresses?searchString=reno")).json(),
    );
    expect(found.items.map((r) => r.label)).toEqual(["Warehouse"]);

    const other = pageOfAddresses.parse((await call("client2", "GET", "/api/test-client/addresses")).json());
    expect(other.items.map((r) => r.label)).toEqual(["Bluebird HQ"]);
  });

  test("another client's row is 404 on get, put, delete; lookup and export leave it out", async () => {
    for (const [method, payload] of [["GET"], ["PUT", body("Mine now")], ["DELETE"]] as const) {
      const res = await call("client", method, `/api/test-client/addresses/${bluebirdAddress}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json<TErrorResponse>().message).toBe("That address was not found.");
    }
    const [still] = await t.db.select().from(a).where(eq(a.id, bluebirdAddress));
    expect(still?.label).toBe("Bluebird HQ");

    const lookup = (await call("client", "GET", `/api/test-client/addresses/lookup?ids=${bluebirdAddress}`)).json<
      TLookupItem[]
    >();
    expect(lookup).toEqual([]);

    const csv = await call("client", "GET", "/api/test-client/addresses/export.csv?sort=label,asc");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\r\n").slice(0, 4)).toEqual([
      "label,city",
      "HQ,Portland",
      "Studio,Seattle",
      "Warehouse,Reno",
    ]);
    expect(csv.body).not.toContain("Bluebird");
  });

  test("create puts the caller's client, refuses another's, and writes the audit name", async () => {
    const res = await call("client", "POST", "/api/test-client/addresses", body("Dock"));
    expect(res.statusCode).toBe(201);
    const created = ZAddress.parse(res.json());
    expect(created.clientId).toBe(clients.northwind);

    const dup = await call("client", "POST", "/api/test-client/addresses", body("dock"));
    expect(dup.statusCode).toBe(409);
    expect(dup.json<TErrorResponse>().fields).toEqual({ label: "This label is already used" });
    // The same label under another client is no clash: uniqueness is per owner.
    expect((await call("client2", "POST", "/api/test-client/addresses", body("Dock"))).statusCode).toBe(201);

    const foreign = await call("client", "POST", "/api/test-client/addresses", {
      ...body("Elsewhere"),
      clientId: clients.bluebird,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<TErrorResponse>().fields).toEqual({ clientId: "Not your client" });

    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.action, "test.address.create"), eq(schema.auditLog.subject, `addresses:${created.id}`)),
      );
    expect(audit?.actorUserName).toBe("client");

    const put = await call("client", "PUT", `/api/test-client/addresses/${created.id}`, body("Dock 2"));
    expect(put.statusCode).toBe(200);
    expect(ZAddress.parse(put.json()).label).toBe("Dock 2");
    expect((await call("client", "DELETE", `/api/test-client/addresses/${created.id}`)).statusCode).toBe(200);
  });

  test("an internal admin works in the session client; without one, creating asks for a client", async () => {
    const header = { "x-session-client": String(clients.bluebird) };
    const list = pageOfAddresses.parse(
      (await call("admin", "GET", "/api/test-client/addresses", undefined, header)).json(),
    );
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((r) => r.clientId === clients.bluebird)).toBe(true);
    expect(
      (await call("admin", "GET", `/api/test-client/addresses/${bluebirdAddress}`, undefined, header)).statusCode,
    ).toBe(200);

    const created = await call("admin", "POST", "/api/test-client/addresses", body("Admin made"), header);
    expect(created.statusCode).toBe(201);
    expect(ZAddress.parse(created.json()).clientId).toBe(clients.bluebird);

    const named = await call("admin", "POST", "/api/test-client/addresses", {
      ...body("Named"),
      clientId: clients.northwind,
    });
    expect(ZAddress.parse(named.json()).clientId).toBe(clients.northwind);

    const none = await call("admin", "POST", "/api/test-client/addresses", body("Nobody's"));
    expect(none.statusCode).toBe(400);
    expect(none.json<TErrorResponse>().fields).toEqual({ clientId: "Choose a client" });

    const all = pageOfAddresses.parse((await call("admin", "GET", "/api/test-client/addresses?size=100")).json());
    expect(new Set(all.items.map((r) => r.clientId))).toEqual(new Set([clients.northwind, clients.bluebird]));
  });

  test("a facility user reads the rows of the clients it serves and changes none", async () => {
    const list = pageOfAddresses.parse((await call("factory", "GET", "/api/test-client/addresses?size=100")).json());
    expect(list.items.some((r) => r.clientId === clients.bluebird)).toBe(true);
    expect(list.items.some((r) => r.clientId === clients.northwind)).toBe(true);
    const put = await call("factory", "PUT", `/api/test-client/addresses/${bluebirdAddress}`, body("Factory's"));
    expect(put.statusCode).toBe(404);
    expect((await call("factory", "POST", "/api/test-client/addresses", body("Factory's"))).statusCode).toBe(403);
  });
});

describe("a team-owned resource", () => {
  const pageOfMembers = pageOf(ZMember);

  test("members read and change their team's rows; others see none and get 404; admins see all", async () => {
    const mine = pageOfMembers.parse((await call("designer", "GET", "/api/test-team/members")).json());
    expect(mine.total).toBe(2);
    const teamId = mine.items[0]?.teamId ?? 0;
    expect(mine.items.every((r) => r.teamId === teamId)).toBe(true);

    const outsider = pageOfMembers.parse((await call("client2", "GET", "/api/test-team/members")).json());
    expect(outsider.total).toBe(0);
    const row = mine.items[0]?.id ?? 0;
    expect((await call("client2", "GET", `/api/test-team/members/${row}`)).statusCode).toBe(404);
    expect((await call("client2", "DELETE", `/api/test-team/members/${row}`)).statusCode).toBe(404);

    const admin = await hubUser(t.db, "admin");
    const created = await call("designer", "POST", "/api/test-team/members", {
      userId: admin?.userId,
      roleName: "MEMBER",
    });
    expect(created.statusCode).toBe(201);
    expect(ZMember.parse(created.json()).teamId).toBe(teamId);

    const client2 = await hubUser(t.db, "client2");
    const foreign = await call("client2", "POST", "/api/test-team/members", {
      teamId,
      userId: client2?.userId,
      roleName: "ADMIN",
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<TErrorResponse>().fields).toEqual({ teamId: "Not your team" });

    const all = pageOfMembers.parse((await call("admin", "GET", "/api/test-team/members?size=500")).json());
    expect(all.total).toBeGreaterThanOrEqual(3);
  });
});
