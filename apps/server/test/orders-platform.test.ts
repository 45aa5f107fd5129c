import type { TOrder } from "@hub/contracts";
import { PLATFORM_ORDER_MESSAGES } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { runPlatformPushes } from "../src/modules/orders/platform-order.service";
import { type OrderFixture, orderFixture, SHIP_TO, shipPieces } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { SHIPPING_CREDENTIALS, type StandIn, startPlatformStandIn } from "./stand-ins/platforms";

/**
 * Spec 7's "redo shipping-platform order" (issue 20): a client with a shipping platform saved has
 * each order sent there when it is first released, and again when it is cancelled or shipped; a
 * person sends it again with "Redo shipping-platform order". The platform keeps one copy per order
 * (createorder keyed by the order number), and every outcome is a row of the order's history.
 */

let t: TestApp;
let f: OrderFixture;
let platform: StandIn;

beforeAll(async () => {
  platform = await startPlatformStandIn();
  t = await createTestApp({ config: { shippingPlatformUrl: platform.url } });
  f = await orderFixture(t);
  // Northwind saves its shipping platform; Bluebird has none.
  const saved = await f.call("client", "PUT", "/api/integrations/shipping", SHIPPING_CREDENTIALS);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await platform?.close();
});
beforeEach(() => {
  platform.refuseOrders = null;
});

const deps = () => ({ db: t.db, config: t.config });

