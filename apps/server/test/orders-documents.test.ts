import type { TChargeReport, TOrder } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, DEMO_USERS, type TestApp } from "./helpers/test-app";

/**
 * Order documents and the order charge report (issue 10): the packing slip and line labels are
 * PDFs (pages counted from the file's page objects), scoped like order details; the charge report
 * lists charges and refunds made through the orders API, with the filter's totals, scoped by client.
 */

let t: TestApp;
let f: OrderFixture;
let order: TOrder;

/** Pages of a PDF: its `/Type /Page` objects (not the `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

const line = (attributeIds: number[], quantity: number) => ({ styleId: f.ids.tee, attributeIds, quantity });

const placed = async (lines: ReturnType<typeof line>[], extra: Record<string, unknown> = {}) => {
  const res = await f.place("client", {
    shipTo: SHIP_TO,
    poNumber: "PO-DOCS",
    notes: "Fold, do not hang",
    lines,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TOrder>();
};

const pdf = async (who: Parameters<OrderFixture["call"]>[0], url: string) => {
  const res = await f.call(who, "GET", url);
  return { res, bytes: res.rawPayload, pages: pageCount(res.rawPayload) };
};

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  order = await placed([
    line([f.ids.m, f.ids.black], 12),
    line([f.ids.xl, f.ids.white], 3),
    line([f.ids.s, f.ids.white], 1),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("packing slip", () => {
  test("a PDF of one page, named after the order, for the client and the facility", async () => {
    for (const who of ["client", "factory", "admin"] as const) {
      const { res, bytes, pages } = await pdf(who, `/api/orders/${order.id}/packing-slip.pdf`);
      expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`inline; filename="packing-slip-${order.orderNumber}.pdf"`);
      expect(bytes.subarray(0, 4).toString()).toBe("%PDF");
      expect(pages).toBe(1);
    }
    const a4 = await pdf("client", `/api/orders/${order.id}/packing-slip.pdf?paper=a4`);
    expect(a4.res.statusCode).toBe(200);
    expect(a4.bytes.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.2/);
  });

  test("a long order paginates (header and page numbers on every page)", async () => {
    const long = await placed(
      Array.from({ length: 120 }, (_, i) => line([[f.ids.s, f.ids.m, f.ids.xl][i % 3] as number, f.ids.white], i + 1)),
    );
    expect(long.items).toHaveLength(120);
    const { res, pages } = await pdf("client", `/api/orders/${long.id}/packing-slip.pdf`);
    expect(res.statusCode).toBe(200);
    expect(pages).toBeGreaterThanOrEqual(3);
    const labels = await pdf("client", `/api/orders/${long.id}/labels.pdf?format=sheet`);
    expect(labels.pages).toBe(3); // 40 labels of 2 x 1 in on a Letter sheet
    const a4 = await pdf("client", `/api/orders/${long.id}/labels.pdf?format=sheet&paper=a4`);
    expect(a4.pages).toBe(4); // 33 on A4
  }, 60_000); // four PDFs of a 120-line order: seconds alone, more on a busy CI machine

  test("another client's order is a 404; an unknown order is a 404; no token is a 401", async () => {
    expect((await f.call("client2", "GET", `/api/orders/${order.id}/packing-slip.pdf`)).statusCode).toBe(404);
    expect((await f.call("client2", "GET", `/api/orders/${order.id}/labels.pdf`)).statusCode).toBe(404);
    expect((await f.call("client", "GET", "/api/orders/99999999/packing-slip.pdf")).statusCode).toBe(404);
    expect((await f.call(null, "GET", `/api/orders/${order.id}/packing-slip.pdf`)).statusCode).toBe(401);
    expect((await f.call("designer", "GET", `/api/orders/${order.id}/packing-slip.pdf`)).statusCode).toBe(403);
  });
});

describe("labels", () => {
  test("a sheet of 2 x 1 in labels, or one 4 x 6 in label per line, in Code128 or QR", async () => {
    const sheet = await pdf("client", `/api/orders/${order.id}/labels.pdf`);
    expect(sheet.res.statusCode).toBe(200);
    expect(sheet.res.headers["content-disposition"]).toBe(`inline; filename="labels-${order.orderNumber}-sheet.pdf"`);
    expect(sheet.pages).toBe(1);
    const single = await pdf("factory", `/api/orders/${order.id}/labels.pdf?format=single&symbology=qr`);
    expect(single.res.statusCode).toBe(200);
    expect(single.pages).toBe(3);
    expect(single.bytes.toString("latin1")).toMatch(/\/MediaBox \[0 0 288 432\]/);
    const code128 = await pdf("admin", `/api/orders/${order.id}/labels.pdf?format=single&symbology=code128`);
    expect(code128.pages).toBe(3);
  });

  test("a bad format or symbology is a 400 naming the field", async () => {
    const format = await f.call("client", "GET", `/api/orders/${order.id}/labels.pdf?format=roll`);
    expect(format.statusCode).toBe(400);
    expect(format.json<{ fields: Record<string, string> }>().fields).toHaveProperty("format");
    const symbology = await f.call("client", "GET", `/api/orders/${order.id}/labels.pdf?symbology=ean13`);
    expect(symbology.statusCode).toBe(400);
    expect(symbology.json<{ fields: Record<string, string> }>().fields).toHaveProperty("symbology");
  });
});

describe("order charge report", () => {
  test("charges and refunds made through the orders API, with totals; each client sees its own", async () => {
    const card = await f.call("client", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
    expect(card.statusCode, card.body).toBe(201);
    const paid = await placed([line([f.ids.m, f.ids.white], 4)]); // 4 x 1500 = 6000
    expect(paid).toMatchObject({ paymentState: "paid", chargedCents: 6000 });
    const refund = await f.call("client", "POST", `/api/orders/${paid.id}/refund`, { amountCents: 1500 });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.db.delete(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, f.northwind));

    const report = async (who: Parameters<OrderFixture["call"]>[0], query: string) => {
      const res = await f.call(who, "GET", `/api/orders/charges?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TChargeReport>();
    };
    const mine = await report("client", `searchString=${paid.orderNumber}&sort=createdAt,asc`);
    expect(mine.items.map((r) => [r.orderNumber, r.kind, r.amountCents, r.status, r.clientName])).toEqual([
      [paid.orderNumber, "charge", 6000, "succeeded", "Northwind Apparel"],
      [paid.orderNumber, "refund", 1500, "succeeded", "Northwind Apparel"],
    ]);
    expect(mine.items[0]?.orderId).toBe(paid.id);
    expect(mine.totals).toEqual({ chargedCents: 6000, refundedCents: 1500, netCents: 4500, count: 2 });

    const today = new Date().toISOString().slice(0, 10);
    const refunds = await report("admin", `clientId=${f.northwind}&kind=refund&from=${today}&to=${today}`);
    expect(refunds.items.every((r) => r.kind === "refund")).toBe(true);
    expect(refunds.totals.chargedCents).toBe(0);
    expect(refunds.totals.refundedCents).toBeGreaterThanOrEqual(1500);
    expect((await report("admin", "from=2000-01-01&to=2000-01-31")).total).toBe(0);
    const paged = await report("client", `searchString=${paid.orderNumber}&size=1&page=1&sort=createdAt,asc`);
    expect(paged.items.map((r) => r.kind)).toEqual(["refund"]);
    expect(paged.totals.netCents).toBe(4500); // the whole filter's totals, not the page's

    // Bluebird's user sees none of Northwind's money, even when it names Northwind.
    const other = await report("client2", `searchString=${paid.orderNumber}`);
    expect(other.total).toBe(0);
    expect((await report("client2", `clientId=${f.northwind}`)).total).toBe(0);

    const csv = await f.call(
      "client",
      "GET",
      `/api/orders/charges/export.csv?searchString=${paid.orderNumber}&sort=createdAt,asc`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const rows = csv.body.trim().split("\r\n");
    expect(rows[0]).toBe("date,orderNumber,client,kind,amountCents,status,provider,providerId,failureMessage");
    expect(rows.slice(1).map((r) => r.split(",").slice(1, 5))).toEqual([
      [paid.orderNumber, "Northwind Apparel", "charge", "6000"],
      [paid.orderNumber, "Northwind Apparel", "refund", "1500"],
    ]);
  });

  test("bad filters are a 400 naming the field; the card is needed", async () => {
    const kind = await f.call("admin", "GET", "/api/orders/charges?kind=payout");
    expect(kind.statusCode).toBe(400);
    expect(kind.json<{ fields: Record<string, string> }>().fields).toHaveProperty("kind");
    const range = await f.call("admin", "GET", "/api/orders/charges?from=2026-02-01&to=2026-01-01");
    expect(range.statusCode).toBe(400);
    expect(range.json<{ fields: Record<string, string> }>().fields).toHaveProperty("to");
    expect((await f.call("admin", "GET", "/api/orders/charges?sort=nope,asc")).statusCode).toBe(400);
    expect((await f.call("designer", "GET", "/api/orders/charges")).statusCode).toBe(403);
  });
});

describe("access matrix over the new routes (every demo user, both demo clients)", () => {
  test("documents: like order details; the charge report: its card, each client its own rows", async () => {
    const bluebird = await f.place("client2", { shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.white], 1)] });
    expect(bluebird.statusCode, bluebird.body).toBe(201);
    const bb = bluebird.json<TOrder>();
    const expected = {
      [order.id]: { admin: 200, client: 200, client2: 404, factory: 200, designer: 403 },
      [bb.id]: { admin: 200, client: 404, client2: 200, factory: 200, designer: 403 },
    };
    for (const o of [order, bb])
      for (const path of ["packing-slip.pdf", "labels.pdf", "labels.pdf?format=single&symbology=qr"]) {
        const url = `/api/orders/${o.id}/${path}`;
        for (const who of DEMO_USERS)
          expect((await f.call(who, "GET", url)).statusCode, `${who} ${url}`).toBe(expected[o.id]?.[who]);
        expect((await f.call(null, "GET", url)).statusCode).toBe(401);
      }
    const report = { admin: 200, client: 200, client2: 200, factory: 403, designer: 403 };
    for (const url of ["/api/orders/charges", "/api/orders/charges/export.csv"]) {
      for (const who of DEMO_USERS)
        expect((await f.call(who, "GET", url)).statusCode, `${who} ${url}`).toBe(report[who]);
      expect((await f.call(null, "GET", url)).statusCode).toBe(401);
    }
    const seen = async (who: "client" | "client2") =>
      new Set(
        (await f.call(who, "GET", "/api/orders/charges?size=500&from=2000-01-01"))
          .json<TChargeReport>()
          .items.map((r) => r.clientId),
      );
    expect([...(await seen("client"))].every((id) => id === f.northwind)).toBe(true);
    expect([...(await seen("client2"))].every((id) => id === f.bluebird)).toBe(true);
  });
});
