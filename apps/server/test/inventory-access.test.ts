import type { TPoDetail, TStockItem, TSupplierDetail } from "@hub/contracts";
import { defaultMarksWhere, schema, seedReferenceData } from "@hub/db";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, DEMO_USERS, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * The access matrix of inventory (issue 10): every new route against every demo user type, and
 * facility scoping: the factory user sees and touches only its own facility's stock, suppliers
 * and purchase orders; another facility's rows answer 404 (or a 400 on the field naming them).
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser | null, method: Method, url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    ...(who ? { token: tokens[who] } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const own = { factoryId: 0, fabric: 0, part: 0, supplier: 0, deletable: {} as Record<string, number> };
const other = { factoryId: 0, fabric: 0, supplier: 0, po: 0 };
/** Per user: a PO to edit, one to receive, one partly received to close, one to cancel. */
const pos: Record<string, { edit: TPoDetail; receive: TPoDetail; close: TPoDetail; cancel: TPoDetail }> = {};

const poBody = (supplierId: number, materialId: number, kind: "fabric" | "part" = "fabric", factoryId?: number) => ({
  supplierId,
  factoryId: factoryId ?? own.factoryId,
  lines: [{ materialKind: kind, materialId, quantity: "10", unitCostCents: 100 }],
});
const newPo = async (body: unknown) => {
  const res = await call("admin", "POST", "/api/purchaseOrders", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPoDetail>();
};
const supplierBody = (code: string, factoryId: number) => ({ code, name: `Supplier ${code}`, factoryId });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  own.factoryId = factory?.factoryId ?? 0;
  const [otherMill] = await t.db.insert(schema.factories).values({ name: "Inventory Other Mill" }).returning();
  other.factoryId = otherMill?.factoryId ?? 0;
  const fabric = async (factoryId: number, code: string) =>
    (await t.db.insert(schema.fabrics).values({ factoryId, fabricCode: code, fabricName: code }).returning())[0]?.id ??
    0;
  own.fabric = await fabric(own.factoryId, "ACC-OWN");
  other.fabric = await fabric(other.factoryId, "ACC-OTHER");
  own.part =
    (
      await t.db
        .insert(schema.parts)
        .values({ factoryId: own.factoryId, partCode: "ACC-PART", name: "Access part" })
        .returning()
    )[0]?.id ?? 0;
  const sup = async (code: string, factoryId: number) => {
    const res = await call("admin", "POST", "/api/suppliers", supplierBody(code, factoryId));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TSupplierDetail>().id;
  };
  own.supplier = await sup("ACC-OWN", own.factoryId);
  for (const u of DEMO_USERS) own.deletable[u] = await sup(`ACC-DEL-${u}`, own.factoryId);
  other.supplier = await sup("ACC-OTHER", other.factoryId);
  other.po = (await newPo(poBody(other.supplier, other.fabric, "fabric", other.factoryId))).id;
  for (const u of DEMO_USERS) {
    const close = await newPo(poBody(own.supplier, own.fabric));
    const r = await call("admin", "POST", `/api/purchaseOrders/${close.id}/receive`, {
      lines: [{ lineId: close.lines[0]?.id, receivedAmt: "1" }],
    });
    expect(r.statusCode, r.body).toBe(200);
    pos[u] = {
      edit: await newPo(poBody(own.supplier, own.fabric)),
      receive: await newPo(poBody(own.supplier, own.part, "part")),
      close,
      cancel: await newPo(poBody(own.supplier, own.fabric)),
    };
  }
});
afterAll(async () => {
  await t?.close();
});

type Row = { method: Method; url: (u: DemoUser) => string; body?: (u: DemoUser) => unknown; ok: number; area: Area };
type Area = "stock" | "onOrder" | "suppliers" | "snapshot";

