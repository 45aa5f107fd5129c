import { IDEMPOTENCY_HEADER, type TOrder, type TPackScanResult, type TShipment } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { followOrder } from "../src/modules/floor/follow";
import { releaseOrder } from "../src/modules/floor/release";
import { applyUnitAction } from "../src/modules/floor/state";
import { trackShippedBoxes } from "../src/modules/shipping/shipments.service";
import { shippingProvidersFor } from "../src/platform/shipping";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, DEMO_USERS, demoClientIds, type TestApp } from "./helpers/test-app";
import { STORE_CREDENTIALS } from "./stand-ins/platforms";
import { SHIPSTATION_KEY, type ShippingStandIn, startShippingStandIn } from "./stand-ins/shipping";

/**
 * Pack-out and shipments (issue 11): units packed by scan (refused with their state when not
 * inspected, a repeated scan applied once), boxes of one order's packed units with a label from
 * the manual provider or ShipStation (a stand-in speaking its API v2), ship (units shipped, the
 * order partially shipped then shipped, a retry changes nothing twice), void, tracking by hand and
 * from the platform, the client's tracking email, the web order's store told (a stand-in of its
 * fulfilment API: failure recorded, then retried), and who may see or change what.
 */

let t: TestApp;
let f: OrderFixture;
let ss: ShippingStandIn;
const who = { actor: "Floor Test", userId: null, stationId: null };

beforeAll(async () => {
  ss = await startShippingStandIn();
  t = await createTestApp({
    config: {
      shipStation: { apiKey: SHIPSTATION_KEY, apiUrl: ss.url, warehouseId: null, carrierIds: [] },
      storePlatformUrl: ss.url,
    },
  });
  f = await orderFixture(t);
});
afterAll(async () => {
  await t?.close();
  await ss?.close();
});

type Unit = typeof schema.floorUnits.$inferSelect;

const unitsOf = (orderId: number) =>
  t.db
    .select()
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.orderId, orderId))
    .orderBy(asc(schema.floorUnits.id));

