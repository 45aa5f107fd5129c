import { convertMeasure, gradeValues } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * The design library over HTTP (issue 12): every page through the resource engine with the team
 * as owner, in both shapes (REST and spec 7's findAll/findById/create/update?id/delete?id);
 * variants kept by id; size ranges; POM templates with grade rules; scoping to the current team.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let northwindTeam: number;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser, method: Method, url: string, payload?: object) =>
  t.request({ method, url, token: tokens[who], ...(payload ? { payload: { ...payload } } : {}) });
const L = "/api/productDev/libary";

type Page<T = Record<string, unknown>> = { items: T[]; total: number; page: number; size: number };
type Variant = { id: number; code: string; name: string; hex: string | null; costCents: number | null };
type Item = Record<string, unknown> & { id: number; code: string; teamId: number; variants: Variant[] };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  const [team] = await t.db.select().from(schema.teams).where(eq(schema.teams.name, "northwind-design"));
  northwindTeam = team?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("design library items", () => {
  test("the seed gives Northwind's design team a library; lists search, sort, page and export", async () => {
    const fabrics = (await call("designer", "GET", `${L}/fabrics/findAll?size=5&sort=code,asc`)).json<Page<Item>>();
    expect(fabrics.total).toBeGreaterThanOrEqual(12);
    expect(fabrics.items).toHaveLength(5);
    expect(fabrics.items[0]?.code).toBe("FAB-DNM-12OZ");
    expect(fabrics.items.every((f) => f.teamId === northwindTeam)).toBe(true);

    const terry = (await call("designer", "GET", `${L}/fabrics/findAll?searchString=terry`)).json<Page<Item>>();
    // The tech-pack seed may add fabrics of its own; ours is found by its composition text.
    expect(terry.items.map((f) => f.code)).toContain("FAB-FT-300");
    expect(terry.items.find((f) => f.code === "FAB-FT-300")).toMatchObject({
      construction: "french terry",
      weightGsm: 300,
      variantCount: 3,
    });

    const page2 = (await call("designer", "GET", `${L}/fabrics/findAll?size=5&page=2&sort=code,asc`)).json<
      Page<Item>
    >();
    expect(page2.page).toBe(2);
    expect(page2.items.length).toBe(fabrics.total - 10);

    const colors = (await call("designer", "GET", `${L}/colors/findAll?size=100`)).json<Page<Item>>();
    expect(colors.total).toBeGreaterThanOrEqual(15);
    expect(colors.items.find((c) => c.code === "CLR-NAVY")).toMatchObject({
      hex: "#1F2A44",
      pantone: "Navy Blazer 19-3923",
    });

    const csv = await call("designer", "GET", `${L}/fabrics/export.csv?searchString=jersey`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\n")[0]).toContain("composition");
    expect(csv.body).toContain("FAB-JER-180");

    const badSort = await call("designer", "GET", `${L}/fabrics/findAll?sort=nope,asc`);
    expect(badSort.statusCode).toBe(400);
  });

  test("a designer adds a fabric with two colourways; an edit keeps a variant's id and drops the one left out", async () => {
    const created = await call("designer", "POST", `${L}/fabrics/create`, {
      code: "FAB-TEST-1",
      name: "Test Interlock 200",
      unit: "yd",
      costCents: 875,
      composition: "100% cotton",
      weightGsm: 200,
      widthCm: 172.5,
      variants: [
        { code: "FAB-TEST-1-BLK", name: "Black", hex: "#1B1B1B", costCents: 875 },
        { code: "FAB-TEST-1-NAVY", name: "Navy", hex: "#1F2A44" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<Item>();
    expect(item).toMatchObject({
      teamId: northwindTeam,
      kind: "fabrics",
      weightGsm: 200,
      widthCm: 172.5,
      variantCount: 2,
    });
    expect(item.variants.map((v) => v.code)).toEqual(["FAB-TEST-1-BLK", "FAB-TEST-1-NAVY"]);
    const black = item.variants[0] as Variant;

    const edited = await call("designer", "PUT", `${L}/fabrics/update?id=${item.id}`, {
      code: "FAB-TEST-1",
      name: "Test Interlock 200",
      variants: [
        { id: black.id, code: "FAB-TEST-1-JET", name: "Jet black", hex: "#111111" },
        { code: "FAB-TEST-1-SAND", name: "Sand" },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Item>();
    expect(after.variants.find((v) => v.id === black.id)).toMatchObject({ code: "FAB-TEST-1-JET", hex: "#111111" });
    expect(after.variants.map((v) => v.code).sort()).toEqual(["FAB-TEST-1-JET", "FAB-TEST-1-SAND"]);
    expect(after.weightGsm).toBeNull();

    // The client admin of Northwind is a member of the team: they read it too.
    expect((await call("client", "GET", `${L}/fabrics/findById?id=${item.id}`)).statusCode).toBe(200);

    // A variant id of another item is refused, naming the row.
    const [other] = await t.db
      .select({ id: schema.pdLibraryVariants.id })
      .from(schema.pdLibraryVariants)
      .innerJoin(schema.pdLibraryItems, eq(schema.pdLibraryItems.id, schema.pdLibraryVariants.itemId))
      .where(and(eq(schema.pdLibraryItems.code, "FAB-JER-180")))
      .limit(1);
    const stolen = await call("designer", "PUT", `${L}/fabrics/update?id=${item.id}`, {
      code: "FAB-TEST-1",
      name: "Test Interlock 200",
      variants: [{ id: other?.id, code: "X-1", name: "X" }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toHaveProperty("variants.0.id");
  });

  test("bad input is a 400 naming the field, and nothing is written", async () => {
    const before = (await call("designer", "GET", `${L}/colors/findAll`)).json<Page>().total;
    const noHex = await call("designer", "POST", `${L}/colors/create`, { code: "CLR-X", name: "X" });
    expect(noHex.statusCode).toBe(400);
    expect(noHex.json().fields).toHaveProperty("hex");
    const badHex = await call("designer", "POST", `${L}/colors/create`, { code: "CLR-X", name: "X", hex: "blue" });
    expect(badHex.statusCode).toBe(400);
    const dupVariant = await call("designer", "POST", `${L}/labels/create`, {
      code: "LBL-X",
      name: "X",
      variants: [
        { code: "A", name: "A" },
        { code: "a", name: "B" },
      ],
    });
    expect(dupVariant.statusCode).toBe(400);
    expect(dupVariant.json().fields).toHaveProperty("variants.1.code");
    const taken = await call("designer", "POST", `${L}/colors/create`, {
      code: "clr-navy",
      name: "Another navy",
      hex: "#000080",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toHaveProperty("code");
    const foreignSupplier = await call("designer", "POST", `${L}/notions/create`, {
      code: "N-1",
      name: "N",
      supplierId: 2147483647,
    });
    expect(foreignSupplier.statusCode).toBe(400);
    expect(foreignSupplier.json().fields).toHaveProperty("supplierId");
    expect((await call("designer", "GET", `${L}/colors/findAll`)).json<Page>().total).toBe(before);
    // The same code may be used by another kind: codes are unique per team and kind.
    const print = await call("designer", "POST", `${L}/prints/create`, { code: "CLR-NAVY", name: "Navy print" });
    expect(print.statusCode, print.body).toBe(201);
  });

  test("spec 7's shape: findAll with userId and teamId, findById, create, update?id, delete?id", async () => {
    const me = (await call("designer", "GET", "/api/userdata?username=designer")).json<{ user: { userId: number } }>();
    const all = await call(
      "designer",
      "GET",
      `${L}/threads/findAll?userId=${me.user.userId}&teamId=${northwindTeam}&page=0&size=2&searchString=tkt`,
    );
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<Page>().total).toBe(4);
    const created = await call("designer", "POST", `${L}/threads/create`, {
      code: "THR-S7",
      name: "Spec seven",
      ticket: "50",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Item>().id;
    expect((await call("designer", "GET", `${L}/threads/findById?id=${id}`)).json()).toMatchObject({ ticket: "50" });
    const updated = await call("designer", "PUT", `${L}/threads/update?id=${id}`, { code: "THR-S7", name: "Renamed" });
    expect(updated.json()).toMatchObject({ name: "Renamed", ticket: null });
    expect((await call("designer", "DELETE", `${L}/threads/delete?id=${id}`)).statusCode).toBe(200);
    expect((await call("designer", "GET", `${L}/threads/findById?id=${id}`)).statusCode).toBe(404);
    // Another user's library is not for a member to list; an unknown team is a 404.
    expect((await call("designer", "GET", `${L}/threads/findAll?userId=${me.user.userId + 1000}`)).statusCode).toBe(
      403,
    );
    expect((await call("designer", "GET", `${L}/threads/findAll?teamId=999999`)).statusCode).toBe(404);
  });
});

describe("suppliers, size ranges and POM templates", () => {
  test("a supplier is the brand's own; an item names it", async () => {
    const created = await call("designer", "POST", `${L}/suppliers/create`, {
      code: "SUP-TEST",
      name: "Test Mill",
      email: "Mill@Example.com ",
      currency: "EUR",
      leadTimeDays: 20,
    });
    expect(created.statusCode, created.body).toBe(201);
    const supplier = created.json<{ id: number; email: string }>();
    const badEmail = await call("designer", "POST", `${L}/suppliers/create`, {
      code: "SUP-2",
      name: "Two",
      email: "nope",
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toHaveProperty("email");
    const item = await call("designer", "POST", `${L}/notions/create`, {
      code: "N-SUP",
      name: "Supplied notion",
      supplierId: supplier.id,
      variants: [{ code: "N-SUP-1", name: "One", supplierId: supplier.id }],
    });
    expect(item.statusCode, item.body).toBe(201);
    expect(item.json()).toMatchObject({ supplierName: "Test Mill" });
    expect(item.json<Item>().variants[0]).toMatchObject({ supplierName: "Test Mill" });
    const search = (await call("designer", "GET", `${L}/notions/findAll?searchString=test mill`)).json<Page<Item>>();
    expect(search.items.map((i) => i.code)).toEqual(["N-SUP"]);
  });

  test("size ranges keep their order and a base size that is one of them", async () => {
    const seeded = (await call("designer", "GET", `${L}/sizes/findAll`)).json<
      Page<{ name: string; sizes: string[]; baseSize: string }>
    >();
    expect(seeded.items.find((r) => r.name === "Alpha XS–3XL")).toMatchObject({
      sizes: ["XS", "S", "M", "L", "XL", "2XL", "3XL"],
      baseSize: "M",
    });
    const created = await call("designer", "POST", `${L}/sizes/create`, {
      name: "Kids",
      sizes: ["2", "4", "6", "8"],
      baseSize: "6",
    });
    expect(created.statusCode, created.body).toBe(201);
    const wrongBase = await call("designer", "POST", `${L}/sizes/create`, {
      name: "Bad",
      sizes: ["S", "M"],
      baseSize: "L",
    });
    expect(wrongBase.statusCode).toBe(400);
    expect(wrongBase.json().fields).toHaveProperty("baseSize");
    const dup = await call("designer", "POST", `${L}/sizes/create`, { name: "Dup", sizes: ["S", "s"], baseSize: "S" });
    expect(dup.json().fields).toHaveProperty("sizes.1");
  });

  test("a POM template: points with tolerances, critical flags and grade rules of its range's sizes", async () => {
    const ranges = (await call("designer", "GET", `${L}/sizes/findAll?searchString=alpha`)).json<
      Page<{ id: number }>
    >();
    const rangeId = ranges.items[0]?.id;
    const seeded = (await call("designer", "GET", `${L}/pomTemplates/findAll`)).json<
      Page<{ name: string; pointCount: number }>
    >();
    expect(seeded.items.find((x) => x.name === "Tee POM")?.pointCount).toBe(15);
    expect(seeded.items.find((x) => x.name === "Hoodie POM")?.pointCount).toBe(16);

    const points = [
      {
        code: "B",
        description: "Chest 1/2",
        tolPlus: 1,
        tolMinus: 1,
        critical: true,
        baseValue: 50,
        gradeRules: { S: 2, XS: 2, L: 2.5 },
      },
      { code: "A", description: "Body length", howToMeasure: "HPS to hem", baseValue: 70, gradeRules: {} },
    ];
    const created = await call("designer", "POST", `${L}/pomTemplates/create`, {
      name: "Test tank",
      sizeRangeId: rangeId,
      unit: "cm",
      points,
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json<{
      id: number;
      sizes: string[];
      baseSize: string;
      points: { code: string; sortOrder: number; critical: boolean; gradeRules: Record<string, number> }[];
    }>();
    expect(detail.sizes).toContain("3XL");
    expect(detail.baseSize).toBe("M");
    expect(detail.points.map((p) => p.code)).toEqual(["B", "A"]);
    expect(detail.points[0]).toMatchObject({ critical: true, gradeRules: { S: 2, XS: 2, L: 2.5 } });

    const stray = await call("designer", "PUT", `${L}/pomTemplates/update?id=${detail.id}`, {
      name: "Test tank",
      sizeRangeId: rangeId,
      points: [{ ...points[0], gradeRules: { XXS: 1 } }],
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().fields).toHaveProperty("points.0.gradeRules");
    const dupCode = await call("designer", "PUT", `${L}/pomTemplates/update?id=${detail.id}`, {
      name: "Test tank",
      points: [points[0], points[0]],
    });
    expect(dupCode.json().fields).toHaveProperty("points.1.code");

    // A size range a template uses is not deleted.
    const del = await call("designer", "DELETE", `${L}/sizes/delete?id=${rangeId}`);
    expect(del.statusCode).toBe(409);
  });

  test("grade rules and unit conversion", () => {
    const sizes = ["XS", "S", "M", "L", "XL"];
    expect(gradeValues(sizes, "M", 50, { XS: 2, S: 2, L: 2.5, XL: 2.5 })).toEqual({
      XS: 46,
      S: 48,
      M: 50,
      L: 52.5,
      XL: 55,
    });
    expect(gradeValues(sizes, "M", 10.1, { L: 0.2, XL: 0.2 })).toEqual({
      XS: 10.1,
      S: 10.1,
      M: 10.1,
      L: 10.3,
      XL: 10.5,
    });
    expect(gradeValues(sizes, "M", null, {})).toEqual({ XS: null, S: null, M: null, L: null, XL: null });
    expect(convertMeasure(2.54, "cm", "in")).toBe(1);
    expect(convertMeasure(10, "in", "cm")).toBe(25.4);
  });
});

describe("scoping to the team", () => {
  test("Bluebird's user sees none of Northwind's library and cannot touch it; internal admins see every team", async () => {
    const fabric = (await call("designer", "GET", `${L}/fabrics/findAll?searchString=FAB-JER-180`)).json<Page<Item>>()
      .items[0];
    expect(fabric).toBeDefined();
    const id = fabric?.id ?? 0;
    const theirs = (await call("client2", "GET", `${L}/fabrics/findAll`)).json<Page<Item>>();
    expect(theirs.items.some((i) => i.teamId === northwindTeam)).toBe(false);
    expect((await call("client2", "GET", `${L}/fabrics/findById?id=${id}`)).statusCode).toBe(404);
    expect((await call("client2", "GET", `${L}/fabrics/findById?id=${id}`)).statusCode).toBe(404);
    expect((await call("client2", "PUT", `${L}/fabrics/update?id=${id}`, { code: "X", name: "X" })).statusCode).toBe(
      404,
    );
    expect((await call("client2", "DELETE", `${L}/fabrics/delete?id=${id}`)).statusCode).toBe(404);
    expect((await call("client2", "GET", `${L}/fabrics/findAll?teamId=${northwindTeam}`)).statusCode).toBe(404);
    expect((await call("client2", "GET", `${L}/fabrics/lookup?searchString=jersey`)).json()).toEqual([]);
    // Naming Northwind's team on create is refused.
    const foreign = await call("client2", "POST", `${L}/fabrics/create`, {
      teamId: northwindTeam,
      code: "F-X",
      name: "X",
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toHaveProperty("teamId");

    // A kind's page never shows another kind's row.
    expect((await call("designer", "GET", `${L}/notions/findById?id=${id}`)).statusCode).toBe(404);

    const admin = (await call("admin", "GET", `${L}/fabrics/findAll?teamId=${northwindTeam}&size=100`)).json<
      Page<Item>
    >();
    expect(admin.items.some((i) => i.id === id)).toBe(true);
    expect((await call("admin", "GET", `${L}/fabrics/findById?id=${id}`)).statusCode).toBe(200);
    const noTeam = await call("admin", "POST", `${L}/fabrics/create`, { code: "F-ADM", name: "Admin's" });
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json().fields).toHaveProperty("teamId");
    const named = await call("admin", "POST", `${L}/fabrics/create`, {
      teamId: northwindTeam,
      code: "F-ADM",
      name: "Admin's",
    });
    expect(named.statusCode, named.body).toBe(201);
  });
});