const ROUTES: Row[] = [
  { area: "snapshot", method: "GET", url: () => "/api/inventory/snapshot?date=2026-01-31", ok: 200 },
  { area: "snapshot", method: "GET", url: () => "/api/inventory/snapshot/export.csv?date=2026-01-31", ok: 200 },
  { area: "stock", method: "GET", url: () => "/api/inventory", ok: 200 },
  { area: "stock", method: "GET", url: () => "/api/inventory/export.csv", ok: 200 },
  { area: "stock", method: "GET", url: () => `/api/inventory/fabric/${own.fabric}`, ok: 200 },
  {
    area: "stock",
    method: "PUT",
    url: () => `/api/inventory/part/${own.part}/settings`,
    body: () => ({ threshold: "3", thresholdByCnt: true }),
    ok: 200,
  },
  {
    area: "stock",
    method: "POST",
    url: () => "/api/inventory/adjustments",
    body: () => ({ materialKind: "part", materialId: own.part, change: "1", reason: "Found a box" }),
    ok: 201,
  },
  {
    area: "stock",
    method: "POST",
    url: () => "/api/inventory/returns",
    body: () => ({ materialKind: "part", materialId: own.part, quantity: "1", reason: "Wrong colour" }),
    ok: 201,
  },
  { area: "suppliers", method: "GET", url: () => "/api/suppliers", ok: 200 },
  { area: "suppliers", method: "GET", url: () => "/api/suppliers/export.csv", ok: 200 },
  { area: "suppliers", method: "GET", url: () => `/api/suppliers/${own.supplier}`, ok: 200 },
  {
    area: "suppliers",
    method: "POST",
    url: () => "/api/suppliers",
    body: (u) => supplierBody(`NEW-${u}`, own.factoryId),
    ok: 201,
  },
  {
    area: "suppliers",
    method: "PUT",
    url: () => `/api/suppliers/${own.supplier}`,
    body: () => supplierBody("ACC-OWN", own.factoryId),
    ok: 200,
  },
  { area: "suppliers", method: "DELETE", url: (u) => `/api/suppliers/${own.deletable[u]}`, ok: 204 },
  { area: "onOrder", method: "GET", url: () => "/api/purchaseOrders/suppliers/lookup", ok: 200 },
  { area: "onOrder", method: "GET", url: () => "/api/purchaseOrders", ok: 200 },
  { area: "onOrder", method: "GET", url: () => "/api/purchaseOrders/export.csv", ok: 200 },
  { area: "onOrder", method: "GET", url: (u) => `/api/purchaseOrders/${pos[u]?.edit.id}`, ok: 200 },
  {
    area: "onOrder",
    method: "POST",
    url: () => "/api/purchaseOrders",
    body: () => poBody(own.supplier, own.fabric),
    ok: 201,
  },
  {
    area: "onOrder",
    method: "PUT",
    url: (u) => `/api/purchaseOrders/${pos[u]?.edit.id}`,
    body: () => poBody(own.supplier, own.part, "part"),
    ok: 200,
  },
  {
    area: "onOrder",
    method: "POST",
    url: (u) => `/api/purchaseOrders/${pos[u]?.receive.id}/receive`,
    body: (u) => ({ lines: [{ lineId: pos[u]?.receive.lines[0]?.id, receivedAmt: "2.5" }] }),
    ok: 200,
  },
  {
    area: "onOrder",
    method: "POST",
    url: (u) => `/api/purchaseOrders/${pos[u]?.close.id}/close`,
    body: () => ({}),
    ok: 200,
  },
  {
    area: "onOrder",
    method: "POST",
    url: (u) => `/api/purchaseOrders/${pos[u]?.cancel.id}/cancel`,
    body: () => ({ reason: "Matrix" }),
    ok: 200,
  },
];

/** Who may reach each area: the nav cards (a facility user who raises purchase orders opens Supplier Details too). */
const ALLOWED: Record<Area, DemoUser[]> = {
  stock: ["admin", "factory"],
  onOrder: ["admin", "factory"],
  suppliers: ["admin", "factory"],
  snapshot: ["admin", "factory"],
};

describe("access matrix", () => {
  test("every inventory route is in the matrix", async () => {
    const { registeredRoutesOf } = await import("../src/platform/access");
    const mine = registeredRoutesOf(t.app)
      .filter((r) => /^\/api\/(inventory|suppliers|purchaseOrders)/.test(r.url) && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(mine).size).toBe(ROUTES.length);
  });

  for (const r of ROUTES) {
    test(`${r.method} ${r.url("admin" as DemoUser).replace(/\d+/g, ":id")}`, async () => {
      const signedOut = await call(null, r.method, r.url("admin"), r.body?.("admin"));
      expect(signedOut.statusCode).toBe(401);
      for (const u of DEMO_USERS) {
        const res = await call(u, r.method, r.url(u), r.body?.(u));
        const want = ALLOWED[r.area].includes(u) ? r.ok : 403;
        expect(res.statusCode, `${u}: ${res.body}`).toBe(want);
      }
    });
  }
});

