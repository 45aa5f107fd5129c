import { DESIGN_ITEM_PAGES, DESIGN_LIBRARY_OTHER_PAGES } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, DEMO_USERS, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * The HTTP access matrix over every design-library and teams route (issue 12), for the demo
 * users: the designer (admin of Northwind Design) and Northwind's client admin (a member) read
 * and write Northwind's library; Bluebird's user gets 404 for every Northwind row; the factory
 * user has no product-development cards (403); internal admins reach every team; no token is 401.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let northwind: number;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser | null, method: Method, url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    ...(who ? { token: tokens[who] } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
type Expect = Record<DemoUser, number>;
const northwindRow = (ok: number): Expect => ({ admin: ok, client: ok, client2: 404, factory: 403, designer: ok });
const anyList: Expect = { admin: 200, client: 200, client2: 200, factory: 403, designer: 200 };

const check = async (method: Method, url: string, expected: Expect, payload?: unknown) => {
  for (const who of DEMO_USERS) {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${who} ${method} ${url}: ${res.body.slice(0, 300)}`).toBe(expected[who]);
  }
  expect((await call(null, method, url, payload)).statusCode, `anonymous ${method} ${url}`).toBe(401);
};

/** A request body from a detail: the detail's fields the request keeps (zod drops the rest), variants as new. */
const copyOf = (detail: Record<string, unknown>, suffix: string) => {
  const body: Record<string, unknown> = { ...detail };
  if (typeof body.code === "string") body.code = `${body.code}-${suffix}`;
  body.name = `${String(body.name)} ${suffix}`;
  if (Array.isArray(body.variants))
    body.variants = body.variants.map((v: Record<string, unknown>) => ({
      ...v,
      id: undefined,
      code: `${v.code}-${suffix}`,
    }));
  return body;
};

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  const [team] = await t.db.select().from(schema.teams).where(eq(schema.teams.name, "northwind-design"));
  northwind = team?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const PAGES = [...DESIGN_ITEM_PAGES.map((p) => p.key), ...DESIGN_LIBRARY_OTHER_PAGES.map((p) => p.key)];

describe("design library access matrix", () => {
  test.each(PAGES)("%s: every route, every demo user", async (key) => {
    // The REST shape is not mounted for product development: spec 7's is.
    expect((await call("designer", "GET", `/api/productDev/libary/${key}`)).statusCode).toBe(404);
    const base = `/api/productDev/libary/${key}`;
    // A Northwind row to read and write: a seeded one, or one the designer adds (images, graphics…).
    let list = (await call("designer", "GET", `${base}/findAll?size=1`)).json<{ items: { id: number }[] }>();
    if (list.items.length === 0) {
      const made = await call("designer", "POST", `${base}/create`, { code: `${key.slice(0, 8)}-1`, name: `A ${key}` });
      expect(made.statusCode, made.body).toBe(201);
      list = (await call("designer", "GET", `${base}/findAll?size=1`)).json();
    }
    const id = list.items[0]?.id ?? 0;
    const detail = (await call("designer", "GET", `${base}/findById?id=${id}`)).json<Record<string, unknown>>();

    await check("GET", `${base}/findAll?page=0&size=5`, anyList);
    await check("GET", `${base}/export.csv`, anyList);
    await check("GET", `${base}/lookup`, anyList);
    await check("GET", `${base}/findAll?teamId=${northwind}`, northwindRow(200));
    await check("GET", `${base}/findById?id=${id}`, northwindRow(200));
    await check("PUT", `${base}/update?id=${id}`, northwindRow(200), detail);
    await check("POST", `${base}/${id}/archive`, northwindRow(200), { archived: false });

    // Creating names the team: members and admins may, Bluebird's user may not (its own team only).
    const created: Expect = { admin: 201, client: 201, client2: 400, factory: 403, designer: 201 };
    for (const who of DEMO_USERS) {
      const res = await call(who, "POST", `${base}/create`, {
        ...copyOf(detail, who.toUpperCase()),
        teamId: northwind,
      });
      expect(res.statusCode, `${who} create ${key}: ${res.body.slice(0, 300)}`).toBe(created[who]);
    }
    expect((await call(null, "POST", `${base}/create`, copyOf(detail, "ANON"))).statusCode).toBe(401);

    // Delete: a fresh copy, refused to outsiders, then deleted by a member.
    const copy = (await call("designer", "POST", `${base}/create`, copyOf(detail, "DEL"))).json<{ id: number }>();
    for (const who of ["client2", "factory"] as const) {
      const res = await call(who, "DELETE", `${base}/delete?id=${copy.id}`);
      expect(res.statusCode, `${who} delete`).toBe(who === "factory" ? 403 : 404);
    }
    expect((await call(null, "DELETE", `${base}/delete?id=${copy.id}`)).statusCode).toBe(401);
    expect((await call("client", "DELETE", `${base}/delete?id=${copy.id}`)).statusCode).toBe(200);
  });

  test("library images: upload and read for people with a library card, within their teams", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const boundary = "----hubtest";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="swatch.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (who: DemoUser | null, query = "") =>
      t.request({
        method: "POST",
        url: `/api/productDev/libary/uploads${query}`,
        ...(who ? { token: tokens[who] } : {}),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    const made = await upload("designer");
    expect(made.statusCode, made.body).toBe(201);
    const fileId = made.json<{ id: number }>().id;
    expect((await upload("factory")).statusCode).toBe(403);
    expect((await upload(null)).statusCode).toBe(401);
    expect((await upload("admin")).statusCode).toBe(400);
    expect((await upload("client2", `?teamId=${northwind}`)).statusCode).toBe(404);

    await check("GET", `/api/productDev/libary/uploads/${fileId}`, northwindRow(200));

    // An item may show it; another team's item may not name it.
    const item = await call("designer", "POST", "/api/productDev/libary/images/create", {
      code: "IMG-1",
      name: "Swatch",
      imageFileId: fileId,
      category: "inspiration",
    });
    expect(item.statusCode, item.body).toBe(201);
    // Bluebird's user gets their own team with their first session (spec 4).
    expect((await call("client2", "GET", "/api/userdata?username=client2")).statusCode).toBe(200);
    const foreign = await call("client2", "POST", "/api/productDev/libary/images/create", {
      code: "IMG-1",
      name: "Swatch",
      imageFileId: fileId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toHaveProperty("imageFileId");
  });
});

describe("teams access matrix", () => {
  test("own teams for everyone; members and invitations by the team's admins; the impersonation list for internal admins", async () => {
    await check("GET", "/api/productDev/teams/findAll", {
      admin: 200,
      client: 200,
      client2: 200,
      factory: 200,
      designer: 200,
    });
    await check("GET", "/api/productDev/teams/types", {
      admin: 200,
      client: 200,
      client2: 200,
      factory: 200,
      designer: 200,
    });
    await check("GET", "/api/productDev/teams/impersonateList", {
      admin: 200,
      client: 403,
      client2: 403,
      factory: 403,
      designer: 403,
    });
    await check("GET", `/api/productDev/teamUsers/findAll?teamId=${northwind}`, northwindRow(200));
    const members = (await call("designer", "GET", `/api/productDev/teamUsers/findAll?teamId=${northwind}`)).json<
      { id: number; userName: string }[]
    >();
    const clara = members.find((m) => m.userName === "client")?.id ?? 0;
    await check(
      "PUT",
      `/api/productDev/teamUsers/update?id=${clara}`,
      { ...northwindRow(200), client: 403 },
      {
        roleName: "MEMBER",
      },
    );
    await check(
      "PUT",
      `/api/productDev/teams/update?id=${northwind}`,
      { ...northwindRow(200), client: 403 },
      {
        displayName: "Northwind Design",
      },
    );
    await check(
      "PUT",
      "/api/productDev/teams/current",
      { admin: 404, client: 200, client2: 404, factory: 404, designer: 200 },
      {
        teamId: northwind,
      },
    );
    await check(
      "POST",
      "/api/productDev/teamUsers/create",
      { admin: 409, client: 403, client2: 404, factory: 403, designer: 409 },
      { teamId: northwind, email: "client@demo.hub.test" },
    );
    await check("PUT", `/api/productDev/teamUsers/invitationStatus?id=${clara}&status=ACCEPTED`, {
      admin: 404,
      client: 409,
      client2: 404,
      factory: 404,
      designer: 404,
    });
    await check("DELETE", `/api/productDev/teamUsers/delete?id=${clara}`, {
      admin: 200,
      client: 404,
      client2: 404,
      factory: 403,
      designer: 404,
    });
  });
});
