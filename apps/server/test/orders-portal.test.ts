import type { TOrder, TOrderListItem } from "@hub/contracts";
import type { TSalesDashboard } from "@hub/contracts/dashboards/sales";
import { schema } from "@hub/db";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyUnitAction } from "../src/modules/floor/state";
import { type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type DemoUser, type TestApp } from "./helpers/test-app";

/**
 * Portal orders (spec 3, "portal orders"): a client's end customer orders on the client's
 * storefront, which sends the order with the client's API key to POST /orders/portal. They are
 * placed through the one placing path (source "portal"), kept apart by their source in the list,
 * its CSV and the Sales Dashboard, and a retry with the same reference answers the first order.
 */

let t: TestApp;
let f: OrderFixture;
const keys = { northwind: "", bluebird: "" };

const createKey = async (who: DemoUser) => {
  const res = await f.call(who, "POST", "/api/apiKeys", { mode: "test", name: "storefront" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ key: string }>().key;
};

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  keys.northwind = await createKey("client");
  keys.bluebird = await createKey("client2");
});
afterAll(async () => {
  await t?.close();
});

const orderCount = async () => (await t.db.select({ n: count() }).from(schema.orders))[0]?.n ?? 0;

const ADDRESS = {
  line1: "12 Elm Street",
  city: "Salem",
  region: "MA",
  postalCode: "01970",
  country: "us",
};
const CUSTOMER = { name: "Jamie Rivera", email: "Jamie.Rivera@Example.com", phone: "+1 978 555 0142" };

const portalBody = (ref: string, extra: Record<string, unknown> = {}) => ({
  portalOrderRef: ref,
  customer: CUSTOMER,
  shipTo: ADDRESS,
  notes: "Gift wrap, please",
  lines: [
    { sku: "OT-OBK-OM", quantity: 2 },
    { styleCode: "ord-tee", attributeCodes: ["OXL", "OWH"], quantity: 1 },
  ],
  ...extra,
});

const portal = (body: Record<string, unknown>, apiKey = keys.northwind) =>
  t.request({ method: "POST", url: "/api/orders/portal", payload: body, headers: { "x-api-key": apiKey } });