describe("card grants", () => {
  test("an installation seeded before the facility type had Supplier Details gets it at start, once, and an admin's removal stays", async () => {
    const g = schema.cardGrants;
    const [factoryType] = await t.db.select().from(schema.userTypes).where(eq(schema.userTypes.name, "factory"));
    const typeId = factoryType?.id ?? 0;
    const grants = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(g)
          .where(and(eq(g.routeName, "supplierDetails"), eq(g.typeId, typeId)))
      )[0]?.n ?? 0;
    expect(await grants()).toBe(1);
    // As an older installation has it (from before the seed's bookkeeping of the defaults it gave,
    // seed/card-defaults.ts): the facility type raises purchase orders without Supplier Details.
    await t.db.delete(schema.cards).where(defaultMarksWhere);
    await t.db.delete(g).where(and(eq(g.routeName, "supplierDetails"), eq(g.typeId, typeId)));
    expect((await call("factory", "GET", "/api/suppliers")).statusCode).toBe(403);
    expect((await call("factory", "GET", "/api/purchaseOrders")).statusCode).toBe(200);
    await seedReferenceData(t.db);
    await seedReferenceData(t.db);
    expect(await grants()).toBe(1);
    expect((await call("factory", "GET", "/api/suppliers")).statusCode).toBe(200);
    expect((await call("factory", "GET", `/api/suppliers/${own.supplier}`)).statusCode).toBe(200);
    // Another facility's supplier stays out of reach.
    expect((await call("factory", "GET", `/api/suppliers/${other.supplier}`)).statusCode).toBe(404);
    // Given once: an admin who takes it from the type later is not overruled by the next start.
    await t.db.delete(g).where(and(eq(g.routeName, "supplierDetails"), eq(g.typeId, typeId)));
    await seedReferenceData(t.db);
    expect(await grants()).toBe(0);
    expect((await call("factory", "GET", "/api/suppliers")).statusCode).toBe(403);
    await t.db.insert(g).values({ routeName: "supplierDetails", typeId });
  });
});

describe("facility scoping", () => {
  test("the factory user's stock list holds only its facility's materials; the admin's holds both", async () => {
    const mine = await call("factory", "GET", "/api/inventory?searchString=ACC-&size=500");
    const codes = mine.json<{ items: TStockItem[] }>().items.map((i) => i.code);
    expect(codes).toContain("ACC-OWN");
    expect(codes).not.toContain("ACC-OTHER");
    const all = await call("admin", "GET", "/api/inventory?searchString=ACC-&size=500");
    expect(all.json<{ items: TStockItem[] }>().items.map((i) => i.code)).toEqual(
      expect.arrayContaining(["ACC-OWN", "ACC-OTHER"]),
    );
    const csv = await call("factory", "GET", "/api/inventory/export.csv?searchString=ACC-");
    expect(csv.body).not.toContain("ACC-OTHER");
  });

  test("another facility's item, purchase order and supplier answer 404 to the factory user", async () => {
    for (const [method, url, body] of [
      ["GET", `/api/inventory/fabric/${other.fabric}`, undefined],
      ["PUT", `/api/inventory/fabric/${other.fabric}/settings`, { threshold: "1", thresholdByCnt: false }],
      ["GET", `/api/purchaseOrders/${other.po}`, undefined],
      ["PUT", `/api/purchaseOrders/${other.po}`, poBody(own.supplier, own.fabric)],
      ["POST", `/api/purchaseOrders/${other.po}/receive`, { lines: [{ lineId: 1, receivedAmt: "1" }] }],
      ["POST", `/api/purchaseOrders/${other.po}/close`, {}],
      ["POST", `/api/purchaseOrders/${other.po}/cancel`, {}],
    ] as const) {
      const res = await call("factory", method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().error).toBe("NOT_FOUND");
    }
    expect((await call("admin", "GET", `/api/inventory/fabric/${other.fabric}`)).statusCode).toBe(200);
    expect((await call("admin", "GET", `/api/purchaseOrders/${other.po}`)).statusCode).toBe(200);
  });

  test("lists and pickers leave the other facility out", async () => {
    const orders = await call("factory", "GET", "/api/purchaseOrders?size=500");
    expect(orders.json().items.map((o: { id: number }) => o.id)).not.toContain(other.po);
    const lookup = await call("factory", "GET", "/api/purchaseOrders/suppliers/lookup?searchString=ACC");
    expect(lookup.json().map((s: { id: number }) => s.id)).not.toContain(other.supplier);
    expect(lookup.json().map((s: { id: number }) => s.id)).toContain(own.supplier);
  });

  test("naming another facility's material, supplier or facility in a body is a 400 on that field", async () => {
    const adj = await call("factory", "POST", "/api/inventory/adjustments", {
      materialKind: "fabric",
      materialId: other.fabric,
      change: "1",
      reason: "Not mine",
    });
    expect(adj.statusCode).toBe(400);
    expect(adj.json().fields).toHaveProperty("materialId");
    const viaSupplier = await call("factory", "POST", "/api/purchaseOrders", poBody(other.supplier, own.fabric));
    expect(viaSupplier.statusCode).toBe(400);
    expect(viaSupplier.json().fields).toHaveProperty("supplierId");
    const viaLine = await call("factory", "POST", "/api/purchaseOrders", poBody(own.supplier, other.fabric));
    expect(viaLine.statusCode).toBe(400);
    expect(viaLine.json().fields).toHaveProperty(["lines.0.materialId"]);
    const viaFactory = await call(
      "factory",
      "POST",
      "/api/purchaseOrders",
      poBody(own.supplier, own.fabric, "fabric", other.factoryId),
    );
    expect(viaFactory.statusCode).toBe(400);
    expect(viaFactory.json().fields).toHaveProperty("factoryId");
  });
});
