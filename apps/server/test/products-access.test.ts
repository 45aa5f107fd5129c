import { DOCUMENT_TABS, type TProductPage, type TProductVersions, USER_TYPES } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, DEMO_USERS, type DemoUser, hubUser, type TestApp } from "./helpers/test-app";
import { multipart, PNG } from "./stand-ins/uploads";

/**
 * The HTTP access matrix over every products and tech-pack route, on the demo season's complete
 * tech pack (Northwind's design team): its members (the designer, team ADMIN; Northwind's client
 * admin, MEMBER) and internal admins reach it; Bluebird's client user has the Products card but no
 * team, so Northwind's product is a 404 and lists are empty; the factory has no Products card (403)
 * but reads, read-only, the tee's version that was sent to it (issue 23), and nothing else. A
 * second team of the same brand, a second facility and a second brand are kept apart.
 */

let t: TestApp;
let f: TechPackFixture;
let productId: number;
let stpId: number;

type Expect = Record<DemoUser, number>;
const reads = (ok: number): Expect => ({ admin: ok, client: ok, client2: 404, factory: 403, designer: ok });

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "ACC");
  const list = (
    await f.call("designer", "GET", "/api/productDev/products?searchString=NW-SS27-01")
  ).json<TProductPage>();
  const tee = list.items[0];
  if (!tee?.latestStpId) throw new Error("the demo season's tee is missing");
  productId = tee.id;
  stpId = tee.latestStpId;
});
afterAll(async () => {
  await t?.close();
});

