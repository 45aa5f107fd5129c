import type { TProduct, TProductGroup } from "@hub/contracts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Issue 19: collections, batches and tags as resources of the team (spec 7's findAll, findById,
 * create, update?id, delete?id). A product saved with a new name makes the group; renaming a group
 * renames it on the products and on their versions not yet frozen; one a product names is not deleted.
 */

let t: TestApp;
let f: TechPackFixture;
let product: TProduct;
let stpId: number;

type Page = { items: TProductGroup[]; total: number };
const findAll = async (who: "designer" | "client2", kind: string, q = "") =>
  f.call(who, "GET", `/api/productDev/${kind}/findAll?${q}`);
const byName = async (kind: string, name: string) =>
  (await findAll("designer", kind, `searchString=${encodeURIComponent(name)}`))
    .json<Page>()
    .items.find((g) => g.name === name);

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "GR");
  const res = await f.call("designer", "POST", "/api/productDev/products", {
    code: "GR-TEE-1",
    name: "Group tee",
    collection: "GR Essentials",
    batch: "GR Drop 1",
    tags: ["gr-basics", "gr-knit"],
  });
  expect(res.statusCode, res.body).toBe(201);
  ({ product, stpId } = res.json<{ product: TProduct; stpId: number }>());
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("groups of products", () => {
  test("a name a product is saved with becomes the team's group, counted", async () => {
    const collection = await byName("collections", "GR Essentials");
    expect(collection?.productCount).toBe(1);
    expect((await byName("batches", "GR Drop 1"))?.productCount).toBe(1);
    expect((await byName("tags", "gr-knit"))?.productCount).toBe(1);
    // findById (spec 7's ?id=)
    const one = await f.call("designer", "GET", `/api/productDev/collections/findById?id=${collection?.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<TProductGroup>().name).toBe("GR Essentials");
  });

  test("create, and a name once per team (any case)", async () => {
    const made = await f.call("designer", "POST", "/api/productDev/collections/create", { name: "AW27" });
    expect(made.statusCode, made.body).toBe(201);
    const twice = await f.call("designer", "POST", "/api/productDev/collections/create", { name: "aw27" });
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    expect(twice.statusCode).toBeLessThan(500);
    expect(JSON.stringify(twice.json())).toContain("already exists");
    // An unused group is deleted.
    const id = made.json<TProductGroup>().id;
    expect((await f.call("designer", "DELETE", `/api/productDev/collections/delete?id=${id}`)).statusCode).toBeLessThan(
      300,
    );
  });

  test("renaming a group renames it on the products and their unfrozen versions", async () => {
    const collection = await byName("collections", "GR Essentials");
    const renamed = await f.call("designer", "PUT", `/api/productDev/collections/update?id=${collection?.id}`, {
      name: "GR Core",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const tag = await byName("tags", "gr-knit");
    expect(
      (await f.call("designer", "PUT", `/api/productDev/tags/update?id=${tag?.id}`, { name: "gr-jersey" })).statusCode,
    ).toBe(200);
    const after = (await f.call("designer", "GET", `/api/productDev/products/${product.id}`)).json<TProduct>();
    expect(after.collection).toBe("GR Core");
    expect(after.tags).toEqual(["gr-basics", "gr-jersey"]);
    const details = (await f.call("designer", "GET", `/api/productDev/stps/${stpId}/tabs/editProductDetails`)).json<{
      collection: string;
      tags: string[];
    }>();
    expect(details.collection).toBe("GR Core");
    expect(details.tags).toEqual(["gr-basics", "gr-jersey"]);
    // The list filters by it.
    const list = await f.call(
      "designer",
      "GET",
      `/api/productDev/products?collection=${encodeURIComponent("GR Core")}`,
    );
    expect(list.json<{ items: TProduct[] }>().items.map((p) => p.id)).toEqual([product.id]);
  });

  test("a group a product names is not deleted: the refusal names the product", async () => {
    const batch = await byName("batches", "GR Drop 1");
    const refused = await f.call("designer", "DELETE", `/api/productDev/batches/delete?id=${batch?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("GR-TEE-1");
  });

  test("another brand sees none of them", async () => {
    const theirs = await findAll("client2", "collections");
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<Page>().items.map((g) => g.name)).not.toContain("GR Core");
    const collection = await byName("collections", "GR Core");
    expect(
      (await f.call("client2", "GET", `/api/productDev/collections/findById?id=${collection?.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await f.call("client2", "PUT", `/api/productDev/collections/update?id=${collection?.id}`, { name: "Mine" }))
        .statusCode,
    ).toBe(404);
  });
});
