import type { TPoDetail, TStockItem, TStockItemDetail, TSupplierDetail } from "@hub/contracts";
import { schema } from "@hub/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Inventory (issue 10): the stock ledger and its sums, the weighted average cost over several
 * receipts, purchase orders received in parts, idempotent receipts, adjustments, the low-stock
 * filter, status transitions and bad input. Expected numbers are worked out by hand in comments.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let factoryId = 0;
const ids = { fabric: 0, part: 0, supplier: 0 };

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser, method: Method, url: string, payload?: unknown, headers?: Record<string, string>) =>
  t.request({
    method,
    url,
    token: tokens[who],
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(headers ? { headers } : {}),
  });

const ledgerRows = async () => Number((await t.db.select({ n: count() }).from(schema.stockLedger))[0]?.n ?? 0);
const fabricItem = async () =>
  (await call("factory", "GET", `/api/inventory/fabric/${ids.fabric}`)).json<TStockItemDetail>();

const createPo = async (lines: { kind: "fabric" | "part"; id: number; quantity: string; cost: number }[]) => {
  const res = await call("factory", "POST", "/api/purchaseOrders", {
    supplierId: ids.supplier,
    expectedDate: "2026-12-01",
    notes: "Test order",
    lines: lines.map((l) => ({
      materialKind: l.kind,
      materialId: l.id,
      quantity: l.quantity,
      unitCostCents: l.cost,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPoDetail>();
};
const receive = (po: TPoDetail, lines: [lineNo: number, amount: string][], key?: string) =>
  call(
    "factory",
    "POST",
    `/api/purchaseOrders/${po.id}/receive`,
    { lines: lines.map(([n, receivedAmt]) => ({ lineId: po.lines[n - 1]?.id, receivedAmt })) },
    key ? { "idempotency-key": key } : undefined,
  );

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  factoryId = factory?.factoryId ?? 0;
  const [fabric] = await t.db
    .insert(schema.fabrics)
    .values({ factoryId, fabricCode: "INV-JERSEY", fabricName: "Inventory Jersey", unit: "yd" })
    .returning();
  const [part] = await t.db
    .insert(schema.parts)
    .values({ factoryId, partCode: "INV-ZIP", name: "Inventory Zip", unit: "each" })
    .returning();
  ids.fabric = fabric?.id ?? 0;
  ids.part = part?.id ?? 0;
  const sup = await call("admin", "POST", "/api/suppliers", {
    code: "MILL-1",
    name: "Test Mill",
    currency: "USD",
    leadTimeDays: 14,
    materials: [{ materialKind: "fabric", materialId: ids.fabric, priceCents: 400, minOrderQty: "10" }],
    factoryId,
  });
  expect(sup.statusCode, sup.body).toBe(201);
  ids.supplier = sup.json<TSupplierDetail>().id;
});
afterAll(async () => {
  await t?.close();
});

describe("receipts, the ledger and the weighted average cost", () => {
  let po1: TPoDetail;

  test("a purchase order received in parts: partially received, then received", async () => {
    po1 = await createPo([
      { kind: "fabric", id: ids.fabric, quantity: "10.5", cost: 400 },
      { kind: "part", id: ids.part, quantity: "100", cost: 25 },
    ]);
    expect(po1.status).toBe("open");
    expect(po1.number).toMatch(/^PO-\d{6}$/);
    // 10.5 × 400 + 100 × 25 = 4,200 + 2,500
    expect(po1.totalCents).toBe(6700);

    const first = await receive(po1, [[1, "10.5"]]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().purchaseOrder.status).toBe("partially_received");

    const second = await receive(po1, [[2, "60"]]);
    expect(second.json().purchaseOrder.status).toBe("partially_received");
    expect(second.json().purchaseOrder.lines[1].receivedAmt).toBe("60.0000");
    expect(second.json().purchaseOrder.lines[1].outstanding).toBe("40.0000");
  });

  test("receiving more than is outstanding is refused and writes nothing", async () => {
    const before = await ledgerRows();
    const res = await receive(po1, [
      [1, "0.0001"],
      [2, "40"],
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty("lines.0.receivedAmt");
    const over = await receive(po1, [[2, "40.0001"]]);
    expect(over.statusCode).toBe(400);
    expect(over.json().fields["lines.0.receivedAmt"]).toBe("At most 40.0000");
    expect(await ledgerRows()).toBe(before);
    const po = (await call("factory", "GET", `/api/purchaseOrders/${po1.id}`)).json<TPoDetail>();
    expect(po.lines[1]?.receivedAmt).toBe("60.0000");
    expect(po.status).toBe("partially_received");
  });

  test("a receipt repeated with the same Idempotency-Key writes its ledger rows once", async () => {
    const before = await ledgerRows();
    const a = await receive(po1, [[2, "40"]], "receipt-key-1");
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().replayed).toBe(false);
    expect(a.json().purchaseOrder.status).toBe("received");
    const b = await receive(po1, [[2, "40"]], "receipt-key-1");
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().replayed).toBe(true);
    expect(b.json().receiptId).toBe(a.json().receiptId);
    expect(await ledgerRows()).toBe(before + 1);
    const part = (await call("factory", "GET", `/api/inventory/part/${ids.part}`)).json<TStockItemDetail>();
    expect(part.item.quantity).toBe("100.0000");
    expect(part.item.avgCostCents).toBe(25);
  });

  test("the average cost over several receipts at different prices, adjustments not moving it", async () => {
    // After PO 1: 10.5 yd at 400 ¢ (nothing before, so the receipt's cost): average 400.
    expect((await fabricItem()).item.avgCostCents).toBe(400);

    // 4.25 yd at 523 ¢: (10.5 × 400 + 4.25 × 523) / 14.75 = (4,200 + 2,222.75) / 14.75 = 435.44… → 435
    const po2 = await createPo([{ kind: "fabric", id: ids.fabric, quantity: "4.25", cost: 523 }]);
    expect((await receive(po2, [[1, "4.25"]])).json().purchaseOrder.status).toBe("received");
    let item = await fabricItem();
    expect(item.item.quantity).toBe("14.7500");
    expect(item.item.avgCostCents).toBe(435);

    // Waste of 2.75 yd: 12 yd left, the average stays 435.
    const waste = await call("factory", "POST", "/api/inventory/adjustments", {
      materialKind: "fabric",
      materialId: ids.fabric,
      change: "-2.75",
      reason: "Waste: end of roll stained",
    });
    expect(waste.statusCode, waste.body).toBe(201);
    expect(waste.json().entry.kind).toBe("adjustment");
    expect(waste.json().entry.reason).toBe("Waste: end of roll stained");
    expect(waste.json().item.quantity).toBe("12.0000");
    expect(waste.json().item.avgCostCents).toBe(435);

    // 8 of 10 yd at 610 ¢: (12 × 435 + 8 × 610) / 20 = (5,220 + 4,880) / 20 = 505 exactly.
    const po3 = await createPo([{ kind: "fabric", id: ids.fabric, quantity: "10", cost: 610 }]);
    const r3 = await receive(po3, [[1, "8"]]);
    expect(r3.json().purchaseOrder.status).toBe("partially_received");
    item = await fabricItem();
    expect(item.item.quantity).toBe("20.0000");
    expect(item.item.avgCostCents).toBe(505);
    expect(item.item.valueCents).toBe(10100);
    expect(
      item.costHistory.map((h) => [h.costBeforeCents, h.costAfterCents, h.quantityBefore, h.quantityAfter]),
    ).toEqual([
      [435, 505, "12.0000", "20.0000"],
      [400, 435, "10.5000", "14.7500"],
      [0, 400, "0.0000", "10.5000"],
    ]);

    // Closing cancels the rest (2 yd) and refuses further receipts.
    const closed = await call("factory", "POST", `/api/purchaseOrders/${po3.id}/close`, {
      reason: "Mill out of stock",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe("closed");
    expect(closed.json().lines[0].cancelledAmt).toBe("2.0000");
    expect(closed.json().lines[0].outstanding).toBe("0.0000");
    expect(closed.json().history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      "open",
      "partially_received",
      "closed",
    ]);
    const late = await receive(po3, [[1, "1"]]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain("is closed");
  });

  test("a count writes the difference; the quantity is the sum of the ledger; a correction is a new row", async () => {
    const count1 = await call("factory", "POST", "/api/inventory/adjustments", {
      materialKind: "fabric",
      materialId: ids.fabric,
      countedQuantity: "19.5",
      reason: "Roll counted",
    });
    expect(count1.statusCode, count1.body).toBe(201);
    expect(count1.json().entry.quantity).toBe("-0.5000");
    // 19.5 × 505 = 9,847.5 → 9,848 (half away from zero)
    expect(count1.json().item.valueCents).toBe(9848);

    // A mistaken adjustment, then its correction: two new rows, nothing edited.
    for (const change of ["5", "-5"]) {
      const res = await call("factory", "POST", "/api/inventory/adjustments", {
        materialKind: "fabric",
        materialId: ids.fabric,
        change,
        reason: change === "5" ? "Typed the wrong roll" : "Correction of the wrong roll",
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const same = await call("factory", "POST", "/api/inventory/adjustments", {
      materialKind: "fabric",
      materialId: ids.fabric,
      countedQuantity: "19.5",
      reason: "Counted again",
    });
    expect(same.statusCode).toBe(409);

    const item = await fabricItem();
    const rows = await t.db.select().from(schema.stockLedger).where(eq(schema.stockLedger.fabricId, ids.fabric));
    // receipts 10.5 + 4.25 + 8, adjustments −2.75, −0.5, +5, −5
    expect(rows.map((r) => r.quantity).sort()).toEqual(
      ["10.5000", "4.2500", "8.0000", "-2.7500", "-0.5000", "5.0000", "-5.0000"].sort(),
    );
    expect(item.item.quantity).toBe("19.5000");
    expect(item.ledger.total).toBe(7);
    expect(item.ledger.items[0]?.reason).toBe("Correction of the wrong roll");
    expect(item.ledger.items.find((e) => e.kind === "receipt")?.poNumber).toMatch(/^PO-/);
  });

  test("usage over 30 days counts consumption rows only", async () => {
    await t.db.insert(schema.stockLedger).values([
      { factoryId, fabricId: ids.fabric, kind: "consumption", quantity: "-1.5", actorName: "floor" },
      {
        factoryId,
        fabricId: ids.fabric,
        kind: "consumption",
        quantity: "-3",
        actorName: "floor",
        at: new Date(Date.now() - 40 * 86_400_000),
      },
    ]);
    const item = await fabricItem();
    expect(item.item.usage30d).toBe("1.5000");
    expect(item.item.quantity).toBe("15.0000");
  });
});

describe("returns to the supplier", () => {
  test("a return is a negative row with its reason; more than on hand, or another material's PO line, is refused", async () => {
    const before = await fabricItem();
    const line = before.ledger.items.find((e) => e.kind === "receipt")?.poLineId ?? null;
    const res = await call("factory", "POST", "/api/inventory/returns", {
      materialKind: "fabric",
      materialId: ids.fabric,
      quantity: "1.25",
      reason: "Shade off",
      poLineId: line,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().entry).toMatchObject({
      kind: "return",
      quantity: "-1.2500",
      reason: "Shade off",
      poLineId: line,
    });
    // 15 − 1.25; the average cost stays 505
    expect(res.json().item).toMatchObject({ quantity: "13.7500", avgCostCents: 505 });

    const rows = await ledgerRows();
    const tooMuch = await call("factory", "POST", "/api/inventory/returns", {
      materialKind: "fabric",
      materialId: ids.fabric,
      quantity: "13.7501",
      reason: "All of it",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.quantity).toBe("At most 13.7500");
    const wrongLine = await call("factory", "POST", "/api/inventory/returns", {
      materialKind: "part",
      materialId: ids.part,
      quantity: "1",
      reason: "Wrong line",
      poLineId: line,
    });
    expect(wrongLine.statusCode).toBe(400);
    expect(wrongLine.json().fields).toHaveProperty("poLineId");
    expect(await ledgerRows()).toBe(rows);
    // back to 15 for the tests below: a correction is a new row
    const undo = await call("factory", "POST", "/api/inventory/adjustments", {
      materialKind: "fabric",
      materialId: ids.fabric,
      change: "1.25",
      reason: "Return cancelled by the mill",
    });
    expect(undo.json().item.quantity).toBe("15.0000");
  });
});

describe("settings and the low-stock filter", () => {
  test("a threshold above the quantity marks the item low, and the filter finds it", async () => {
    const put = await call("factory", "PUT", `/api/inventory/fabric/${ids.fabric}/settings`, {
      threshold: "25",
      thresholdByCnt: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<TStockItem>().lowStock).toBe(true);
    const low = await call("factory", "GET", "/api/inventory?belowThreshold=true&size=500");
    const codes = low.json<{ items: TStockItem[] }>().items.map((i) => i.code);
    expect(codes).toContain("INV-JERSEY");
    expect(codes).not.toContain("INV-ZIP");
    const parts = await call("factory", "GET", "/api/inventory?materialKind=part&searchString=inv-zip");
    expect(parts.json().items).toHaveLength(1);
    expect(parts.json().items[0]).toMatchObject({ code: "INV-ZIP", quantity: "100.0000", lowStock: false });
    const sorted = await call("factory", "GET", "/api/inventory?sort=valueCents,desc&size=1");
    expect(sorted.statusCode, sorted.body).toBe(200);
    const csv = await call("factory", "GET", "/api/inventory/export.csv?belowThreshold=true");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("INV-JERSEY");
  });
});

describe("a material with stock history", () => {
  test("cannot be deleted from the library (409 naming why, its ledger kept), but can be archived", async () => {
    const before = await ledgerRows();
    expect(before).toBeGreaterThan(0);
    const del = await call("factory", "DELETE", `/api/library/fabrics/${ids.fabric}`);
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json<{ message: string }>().message).toMatch(
      /^This fabric has stock history \(\d+ movements in the stock ledger\)\. Archive it instead/,
    );
    const delPart = await call("factory", "DELETE", `/api/library/parts/${ids.part}`);
    expect(delPart.statusCode, delPart.body).toBe(409);
    expect(delPart.json<{ message: string }>().message).toContain("This part has stock history");
    expect(await ledgerRows()).toBe(before);
    const archived = await call("factory", "POST", `/api/library/fabrics/${ids.fabric}/archive`, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    const restored = await call("factory", "POST", `/api/library/fabrics/${ids.fabric}/archive`, { archived: false });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  test("a material only on a purchase order is refused naming the order; one on none deletes", async () => {
    const [fabric] = await t.db
      .insert(schema.fabrics)
      .values({ factoryId, fabricCode: "INV-ON-PO", fabricName: "Ordered only", unit: "yd" })
      .returning();
    const id = fabric?.id ?? 0;
    const po = await createPo([{ kind: "fabric", id, quantity: "5", cost: 300 }]);
    const del = await call("factory", "DELETE", `/api/library/fabrics/${id}`);
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json<{ message: string }>().message).toBe(
      `This fabric is on purchase order ${po.number}. Archive it instead.`,
    );
    const [loose] = await t.db
      .insert(schema.fabrics)
      .values({ factoryId, fabricCode: "INV-LOOSE", fabricName: "No stock", unit: "yd" })
      .returning();
    const gone = await call("factory", "DELETE", `/api/library/fabrics/${loose?.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
  });
});

describe("purchase order transitions", () => {
  test("cancel only while nothing was received; close only after something was; edits only while open", async () => {
    const po = await createPo([{ kind: "part", id: ids.part, quantity: "5", cost: 30 }]);
    const closeOpen = await call("factory", "POST", `/api/purchaseOrders/${po.id}/close`, {});
    expect(closeOpen.statusCode).toBe(409);
    expect(closeOpen.json()).toMatchObject({ error: "CONFLICT", fields: { status: "open" } });
    expect(closeOpen.json().message).toContain("is open");

    const edit = await call("factory", "PUT", `/api/purchaseOrders/${po.id}`, {
      supplierId: ids.supplier,
      number: `${po.number}-B`,
      lines: [{ materialKind: "part", materialId: ids.part, quantity: "6", unitCostCents: 31 }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().lines[0].quantity).toBe("6.0000");

    const cancelled = await call("factory", "POST", `/api/purchaseOrders/${po.id}/cancel`, { reason: "Not needed" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    for (const [method, url, body] of [
      ["POST", `/api/purchaseOrders/${po.id}/cancel`, {}],
      ["POST", `/api/purchaseOrders/${po.id}/close`, {}],
      [
        "POST",
        `/api/purchaseOrders/${po.id}/receive`,
        { lines: [{ lineId: edit.json().lines[0].id, receivedAmt: "1" }] },
      ],
      [
        "PUT",
        `/api/purchaseOrders/${po.id}`,
        {
          supplierId: ids.supplier,
          lines: [{ materialKind: "part", materialId: ids.part, quantity: "1", unitCostCents: 1 }],
        },
      ],
    ] as const) {
      const res = await call("factory", method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().message).toContain("is cancelled");
    }

    const received = await createPo([{ kind: "part", id: ids.part, quantity: "1", cost: 30 }]);
    await receive(received, [[1, "1"]]);
    const cancelReceived = await call("factory", "POST", `/api/purchaseOrders/${received.id}/cancel`, {});
    expect(cancelReceived.statusCode).toBe(409);
    expect(cancelReceived.json().message).toContain("is received");
  });

  test("two receipts racing for the same outstanding amount: one is written, the other refused", async () => {
    const po = await createPo([{ kind: "part", id: ids.part, quantity: "10", cost: 25 }]);
    const before = await ledgerRows();
    const results = await Promise.all([receive(po, [[1, "6"]]), receive(po, [[1, "6"]])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await ledgerRows()).toBe(before + 1);
    const after = (await call("factory", "GET", `/api/purchaseOrders/${po.id}`)).json<TPoDetail>();
    expect(after.lines[0]?.receivedAmt).toBe("6.0000");
    // close takes its reason as an optional body
    const closed = await t.request({
      method: "POST",
      url: `/api/purchaseOrders/${po.id}/close`,
      token: tokens.factory,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().lines[0].cancelledAmt).toBe("4.0000");
  });

  test("the list filters by status and exports CSV", async () => {
    const res = await call("factory", "GET", "/api/purchaseOrders?status=cancelled");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.json().items.every((o: { status: string }) => o.status === "cancelled")).toBe(true);
    const csv = await call("factory", "GET", "/api/purchaseOrders/export.csv?status=closed");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\r\n")[0]).toContain("Number");
    expect(csv.body).toContain("closed");
  });
});

describe("bad input is a 400 naming the field, and writes nothing", () => {
  const NUL = "bad\u0000text";
  const cases: [string, Method, () => string, unknown | (() => unknown), string][] = [
    [
      "no reason",
      "POST",
      () => "/api/inventory/adjustments",
      { materialKind: "fabric", materialId: 1, change: "1" },
      "reason",
    ],
    [
      "NUL in the reason",
      "POST",
      () => "/api/inventory/adjustments",
      { materialKind: "fabric", materialId: 1, change: "1", reason: NUL },
      "reason",
    ],
    [
      "a float-looking huge change",
      "POST",
      () => "/api/inventory/adjustments",
      { materialKind: "fabric", materialId: 1, change: "1e308", reason: "x" },
      "change",
    ],
    [
      "eleven digits",
      "POST",
      () => "/api/inventory/adjustments",
      { materialKind: "fabric", materialId: 1, change: "99999999999", reason: "x" },
      "change",
    ],
    [
      "a number for a quantity",
      "POST",
      () => "/api/inventory/adjustments",
      { materialKind: "fabric", materialId: 1, change: 1.5, reason: "x" },
      "change",
    ],
    [
      "change and count together",
      "POST",
      () => "/api/inventory/adjustments",
      { materialKind: "fabric", materialId: 1, change: "1", countedQuantity: "2", reason: "x" },
      "change",
    ],
    [
      "a huge material id",
      "POST",
      () => "/api/inventory/adjustments",
      { materialKind: "fabric", materialId: 1e20, change: "1", reason: "x" },
      "materialId",
    ],
    [
      "an unknown material",
      "POST",
      () => "/api/inventory/adjustments",
      { materialKind: "part", materialId: 2_000_000_000, change: "1", reason: "x" },
      "materialId",
    ],
    [
      "a negative threshold",
      "PUT",
      () => `/api/inventory/fabric/${ids.fabric}/settings`,
      { threshold: "-1", thresholdByCnt: false },
      "threshold",
    ],
    ["no lines", "POST", () => "/api/purchaseOrders", { supplierId: 1, lines: [] }, "lines"],
    [
      "a huge unit cost",
      "POST",
      () => "/api/purchaseOrders",
      () => ({
        supplierId: ids.supplier,
        lines: [{ materialKind: "part", materialId: ids.part, quantity: "1", unitCostCents: 1e20 }],
      }),
      "lines.0.unitCostCents",
    ],
    [
      "a line too large in total",
      "POST",
      () => "/api/purchaseOrders",
      () => ({
        supplierId: ids.supplier,
        lines: [{ materialKind: "part", materialId: ids.part, quantity: "999999999", unitCostCents: 100_000_000 }],
      }),
      "lines.0.quantity",
    ],
    [
      "NUL in the notes",
      "POST",
      () => "/api/purchaseOrders",
      () => ({
        supplierId: ids.supplier,
        notes: NUL,
        lines: [{ materialKind: "part", materialId: ids.part, quantity: "1", unitCostCents: 1 }],
      }),
      "notes",
    ],
    [
      "a bad date",
      "POST",
      () => "/api/purchaseOrders",
      () => ({
        supplierId: ids.supplier,
        expectedDate: "2026-02-31x",
        lines: [{ materialKind: "part", materialId: ids.part, quantity: "1", unitCostCents: 1 }],
      }),
      "expectedDate",
    ],
    [
      "an unknown supplier",
      "POST",
      () => "/api/purchaseOrders",
      () => ({
        supplierId: 2_000_000_000,
        lines: [{ materialKind: "part", materialId: ids.part, quantity: "1", unitCostCents: 1 }],
      }),
      "supplierId",
    ],
    [
      "a zero receipt",
      "POST",
      () => "/api/purchaseOrders/1/receive",
      { lines: [{ lineId: 1, receivedAmt: "0" }] },
      "lines.0.receivedAmt",
    ],
    ["a lower-case currency", "POST", () => "/api/suppliers", { code: "X1", name: "X", currency: "usd" }, "currency"],
    ["a huge lead time", "POST", () => "/api/suppliers", { code: "X1", name: "X", leadTimeDays: 1e12 }, "leadTimeDays"],
    ["NUL in a supplier name", "POST", () => "/api/suppliers", { code: "X1", name: NUL }, "name"],
    ["a bad email", "POST", () => "/api/suppliers", { code: "X1", name: "X", email: "nope" }, "email"],
    [
      "an unknown supplier material",
      "POST",
      () => "/api/suppliers",
      { code: "X1", name: "X", materials: [{ materialKind: "fabric", materialId: 2_000_000_000, priceCents: 1 }] },
      "materials.0.materialId",
    ],
  ];
  test.each(cases)("%s", async (_name, method, url, payload, field) => {
    const before = await ledgerRows();
    const [pos] = await t.db.select({ n: count() }).from(schema.purchaseOrders);
    const [sups] = await t.db.select({ n: count() }).from(schema.suppliers);
    const res = await call("admin", method, url(), typeof payload === "function" ? payload() : payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields, res.body).toHaveProperty([field]);
    expect(await ledgerRows()).toBe(before);
    expect((await t.db.select({ n: count() }).from(schema.purchaseOrders))[0]?.n).toBe(pos?.n);
    expect((await t.db.select({ n: count() }).from(schema.suppliers))[0]?.n).toBe(sups?.n);
  });

  test.each([
    ["/api/inventory?searchString=a%00b", "searchString"],
    ["/api/inventory?page=1e308", "page"],
    ["/api/inventory?size=100000", "size"],
    ["/api/inventory?sort=bogus,asc", "sort"],
    ["/api/inventory/fabric/99999999999", "id"],
    ["/api/inventory/cloth/1", "kind"],
    ["/api/purchaseOrders?status=lost", "status"],
    ["/api/suppliers?searchString=%00", "searchString"],
  ])("query %s", async (url, field) => {
    const res = await call("admin", "GET", url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty([field]);
  });
});

describe("stock counts from a file (Import Csv, resource stockCounts)", () => {
  const validate = (csv: string) =>
    t.request({
      method: "POST",
      url: "/api/library/import/validate?resource=stockCounts&fileName=counts.csv",
      token: tokens.admin,
      payload: csv,
      headers: { "content-type": "text/csv" },
    });
  const HEADER = "materialKind,code,countedQuantity,reason";

  test("bad rows are reported by line and column, and nothing is written", async () => {
    const before = await ledgerRows();
    const csv = `${HEADER}\r\ncloth,INV-JERSEY,1,\r\nfabric,NO-SUCH,1,\r\npart,INV-ZIP,1e9,\r\n`;
    const report = (await validate(csv)).json();
    expect(report.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toEqual([
      "2:materialKind",
      "2:code",
      "3:code",
      "4:countedQuantity",
    ]);
    expect(await ledgerRows()).toBe(before);
  });

  test("applying writes the difference from the ledger per counted material, with the reason and the actor", async () => {
    const fabricBefore = (await fabricItem()).item.quantity;
    const part = (await call("admin", "GET", `/api/inventory/part/${ids.part}`)).json<TStockItemDetail>().item.quantity;
    const csv = `${HEADER}\r\nfabric,inv-jersey,${fabricBefore},\r\npart,INV-ZIP,${Number(part) - 3},Year-end count\r\n`;
    const report = (await validate(csv)).json();
    expect(report.errors).toEqual([]);
    const before = await ledgerRows();
    const applied = await t.request({
      method: "POST",
      url: `/api/library/import/${report.importId}/apply`,
      token: tokens.admin,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    // the fabric's count matched: only the part gets a row
    expect(await ledgerRows()).toBe(before + 1);
    const detail = (await call("admin", "GET", `/api/inventory/part/${ids.part}`)).json<TStockItemDetail>();
    expect(detail.ledger.items[0]).toMatchObject({
      kind: "adjustment",
      quantity: "-3.0000",
      reason: "Year-end count",
      actorName: "admin",
    });
  });
});