/** Places an order (as the client), releases it and walks its units to `to` (inspected by default). */
const orderWithUnits = async (
  lines: { attributeIds: number[]; quantity: number }[],
  walk: readonly ("mark_cut" | "mark_sewn" | "mark_inspected")[] = ["mark_cut", "mark_sewn", "mark_inspected"],
): Promise<{ order: TOrder; units: Unit[] }> => {
  const res = await f.place(
    "client",
    { shipTo: SHIP_TO, lines: lines.map((l) => ({ styleId: f.ids.tee, ...l })) },
    newKey(),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<TOrder>();
  await t.db.transaction((tx) => releaseOrder(tx, order.id, "Floor Test"));
  await walkUnits(await unitsOf(order.id), walk);
  return { order, units: await unitsOf(order.id) };
};

const walkUnits = async (units: Unit[], steps: readonly string[]) => {
  await t.db.transaction(async (tx) => {
    for (const u of units) {
      let status = u.status;
      for (const action of steps) status = await applyUnitAction(tx, { ...u, status }, action as "mark_cut", who);
      await followOrder(tx, u.orderId, "Floor Test");
    }
  });
};

let scanSeq = 0;
const scan = (code: string, scanId = `scan-${scanSeq++}`, as: "factory" | "admin" = "factory") =>
  f.call(as, "POST", "/api/shipping/pack-scan", { scanId, code });

const box = { weightOz: 24, lengthIn: 12, widthIn: 10, heightIn: 4 };

const orderStatus = async (id: number) =>
  (await t.db.select({ s: schema.orders.status }).from(schema.orders).where(eq(schema.orders.id, id)))[0]?.s;

/** Pages of a PDF: its `/Type /Page` objects (not the `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

describe("pack-out and partial shipments (manual provider)", () => {
  let order: TOrder;
  let units: Unit[];
  let first: TShipment;

  beforeAll(async () => {
    ({ order, units } = await orderWithUnits([
      { attributeIds: [f.ids.m, f.ids.white], quantity: 3 },
      { attributeIds: [f.ids.xl, f.ids.black], quantity: 1 },
    ]));
    // The XL unit is only sewn: not ready to pack.
    const xl = units[3];
    if (!xl) throw new Error("no unit 4");
    await t.db.transaction((tx) => applyUnitAction(tx, xl, "return_to_qc", who));
    units = await unitsOf(order.id);
  });

  test("a unit that is not inspected is refused with its state, and nothing changes", async () => {
    const sewn = units[3];
    const res = await scan(sewn?.barcode ?? "");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(`Unit ${sewn?.barcode} is sewn, so it cannot be given "Pack".`);
    expect((await unitsOf(order.id))[3]?.status).toBe("sewn");
    const unknown = await scan("U-99999999X");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ code: "No unit or tote has that barcode." });
  });

  test("a scan packs a unit once, even when the same scan arrives twice", async () => {
    const u1 = units[0];
    const a = await scan(u1?.barcode.toLowerCase() ?? "", "dup-1");
    expect(a.statusCode, a.body).toBe(200);
    const result = a.json<TPackScanResult>();
    expect(result).toMatchObject({ ok: true, packed: [u1?.barcode] });
    expect(result.order.orderNumber).toBe(order.orderNumber);
    // The Hub's one address formatter: the city line in the US order.
    expect(result.order.shipTo).toBe("Nora Buyer, Northwind Apparel, 1 Harbour Road, Portland OR 97201, US");
    const again = await scan(u1?.barcode ?? "", "dup-1");
    expect(again.json()).toEqual(result);
    const events = await t.db
      .select()
      .from(schema.floorUnitEvents)
      .where(and(eq(schema.floorUnitEvents.unitId, u1?.id ?? 0), eq(schema.floorUnitEvents.action, "pack")));
    expect(events).toHaveLength(1);
    // A new scan of a packed unit says so and changes nothing.
    const later = await scan(u1?.barcode ?? "");
    expect(later.json()).toMatchObject({ ok: true, packed: [], message: `${u1?.barcode} is already packed.` });
    expect((await scan(units[1]?.barcode ?? "")).statusCode).toBe(200);
  });

  test("a box holds packed units of one order only", async () => {
    const other = await orderWithUnits([{ attributeIds: [f.ids.s, f.ids.white], quantity: 1 }]);
    const foreign = other.units[0];
    expect((await scan(foreign?.barcode ?? "")).statusCode).toBe(200);
    const mixed = await f.call("factory", "POST", "/api/shipments", {
      ...box,
      orderId: order.id,
      unitIds: [units[0]?.id, foreign?.id],
      provider: "manual",
      carrier: "ups",
    });
    expect(mixed.statusCode, mixed.body).toBe(409);
    expect(mixed.json().message).toBe(`Unit ${foreign?.barcode} is not a unit of order ${order.orderNumber}.`);
    const notPacked = await f.call("factory", "POST", "/api/shipments", {
      ...box,
      orderId: order.id,
      unitIds: [units[0]?.id, units[2]?.id],
      provider: "manual",
      carrier: "ups",
    });
    expect(notPacked.statusCode).toBe(409);
    expect(notPacked.json().message).toBe(`Unit ${units[2]?.barcode} is inspected, so it cannot go in a shipment.`);
    const noCarrier = await f.call("factory", "POST", "/api/shipments", {
      ...box,
      orderId: order.id,
      unitIds: [units[0]?.id],
      provider: "manual",
    });
    expect(noCarrier.statusCode).toBe(400);
    expect(noCarrier.json().fields).toEqual({ carrier: "Choose a carrier" });
    expect(await t.db.select().from(schema.shipments).where(eq(schema.shipments.orderId, order.id))).toHaveLength(0);
  });

  test("a box with typed tracking; its label and packing slip are PDFs", async () => {
    const key = newKey();
    const body = {
      ...box,
      orderId: order.id,
      unitIds: [units[0]?.id, units[1]?.id],
      provider: "manual",
      carrier: "ups",
      service: "Ground",
      trackingNumber: "1ZTYPED0001",
    };
    const res = await f.call("factory", "POST", "/api/shipments", body, { [IDEMPOTENCY_HEADER]: key });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json<TShipment>();
    expect(first).toMatchObject({
      status: "packed",
      provider: "manual",
      carrier: "ups",
      trackingNumber: "1ZTYPED0001",
      trackingUrl: "https://www.ups.com/track?tracknum=1ZTYPED0001",
      unitCount: 2,
      orderNumber: order.orderNumber,
    });
    expect(first.shipmentNumber).toMatch(/^SH-\d{6}$/);
    const replay = await f.call("factory", "POST", "/api/shipments", body, { [IDEMPOTENCY_HEADER]: key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<TShipment>().id).toBe(first.id);
    const inAnother = await f.call("factory", "POST", "/api/shipments", body);
    expect(inAnother.statusCode).toBe(409);
    expect(inAnother.json().message).toBe(`Unit ${units[0]?.barcode} is already in shipment ${first.shipmentNumber}.`);

    const label = await f.call("factory", "GET", `/api/shipments/${first.id}/label.pdf`);
    expect(label.statusCode).toBe(200);
    expect(label.headers["content-type"]).toBe("application/pdf");
    expect(label.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pageCount(label.rawPayload)).toBe(1);
    expect(label.rawPayload.toString("latin1")).toMatch(/MediaBox \[0 0 288 432\]/);
    const slip = await f.call("client", "GET", `/api/shipments/${first.id}/packing-slip.pdf?paper=a4`);
    expect(slip.statusCode).toBe(200);
    expect(pageCount(slip.rawPayload)).toBe(1);
  });

  test("shipping part of the order: units shipped, order partially shipped, a retry changes nothing twice, the client is emailed", async () => {
    const before = (await t.mailbox()).length;
    const a = await f.call("factory", "POST", `/api/shipments/${first.id}/ship`, {});
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json<TShipment>()).toMatchObject({ status: "shipped" });
    const b = await f.call("factory", "POST", `/api/shipments/${first.id}/ship`, {});
    expect(b.statusCode).toBe(200);
    // The client's integrations hear it once (issue 20: webhooks and GET /events), with the box's tracking.
    const heard = await t.db
      .select()
      .from(schema.hubEvents)
      .where(and(eq(schema.hubEvents.type, "order.shipped"), eq(schema.hubEvents.clientId, order.clientId)));
    const mine = heard.filter((x) => (x.data.shipment as { id: number }).id === first.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.data).toMatchObject({ orderId: order.id, shipment: { shipmentNumber: first.shipmentNumber } });
    // The client's people find it under the bell, once, linked to the order; the factory's do not.
    const inbox = (await f.call("client", "GET", "/api/messages")).json<{ items: { title: string; link: string }[] }>();
    expect(inbox.items.filter((x) => x.title === `Order ${order.orderNumber} shipped`)).toEqual([
      expect.objectContaining({ link: `/orders/${order.id}` }),
    ]);
    const theirs = (await f.call("factory", "GET", "/api/messages")).json<{ items: { title: string }[] }>();
    expect(theirs.items.some((x) => x.title === `Order ${order.orderNumber} shipped`)).toBe(false);
    const all = await unitsOf(order.id);
    expect(all.map((u) => u.status)).toEqual(["shipped", "shipped", "inspected", "sewn"]);
    const shipEvents = await t.db
      .select()
      .from(schema.floorUnitEvents)
      .where(and(eq(schema.floorUnitEvents.unitId, all[0]?.id ?? 0), eq(schema.floorUnitEvents.action, "ship")));
    expect(shipEvents).toHaveLength(1);
    expect(await orderStatus(order.id)).toBe("partially_shipped");
    const mails = (await t.mailbox()).slice(before);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]?.subject).toBe(`Order ${order.orderNumber} has shipped (${first.shipmentNumber})`);
    expect(mails[0]?.text).toContain("https://www.ups.com/track?tracknum=1ZTYPED0001");
    // The carrier as people write it, not its code.
    expect(mails[0]?.text).toContain("2 pieces, carrier UPS Ground.");
    const voidShipped = await f.call("factory", "POST", `/api/shipments/${first.id}/void`);
    expect(voidShipped.statusCode).toBe(409);
  });

  test("tracking update by hand: tracking, carrier and date; the client is told again", async () => {
    const before = (await t.mailbox()).length;
    const res = await f.call("factory", "PUT", `/api/shipments/${first.id}/tracking`, {
      trackingNumber: "9400111899223100000001",
      carrier: "usps",
      shipDate: "2026-01-06",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TShipment>()).toMatchObject({
      trackingNumber: "9400111899223100000001",
      carrier: "usps",
      trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100000001",
      shippedAt: "2026-01-06T12:00:00.000Z",
    });
    expect((await t.mailbox()).length).toBeGreaterThan(before);
    const bad = await f.call("factory", "PUT", `/api/shipments/${first.id}/tracking`, {
      trackingNumber: "",
      carrier: "usps",
      shipDate: "2026-02-30",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {}).sort()).toEqual(["shipDate", "trackingNumber"]);
  });

  test("a generated tracking number, a void that frees the units, then the rest ships through ShipStation", async () => {
    await walkUnits([(await unitsOf(order.id))[3] as Unit], ["mark_inspected"]);
    for (const u of (await unitsOf(order.id)).slice(2)) expect((await scan(u.barcode)).statusCode).toBe(200);
    const rest = [units[2]?.id, units[3]?.id];
    const manual = await f.call("factory", "POST", "/api/shipments", {
      ...box,
      orderId: order.id,
      unitIds: rest,
      provider: "manual",
      carrier: "courier",
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const generated = manual.json<TShipment>();
    expect(generated.trackingNumber).toMatch(/^HUB\d{10}$/);
    const voided = await f.call("factory", "POST", `/api/shipments/${generated.id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json<TShipment>()).toMatchObject({ status: "voided", units: [] });
    expect((await unitsOf(order.id)).slice(2).map((u) => u.status)).toEqual(["packed", "packed"]);

    const rates = await f.call("factory", "POST", "/api/shipping/rates", {
      ...box,
      orderId: order.id,
      provider: "shipstation",
    });
    expect(rates.statusCode, rates.body).toBe(200);
    expect(rates.json().rates).toEqual([
      {
        rateId: "se-rate-priority",
        carrier: "usps",
        service: "usps_priority_mail",
        serviceName: "USPS Priority Mail",
        amountCents: 910,
        deliveryDays: 2,
      },
      {
        rateId: "se-rate-ground",
        carrier: "ups",
        service: "ups_ground",
        serviceName: "UPS® Ground",
        amountCents: 1235,
        deliveryDays: 4,
      },
    ]);
    const rateCall = ss.requests.find((r) => r.path === "/v2/rates");
    expect(rateCall?.headers["api-key"]).toBe(SHIPSTATION_KEY);
    expect(rateCall?.body).toMatchObject({
      shipment: {
        ship_to: { postal_code: "97201", country_code: "US" },
        packages: [{ weight: { value: 24, unit: "ounce" }, dimensions: { unit: "inch", length: 12 } }],
      },
    });

    const bought = await f.call("factory", "POST", "/api/shipments", {
      ...box,
      orderId: order.id,
      unitIds: rest,
      provider: "shipstation",
      rateId: "se-rate-priority",
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const second = bought.json<TShipment>();
    expect(second).toMatchObject({
      provider: "shipstation",
      carrier: "usps",
      service: "usps_priority_mail",
      labelCostCents: 910,
      status: "packed",
    });
    expect(second.trackingNumber).toMatch(/^1ZUSPS\d+$/);
    const label = await f.call("factory", "GET", `/api/shipments/${second.id}/label.pdf`);
    expect(label.rawPayload.toString()).toContain("ShipStation stand-in label");

    const tracked = await f.call("factory", "POST", `/api/shipments/${second.id}/track`);
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json<TShipment>().trackingStatus).toBe("In Transit");

    const shipped = await f.call("factory", "POST", `/api/shipments/${second.id}/ship`, { shipDate: "2026-01-07" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await orderStatus(order.id)).toBe("shipped");
    const list = await f.call("client", "GET", `/api/shipments?orderId=${order.id}&sort=createdAt,asc`);
    expect(list.json().items.map((x: TShipment) => x.status)).toEqual(["shipped", "voided", "shipped"]);

    // The tracking job asks the platform about its shipped boxes; the first "delivered" is kept once
    // and raises order.delivered for the client's integrations. The manual box is not asked.
    const providers = shippingProvidersFor(t.config);
    const log = { warn: () => undefined };
    const delivered = async () =>
      t.db
        .select({ data: schema.hubEvents.data })
        .from(schema.hubEvents)
        .where(and(eq(schema.hubEvents.type, "order.delivered"), eq(schema.hubEvents.clientId, order.clientId)));
    // As if it shipped today and nobody had pressed Track (the test's ship date is long past).
    await t.db
      .update(schema.shipments)
      .set({ trackingCheckedAt: null, shippedAt: new Date() })
      .where(eq(schema.shipments.id, second.id));
    expect(await trackShippedBoxes(t.db, providers, log)).toEqual({ asked: 1, delivered: 0 });
    // Asked within the hour: not asked again.
    expect(await trackShippedBoxes(t.db, providers, log)).toEqual({ asked: 0, delivered: 0 });
    const bought2 = [...ss.labels.values()].find((l) => l.tracking === second.trackingNumber);
    if (!bought2) throw new Error("no label");
    bought2.deliveredAt = "2026-01-09T15:30:00Z";
    const tracked2 = await f.call("factory", "POST", `/api/shipments/${second.id}/track`);
    expect(tracked2.json<TShipment>()).toMatchObject({
      trackingStatus: "Delivered",
      deliveredAt: "2026-01-09T15:30:00.000Z",
    });
    // Delivered: the job no longer asks about it.
    await t.db.update(schema.shipments).set({ trackingCheckedAt: null }).where(eq(schema.shipments.id, second.id));
    expect(await trackShippedBoxes(t.db, providers, log)).toEqual({ asked: 0, delivered: 0 });
    const events = await delivered();
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      orderId: order.id,
      shipment: { id: second.id, trackingNumber: second.trackingNumber, deliveredAt: "2026-01-09T15:30:00.000Z" },
    });
    // Asking again changes nothing and raises nothing more.
    expect((await f.call("factory", "POST", `/api/shipments/${second.id}/track`)).statusCode).toBe(200);
    expect(await delivered()).toHaveLength(1);
  });
});

describe("ShipStation labels: idempotent purchase, void through the platform, refusals", () => {
  let order: TOrder;
  let units: Unit[];
  beforeAll(async () => {
    ({ order, units } = await orderWithUnits([{ attributeIds: [f.ids.s, f.ids.black], quantity: 2 }]));
    for (const u of units) expect((await scan(u.barcode, undefined, "admin")).statusCode).toBe(200);
  });

  test("the same Idempotency-Key buys one label; void asks the platform, and its refusal changes nothing", async () => {
    const labelsBefore = ss.labels.size;
    const key = newKey();
    const body = { ...box, orderId: order.id, unitIds: [units[0]?.id], provider: "shipstation", service: "ups_ground" };
    const a = await f.call("factory", "POST", "/api/shipments", body, { [IDEMPOTENCY_HEADER]: key });
    expect(a.statusCode, a.body).toBe(201);
    const b = await f.call("factory", "POST", "/api/shipments", body, { [IDEMPOTENCY_HEADER]: key });
    expect(b.statusCode).toBe(200);
    expect(b.json<TShipment>().id).toBe(a.json<TShipment>().id);
    expect(ss.labels.size).toBe(labelsBefore + 1);
    const id = a.json<TShipment>().id;

    ss.refuseVoid = true;
    const refused = await f.call("factory", "POST", `/api/shipments/${id}/void`);
    ss.refuseVoid = false;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("ShipStation did not void the label: The carrier already scanned this label.");
    expect((await f.call("factory", "GET", `/api/shipments/${id}`)).json<TShipment>().status).toBe("packed");

    const voided = await f.call("factory", "POST", `/api/shipments/${id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    const labelId = (await t.db.select().from(schema.shipments).where(eq(schema.shipments.id, id)))[0]?.externalLabelId;
    expect(ss.labels.get(labelId ?? "")?.voided).toBe(true);
  });

  test("a label the platform refuses leaves no shipment behind", async () => {
    const res = await f.call("factory", "POST", "/api/shipments", {
      ...box,
      orderId: order.id,
      unitIds: [units[1]?.id],
      provider: "shipstation",
      rateId: "se-rate-unknown",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "The shipping platform did not sell the label: ShipStation answered 404: The rate was not found.",
    );
    const rows = await t.db
      .select()
      .from(schema.shipmentUnits)
      .where(eq(schema.shipmentUnits.unitId, units[1]?.id ?? 0));
    expect(rows).toHaveLength(0);
  });
});

describe("a web order's store is told (fulfilment with tracking)", () => {
  test("a failure is recorded on the shipment and retried; a later tracking change updates the fulfilment", async () => {
    expect((await f.call("client", "PUT", "/api/integrations/store", STORE_CREDENTIALS)).statusCode).toBe(200);
    const created = await f.call("client", "POST", "/api/apiKeys", { mode: "test", name: "store" });
    const apiKey = created.json<{ key: string }>().key;
    const placed = await t.request({
      method: "POST",
      url: "/api/orders/web",
      headers: { "x-api-key": apiKey },
      payload: { externalOrderId: "SHOP-2001", shipTo: SHIP_TO, lines: [{ sku: "OT-OBK-OM", quantity: 2 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<TOrder>();
    ss.addStoreOrder("SHOP-2001", [{ sku: "OT-OBK-OM", quantity: 2 }]);
    await t.db.transaction((tx) => releaseOrder(tx, order.id, "Floor Test"));
    const units = await unitsOf(order.id);
    await walkUnits(units, ["mark_cut", "mark_sewn", "mark_inspected"]);
    expect((await scan(units[0]?.barcode ?? "")).statusCode).toBe(200);
    const made = await f.call("factory", "POST", "/api/shipments", {
      ...box,
      orderId: order.id,
      unitIds: [units[0]?.id],
      provider: "manual",
      carrier: "fedex",
      trackingNumber: "7712345",
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<TShipment>().id;
    expect(made.json<TShipment>().storeNotify).toBe("pending");

    ss.storeDown = true;
    const shipped = await f.call("factory", "POST", `/api/shipments/${id}/ship`, {});
    ss.storeDown = false;
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<TShipment>()).toMatchObject({
      status: "shipped",
      storeNotify: "failed",
      storeNotifyError: "The store answered 503: Service Unavailable",
    });
    expect(await orderStatus(order.id)).toBe("partially_shipped");

    const retry = await f.call("factory", "POST", `/api/shipments/${id}/notify-store`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<TShipment>()).toMatchObject({ storeNotify: "notified", storeNotifyError: null });
    expect(ss.fulfillments).toHaveLength(1);
    expect(ss.fulfillments[0]).toMatchObject({
      orderId: "SHOP-2001",
      tracking: { number: "7712345", company: "fedex", url: "https://www.fedex.com/fedextrack/?trknbr=7712345" },
    });
    expect(ss.fulfillments[0]?.lines.map((l) => l.quantity)).toEqual([1]);

    const changed = await f.call("factory", "PUT", `/api/shipments/${id}/tracking`, {
      trackingNumber: "7799999",
      carrier: "fedex",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ss.fulfillments).toHaveLength(1);
    expect(ss.fulfillments[0]?.tracking).toMatchObject({ number: "7799999" });
    expect(ss.requests.some((r) => r.path.endsWith("/update_tracking.json"))).toBe(true);

    const notWeb = await f.call("factory", "GET", "/api/shipments?storeNotify=x&status=shipped");
    expect(notWeb.statusCode).toBe(200);
  });
});

describe("Shipped Orders list and who may see or change shipments", () => {
  test("search by tracking, order and shipment number; filters; CSV", async () => {
    const byTracking = await f.call("admin", "GET", "/api/shipments?searchString=7799999");
    expect(byTracking.statusCode, byTracking.body).toBe(200);
    expect(byTracking.json().total).toBe(1);
    const shipped = await f.call("factory", "GET", "/api/shipments?status=shipped&carrier=USPS&size=5");
    expect(shipped.json().items.every((x: TShipment) => x.status === "shipped" && x.carrier === "usps")).toBe(true);
    const first = shipped.json().items[0] as TShipment;
    const byNumber = await f.call("factory", "GET", `/api/shipments?searchString=${first.shipmentNumber}`);
    expect(byNumber.json().items.map((x: TShipment) => x.id)).toEqual([first.id]);
    const byOrder = await f.call("factory", "GET", `/api/shipments?searchString=${first.orderNumber}`);
    expect(byOrder.json().total).toBeGreaterThan(0);
    const future = await f.call("factory", "GET", "/api/shipments?from=2099-01-01");
    expect(future.json().total).toBe(0);
    const badSort = await f.call("factory", "GET", "/api/shipments?sort=secret,asc");
    expect(badSort.statusCode).toBe(400);
    const csv = await f.call("factory", "GET", "/api/shipments/export.csv?status=shipped");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\n")[0]).toContain("shipmentNumber,orderNumber,poNumber,clientName,status");
  });

  test("the scoping matrix over every shipping route, for every demo user", async () => {
    // A Northwind shipment (the demo ships both clients' orders; the matrix below is Northwind's view).
    const { northwind } = await demoClientIds(t.db);
    const [any] = await t.db
      .select()
      .from(schema.shipments)
      .where(eq(schema.shipments.clientId, northwind))
      .orderBy(asc(schema.shipments.id))
      .limit(1);
    const [unit] = await t.db.select().from(schema.floorUnits).limit(1);
    if (!any || !unit) throw new Error("no shipment");
    const id = any.id;
    const routes: [string, "GET" | "POST" | "PUT", string, unknown?][] = [
      ["list", "GET", "/api/shipments"],
      ["detail", "GET", `/api/shipments/${id}`],
      ["label", "GET", `/api/shipments/${id}/label.pdf`],
      ["csv", "GET", "/api/shipments/export.csv"],
      ["options", "GET", "/api/shipping/options"],
      ["packOrder", "GET", `/api/shipping/orders/${any.orderId}`],
      ["scan", "POST", "/api/shipping/pack-scan", { scanId: "matrix", code: "NOPE" }],
      ["ship", "POST", `/api/shipments/${id}/ship`, {}],
      ["tracking", "PUT", `/api/shipments/${id}/tracking`, { trackingNumber: "1", carrier: "ups" }],
      ["void", "POST", `/api/shipments/${id}/void`],
    ];
    const seen: Record<string, Record<string, number>> = {};
    for (const user of DEMO_USERS) {
      seen[user] = {};
      for (const [name, method, url, body] of routes) {
        // Writes by those allowed would change the shipment: only refusals are called for real.
        if (["ship", "tracking", "void"].includes(name) && (user === "admin" || user === "factory")) continue;
        const row = seen[user] as Record<string, number>;
        row[name] = (await f.call(user, method, url, body)).statusCode;
      }
    }
    expect(seen).toEqual({
      admin: { list: 200, detail: 200, label: 200, csv: 200, options: 200, packOrder: 200, scan: 400 },
      factory: { list: 200, detail: 200, label: 200, csv: 200, options: 200, packOrder: 200, scan: 400 },
      // Northwind's own shipments: read only, never the pack-out station.
      client: {
        list: 200,
        detail: 200,
        label: 200,
        csv: 200,
        options: 403,
        packOrder: 403,
        scan: 403,
        ship: 403,
        tracking: 403,
        void: 403,
      },
      // Bluebird's user: Northwind's shipment does not exist for it.
      client2: {
        list: 200,
        detail: 404,
        label: 404,
        csv: 200,
        options: 403,
        packOrder: 403,
        scan: 403,
        ship: 403,
        tracking: 403,
        void: 403,
      },
      designer: {
        list: 403,
        detail: 403,
        label: 403,
        csv: 403,
        options: 403,
        packOrder: 403,
        scan: 403,
        ship: 403,
        tracking: 403,
        void: 403,
      },
    });
    // Bluebird sees its own shipments (the demo has some), never Northwind's.
    const theirs = await f.call("client2", "GET", "/api/shipments");
    expect(theirs.json().items.every((x: TShipment) => x.clientId === f.bluebird)).toBe(true);
    const mine = await f.call("client", "GET", "/api/shipments");
    expect(mine.json().items.every((x: TShipment) => x.clientId === f.northwind)).toBe(true);
    // A client's unit barcode at pack-out: unknown to another facility's scope is checked in the service.
    expect(unit.barcode).toMatch(/^U-/);
  });
});