describe("placing a portal order", () => {
  let placed: TOrder;

  test("with the client's API key: 201, source portal, the customer on the ship-to, prices frozen, order.placed raised", async () => {
    const res = await portal(portalBody("PORTAL-1001"));
    expect(res.statusCode, res.body).toBe(201);
    placed = res.json<TOrder>();
    expect(placed).toMatchObject({
      source: "portal",
      externalOrderId: "PORTAL-1001",
      clientId: f.northwind,
      status: "placed",
      paymentState: "unpaid",
      poNumber: null,
    });
    expect(placed.shipTo).toMatchObject({
      name: "Jamie Rivera",
      phone: "+1 978 555 0142",
      line1: "12 Elm Street",
      country: "US",
    });
    // The customer's email is kept beside the ship-to (the tracking email goes there); the notes are the storefront's.
    expect(placed.customerEmail).toBe("jamie.rivera@example.com");
    expect(placed.notes).toBe("Gift wrap, please");
    // Priced as a web order: 3 tees under the first tier (1500), the upcharges frozen on the lines.
    expect(placed.items.map((i) => [i.sku, i.quantity, i.unitPriceCents, i.upchargeCents, i.lineTotalCents])).toEqual([
      ["OT-OBK-OM", 2, 1500, 50, 3100],
      ["ORD-TEE-OXL-OWH", 1, 1500, 200, 1700],
    ]);
    expect(placed.totalCents).toBe(4800);
    const history = await f.call("client", "GET", `/api/orders/${placed.id}/history`);
    expect(history.json<{ items: { toStatus: string }[] }>().items.map((h) => h.toStatus)).toEqual(["placed"]);
    const events = await t.db
      .select({ data: schema.hubEvents.data })
      .from(schema.hubEvents)
      .where(
        and(eq(schema.hubEvents.type, "order.placed"), sql`(${schema.hubEvents.data}->>'orderId')::int = ${placed.id}`),
      );
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ source: "portal", externalOrderId: "PORTAL-1001", totalCents: 4800 }),
    ]);
  });

  test("the storefront catches up on its events with the same API key (GET /events?after=); another client's key reads none", async () => {
    const events = (key: string, after = 0) =>
      t.request({ method: "GET", url: `/api/events?after=${after}`, headers: { "x-api-key": key } });
    const mine = await events(keys.northwind);
    expect(mine.statusCode, mine.body).toBe(200);
    const page = mine.json<{ items: { id: number; type: string; data: { orderId?: number } }[]; next: number }>();
    const heard = page.items.find((e) => e.type === "order.placed" && e.data.orderId === placed.id);
    expect(heard).toBeDefined();
    expect(page.next).toBe(page.items.at(-1)?.id);
    // Asking after the last one answers nothing new, and the same cursor back.
    const later = (await events(keys.northwind, page.next)).json<{ items: unknown[]; next: number }>();
    expect(later).toEqual({ items: [], next: page.next });
    const theirs = (await events(keys.bluebird)).json<{ items: { data: { orderId?: number } }[] }>().items;
    expect(theirs.some((e) => e.data.orderId === placed.id)).toBe(false);
    expect((await events("hub_test_not-a-key")).statusCode).toBe(401);
  });

  test("when a box of it ships, the customer gets the tracking email under their own order reference", async () => {
    const released = await f.call("factory", "POST", `/api/orders/${placed.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    const units = await t.db.select().from(schema.floorUnits).where(eq(schema.floorUnits.orderId, placed.id));
    const who = { actor: "Portal Test", userId: null, stationId: null };
    await t.db.transaction(async (tx) => {
      for (const unit of units) {
        let status = unit.status;
        for (const action of ["mark_cut", "mark_sewn", "mark_inspected"] as const)
          status = await applyUnitAction(tx, { ...unit, status }, action, who);
      }
    });
    for (const unit of units) {
      const packed = await f.call("factory", "POST", "/api/shipping/pack-scan", {
        code: unit.barcode,
        scanId: `portal-pack-${unit.id}`,
      });
      expect(packed.statusCode, packed.body).toBe(200);
    }
    const box = await f.call("factory", "POST", "/api/shipments", {
      orderId: placed.id,
      unitIds: units.map((u) => u.id),
      provider: "manual",
      carrier: "ups",
      trackingNumber: "1ZPORTAL0001",
      weightOz: 20,
      lengthIn: 12,
      widthIn: 10,
      heightIn: 4,
    });
    expect(box.statusCode, box.body).toBe(201);
    const shipped = await f.call("factory", "POST", `/api/shipments/${box.json<{ id: number }>().id}/ship`, {});
    expect(shipped.statusCode, shipped.body).toBe(200);
    const mails = (await t.mailbox()).filter((m) => m.to === "jamie.rivera@example.com");
    expect(mails.map((m) => m.subject)).toEqual(["Your order PORTAL-1001 has shipped"]);
    expect(mails[0]?.text).toContain("Tracking number: 1ZPORTAL0001");
  });

  test("the same reference again answers the order already placed (200), whatever the body; nothing new is written", async () => {
    const before = await orderCount();
    const again = await portal(portalBody("PORTAL-1001", { notes: "a retry" }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TOrder>().id).toBe(placed.id);
    const both = await Promise.all([portal(portalBody("PORTAL-1001")), portal(portalBody("PORTAL-1001"))]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await orderCount()).toBe(before);
  });

  test("a reference that names a web order of the client is a 409 on the reference, and no order", async () => {
    const web = await t.request({
      method: "POST",
      url: "/api/orders/web",
      payload: { externalOrderId: "SHARED-7", shipTo: SHIP_TO, lines: [{ sku: "OT-OBK-OM", quantity: 1 }] },
      headers: { "x-api-key": keys.northwind },
    });
    expect(web.statusCode, web.body).toBe(201);
    const before = await orderCount();
    const clash = await portal(portalBody("SHARED-7"));
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json<{ fields: Record<string, string> }>().fields).toHaveProperty("portalOrderRef");
    // Nor does a portal reference answer the store's web order of the same id.
    const back = await t.request({
      method: "POST",
      url: "/api/orders/web",
      payload: { externalOrderId: "PORTAL-1001", shipTo: SHIP_TO, lines: [{ sku: "OT-OBK-OM", quantity: 1 }] },
      headers: { "x-api-key": keys.northwind },
    });
    expect(back.statusCode, back.body).toBe(409);
    expect(await orderCount()).toBe(before);
  });

  test("bad input: a 400 naming each field (bad lines by index), nothing written", async () => {
    const before = await orderCount();
    const bad = await portal(
      portalBody("PORTAL-BAD", {
        lines: [
          { sku: "OT-OBK-OM", quantity: 1 },
          { sku: "OT-XXX-OM", quantity: 1 },
          { styleCode: "ORD-BB", attributeCodes: ["OM", "OBK"], quantity: 1 },
        ],
      }),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json<{ fields: Record<string, string> }>().fields).sort()).toEqual([
      "lines.1.sku",
      "lines.2.styleCode",
    ]);
    const cases: [Record<string, unknown>, string][] = [
      [portalBody("PORTAL-BAD", { customer: { ...CUSTOMER, email: "not-an-email" } }), "customer.email"],
      [portalBody("PORTAL-BAD", { customer: { email: CUSTOMER.email } }), "customer.name"],
      [portalBody("PORTAL-BAD", { shipTo: { ...ADDRESS, country: "USA" } }), "shipTo.country"],
      [portalBody("PORTAL-BAD", { lines: [] }), "lines"],
      [portalBody("PORTAL-BAD", { lines: [{ sku: "OT-OBK-OM", quantity: 0 }] }), "lines.0.quantity"],
      [portalBody("PORTAL-BAD", { requestedShipDate: "2020-01-01" }), "requestedShipDate"],
      [portalBody(""), "portalOrderRef"],
      [portalBody("PORTAL-BAD", { couponCode: "NO-SUCH-CODE" }), "couponCode"],
    ];
    for (const [body, field] of cases) {
      const res = await portal(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json<{ fields?: Record<string, string> }>().fields ?? {}), res.body).toContain(field);
    }
    expect(await orderCount()).toBe(before);
  });

  test("a person's session (no API key) is refused, as for web orders, and writes nothing", async () => {
    const before = await orderCount();
    for (const who of ["client", "admin", "factory"] as const) {
      const res = await f.call(who, "POST", "/api/orders/portal", portalBody(`PORTAL-SESSION-${who}`));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
    }
    expect((await f.call(null, "POST", "/api/orders/portal", portalBody("PORTAL-ANON"))).statusCode).toBe(401);
    const badKey = await portal(portalBody("PORTAL-BADKEY"), "hub_test_not-a-key");
    expect(badKey.statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
  });

  test("another client's API key neither sees nor places against this client's orders", async () => {
    // Bluebird's key with Northwind's reference (and Northwind's client id in the body) places Bluebird's own order.
    const other = await portal({ ...portalBody("PORTAL-1001"), clientId: f.northwind }, keys.bluebird);
    expect(other.statusCode, other.body).toBe(201);
    const theirs = other.json<TOrder>();
    expect(theirs.clientId).toBe(f.bluebird);
    expect(theirs.id).not.toBe(placed.id);
    // A key opens only API-key routes; Bluebird's people find no Northwind order.
    const read = await t.request({
      method: "GET",
      url: `/api/orders/${placed.id}`,
      headers: { "x-api-key": keys.bluebird },
    });
    expect(read.statusCode).toBe(403);
    expect((await f.call("client2", "GET", `/api/orders/${placed.id}`)).statusCode).toBe(404);
    const listed = await f.call("client2", "GET", "/api/orders?source=portal&size=100");
    expect(listed.json<{ items: TOrderListItem[] }>().items.map((o) => o.id)).toEqual([theirs.id]);
    // Northwind's storefront cannot order the style offered to Bluebird only.
    const bbOnly = await portal(
      portalBody("PORTAL-BB", { lines: [{ styleCode: "ORD-BB", attributeCodes: ["OM", "OBK"], quantity: 1 }] }),
    );
    expect(bbOnly.statusCode).toBe(400);
  });

  test("paid at placing like any order when the client has a card on file; a retry charges nothing more", async () => {
    const card = await f.call("client2", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
    expect(card.statusCode, card.body).toBe(201);
    const body = portalBody("PORTAL-PAID", { lines: [{ sku: "OT-OWH-OS", quantity: 4 }] });
    const first = await portal(body, keys.bluebird);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json<TOrder>();
    expect(order).toMatchObject({ paymentState: "paid", chargedCents: 6000 });
    expect(order.ledger.map((e) => [e.kind, e.amountCents, e.status])).toEqual([["charge", 6000, "succeeded"]]);
    const again = await portal(body, keys.bluebird);
    expect(again.statusCode).toBe(200);
    expect(again.json<TOrder>().ledger).toHaveLength(1);
  });
});

describe("kept apart by source", () => {
  test("the orders list filtered by source portal holds portal orders only; its CSV says portal", async () => {
    const entry = await f.place("client", { shipTo: SHIP_TO, lines: [{ sku: "OT-OBK-OM", quantity: 1 }] });
    expect(entry.statusCode, entry.body).toBe(201);
    const res = await f.call("client", "GET", "/api/orders?source=portal&size=100");
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: TOrderListItem[] }>().items;
    expect(items.map((o) => o.externalOrderId)).toEqual(["PORTAL-1001"]);
    expect(items.every((o) => o.source === "portal" && o.shipName === "Jamie Rivera")).toBe(true);
    expect(items.map((o) => o.id)).not.toContain(entry.json<TOrder>().id);
    // The web list (the demo's store orders and this test's) holds no portal order.
    const web = (await f.call("client", "GET", "/api/orders?source=web&from=2000-01-01&size=500")).json<{
      items: TOrderListItem[];
    }>().items;
    expect(web.map((o) => o.externalOrderId)).toContain("SHARED-7");
    expect(web.every((o) => o.source === "web")).toBe(true);
    expect(web.map((o) => o.id)).not.toContain(items[0]?.id);
    // Found by its reference and its customer's name, like any order.
    const found = await f.call("client", "GET", "/api/orders?searchString=portal-1001&size=100");
    expect(found.json<{ items: TOrderListItem[] }>().items.map((o) => o.source)).toEqual(["portal"]);
    const csv = await f.call("client", "GET", "/api/orders/export.csv?source=portal");
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(",portal,");
    expect((await f.call("client", "GET", "/api/orders?source=kiosk")).statusCode).toBe(400);
  });

  test("the Sales Dashboard's by-source holds portal, as many orders as the list's", async () => {
    const res = await f.call("client", "GET", "/api/dashboards/sales?range=7d");
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<TSalesDashboard>();
    const portalRow = d.bySource.find((s) => s.source === "portal");
    const listed = (
      await f.call("client", "GET", `/api/orders?source=portal&from=${d.range.from}&to=${d.range.to}&size=100`)
    ).json<{ items: TOrderListItem[] }>().items;
    expect(portalRow).toEqual({
      source: "portal",
      orders: listed.length,
      placedCents: listed.reduce((s, o) => s + o.totalCents, 0),
    });
    expect(portalRow?.orders).toBeGreaterThan(0);
    expect(d.bySource.map((s) => s.source)).toEqual(expect.arrayContaining(["entry", "web", "portal"]));
  });
});