const check = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, expected: Expect, body?: unknown) => {
  for (const who of DEMO_USERS) {
    const res = await f.call(who, method, url, body);
    expect(res.statusCode, `${who} ${method} ${url}: ${res.body.slice(0, 200)}`).toBe(expected[who]);
  }
  expect((await f.call(null, method, url, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
};

describe("products access matrix", () => {
  test("lists: every Products card holder gets one, scoped to their teams; the factory has no card", async () => {
    const lists: Expect = { admin: 200, client: 200, client2: 200, factory: 403, designer: 200 };
    for (const url of [
      "/api/productDev/products",
      "/api/productDev/products/statusCount",
      "/api/productDev/products/facets",
      "/api/productDev/products/export.csv",
    ])
      await check("GET", url, lists);
    const bluebird = (await f.call("client2", "GET", "/api/productDev/products")).json<TProductPage>();
    expect(bluebird.total).toBe(0);
    const csv = await f.call("client2", "GET", "/api/productDev/products/export.csv");
    expect(csv.body).not.toContain("NW-SS27");
    const northwind = (await f.call("client", "GET", "/api/productDev/products?size=50")).json<TProductPage>();
    expect(northwind.items.filter((p) => p.code.startsWith("NW-SS27"))).toHaveLength(12);
  });

  test("reading a product, its versions and every part of its tech pack", async () => {
    for (const url of [`/api/productDev/products/${productId}`, `/api/productDev/products/${productId}/versions`])
      await check("GET", url, reads(200));
    // The tee's version was sent to the demo factory: its users read every part of it.
    const sent = (ok: number): Expect => ({ ...reads(ok), factory: ok });
    const urls = [
      `/api/productDev/stps/${stpId}`,
      `/api/productDev/stps/${stpId}/summary`,
      `/api/productDev/stps/${stpId}/tabs/editProductDetails`,
      ...DOCUMENT_TABS.map((tab) => `/api/productDev/stps/${stpId}/tabs/${tab}`),
      `/api/productDev/stps/${stpId}/confirmSetup`,
      `/api/productDev/stps/${stpId}/approval`,
      `/api/productDev/stps/${stpId}/tasks`,
      `/api/productDev/stps/${stpId}/history`,
      `/api/productDev/stps/${stpId}/techPack.pdf`,
    ];
    for (const url of urls) await check("GET", url, sent(200));
    // Unknown files are 404 for everyone who passes the card.
    await check("GET", `/api/productDev/stps/${stpId}/uploads/2147483647`, sent(404));
  }, 120_000);

  test("changing: members only; Bluebird gets 404, the factory 403", async () => {
    const denied: Expect = { admin: 0, client: 0, client2: 404, factory: 403, designer: 0 };
    const deny = async (method: "POST" | "PUT" | "DELETE", url: string, body?: unknown) => {
      for (const who of ["client2", "factory"] as const) {
        const res = await f.call(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}: ${res.body.slice(0, 200)}`).toBe(denied[who]);
      }
      expect((await f.call(null, method, url, body)).statusCode).toBe(401);
    };
    const options = (await f.call("designer", "GET", `/api/productDev/stps/${stpId}/tabs/productOptions`)).json();
    await deny("PUT", `/api/productDev/stps/${stpId}/tabs/productOptions`, { version: options.version, options: [] });
    await deny("POST", `/api/productDev/products/${productId}/duplicate`, { code: "NOPE-1" });
    await deny("POST", `/api/productDev/products/${productId}/versions`, {});
    await deny("DELETE", `/api/productDev/products/${productId}`);
    await deny("POST", `/api/productDev/stps/${stpId}/tasks`, {
      title: "x",
      assigneeUserId: null,
      dueDate: null,
      status: "open",
    });
    await deny("POST", `/api/productDev/stps/${stpId}/approval/submit`, {});
    // Bluebird has no team to create in; the factory has no card; an internal admin must name the team.
    const create = { code: "ACC-NEW", name: "New" };
    expect((await f.call("client2", "POST", "/api/productDev/products", create)).statusCode).toBe(403);
    expect((await f.call("factory", "POST", "/api/productDev/products", create)).statusCode).toBe(403);
    expect((await f.call("admin", "POST", "/api/productDev/products", create)).statusCode).toBe(400);
    const made = await f.call("admin", "POST", "/api/productDev/products", { ...create, teamId: f.teamId });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      (await f.call("client", "POST", "/api/productDev/products", { ...create, code: "ACC-NEW-2" })).statusCode,
    ).toBe(201);
  });

  test("the seeded season: the hoodie waits for approval and the team admin approves it; the tee's PDF opens", async () => {
    const hoodie = (
      await f.call("designer", "GET", "/api/productDev/products?searchString=NW-SS27-05")
    ).json<TProductPage>().items[0];
    const versions = (
      await f.call("designer", "GET", `/api/productDev/products/${hoodie?.id}/versions`)
    ).json<TProductVersions>();
    const v1 = versions.versions[0];
    expect(v1?.approvalState).toBe("submitted");
    expect((await f.call("client", "POST", `/api/productDev/stps/${v1?.stpId}/approval/approve`, {})).statusCode).toBe(
      403,
    );
    expect(
      (await f.call("designer", "POST", `/api/productDev/stps/${v1?.stpId}/approval/approve`, {})).statusCode,
    ).toBe(200);
    const pdf = await f.call("designer", "GET", `/api/productDev/stps/${stpId}/techPack.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((pdf.rawPayload.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(7);
  });

  test("the seeded tee has front and back sketches: they download as PNGs and its PDF embeds them", async () => {
    const images = (await f.call("designer", "GET", `/api/productDev/stps/${stpId}/tabs/images`)).json<{
      images: { fileId: number; category: string }[];
    }>();
    expect(images.images.map((i) => i.category)).toEqual(["front", "back"]);
    for (const image of images.images) {
      const png = await f.call("designer", "GET", `/api/productDev/stps/${stpId}/uploads/${image.fileId}`);
      expect(png.statusCode).toBe(200);
      expect(png.headers["content-type"]).toBe("image/png");
      expect(png.rawPayload.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(Number(png.headers["content-length"])).toBe(png.rawPayload.length);
    }
    // Another client's user cannot read them.
    const first = images.images[0]?.fileId;
    expect((await f.call("client2", "GET", `/api/productDev/stps/${stpId}/uploads/${first}`)).statusCode).toBe(404);
    const pdf = await f.call("designer", "GET", `/api/productDev/stps/${stpId}/techPack.pdf`);
    expect((pdf.rawPayload.toString("latin1").match(/\/Subtype \/Image\b/g) ?? []).length).toBeGreaterThanOrEqual(2);
  });
});

describe("a second team, a second facility and a second brand", () => {
  let team2: number;
  let pack2: number;
  let fileId: number;
  let imageId: number;
  let fiona: string;

  const upload = (who: DemoUser, url: string) => {
    const body = multipart("secret.png", PNG, "image/png");
    return t.request({ method: "POST", url, token: f.tokens[who], headers: body.headers, payload: body.payload });
  };

  beforeAll(async () => {
    // Northwind's second team: its client admin is its admin; the designer is not in it.
    const [northwind] = await t.db.select().from(schema.teams).where(eq(schema.teams.id, f.teamId));
    const [team] = await t.db
      .insert(schema.teams)
      .values({ name: "northwind-second", displayName: "Northwind Second", clientId: northwind?.clientId, typeId: 2 })
      .returning();
    team2 = team?.id ?? 0;
    const client = await hubUser(t.db, "client");
    await t.db.insert(schema.teamUsers).values({ teamId: team2, userId: client?.userId ?? 0, roleName: "ADMIN" });
    const made = await f.call("client", "POST", "/api/productDev/products", {
      code: "SECOND-1",
      name: "Second team's tee",
      teamId: team2,
    });
    expect(made.statusCode, made.body).toBe(201);
    pack2 = made.json<{ stpId: number }>().stpId;
    const file = await upload("client", `/api/productDev/stps/${pack2}/uploads?purpose=image`);
    expect(file.statusCode, file.body).toBe(201);
    fileId = file.json<{ id: number }>().id;
    const image = await upload("client", `/api/productDev/libary/uploads?teamId=${team2}`);
    expect(image.statusCode, image.body).toBe(201);
    imageId = image.json<{ id: number }>().id;
    // A facility that works for neither brand.
    const [mill] = await t.db.insert(schema.factories).values({ name: "Access Mill" }).returning();
    const [like] = await t.db.select().from(schema.identityUsers).where(eq(schema.identityUsers.username, "factory"));
    await t.db.insert(schema.identityUsers).values({
      username: "fiona2",
      email: "fiona2@demo.hub.test",
      emailVerified: true,
      firstName: "Fiona",
      lastName: "Mill",
      passwordHash: like?.passwordHash ?? "",
      status: "CONFIRMED",
    });
    await t.db.insert(schema.users).values({
      userName: "fiona2",
      email: "fiona2@demo.hub.test",
      firstName: "Fiona",
      lastName: "Mill",
      typeId: USER_TYPES.find((u) => u.name === "factory")?.id ?? 0,
      userFactoryId: mill?.factoryId ?? null,
    });
    fiona = await t.signIn("fiona2");
  }, 120_000);

  test("the second team's tech pack, its file and its library image are its members' only", async () => {
    // The designer is not in the second team: its pack is a 404, and so is its file through the designer's own pack.
    expect((await f.call("designer", "GET", `/api/productDev/stps/${pack2}`)).statusCode).toBe(404);
    expect((await f.call("designer", "GET", `/api/productDev/stps/${stpId}/uploads/${fileId}`)).statusCode).toBe(404);
    expect((await f.call("designer", "GET", `/api/productDev/libary/uploads/${imageId}`)).statusCode).toBe(404);
    // A member of both teams reads the file through the second team's pack, not through the first's.
    expect((await f.call("client", "GET", `/api/productDev/stps/${pack2}/uploads/${fileId}`)).statusCode).toBe(200);
    expect((await f.call("client", "GET", `/api/productDev/stps/${stpId}/uploads/${fileId}`)).statusCode).toBe(404);
    expect((await f.call("client", "GET", `/api/productDev/libary/uploads/${imageId}`)).statusCode).toBe(200);
    // The first team cannot name the second team's file in a tab of its own.
    const mine = await f.call("designer", "POST", "/api/productDev/products", { code: "ACC-REF", name: "Ref" });
    const own = mine.json<{ stpId: number }>().stpId;
    const images = await f.call("designer", "PUT", `/api/productDev/stps/${own}/tabs/images`, {
      version: 0,
      images: [{ fileId, category: "front", caption: "" }],
    });
    expect(images.statusCode, images.body).toBe(400);
    // Nor use its library image on an item of its own.
    const item = await f.call("designer", "POST", "/api/productDev/libary/images/create", {
      code: "ACC-IMG",
      name: "Borrowed",
      imageFileId: imageId,
    });
    expect(item.statusCode).toBe(400);
  });

  test("a facility reads only what was sent to it; a second facility and a second brand read nothing", async () => {
    const hoodie = (
      await f.call("designer", "GET", "/api/productDev/products?searchString=NW-SS27-05")
    ).json<TProductPage>().items[0];
    // Not sent: a 404 for the demo factory, like a draft.
    expect((await f.call("factory", "GET", `/api/productDev/stps/${hoodie?.latestStpId}`)).statusCode).toBe(404);
    expect((await f.call("factory", "GET", `/api/productDev/stps/${pack2}`)).statusCode).toBe(404);
    const theirs = await t.request({ method: "GET", url: "/api/productDev/techPacks", token: fiona });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<{ total: number }>().total).toBe(0);
    for (const url of [
      `/api/productDev/stps/${stpId}`,
      `/api/productDev/stps/${stpId}/tabs/fabrics`,
      `/api/productDev/stps/${stpId}/techPack.pdf`,
    ]) {
      expect((await t.request({ method: "GET", url, token: fiona })).statusCode, url).toBe(404);
      expect((await f.call("client2", "GET", url)).statusCode, url).toBe(404);
    }
    const mine = (await f.call("factory", "GET", "/api/productDev/techPacks")).json<{
      items: { stpId: number; brand: string }[];
    }>();
    expect(mine.items.map((x) => x.stpId)).toContain(stpId);
    expect(mine.items.every((x) => x.brand === "Northwind Apparel")).toBe(true);
    // The list is the facilities' card: brands and designers have none.
    for (const who of ["client", "client2", "designer"] as const)
      expect((await f.call(who, "GET", "/api/productDev/techPacks")).statusCode).toBe(403);
  });
});
