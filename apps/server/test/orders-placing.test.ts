import { ORDER_COUNT_CAP, ORDER_MESSAGES, ORDER_SEARCH_COUNT_CAP, type TOrder, type TQuote } from "@hub/contracts";
import { schema } from "@hub/db";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listOrders } from "../src/modules/orders/list.service";
import { facilityView } from "../src/modules/orders/scope";
import { commonShare, readOrdersStats } from "../src/modules/orders/search-plan";
import { newKey, type OrderFixture, orderFixture, SHIP_TO, shipPieces } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Placing orders (issue 10): live pricing with tiers per style and upcharges, coupons, frozen
 * prices, Idempotency-Key and web orders, bad input (400 naming the field, nothing written),
 * transitions (409 naming the state), refunds capped, comments, issues, history, item edits.
 */

let t: TestApp;
let f: OrderFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
});
afterAll(async () => {
  await t?.close();
});

const orderCount = async () => (await t.db.select({ n: count() }).from(schema.orders))[0]?.n ?? 0;
const line = (attributeIds: number[], quantity: number, styleId = f.ids.tee) => ({ styleId, attributeIds, quantity });

const coupon = async (body: Record<string, unknown>) => {
  const res = await f.call("factory", "POST", "/api/coupons", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};

describe("quote and place", () => {
  test("tiers by the order's total per style, upcharges, SKU lines, problems by index", async () => {
    const res = await f.call("client", "POST", "/api/orders/quote", {
      lines: [
        line([f.ids.m, f.ids.black], 6),
        line([f.ids.xl, f.ids.white], 4),
        { sku: "OT-OWH-OS", quantity: 2 },
        { sku: "ZZ-NOPE", quantity: 1 },
        line([f.ids.m], 1, f.ids.bluebirdOnly),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<TQuote>();
    // 12 tees in all: the 10-piece tier (1300) for every line of the style.
    expect(q.lines.map((l) => [l.index, l.unitPriceCents, l.upchargeCents, l.lineTotalCents])).toEqual([
      [0, 1300, 50, 1350 * 6],
      [1, 1300, 200, 1500 * 4],
      [2, 1300, 0, 1300 * 2],
    ]);
    expect(q.lines[0]?.sku).toBe("ORD-TEE-OM-OBK");
    expect(q.subtotalCents).toBe(8100 + 6000 + 2600);
    expect(q.problems.map((x) => [x.index, x.field])).toEqual([
      [3, "sku"],
      [4, "styleId"],
    ]);
    expect(q.problems[1]?.message).toMatch(/not offered/);
  });

  test("placing freezes prices; a later tier change does not move them; the history says placed", async () => {
    const res = await f.place("client", {
      shipTo: SHIP_TO,
      poNumber: "PO-FROZEN",
      lines: [line([f.ids.s, f.ids.white], 50)],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<TOrder>();
    expect(order).toMatchObject({
      status: "placed",
      paymentState: "unpaid",
      subtotalCents: 57_500,
      totalCents: 57_500,
    });
    expect(order.orderNumber).toMatch(/^SO-\d{6}$/);
    expect(order.shipTo.country).toBe("US");
    const comp = await f.call("factory", "GET", `/api/library/styles/${f.ids.tee}/composition`);
    expect(comp.statusCode).toBe(200);
    await t.db
      .update(schema.stylePriceTiers)
      .set({ unitPriceCents: 999 })
      .where(eq(schema.stylePriceTiers.styleId, f.ids.tee));
    const again = (await f.call("client", "GET", `/api/orders/${order.id}`)).json<TOrder>();
    expect(again.items[0]).toMatchObject({ unitPriceCents: 1150, lineTotalCents: 57_500, status: "open" });
    await t.db
      .update(schema.stylePriceTiers)
      .set({ unitPriceCents: 1150 })
      .where(eq(schema.stylePriceTiers.minQuantity, 50));
    await t.db
      .update(schema.stylePriceTiers)
      .set({ unitPriceCents: 1300 })
      .where(eq(schema.stylePriceTiers.minQuantity, 10));
    const history = (await f.call("client", "GET", `/api/orders/${order.id}/history`)).json<{
      items: { toStatus: string }[];
    }>();
    expect(history.items.map((x) => x.toStatus)).toEqual(["placed"]);
  });

  test("coupons: percent (basis points, rounded down) and amount; invalid ones say why; the usage limit holds", async () => {
    await coupon({ code: "TENOFF", percentOffBp: 1000, active: true });
    await coupon({ code: "FIVE", amountOffCents: 500, usageLimit: 1, active: true });
    await coupon({ code: "OLD", amountOffCents: 100, validTo: "2020-01-01", active: true });
    await coupon({ code: "LATER", amountOffCents: 100, validFrom: "2999-01-01", active: true });
    await coupon({ code: "BBONLY", amountOffCents: 100, clientId: f.bluebird, active: true });
    const quote = async (code: string) =>
      (
        await f.call("client", "POST", "/api/orders/quote", {
          lines: [line([f.ids.m, f.ids.black], 3)],
          couponCode: code,
        })
      ).json<TQuote>();
    const ten = await quote("tenoff");
    expect(ten).toMatchObject({ subtotalCents: 4650, discountCents: 465, totalCents: 4185 });
    expect((await quote("NOPE")).coupon?.reason).toBe("There is no coupon with this code.");
    expect((await quote("OLD")).coupon?.reason).toBe("This coupon has expired.");
    expect((await quote("LATER")).coupon?.reason).toBe("This coupon is not valid yet.");
    expect((await quote("BBONLY")).coupon?.reason).toBe("This coupon is not for this client.");
    const first = await f.place("client", {
      shipTo: SHIP_TO,
      lines: [line([f.ids.m, f.ids.black], 3)],
      couponCode: "FIVE",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<TOrder>()).toMatchObject({ discountCents: 500, totalCents: 4150, couponCode: "FIVE" });
    const before = await orderCount();
    const second = await f.place("client", {
      shipTo: SHIP_TO,
      lines: [line([f.ids.m, f.ids.black], 3)],
      couponCode: "FIVE",
    });
    expect(second.statusCode).toBe(400);
    expect(second.json<{ fields: Record<string, string> }>().fields.couponCode).toBe("This coupon has been used up.");
    expect(await orderCount()).toBe(before);
  });

  test("bad input: a clear 400 naming the field, nothing written", async () => {
    const before = await orderCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ shipTo: SHIP_TO, lines: [] }, "lines"],
      [{ shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.black], 1e12)] }, "lines.0.quantity"],
      [{ shipTo: { ...SHIP_TO, name: "a\u0000b" }, lines: [line([f.ids.m, f.ids.black], 1)] }, "shipTo.name"],
      [{ shipTo: { ...SHIP_TO, country: "USA" }, lines: [line([f.ids.m, f.ids.black], 1)] }, "shipTo.country"],
      [{ lines: [line([f.ids.m, f.ids.black], 1)] }, "shipTo"],
      [
        { shipTo: SHIP_TO, requestedShipDate: "2020-01-01", lines: [line([f.ids.m, f.ids.black], 1)] },
        "requestedShipDate",
      ],
      [{ shipTo: SHIP_TO, lines: [line([f.ids.m], 1)] }, "lines.0.attributeIds"],
      [{ shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.black], 1), { sku: "XX", quantity: 1 }] }, "lines.1.sku"],
      [{ addressId: 2_000_000, lines: [line([f.ids.m, f.ids.black], 1)] }, "addressId"],
      [{ shipTo: SHIP_TO, poFileId: 99_999, lines: [line([f.ids.m, f.ids.black], 1)] }, "poFileId"],
      [{ shipTo: SHIP_TO, lines: [{ styleId: 1e15, quantity: 1 }] }, "lines.0.styleId"],
    ];
    for (const [body, field] of bad) {
      const res = await f.place("client", body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json<{ fields?: Record<string, string> }>().fields ?? {}), res.body).toContain(field);
    }
    const noKey = await f.call("client", "POST", "/api/orders", {
      shipTo: SHIP_TO,
      lines: [line([f.ids.m, f.ids.black], 1)],
    });
    expect(noKey.statusCode).toBe(400);
    const nulSearch = await f.call("client", "GET", "/api/orders?searchString=a%00b");
    expect(nulSearch.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });
});

