import type { TSupplier, TSupplierDetail } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
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
