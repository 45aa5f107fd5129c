import type { TSupplier, TSupplierDetail } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/** Suppliers (issue 10, /supplierDetails): CRUD with their materials and prices, and refusals. */

let t: TestApp;
let tokens: Record<DemoUser, string>;
const ids = { fabric: 0, part: 0 };

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    token: tokens.admin,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  const factoryId = factory?.factoryId ?? 0;
  const [fabric] = await t.db
    .insert(schema.fabrics)
    .values({ factoryId, fabricCode: "SUP-RIB", fabricName: "Supplier Rib", unit: "m" })
    .returning();
  const [part] = await t.db
    .insert(schema.parts)
    .values({ factoryId, partCode: "SUP-LABEL", name: "Woven label", unit: "each" })
    .returning();
  ids.fabric = fabric?.id ?? 0;
  ids.part = part?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

const body = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Supplier ${code}`,
  contactName: "Ada Mill",
  email: "ada@mill.example",
  phone: "+44 20 7946 0000",
  leadTimeDays: 21,
  currency: "EUR",
  notes: "Ships Tuesdays",
  materials: [
    { materialKind: "fabric", materialId: ids.fabric, supplierCode: "RIB-22", priceCents: 812, minOrderQty: "50" },
    { materialKind: "part", materialId: ids.part, priceCents: 9, minOrderQty: "1000" },
  ],
  ...extra,
});

describe("suppliers", () => {
  let id = 0;

  test("create with materials, read, list with search, export", async () => {
    const res = await call("POST", "/api/suppliers", body("ACME"));
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<TSupplierDetail>();
    id = s.id;
    expect(s).toMatchObject({ code: "ACME", currency: "EUR", leadTimeDays: 21, active: true, materialCount: 2 });
    expect(s.materials).toEqual([
      expect.objectContaining({
        materialKind: "fabric",
        materialId: ids.fabric,
        materialCode: "SUP-RIB",
        supplierCode: "RIB-22",
        priceCents: 812,
        unit: "m",
        minOrderQty: "50.0000",
      }),
      expect.objectContaining({ materialKind: "part", materialCode: "SUP-LABEL", unit: "each", supplierCode: null }),
    ]);
    expect((await call("GET", `/api/suppliers/${id}`)).json()).toEqual(s);

    const list = await call("GET", "/api/suppliers?searchString=acme&sort=code,asc");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: TSupplier[] }>().items.map((i) => [i.code, i.materialCount])).toEqual([["ACME", 2]]);
    const csv = await call("GET", "/api/suppliers/export.csv?searchString=acme");
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(
      "Code,Name,Contact,Email,Phone,Lead time (days),Currency,Active,Materials\r\n" +
        // A leading + is kept from spreadsheets as a formula.
        "ACME,Supplier ACME,Ada Mill,ada@mill.example,'+44 20 7946 0000,21,EUR,true,2\r\n",
    );
  });

  test("a duplicate code is a 409 on the code", async () => {
    const res = await call("POST", "/api/suppliers", body("acme"));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty("code");
  });

  test("a material named twice is a 400 and writes nothing", async () => {
    const twice = body("TWICE", {
      materials: [
        { materialKind: "part", materialId: ids.part, priceCents: 1 },
        { materialKind: "part", materialId: ids.part, priceCents: 2 },
      ],
    });
    const res = await call("POST", "/api/suppliers", twice);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(["materials.1.materialId"]);
    expect(await t.db.select().from(schema.suppliers).where(eq(schema.suppliers.code, "TWICE"))).toHaveLength(0);
  });

  test("update replaces the materials whole", async () => {
    const res = await call(
      "PUT",
      `/api/suppliers/${id}`,
      body("ACME", {
        name: "Acme Textiles",
        active: false,
        materials: [{ materialKind: "part", materialId: ids.part, priceCents: 11, unit: "pack" }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<TSupplierDetail>();
    expect(s).toMatchObject({ name: "Acme Textiles", active: false, materialCount: 1 });
    expect(s.materials).toEqual([expect.objectContaining({ materialKind: "part", priceCents: 11, unit: "pack" })]);
    expect((await call("GET", "/api/suppliers?active=false")).json().items.map((i: TSupplier) => i.code)).toContain(
      "ACME",
    );
  });

  test("delete is refused while a purchase order uses the supplier; an unused one is deleted", async () => {
    await call("PUT", `/api/suppliers/${id}`, body("ACME"));
    const po = await call("POST", "/api/purchaseOrders", {
      supplierId: id,
      number: "PO-ACME-1",
      lines: [{ materialKind: "fabric", materialId: ids.fabric, quantity: "50", unitCostCents: 812 }],
    });
    expect(po.statusCode, po.body).toBe(201);
    const refused = await call("DELETE", `/api/suppliers/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("PO-ACME-1");
    expect((await call("GET", `/api/suppliers/${id}`)).statusCode).toBe(200);

    const spare = await call("POST", "/api/suppliers", body("SPARE"));
    const spareId = spare.json<TSupplierDetail>().id;
    expect((await call("DELETE", `/api/suppliers/${spareId}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/suppliers/${spareId}`)).statusCode).toBe(404);
    expect(
      await t.db.select().from(schema.supplierMaterials).where(eq(schema.supplierMaterials.supplierId, spareId)),
    ).toHaveLength(0);
  });

  test("an inactive supplier takes no new purchase orders", async () => {
    const off = await call("POST", "/api/suppliers", body("OFF", { active: false, materials: [] }));
    const res = await call("POST", "/api/purchaseOrders", {
      supplierId: off.json().id,
      lines: [{ materialKind: "part", materialId: ids.part, quantity: "1", unitCostCents: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty("supplierId");
  });
});

describe("supplier import (the library's validate-then-apply)", () => {
  const validate = (csv: string) =>
    t.request({
      method: "POST",
      url: "/api/library/import/validate?resource=suppliers&fileName=suppliers.csv",
      token: tokens.admin,
      payload: csv,
      headers: { "content-type": "text/csv" },
    });
  const HEADER = "code,name,contactName,email,phone,leadTimeDays,currency,notes,active";

  test("bad rows are reported by line and column, and nothing is written", async () => {
    const csv = `${HEADER}\r\nIMP-1,Import One,,not-an-email,,9999,usd,,maybe\r\n`;
    const report = (await validate(csv)).json();
    const columns = report.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`);
    expect(columns).toEqual(expect.arrayContaining(["2:email", "2:leadTimeDays", "2:currency", "2:active"]));
    expect(await t.db.select().from(schema.suppliers).where(eq(schema.suppliers.code, "IMP-1"))).toHaveLength(0);
  });

  test("good rows add suppliers, and an existing code updates its row", async () => {
    const csv = `${HEADER}\r\nIMP-1,Import One,Ann,ann@imp.example,,7,GBP,,true\r\nACME,Acme Renamed,,,,30,EUR,,false\r\n`;
    const report = (await validate(csv)).json();
    expect(report.errors).toEqual([]);
    const applied = await t.request({
      method: "POST",
      url: `/api/library/import/${report.importId}/apply`,
      token: tokens.admin,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const list = (await call("GET", "/api/suppliers?size=500")).json<{ items: TSupplier[] }>().items;
    expect(list.find((s) => s.code === "IMP-1")).toMatchObject({
      name: "Import One",
      currency: "GBP",
      leadTimeDays: 7,
    });
    expect(list.find((s) => s.code === "ACME")).toMatchObject({
      name: "Acme Renamed",
      active: false,
      leadTimeDays: 30,
    });
  });
});

describe("the library's fabrics and parts pick their supplier from this list", () => {
  test("a supplier of the facility is kept and named; another facility's is a 400 on supplierId; the lookup answers ids", async () => {
    const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
    const factoryId = factory?.factoryId ?? 0;
    const mill = (
      await call("POST", "/api/suppliers", body("PICK-MILL", { materials: [], factoryId }))
    ).json<TSupplierDetail>();
    const [other] = await t.db.insert(schema.factories).values({ name: "Another Mill Town Factory" }).returning();
    const [foreign] = await t.db
      .insert(schema.suppliers)
      .values({ factoryId: other?.factoryId ?? 0, code: "FAR-1", name: "Far away mill" })
      .returning();

    const fabric = await call("POST", "/api/library/fabrics", {
      factoryId,
      fabricCode: "PICK-JERSEY",
      fabricName: "Picked jersey",
      fabricType: null,
      supplier: null,
      supplierId: mill.id,
      color: null,
      costCents: 500,
      unit: "yd",
      widthInches: null,
      weightGsm: null,
    });
    expect(fabric.statusCode, fabric.body).toBe(201);
    const fabricId = fabric.json<{ id: number }>().id;
    expect((await call("GET", `/api/library/fabrics/${fabricId}`)).json()).toMatchObject({
      supplierId: mill.id,
      supplierName: "PICK-MILL Supplier PICK-MILL",
      supplier: null,
    });
    const listed = (await call("GET", "/api/library/fabrics?searchString=pick-mill")).json<{
      items: { id: number }[];
    }>();
    expect(listed.items.map((i) => i.id)).toEqual([fabricId]);

    const part = {
      factoryId,
      partCode: "PICK-ZIP",
      name: "Picked zip",
      category: null,
      supplier: "A one-off trader",
      supplierId: foreign?.id,
      costCents: 30,
      unit: "each",
    };
    const refused = await call("POST", "/api/library/parts", part);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ message: string; fields: Record<string, string> }>()).toMatchObject({
      message: `Supplier ${foreign?.id} does not exist in this facility.`,
      fields: { supplierId: "Unknown supplier" },
    });
    const moved = await call("PUT", `/api/library/fabrics/${fabricId}`, {
      ...fabric.json<Record<string, unknown>>(),
      supplierId: foreign?.id,
    });
    expect(moved.statusCode, moved.body).toBe(400);
    const kept = await call("POST", "/api/library/parts", { ...part, supplierId: null });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ supplierId: null, supplierName: null, supplier: "A one-off trader" });

    // The facility's user sees its own supplier by id, never the other facility's.
    const chosen = await t.request({
      method: "GET",
      url: `/api/purchaseOrders/suppliers/lookup?ids=${mill.id},${foreign?.id}`,
      token: tokens.factory,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual([{ id: mill.id, label: "PICK-MILL Supplier PICK-MILL", archived: false }]);
  });
});

describe("a facility user's own suppliers (Supplier Details for who raises purchase orders)", () => {
  const as = (who: DemoUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.request({
      method,
      url,
      token: tokens[who],
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const codesOf = (res: Awaited<ReturnType<typeof as>>) => res.json<{ items: TSupplier[] }>().items.map((i) => i.code);
  let demoFactoryId = 0;
  let theirs = { supplier: 0, fabric: 0 };

  beforeAll(async () => {
    const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
    demoFactoryId = factory?.factoryId ?? 0;
    const [other] = await t.db.insert(schema.factories).values({ name: "Other Supplier Town Factory" }).returning();
    const otherId = other?.factoryId ?? 0;
    const [supplier] = await t.db
      .insert(schema.suppliers)
      .values({ factoryId: otherId, code: "THEIRS-1", name: "Their own mill" })
      .returning();
    const [fabric] = await t.db
      .insert(schema.fabrics)
      .values({ factoryId: otherId, fabricCode: "THEIRS-RIB", fabricName: "Their rib", unit: "m" })
      .returning();
    theirs = { supplier: supplier?.id ?? 0, fabric: fabric?.id ?? 0 };
  });

  test("the factory user has the card and lists, creates and edits its facility's suppliers", async () => {
    const profile = await as("factory", "GET", "/api/userdata?username=factory");
    expect(profile.statusCode, profile.body).toBe(200);
    expect(JSON.stringify(profile.json())).toContain('"routeName":"supplierDetails"');

    const created = await as("factory", "POST", "/api/suppliers", body("FAC-OWN"));
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json<TSupplierDetail>();
    expect(own).toMatchObject({ code: "FAC-OWN", factoryId: demoFactoryId, materialCount: 2 });

    const list = await as("factory", "GET", "/api/suppliers?size=100");
    expect(list.statusCode, list.body).toBe(200);
    expect(codesOf(list)).toContain("FAC-OWN");
    expect(list.json<{ items: TSupplier[] }>().items.every((i) => i.factoryId === demoFactoryId)).toBe(true);

    const edited = await as(
      "factory",
      "PUT",
      `/api/suppliers/${own.id}`,
      body("FAC-OWN", {
        name: "Factory's own mill",
        materials: [{ materialKind: "part", materialId: ids.part, priceCents: 7 }],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TSupplierDetail>()).toMatchObject({ name: "Factory's own mill", materialCount: 1 });
    expect((await as("factory", "GET", `/api/suppliers/${own.id}`)).json()).toMatchObject({
      name: "Factory's own mill",
    });
    // The purchase order form's picker offers it too.
    const picker = await as("factory", "GET", "/api/purchaseOrders/suppliers/lookup?searchString=fac-own");
    expect(picker.json<{ id: number }[]>().map((r) => r.id)).toEqual([own.id]);
  });

  test("another facility's supplier is out of reach: not listed, 404 to read, edit or delete; no supplier or material of its own", async () => {
    const list = await as("factory", "GET", "/api/suppliers?size=500");
    expect(codesOf(list)).not.toContain("THEIRS-1");
    const csv = await as("factory", "GET", "/api/suppliers/export.csv");
    expect(csv.body).not.toContain("THEIRS-1");
    expect((await as("factory", "GET", `/api/suppliers/${theirs.supplier}`)).statusCode).toBe(404);
    expect((await as("factory", "PUT", `/api/suppliers/${theirs.supplier}`, body("THEIRS-1"))).statusCode).toBe(404);
    expect((await as("factory", "DELETE", `/api/suppliers/${theirs.supplier}`)).statusCode).toBe(404);
    const [kept] = await t.db.select().from(schema.suppliers).where(eq(schema.suppliers.id, theirs.supplier));
    expect(kept).toMatchObject({ code: "THEIRS-1", name: "Their own mill" });

    // Nor can it make a supplier in that facility, or sell that facility's fabric.
    const [otherFactory] = await t.db
      .select()
      .from(schema.factories)
      .where(eq(schema.factories.name, "Other Supplier Town Factory"));
    const elsewhere = await as(
      "factory",
      "POST",
      "/api/suppliers",
      body("FAC-ELSEWHERE", { factoryId: otherFactory?.factoryId }),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(elsewhere.json().fields).toHaveProperty("factoryId");
    const foreignFabric = await as(
      "factory",
      "POST",
      "/api/suppliers",
      body("FAC-FOREIGN", { materials: [{ materialKind: "fabric", materialId: theirs.fabric, priceCents: 1 }] }),
    );
    expect(foreignFabric.statusCode, foreignFabric.body).toBe(400);
    expect(foreignFabric.json().fields).toHaveProperty(["materials.0.materialId"]);
    const made = await t.db.select().from(schema.suppliers).where(sql`${schema.suppliers.code} like 'FAC-%'`);
    expect(made.map((r) => r.code)).toEqual(["FAC-OWN"]);

    // The internal admin sees both facilities' suppliers.
    expect(codesOf(await as("admin", "GET", "/api/suppliers?size=500"))).toEqual(
      expect.arrayContaining(["FAC-OWN", "THEIRS-1"]),
    );
  });

  test("client users and designers have no Supplier Details, as before", async () => {
    for (const who of ["client", "client2", "designer"] as const) {
      expect((await as(who, "GET", "/api/suppliers")).statusCode, who).toBe(403);
      expect((await as(who, "GET", `/api/suppliers/${theirs.supplier}`)).statusCode, who).toBe(403);
      expect((await as(who, "POST", "/api/suppliers", body(`NO-${who}`))).statusCode, who).toBe(403);
      const profile = await as(who, "GET", `/api/userdata?username=${who}`);
      expect(profile.statusCode, profile.body).toBe(200);
      expect(JSON.stringify(profile.json()), who).not.toContain('"routeName":"supplierDetails"');
    }
  });
});
