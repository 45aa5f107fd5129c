import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type THubEvent, type TOrder, type TReturn, type TWebhookSecret, WEBHOOK_EVENTS } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { batchUnitChanges } from "../src/modules/webhooks/unit-changes";
import { type OrderFixture, orderFixture, SHIP_TO, shipPieces } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Issue 20: every event a client can subscribe to is raised where it happens, in the transaction
 * of the change, and reaches a subscribed endpoint without the route doing anything but its work
 * (deliveries raised in a request are queued when the response has gone): order placed, paid,
 * released, cancelled; return requested, received, refunded. (Tech pack sent, acknowledged and
 * approved are checked in products-handoff.test.ts.) A rolled-back change raises nothing.
 */

let t: TestApp;
let f: OrderFixture;
const received: { type: string; body: string; headers: Record<string, string> }[] = [];
let closeReceiver: () => Promise<void>;
let secret: string;

const eventsAfter = async (after: number) =>
  (await f.call("client", "GET", `/api/events?after=${after}`)).json<{ items: THubEvent[] }>().items;
const lastEventId = async () => (await eventsAfter(0)).at(-1)?.id ?? 0;
const waitForDelivery = async (type: string, ms = 20_000) => {
  const until = Date.now() + ms;
  for (;;) {
    const hit = received.find((r) => r.type === type);
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no ${type} delivery arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
const place = async (quantity = 2) => {
  const res = await f.place("client", {
    shipTo: SHIP_TO,
    lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TOrder>();
};

beforeAll(async () => {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    received.push({ type: (JSON.parse(body) as { type: string }).type, body, headers });
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closeReceiver = () => new Promise((resolve) => server.close(() => resolve()));
  t = await createTestApp({ config: { webhooksAllowPrivate: true } });
  f = await orderFixture(t);
  const res = await f.call("client", "POST", "/api/webhooks", {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    // Every event but the batched unit changes, which the last test subscribes to on its own.
    events: WEBHOOK_EVENTS.map((e) => e.type).filter((type) => type !== "units.changed"),
  });
  expect(res.statusCode, res.body).toBe(201);
  secret = res.json<TWebhookSecret>().secret;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await closeReceiver?.();
});

describe("orders", () => {
  test("placing raises order.placed with the order's lines, delivered signed without the route asking", async () => {
    const before = await lastEventId();
    const order = await place(3);
    const events = await eventsAfter(before);
    expect(events.map((e) => e.type)).toEqual(["order.placed"]);
    expect(events[0]?.data).toMatchObject({
      orderId: order.id,
      source: "entry",
      totalCents: order.totalCents,
      lines: [{ lineNumber: 1, quantity: 3, sku: order.items[0]?.sku }],
    });
    const delivery = await waitForDelivery("order.placed");
    const payload = new Webhook(secret).verify(delivery.body, delivery.headers) as { data: { orderId: number } };
    expect(payload.data.orderId).toBe(order.id);
  });

  test("a placing refused by the checks raises nothing", async () => {
    const before = await lastEventId();
    const res = await f.place("client", {
      shipTo: SHIP_TO,
      lines: [{ styleId: f.ids.tee, attributeIds: [], quantity: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(await eventsAfter(before)).toEqual([]);
  });

  test("a card on file: placing is paid and released, each heard once", async () => {
    const card = await f.call("client", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
    expect(card.statusCode, card.body).toBe(201);
    try {
      const before = await lastEventId();
      const order = await place(2);
      expect(order.paymentState).toBe("paid");
      const events = await eventsAfter(before);
      expect(events.map((e) => e.type)).toEqual(["order.placed", "order.released", "order.paid"]);
      expect(events.find((e) => e.type === "order.paid")?.data).toMatchObject({
        orderId: order.id,
        amountCents: order.totalCents,
      });
      expect(events.find((e) => e.type === "order.released")?.data).toMatchObject({ orderId: order.id, units: 2 });
      await waitForDelivery("order.paid");
    } finally {
      await t.db.delete(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, f.northwind));
    }
  });

  test("cancelling raises order.cancelled with the reason", async () => {
    const order = await place(1);
    const before = await lastEventId();
    const res = await f.call("client", "POST", `/api/orders/${order.id}/cancel`, { reason: "changed our mind" });
    expect(res.statusCode, res.body).toBe(200);
    const events = await eventsAfter(before);
    expect(events.map((e) => e.type)).toEqual(["order.cancelled"]);
    expect(events[0]?.data).toMatchObject({ orderId: order.id, reason: "changed our mind" });
  });
});

describe("returns", () => {
  test("requested, received and refunded are each heard", async () => {
    const card = await f.call("client", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
    expect(card.statusCode, card.body).toBe(201);
    try {
      const order = await place(2);
      await shipPieces(t, order.id);
      const before = await lastEventId();
      const made = await f.call("client", "POST", "/api/returns", {
        orderId: order.id,
        lines: [{ itemId: order.items[0]?.id, quantity: 1 }],
        reasonCode: "wrong_size",
      });
      expect(made.statusCode, made.body).toBe(201);
      const ret = made.json<TReturn>();
      expect((await f.call("admin", "POST", `/api/returns/${ret.id}/receive`, {})).statusCode).toBe(200);
      const refunded = await f.call("admin", "POST", `/api/returns/${ret.id}/refund`, {});
      expect(refunded.statusCode, refunded.body).toBe(200);
      const events = await eventsAfter(before);
      expect(events.map((e) => e.type)).toEqual(["return.requested", "return.received", "return.refunded"]);
      expect(events[0]?.data).toMatchObject({ returnId: ret.id, rmaNumber: ret.rmaNumber, orderId: order.id });
      expect(events[2]?.data).toMatchObject({ refundedCents: refunded.json<TReturn>().refundedCents });
    } finally {
      await t.db.delete(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, f.northwind));
    }
  });

  test("another client reads none of these events", async () => {
    const theirs = (await f.call("client2", "GET", "/api/events?after=0")).json<{ items: THubEvent[] }>().items;
    expect(theirs.filter((e) => e.type.startsWith("order.") || e.type.startsWith("return."))).toEqual([]);
  });
});

describe("unit state changes (batched)", () => {
  test("a minute's unit changes are one event for an endpoint that hears them, each change in exactly one batch", async () => {
    const order = await place(2);
    // Subscribed after the order was placed: the first batch holds what happens from now on.
    const made = await f.call("client", "POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/unused",
      events: ["units.changed"],
    });
    expect(made.statusCode, made.body).toBe(201);
    const endpointId = made.json<TWebhookSecret>().endpoint.id;
    try {
      const released = await f.call("factory", "POST", `/api/orders/${order.id}/release`);
      expect(released.statusCode, released.body).toBe(200);
      const units = await t.db
        .select({ id: schema.floorUnits.id, barcode: schema.floorUnits.barcode })
        .from(schema.floorUnits)
        .where(eq(schema.floorUnits.orderId, order.id));
      expect(units).toHaveLength(2);
      const before = await lastEventId();
      expect(await batchUnitChanges(t.db, null)).toBe(1);
      const [first] = (await eventsAfter(before)).filter((e) => e.type === "units.changed");
      const firstChanges = first?.data.changes as { unitId: number; toStatus: string; orderId: number }[];
      expect(firstChanges.map((c) => [c.unitId, c.orderId, c.toStatus]).sort()).toEqual(
        units.map((u) => [u.id, order.id, "queued"]).sort(),
      );
      // Nothing new: no event. One scan: the next batch holds that change only.
      expect(await batchUnitChanges(t.db, null)).toBe(0);
      const unit = units[0];
      if (!unit) throw new Error("no unit");
      const cut = await f.call("factory", "POST", `/api/floor/units/${unit.id}/markCut`, {});
      expect(cut.statusCode, cut.body).toBe(200);
      const middle = await lastEventId();
      expect(await batchUnitChanges(t.db, null)).toBe(1);
      const [second] = (await eventsAfter(middle)).filter((e) => e.type === "units.changed");
      expect(second?.data.changes).toEqual([
        expect.objectContaining({ unitId: unit.id, barcode: unit.barcode, fromStatus: "queued", toStatus: "cut" }),
      ]);
      // The endpoint that hears them got a delivery for each batch; the others none.
      const deliveries = await t.db
        .select({ eventId: schema.webhookDeliveries.eventId })
        .from(schema.webhookDeliveries)
        .where(eq(schema.webhookDeliveries.endpointId, endpointId));
      expect(deliveries.map((d) => d.eventId).sort()).toEqual([first?.id, second?.id].sort());
    } finally {
      await f.call("client", "DELETE", `/api/webhooks/${endpointId}`);
    }
  });
});
