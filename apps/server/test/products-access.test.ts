import { DOCUMENT_TABS, type TProductPage, type TProductVersions } from "@hub/contracts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, DEMO_USERS, type DemoUser, type TestApp } from "./helpers/test-app";

/**
 * The HTTP access matrix over every products and tech-pack route, on the demo season's complete
 * tech pack (Northwind's design team): its members (the designer, team ADMIN; Northwind's client
 * admin, MEMBER) and internal admins reach it; Bluebird's client user has the Products card but no
 * team, so Northwind's product is a 404 and lists are empty; the factory has no Products card (403).
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
    const urls = [
      `/api/productDev/products/${productId}`,
      `/api/productDev/products/${productId}/versions`,
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
    for (const url of urls) await check("GET", url, reads(200));
    // Another team's template and unknown files are 404 for everyone who passes the card.
    await check("GET", `/api/productDev/stps/${stpId}/uploads/2147483647`, reads(404));
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