const placeFor = async (who: "client" | "client2", quantity = 2, style: "tee" | "bluebirdOnly" = "tee") => {
  const res = await f.place(who, {
    shipTo: SHIP_TO,
    poNumber: `PO-PLAT-${Math.random().toString(36).slice(2, 8)}`,
    lines: [{ styleId: f.ids[style], attributeIds: [f.ids.m, f.ids.black], quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TOrder>();
};
const release = async (id: number) => {
  const res = await f.call("factory", "POST", `/api/orders/${id}/release`);
  expect(res.statusCode, res.body).toBe(200);
};
const read = async (id: number, who: "client" | "factory" | "admin" = "factory") => {
  const res = await f.call(who, "GET", `/api/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TOrder>();
};
const history = async (id: number) =>
  t.db
    .select()
    .from(schema.orderStatusHistory)
    .where(
      and(
        eq(schema.orderStatusHistory.orderId, id),
        sql`${schema.orderStatusHistory.reason} like '%shipping platform%'`,
      ),
    )
    .orderBy(asc(schema.orderStatusHistory.id));
const redo = (id: number, who: "client" | "client2" | "factory" | "admin" = "factory") =>
  f.call(who, "POST", `/api/orders/${id}/shippingPlatform`);

describe("an order's copy on its client's shipping platform", () => {
  test("a first release marks it to be sent; the job sends it once, keyed by the order number, and says so in its history", async () => {
    const order = await placeFor("client");
    expect((await read(order.id, "client")).shippingPlatform).toMatchObject({ connected: true, state: null });
    await release(order.id);
    expect((await read(order.id)).shippingPlatform).toMatchObject({ state: "pending", platformOrderId: null });

    const run = await runPlatformPushes(deps());
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const copy = platform.orders.get(order.orderNumber);
    expect(copy?.writes).toBe(1);
    expect(copy?.body).toMatchObject({
      orderNumber: order.orderNumber,
      orderKey: order.orderNumber,
      orderStatus: "awaiting_shipment",
      shipTo: { name: SHIP_TO.name, street1: SHIP_TO.line1, postalCode: SHIP_TO.postalCode },
      items: [{ sku: order.items[0]?.sku, quantity: 2, unitPrice: 15.5 }],
    });
    const after = await read(order.id, "client");
    expect(after.shippingPlatform).toMatchObject({
      connected: true,
      state: "sent",
      platformOrderId: String(copy?.orderId),
      error: null,
    });
    expect(after.shippingPlatform?.sentAt).toBeTruthy();
    const rows = await history(order.id);
    expect(rows.map((r) => r.reason)).toEqual([
      PLATFORM_ORDER_MESSAGES.sent(String(copy?.orderId), "awaiting_shipment"),
    ]);
    expect(rows[0]).toMatchObject({ fromStatus: after.status, toStatus: after.status, actor: "shipping platform" });

    // Nothing is waiting now: a second run sends nothing again; a second release sends nothing either.
    await runPlatformPushes(deps());
    expect(platform.orders.get(order.orderNumber)?.writes).toBe(1);
  });

  test("redo sends it again as the same platform order, and a failure is kept with the platform's words until a redo works", async () => {
    const order = await placeFor("client");
    await release(order.id);
    platform.refuseOrders = { status: 500, message: "An error has occurred." };
    const run = await runPlatformPushes(deps());
    expect(run.failed).toBeGreaterThanOrEqual(1);
    const failed = await read(order.id);
    expect(failed.shippingPlatform).toMatchObject({ state: "failed", platformOrderId: null });
    expect(failed.shippingPlatform?.error).toBe("The shipping platform answered 500: An error has occurred.");
    expect(platform.orders.has(order.orderNumber)).toBe(false);
    // A failed order is not retried by itself: a person redoes it.
    await runPlatformPushes(deps());
    expect((await read(order.id)).shippingPlatform?.state).toBe("failed");

    platform.refuseOrders = null;
    const res = await redo(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const redone = res.json<TOrder>();
    const copy = platform.orders.get(order.orderNumber);
    expect(redone.shippingPlatform).toMatchObject({
      state: "sent",
      platformOrderId: String(copy?.orderId),
      error: null,
    });

    const again = await redo(order.id, "client");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TOrder>().shippingPlatform?.platformOrderId).toBe(String(copy?.orderId));
    expect(platform.orders.get(order.orderNumber)?.writes).toBe(2);

    const rows = await history(order.id);
    expect(rows.map((r) => [r.actor, r.reason])).toEqual([
      [
        "shipping platform",
        PLATFORM_ORDER_MESSAGES.failed("The shipping platform answered 500: An error has occurred."),
      ],
      [expect.any(String), PLATFORM_ORDER_MESSAGES.sent(String(copy?.orderId), "awaiting_shipment")],
      [expect.any(String), PLATFORM_ORDER_MESSAGES.sent(String(copy?.orderId), "awaiting_shipment")],
    ]);
  });

  test("a cancel and a ship of a sent order send its new status to the same copy", async () => {
    const cancelled = await placeFor("client");
    await release(cancelled.id);
    await runPlatformPushes(deps());
    const cancel = await f.call("admin", "POST", `/api/orders/${cancelled.id}/cancel`, {
      reason: "customer changed mind",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<TOrder>().shippingPlatform?.state).toBe("pending");
    await runPlatformPushes(deps());
    expect(platform.orders.get(cancelled.orderNumber)).toMatchObject({ writes: 2, body: { orderStatus: "cancelled" } });

    const shipped = await placeFor("client", 1);
    await release(shipped.id);
    await runPlatformPushes(deps());
    await shipPieces(t, shipped.id);
    expect((await read(shipped.id)).status).toBe("shipped");
    await runPlatformPushes(deps());
    expect(platform.orders.get(shipped.orderNumber)).toMatchObject({ writes: 2, body: { orderStatus: "shipped" } });
    expect((await read(shipped.id)).shippingPlatform?.state).toBe("sent");
  });

  test("a sender that died leaves the order to the next run; a claim still fresh is left alone", async () => {
    const order = await placeFor("client");
    await release(order.id);
    // A worker claimed it and died before the platform answered.
    await t.db
      .update(schema.orders)
      .set({ platformPush: "sending", platformClaimedAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.orders.id, order.id));
    await runPlatformPushes(deps());
    expect(platform.orders.has(order.orderNumber)).toBe(false);
    await runPlatformPushes(deps(), { staleAfterMs: 30_000 });
    expect(platform.orders.get(order.orderNumber)?.writes).toBe(1);
    expect((await read(order.id)).shippingPlatform?.state).toBe("sent");
  });

  test("a client without a shipping platform: nothing is marked, the order shows none, and redo is a 409 that writes nothing", async () => {
    const order = await placeFor("client2", 2, "bluebirdOnly");
    await release(order.id);
    const seen = await read(order.id);
    expect(seen.shippingPlatform).toBeNull();
    const res = await redo(order.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(PLATFORM_ORDER_MESSAGES.notConnected(order.clientName));
    expect(await history(order.id)).toEqual([]);
    expect((await read(order.id)).shippingPlatform).toBeNull();
  });

  test("who may redo: another client's order is not found, a bad id is a 400, signed out 401, no card 403", async () => {
    const order = await placeFor("client");
    const other = await redo(order.id, "client2");
    expect(other.statusCode, other.body).toBe(404);
    expect((await f.call("client", "POST", "/api/orders/abc/shippingPlatform")).statusCode).toBe(400);
    expect((await f.call(null, "POST", `/api/orders/${order.id}/shippingPlatform`)).statusCode).toBe(401);
    // A designer has no Order Details card; an internal admin reaches every client's order.
    expect((await f.call("designer", "POST", `/api/orders/${order.id}/shippingPlatform`)).statusCode).toBe(403);
    const admin = await redo(order.id, "admin");
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json<TOrder>().shippingPlatform?.state).toBe("sent");
    expect(platform.orders.get(order.orderNumber)?.writes).toBe(1);
  });

  test("saved credentials the platform refuses are said in the history, and the key is never in it", async () => {
    const order = await placeFor("client");
    const wrong = await f.call("client", "PUT", "/api/integrations/shipping", {
      ...SHIPPING_CREDENTIALS,
      token: "wrong-token-1",
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    try {
      const res = await redo(order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TOrder>().shippingPlatform).toMatchObject({ state: "failed" });
      const rows = await history(order.id);
      expect(rows.at(-1)?.reason).toContain("401");
      expect(JSON.stringify(rows)).not.toContain(SHIPPING_CREDENTIALS.apiPassword);
    } finally {
      await f.call("client", "PUT", "/api/integrations/shipping", SHIPPING_CREDENTIALS);
    }
  });
});