describe("idempotency", () => {
  test("the same key twice: one order, 200 the second time; another body: 409; concurrent: one order", async () => {
    const key = newKey();
    const body = { shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.black], 2)] };
    const before = await orderCount();
    const a = await f.place("client", body, key);
    const b = await f.place("client", body, key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect(b.json<TOrder>().id).toBe(a.json<TOrder>().id);
    expect((await f.place("client", { ...body, notes: "other" }, key)).statusCode).toBe(409);
    const k2 = newKey();
    const both = await Promise.all([f.place("client", body, k2), f.place("client", body, k2)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => r.json<TOrder>().id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 2);
  });

  test("web orders: API key only; a repeat external id answers the first order; bad lines by index, nothing written", async () => {
    const created = await f.call("client", "POST", "/api/apiKeys", { mode: "test", name: "store" });
    expect(created.statusCode, created.body).toBe(201);
    const apiKey = created.json<{ key: string }>().key;
    const web = (body: Record<string, unknown>) =>
      t.request({ method: "POST", url: "/api/orders/web", payload: body, headers: { "x-api-key": apiKey } });
    const body = {
      externalOrderId: "SHOP-1001",
      shipTo: SHIP_TO,
      lines: [
        { sku: "OT-OBK-OM", quantity: 2 },
        { styleCode: "ord-tee", attributeCodes: ["OXL", "OWH"], quantity: 1 },
      ],
    };
    const first = await web(body);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json<TOrder>();
    expect(order).toMatchObject({ source: "web", externalOrderId: "SHOP-1001", clientId: f.northwind });
    expect(order.items.map((i) => i.sku)).toEqual(["OT-OBK-OM", "ORD-TEE-OXL-OWH"]);
    const again = await web(body);
    expect(again.statusCode).toBe(200);
    expect(again.json<TOrder>().id).toBe(order.id);
    const before = await orderCount();
    const bad = await web({
      ...body,
      externalOrderId: "SHOP-1002",
      lines: [
        { sku: "OT-OBK-OM", quantity: 1 },
        { sku: "OT-XXX-OM", quantity: 1 },
        { styleCode: "ORD-BB", attributeCodes: ["OM", "OBK"], quantity: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: Record<string, string> }>().fields).sort()).toEqual([
      "lines.1.sku",
      "lines.2.styleCode",
    ]);
    expect(await orderCount()).toBe(before);
    const byToken = await f.call("client", "POST", "/api/orders/web", body);
    expect(byToken.statusCode).toBe(403);
  });
});

