import type { TFactoryConfig, TOrder, TShipment } from "@hub/contracts";
import { schema } from "@hub/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { followOrder } from "../src/modules/floor/follow";
import { releaseOrder } from "../src/modules/floor/release";
import { applyUnitAction } from "../src/modules/floor/state";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { SHIPSTATION_KEY, type ShippingStandIn, startShippingStandIn } from "./stand-ins/shipping";

/**
 * The facility's shipping label format (Factory Config) made real (issue 20): a facility set to
 * ZPL buys ZPL labels (ShipStation is asked for label_format "zpl"; the manual provider's label is
 * the Hub's own ZPL) served as application/zpl with a .zpl name; PDF stays PDF; the other format's
 * link answers 409; another client's user cannot fetch the label.
 */

let t: TestApp;
let f: OrderFixture;
let ss: ShippingStandIn;
const who = { actor: "Label Test", userId: null, stationId: null };
const box = { weightOz: 24, lengthIn: 12, widthIn: 10, heightIn: 4 };

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

/** Sets the factory user's facility's shipping label format through Factory Config. */
const setFormat = async (shippingLabelFormat: "pdf_4x6" | "zpl_4x6") => {
  const now = (await f.call("factory", "GET", "/api/factoryConfig")).json<TFactoryConfig>();
  const res = await f.call("factory", "PUT", "/api/factoryConfig", { ...now.settings, shippingLabelFormat });
  expect(res.statusCode, res.body).toBe(200);
};

/** A Northwind order of `quantity` units, released and walked to packed; the units' ids. */
const packedUnits = async (quantity: number): Promise<{ order: TOrder; unitIds: number[] }> => {
  const res = await f.place(
    "client",
    { shipTo: SHIP_TO, lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.white], quantity }] },
    newKey(),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<TOrder>();
  await t.db.transaction((tx) => releaseOrder(tx, order.id, "Label Test"));
  const units = await t.db
    .select()
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.orderId, order.id))
    .orderBy(asc(schema.floorUnits.id));
  await t.db.transaction(async (tx) => {
    for (const u of units) {
      let status = u.status;
      for (const action of ["mark_cut", "mark_sewn", "mark_inspected"] as const)
        status = await applyUnitAction(tx, { ...u, status }, action, who);
      await followOrder(tx, u.orderId, "Label Test");
    }
  });
  for (const u of units) {
    const scan = await f.call("factory", "POST", "/api/shipping/pack-scan", { scanId: newKey(), code: u.barcode });
    expect(scan.statusCode, scan.body).toBe(200);
  }
  return { order, unitIds: units.map((u) => u.id) };
};

const buy = async (body: Record<string, unknown>): Promise<TShipment> => {
  const res = await f.call("factory", "POST", "/api/shipments", { ...box, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TShipment>();
};

describe("the facility's shipping label format", () => {
  test("PDF (the default): both providers' labels stay PDFs; label.zpl answers 409", async () => {
    await setFormat("pdf_4x6");
    const { order, unitIds } = await packedUnits(2);
    const manual = await buy({ orderId: order.id, unitIds: [unitIds[0]], provider: "manual", carrier: "ups" });
    expect(manual.labelFormat).toBe("pdf");
    const pdf = await f.call("factory", "GET", `/api/shipments/${manual.id}/label.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const zpl = await f.call("factory", "GET", `/api/shipments/${manual.id}/label.zpl`);
    expect(zpl.statusCode).toBe(409);
    expect(zpl.json().message).toBe("This shipment's label is a PDF: open label.pdf.");

    const platform = await buy({
      orderId: order.id,
      unitIds: [unitIds[1]],
      provider: "shipstation",
      rateId: "se-rate-ground",
    });
    expect(platform.labelFormat).toBe("pdf");
    expect(ss.requests.at(-1)?.body).toMatchObject({ label_format: "pdf", label_layout: "4x6" });
    const got = await f.call("factory", "GET", `/api/shipments/${platform.id}/label.pdf`);
    expect(got.headers["content-type"]).toBe("application/pdf");
    expect(got.rawPayload.toString()).toContain("ShipStation stand-in label");
  });

  test("ZPL with the manual provider: the Hub's own ZPL label, with the address, tracking and a Code128", async () => {
    await setFormat("zpl_4x6");
    const { order, unitIds } = await packedUnits(1);
    const x = await buy({
      orderId: order.id,
      unitIds,
      provider: "manual",
      carrier: "ups",
      service: "Ground",
      trackingNumber: "1ZZPL000123",
    });
    expect(x.labelFormat).toBe("zpl");
    const res = await f.call("factory", "GET", `/api/shipments/${x.id}/label.zpl`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zpl");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="label-${x.shipmentNumber}.zpl"`);
    expect(res.body.startsWith("^XA")).toBe(true);
    expect(res.body.trimEnd().endsWith("^XZ")).toBe(true);
    expect(res.body).toContain("^BCN,200,Y,N,N,A^FH^FD1ZZPL000123^FS");
    expect(res.body).toContain("Nora Buyer");
    expect(res.body).toContain("Portland OR 97201");
    expect(res.body).toContain(x.shipmentNumber);
    // The client sees its own label; the PDF link says which to use.
    expect((await f.call("client", "GET", `/api/shipments/${x.id}/label.zpl`)).statusCode).toBe(200);
    const asPdf = await f.call("factory", "GET", `/api/shipments/${x.id}/label.pdf`);
    expect(asPdf.statusCode).toBe(409);
    expect(asPdf.json().message).toBe("This shipment's label is ZPL (for a thermal printer): download label.zpl.");
  });

  test("ZPL with ShipStation: the platform is asked for ZPL and its ZPL label is served", async () => {
    await setFormat("zpl_4x6");
    const { order, unitIds } = await packedUnits(1);
    const x = await buy({ orderId: order.id, unitIds, provider: "shipstation", rateId: "se-rate-priority" });
    expect(x.labelFormat).toBe("zpl");
    const bought = ss.requests.filter((r) => r.path.startsWith("/v2/labels")).at(-1);
    expect(bought?.body).toMatchObject({ label_format: "zpl", label_layout: "4x6" });
    const res = await f.call("factory", "GET", `/api/shipments/${x.id}/label.zpl`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zpl");
    expect(res.body.startsWith("^XA")).toBe(true);
    expect(res.body).toContain("ShipStation stand-in");
    expect(res.body).toContain(x.trackingNumber ?? "none");
    // The stand-in's file came from the platform, not the Hub's own label.
    expect(ss.requests.some((r) => r.path.endsWith(".zpl"))).toBe(true);

    // Another client's user: the shipment does not exist for it, in either format.
    expect((await f.call("client2", "GET", `/api/shipments/${x.id}/label.zpl`)).statusCode).toBe(404);
    expect((await f.call("client2", "GET", `/api/shipments/${x.id}/label.pdf`)).statusCode).toBe(404);
    expect((await f.call("designer", "GET", `/api/shipments/${x.id}/label.zpl`)).statusCode).toBe(403);
    await setFormat("pdf_4x6");
  });
});