describe("after placing", () => {
  test("completing: the factory's or an admin's (403 for the client), only once every line shipped or was cancelled (409)", async () => {
    const order = (
      await f.place("client", {
        shipTo: SHIP_TO,
        lines: [line([f.ids.m, f.ids.black], 2), line([f.ids.s, f.ids.white], 1)],
      })
    ).json<TOrder>();
    const complete = (who: "client" | "factory" | "admin", id = order.id) =>
      f.call(who, "POST", `/api/orders/${id}/complete`, {});
    const status = async () => (await f.call("admin", "GET", `/api/orders/${order.id}`)).json<TOrder>().status;
    // The client's own, just placed: it may cancel it, never complete it.
    const byClient = await complete("client");
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json<{ message: string }>().message).toBe(ORDER_MESSAGES.completeWho);
    const bulkByClient = await f.call("client", "POST", "/api/orders/bulk", { ids: [order.id], action: "complete" });
    expect(bulkByClient.statusCode).toBe(403);
    // Nothing has shipped: the factory and the admin wait.
    for (const who of ["factory", "admin"] as const) {
      const early = await complete(who);
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json<{ message: string }>().message).toBe(ORDER_MESSAGES.completeNotDone(order.orderNumber, 2));
    }
    // Line 1 ships in full, line 2 not at all: one line is still not done.
    await shipPieces(t, order.id, [2, 0]);
    expect(await status()).toBe("partially_shipped");
    const partly = await complete("factory");
    expect(partly.statusCode).toBe(409);
    expect(partly.json<{ message: string }>().message).toBe(ORDER_MESSAGES.completeNotDone(order.orderNumber, 1));
    const bulkPartly = await f.call("factory", "POST", "/api/orders/bulk", { ids: [order.id], action: "complete" });
    expect(bulkPartly.statusCode).toBe(409);
    expect(bulkPartly.json<{ fields: Record<string, string> }>().fields[order.orderNumber]).toBe(
      ORDER_MESSAGES.completeNotDone(order.orderNumber, 1),
    );
    expect(await status()).toBe("partially_shipped");
    await shipPieces(t, order.id);
    expect(await status()).toBe("shipped");
    expect((await complete("client")).statusCode).toBe(403);
    const done = await complete("factory");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<TOrder>()).toMatchObject({ status: "completed" });
    expect(done.json<TOrder>().items.map((i) => i.status)).toEqual(["completed", "completed"]);
  });

  test("transitions: complete then cancel is a 409 naming the state; history rows per order and line", async () => {
    const order = (
      await f.place("client", { shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.black], 2)] })
    ).json<TOrder>();
    await shipPieces(t, order.id);
    const done = await f.call("admin", "POST", `/api/orders/${order.id}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<TOrder>().items[0]?.status).toBe("completed");
    const cancel = await f.call("client", "POST", `/api/orders/${order.id}/cancel`, { reason: "too late" });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json<{ message: string }>().message).toBe(
      `Order ${order.orderNumber} is completed, so it cannot be cancelled.`,
    );
    const noReason = await f.call("client", "POST", `/api/orders/${order.id}/cancel`, { reason: "" });
    expect(noReason.statusCode).toBe(400);
    const history = (await f.call("client", "GET", `/api/orders/${order.id}/history`)).json<{
      items: { toStatus: string; lineNumber: number | null }[];
    }>();
    expect(history.items.map((x) => [x.toStatus, x.lineNumber])).toEqual([
      ["placed", null],
      ["in_production", 1],
      ["in_production", null],
      ["shipped", 1],
      ["shipped", null],
      ["completed", null],
      ["completed", 1],
    ]);
  });

  test("paid by the default method; refunds capped; cancel refunds what is left", async () => {
    const card = await f.call("client", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
    expect(card.statusCode, card.body).toBe(201);
    const order = (
      await f.place("client", { shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.white], 4)] })
    ).json<TOrder>();
    expect(order).toMatchObject({ paymentState: "paid", chargedCents: 6000 });
    expect(order.ledger.map((e) => [e.kind, e.amountCents, e.status])).toEqual([["charge", 6000, "succeeded"]]);
    const again = await f.call("client", "POST", `/api/orders/${order.id}/charge`);
    expect(again.json<TOrder>().ledger).toHaveLength(1);
    const tooMuch = await f.call("client", "POST", `/api/orders/${order.id}/refund`, { amountCents: 6001 });
    expect(tooMuch.statusCode).toBe(409);
    const refundKey = { "idempotency-key": "refund-damaged-1" };
    const part = await f.call(
      "client",
      "POST",
      `/api/orders/${order.id}/refund`,
      { amountCents: 1000, reason: "Two shirts arrived stained" },
      refundKey,
    );
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<TOrder>()).toMatchObject({ paymentState: "partially_refunded", refundedCents: 1000 });
    // A retry with the same key moves no money and writes no second history row.
    const retry = await f.call(
      "client",
      "POST",
      `/api/orders/${order.id}/refund`,
      { amountCents: 1000, reason: "Two shirts arrived stained" },
      refundKey,
    );
    expect(retry.json<TOrder>()).toMatchObject({ refundedCents: 1000 });
    const cancelled = await f.call("client", "POST", `/api/orders/${order.id}/cancel`, { reason: "changed our mind" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TOrder>()).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      refundedCents: 6000,
    });
    // Nothing is left to refund now: a retry of the earlier refund still answers it (200), a new one is refused.
    const late = await f.call(
      "client",
      "POST",
      `/api/orders/${order.id}/refund`,
      { amountCents: 1000, reason: "Two shirts arrived stained" },
      refundKey,
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json<TOrder>()).toMatchObject({ refundedCents: 6000, paymentState: "refunded" });
    const fresh = await f.call(
      "client",
      "POST",
      `/api/orders/${order.id}/refund`,
      { amountCents: 1 },
      {
        "idempotency-key": "refund-after-cancel",
      },
    );
    expect(fresh.statusCode).toBe(409);
    // The history says who refunded how much and why (the refund keeps the order's status).
    const history = (await f.call("client", "GET", `/api/orders/${order.id}/history`)).json<{
      items: {
        fromStatus: string | null;
        toStatus: string;
        reason: string | null;
        actor: string;
        lineNumber: number | null;
      }[];
    }>();
    const refunds = history.items.filter((x) => x.reason?.startsWith("Refunded"));
    expect(refunds.map((x) => [x.fromStatus, x.toStatus, x.reason])).toEqual([
      // Paid, so released to the floor: its units are queued and the order is in production.
      ["in_production", "in_production", "Refunded $10.00: Two shirts arrived stained"],
      ["cancelled", "cancelled", "Refunded $50.00: order cancelled: changed our mind"],
    ]);
    expect(refunds[0]?.actor).toBe(history.items[0]?.actor);
    // Leave Northwind without a default method for the other tests.
    await t.db.delete(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, f.northwind));
  });

  test("comments, issues (respond, resolve) and item edits repriced at the order's tier; refused once in production", async () => {
    const order = (
      await f.place("client", {
        shipTo: SHIP_TO,
        lines: [line([f.ids.m, f.ids.white], 8), line([f.ids.s, f.ids.white], 4)],
      })
    ).json<TOrder>();
    expect(order.items.map((i) => i.unitPriceCents)).toEqual([1300, 1300]);
    const c = await f.call("factory", "POST", `/api/orders/${order.id}/comments`, { body: "Fabric in tomorrow" });
    expect(c.statusCode, c.body).toBe(201);
    const comments = (await f.call("client", "GET", `/api/orders/${order.id}/comments`)).json<{
      items: { author: string }[];
    }>();
    expect(comments.items.map((x) => x.author)).toEqual(["factory"]);
    const item = order.items[1];
    const issue = await f.call("client", "POST", `/api/orders/${order.id}/issues`, {
      body: "Wrong size?",
      itemId: item?.id,
    });
    expect(issue.statusCode, issue.body).toBe(201);
    const issueId = issue.json<{ id: number }>().id;
    expect(
      (
        await f.call("factory", "POST", `/api/orders/${order.id}/issues/${issueId}/respond`, { response: "Checked" })
      ).json(),
    ).toMatchObject({ response: "Checked", respondedBy: "factory" });
    expect((await f.call("client", "POST", `/api/orders/${order.id}/issues/${issueId}/resolve`)).json()).toMatchObject({
      resolved: true,
    });
    // Down to 1 piece: the line keeps the order's tier (1300), the XL upcharge comes with the new option.
    const edit = await f.call("client", "PUT", `/api/orders/${order.id}/items/${item?.id}`, {
      attributeIds: [f.ids.xl, f.ids.white],
      quantity: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = edit.json<TOrder>();
    expect(edited.items[1]).toMatchObject({
      quantity: 1,
      unitPriceCents: 1300,
      upchargeCents: 200,
      lineTotalCents: 1500,
    });
    expect(edited.subtotalCents).toBe(8 * 1300 + 1500);
    const history = (await f.call("client", "GET", `/api/orders/${order.id}/history`)).json<{
      items: { reason: string | null }[];
    }>();
    expect(history.items.at(-1)?.reason).toMatch(/quantity 4 → 1/);
    await t.db
      .update(schema.orderItems)
      .set({ status: "in_production" })
      .where(eq(schema.orderItems.id, item?.id ?? 0));
    const refused = await f.call("client", "PUT", `/api/orders/${order.id}/items/${item?.id}`, { quantity: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe("Line 2 is in production, so it cannot change.");
  });

  test("bulk: all or nothing, with the refusals named", async () => {
    const a = (await f.place("client", { shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.white], 1)] })).json<TOrder>();
    const b = (await f.place("client", { shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.white], 1)] })).json<TOrder>();
    await f.call("client", "POST", `/api/orders/${b.id}/cancel`, { reason: "dup" });
    const refused = await f.call("factory", "POST", "/api/orders/bulk", { ids: [a.id, b.id], action: "complete" });
    expect(refused.statusCode).toBe(409);
    const fields = refused.json<{ fields: Record<string, string> }>().fields;
    expect(fields[b.orderNumber]).toMatch(/is cancelled/);
    expect(fields[a.orderNumber]).toMatch(/cannot be completed yet/);
    expect((await f.call("client", "GET", `/api/orders/${a.id}`)).json<TOrder>().status).toBe("placed");
    const ok = await f.call("client", "POST", "/api/orders/bulk", { ids: [a.id], action: "cancel", reason: "bulk" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await f.call("client", "POST", "/api/orders/bulk", { ids: [a.id], action: "cancel" })).statusCode).toBe(
      400,
    );
  });

  test("list: search over number, PO, SKU, style code and ship-to; filters; CSV of the whole filter", async () => {
    const order = (
      await f.place("client", {
        shipTo: { ...SHIP_TO, name: "Zelda Shipper" },
        poNumber: "PO-FINDME",
        lines: [{ sku: "OT-OWH-OXL", quantity: 1 }],
      })
    ).json<TOrder>();
    for (const q of ["findme", "zelda", "ot-owh-oxl", order.orderNumber.toLowerCase(), "northwind"]) {
      const page = (await f.call("client", "GET", `/api/orders?searchString=${encodeURIComponent(q)}`)).json<{
        items: { id: number }[];
      }>();
      expect(
        page.items.map((x) => x.id),
        q,
      ).toContain(order.id);
    }
    const web = (await f.call("client", "GET", "/api/orders?source=web&size=100")).json<{
      items: { source: string }[];
    }>();
    expect(web.items.every((x) => x.source === "web")).toBe(true);
    const sorted = await f.call(
      "client",
      "GET",
      "/api/orders?sort=totalCents,desc&status=placed&from=2020-01-01&to=2999-01-01",
    );
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect((await f.call("client", "GET", "/api/orders?sort=nope,asc")).statusCode).toBe(400);
    const csv = await f.call("client", "GET", "/api/orders/export.csv?searchString=findme");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\r\n")[1]).toContain("PO-FINDME");
  });

  test("search: every word starts a token (a code also from each '-'); odd characters are text, never a 500", async () => {
    const order = (
      await f.place("client", {
        shipTo: { ...SHIP_TO, name: "Quinn O'Hara" },
        poNumber: "PO-77X-ALPHA",
        lines: [{ sku: "OT-OWH-OXL", quantity: 1 }],
      })
    ).json<TOrder>();
    const ids = async (q: string) => {
      const res = await f.call("client", "GET", `/api/orders?searchString=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      return res.json<{ items: { id: number }[] }>().items.map((x) => x.id);
    };
    const digits = order.orderNumber.slice(3);
    for (const q of ["owh-oxl", "oxl", "77x-al", "alpha", "quinn o'h", "o'hara", digits, "  OT-OWH  ", "-oxl", "NORTH"])
      expect(await ids(q), q).toContain(order.id);
    for (const q of ["wh-oxl", "hara quinnx", "alphax"]) expect(await ids(q), q).not.toContain(order.id);
    for (const q of ["a\\b", "x:*|y", "'", "&!()", "-", "''''", "é", "a'b\\'c"]) await ids(q);
  });

  test("the count stops a thousand rows past the page, a search 250: more than that says totalCapped", async () => {
    const mine = (await f.call("client", "GET", "/api/orders?size=1")).json<{ items: { clientId: number }[] }>();
    const [c] = await t.db
      .select({ id: schema.clients.clientId, name: schema.clients.clientName, factoryId: schema.clients.factoryId })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, mine.items[0]?.clientId ?? 0));
    if (!c || c.factoryId === null) throw new Error("no client");
    await t.db.execute(sql`
      insert into orders (client_id, client_name, factory_id, source, po_number, ship_name, ship_line1, ship_city,
        ship_postal_code, ship_country, subtotal_cents, total_cents, placed_by, search_vector)
      select ${c.id}, ${c.name}, ${c.factoryId}, 'entry', 'PO-CAP-' || g, 'Cap Tester', '1 Road', 'Town', '1', 'US',
        100, 100, 'test', array_to_tsvector(array['po-cap-' || g, 'cap-' || g, g::text, 'cap', 'tester'])
      from generate_series(1, 1100) g`);
    // 300 older orders a search finds behind the 1,100 newer ones (none in the newest thousand).
    await t.db.execute(sql`
      insert into orders (client_id, client_name, factory_id, source, po_number, ship_name, ship_line1, ship_city,
        ship_postal_code, ship_country, subtotal_cents, total_cents, placed_by, placed_at, search_vector)
      select ${c.id}, ${c.name}, ${c.factoryId}, 'entry', 'PO-OLD-' || g, 'Old Tester', '1 Road', 'Town', '1', 'US',
        100, 100, 'test', now() - interval '400 days' + g * interval '1 minute', array_to_tsvector(array['po-old-' || g, 'old', 'tester'])
      from generate_series(1, 300) g`);
    const page = async (query: string) => {
      const res = await f.call("client", "GET", `/api/orders?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: unknown[]; total: number; totalCapped: boolean }>();
    };
    // The list without a search counts ORDER_COUNT_CAP past the page's start.
    expect(await page("size=25")).toMatchObject({ total: ORDER_COUNT_CAP, totalCapped: true });
    // A search ORDER_SEARCH_COUNT_CAP (every sort: some read a window of the sort's index, some the search's index).
    for (const sort of ["placedAt,desc", "orderNumber,asc", "totalCents,desc", "clientName,asc", "poNumber,asc"]) {
      const first = await page(`searchString=cap%20tester&sort=${sort}`);
      expect(first, sort).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
      expect(first.items, sort).toHaveLength(25);
    }
    // Further in, the count reaches the end: page 40 counts up to 1,000 + 250, so all 1,100.
    const last = await page("searchString=cap%20tester&page=43&size=25");
    expect(last).toMatchObject({ total: 1100, totalCapped: false });
    expect(last.items).toHaveLength(25);
    const middle = await page("searchString=cap%20tester&page=20&size=25&sort=poNumber,asc");
    expect(middle).toMatchObject({ total: 750, totalCapped: true });
    // Past the last match: no rows, and still the count.
    expect(await page("searchString=cap%20tester&page=50&size=25")).toMatchObject({ items: [], total: 1100 });
    expect(await page("searchString=po-cap-1099")).toMatchObject({ total: 1, totalCapped: false });
    // A broad search whose matches are all behind the newest orders: the newest of them first.
    const old = await page("searchString=old%20tester&sort=placedAt,desc&size=25&page=1");
    expect(old).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP + 25, totalCapped: true });
    expect(old.items.map((x) => (x as { poNumber: string }).poNumber)).toEqual(
      Array.from({ length: 25 }, (_, i) => `PO-OLD-${275 - i}`),
    );
    // The same for the factory, through the plan a million orders take: the first window matched
    // nothing, a sample of the table (here all of it) says the search is common, so the widest
    // window holds the page and the table's share picks the count's plan.
    const sampled = await listOrders(
      t.db,
      facilityView(c.factoryId),
      { searchString: "old tester", sort: "placedAt,desc", page: 1, size: 25 },
      { fromRows: 0, percent: 100, commonHits: 3 },
    );
    expect(sampled).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP + 25, totalCapped: true });
    expect(sampled.items.map((x) => x.poNumber)).toEqual(Array.from({ length: 25 }, (_, i) => `PO-OLD-${275 - i}`));
    // The sample answers a share of what the caller sees, and nothing for a caller who sees less
    // than a quarter of the orders (a wider window of theirs walks past everyone else's).
    const whole = { fromRows: 0, percent: 100, commonHits: 3 };
    const oldTester = sql`${schema.orders.searchVector} @@ $$'old':* & 'tester':*$$::tsquery`;
    const anyStats = { rows: 1 };
    const testers = sql`${schema.orders.poNumber} like 'PO-%'`;
    expect(await commonShare(t.db, anyStats, oldTester, testers, whole)).toBeCloseTo(300 / 1400, 2);
    const fewOrders = sql`${schema.orders.poNumber} like 'PO-OLD-%'`;
    expect(await commonShare(t.db, anyStats, oldTester, fewOrders, whole)).toBeUndefined();
    // A narrow search answers its page and its whole count, in every sort and on a later page.
    for (const sort of ["placedAt,desc", "poNumber,asc"]) {
      const narrow = await page(`searchString=cap-109&size=5&page=1&sort=${sort}`);
      // cap-109 and cap-1090 to cap-1099: prefix matches.
      expect(narrow, sort).toMatchObject({ total: 11, totalCapped: false });
      expect(narrow.items, sort).toHaveLength(5);
    }
    // With a status, once the planner's statistics hold the table's size (the count's plan weighs
    // it): each sort's window walks that status's own index, and so may the count.
    await t.db.execute(sql`analyze orders`);
    const stats = await readOrdersStats(t.db);
    expect(stats.rows).toBeGreaterThanOrEqual(1400);
    for (const sort of ["placedAt,desc", "totalCents,desc", "orderNumber,asc", "clientName,asc"]) {
      const placed = await page(`searchString=cap%20tester&status=placed&sort=${sort}`);
      expect(placed, sort).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
      expect(new Set(placed.items.map((x) => (x as { status: string }).status)), sort).toEqual(new Set(["placed"]));
    }
    expect(await page("searchString=cap%20tester&status=completed")).toMatchObject({ items: [], total: 0 });
    await t.db.delete(schema.orders).where(eq(schema.orders.placedBy, "test"));
  });
});
