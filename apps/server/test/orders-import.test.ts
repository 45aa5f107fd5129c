import type { TOrder, TOrderImportReport } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import type { DemoUser } from "./helpers/test-app";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { multipart, PDF, PNG } from "./stand-ins/uploads";

/**
 * CSV order import (issue 10): the library's validate-then-apply import for orders. One order per
 * PO, one line per row, placed through the orders service (frozen prices, source "import"); a bad
 * row names its line and nothing is written; re-applying and re-importing do not duplicate; a client
 * imports only for itself.
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

const HEADER =
  "client,poNumber,addressLabel,shipName,shipLine1,shipCity,shipRegion,shipPostalCode,shipCountry,requestedShipDate,notes,sku,styleCode,attributeCodes,quantity";
const SHIP = "Nora Buyer,1 Harbour Road,Portland,OR,97201,US";
const csvOf = (...rows: string[]) => [HEADER, ...rows].join("\n");

const validate = (who: DemoUser, csv: string) =>
  f.call(who, "POST", "/api/orders/import/validate?fileName=orders.csv", csv, { "content-type": "text/csv" });
const apply = (who: DemoUser, id: string, key?: string) =>
  f.call(who, "POST", `/api/orders/import/${id}/apply`, undefined, key ? { "idempotency-key": key } : {});

const importedLike = async (prefix: string) =>
  t.db
    .select()
    .from(schema.orders)
    .where(and(like(schema.orders.poNumber, `${prefix}%`), eq(schema.orders.source, "import")));
const orderCount = async () => (await t.db.select({ n: count() }).from(schema.orders))[0]?.n ?? 0;

describe("order import", () => {
  test("the template has every column and an example row", async () => {
    const res = await f.call("client", "GET", "/api/orders/import/template.csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const [head, example] = res.body.trim().split("\n");
    expect(head).toContain("poNumber");
    expect(head).toContain("quantity");
    expect(example).toContain("PO-1001");
  });

  test("a good file makes one order per PO with its lines at frozen prices; apply again and re-import make nothing new", async () => {
    const csv = csvOf(
      `,IMP-A,,${SHIP},,First import,OT-OBK-OM,,,6`,
      `,IMP-A,,${SHIP},,First import,,ORD-TEE,OXL|OWH,4`,
      `,IMP-B,,${SHIP},,,OT-OWH-OS,,,2`,
    );
    const res = await validate("client", csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TOrderImportReport>();
    expect(report).toMatchObject({
      status: "validated",
      rowCount: 3,
      errorCount: 0,
      willCreate: 2,
      alreadyImported: 0,
    });
    expect(report.orders.map((o) => [o.poNumber, o.lines, o.totalCents])).toEqual([
      ["IMP-A", [2, 3], 1350 * 6 + 1500 * 4],
      ["IMP-B", [4], 1500 * 2],
    ]);
    expect(await importedLike("IMP-")).toHaveLength(0);

    const done = await apply("client", report.importId, "imp-key-1");
    expect(done.statusCode, done.body).toBe(200);
    const applied = done.json<TOrderImportReport>();
    expect(applied.status).toBe("applied");
    expect(applied.willCreate).toBe(2);
    const a = applied.orders.find((o) => o.poNumber === "IMP-A");
    expect(a?.orderNumber).toMatch(/^SO-\d{6}$/);
    const order = (await f.call("client", "GET", `/api/orders/${a?.orderId}`)).json<TOrder>();
    expect(order).toMatchObject({ source: "import", poNumber: "IMP-A", notes: "First import", totalCents: 14_100 });
    expect(order.items.map((i) => [i.lineNumber, i.sku, i.quantity, i.unitPriceCents, i.upchargeCents])).toEqual([
      [1, "OT-OBK-OM", 6, 1300, 50],
      [2, "ORD-TEE-OXL-OWH", 4, 1300, 200],
    ]);

    // Applying again (same import, or the same key) answers the first result.
    const before = await orderCount();
    const again = await apply("client", report.importId);
    expect(again.statusCode).toBe(200);
    expect(again.json<TOrderImportReport>().orders.map((o) => o.orderId)).toEqual(applied.orders.map((o) => o.orderId));
    // Re-importing the same file: both POs are already imported, applying makes no new order.
    const re = (await validate("client", csv)).json<TOrderImportReport>();
    expect(re).toMatchObject({ errorCount: 0, willCreate: 0, alreadyImported: 2 });
    const reApplied = await apply("client", re.importId, "imp-key-1");
    expect(reApplied.statusCode).toBe(200);
    const reApplied2 = (await apply("client", re.importId, "imp-key-2")).json<TOrderImportReport>();
    expect(reApplied2.orders.map((o) => o.orderId)).toEqual(applied.orders.map((o) => o.orderId));
    expect(await orderCount()).toBe(before);
    expect(await importedLike("IMP-")).toHaveLength(2);
  });

  test("a file with bad rows writes nothing and names each line and reason", async () => {
    const csv = csvOf(
      `,BAD-A,,${SHIP},,,OT-OBK-OM,,,6`,
      `,BAD-A,,${SHIP},,,ZZ-NOPE,,,1`,
      `,BAD-B,,${SHIP},,,OT-OBK-OM,,,zero`,
      `,BAD-A,,Someone Else,1 Harbour Road,Portland,OR,97201,US,,,OT-OWH-OS,,,1`,
      `,BAD-C,,${SHIP},,,,ORD-BB,OM|OBK,1`,
      `,BAD-D,nowhere,,,,,,,,,OT-OBK-OM,,,1`,
    );
    const res = await validate("client", csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TOrderImportReport>();
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [3, "sku"],
      [4, "quantity"],
      [5, "shipName"],
      [6, "styleCode"],
      [7, "addressLabel"],
    ]);
    expect(report.errors[2]?.message).toMatch(/Differs from line 2/);
    const refused = await apply("client", report.importId);
    expect(refused.statusCode).toBe(409);
    expect(await importedLike("BAD-")).toHaveLength(0);
  });

  test("an address label from the client's address book gives the ship-to", async () => {
    await t.db.insert(schema.addresses).values({
      clientId: f.northwind,
      label: "Warehouse",
      name: "NW Warehouse",
      line1: "9 Dock St",
      city: "Tacoma",
      postalCode: "98401",
      country: "US",
    });
    const res = await validate("client", csvOf(",ADDR-1,warehouse,,,,,,,,,OT-OBK-OM,,,1"));
    const report = res.json<TOrderImportReport>();
    expect(report.errorCount, res.body).toBe(0);
    const done = (await apply("client", report.importId)).json<TOrderImportReport>();
    const order = (await f.call("client", "GET", `/api/orders/${done.orders[0]?.orderId}`)).json<TOrder>();
    expect(order.shipTo).toMatchObject({ name: "NW Warehouse", city: "Tacoma" });
  });

  test("scoping: a client imports only for itself; an admin names the client; others cannot read the import", async () => {
    const other = await validate("client", csvOf(`bluebird,SCOPE-1,,${SHIP},,,OT-OBK-OM,,,1`));
    expect(other.json<TOrderImportReport>().errors).toEqual([
      { line: 2, column: "client", message: expect.stringMatching(/no client "bluebird"/) },
    ]);
    const own = await validate("client", csvOf(`northwind,SCOPE-1,,${SHIP},,,OT-OBK-OM,,,1`));
    expect(own.json<TOrderImportReport>().errorCount).toBe(0);

    const admin = await validate("admin", csvOf(`bluebird,SCOPE-2,,${SHIP},,,OT-OBK-OM,,,1`));
    const report = admin.json<TOrderImportReport>();
    expect(report.errorCount, admin.body).toBe(0);
    expect(report.orders[0]?.clientId).toBe(f.bluebird);
    // Northwind's user cannot read or apply Bluebird's import.
    expect((await f.call("client", "GET", `/api/orders/import/${report.importId}`)).statusCode).toBe(404);
    expect((await apply("client", report.importId)).statusCode).toBe(404);
    expect((await f.call("client2", "GET", `/api/orders/import/${report.importId}`)).statusCode).toBe(200);
    const done = (await apply("admin", report.importId)).json<TOrderImportReport>();
    const [row] = await t.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, done.orders[0]?.orderId ?? 0));
    expect(row).toMatchObject({ clientId: f.bluebird, source: "import" });
    // An order import is not a library import.
    expect((await f.call("admin", "GET", `/api/library/import/${report.importId}`)).statusCode).toBe(404);
  });
});

describe("PO file", () => {
  const upload = (who: DemoUser, fileName: string, content: Buffer, clientId?: number) => {
    const body = multipart(fileName, content);
    return t.request({
      method: "POST",
      url: `/api/orders/poFiles${clientId ? `?clientId=${clientId}` : ""}`,
      token: f.tokens[who],
      payload: body.payload,
      headers: body.headers,
    });
  };

  test("uploaded with type and content checks, placed on the order, downloaded by its client and facility only", async () => {
    const bad = await upload("client", "po.exe", Buffer.from("MZ nope"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields.file).toMatch(/PDF, PNG or JPEG/);
    const lying = await upload("client", "po.pdf", PNG);
    expect(lying.statusCode).toBe(400);

    const res = await upload("client", "PO-FILE-1.pdf", PDF);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<{ id: number; clientId: number }>();
    expect(file.clientId).toBe(f.northwind);
    const placed = await f.place("client", {
      shipTo: SHIP_TO,
      poNumber: "PO-FILE-1",
      poFileId: file.id,
      lines: [{ sku: "OT-OBK-OM", quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<TOrder>();
    expect(order).toMatchObject({ poFileId: file.id, poFileName: "PO-FILE-1.pdf" });

    for (const who of ["client", "factory", "admin"] as const) {
      const got = await f.call(who, "GET", `/api/orders/${order.id}/poFile`);
      expect(got.statusCode, who).toBe(200);
      expect(got.headers["content-type"]).toBe("application/pdf");
      expect(got.rawPayload.equals(PDF)).toBe(true);
    }
    // Bluebird cannot read Northwind's order or its file, nor place an order with it.
    expect((await f.call("client2", "GET", `/api/orders/${order.id}/poFile`)).statusCode).toBe(404);
    const foreign = await f.place("client2", {
      shipTo: SHIP_TO,
      poFileId: file.id,
      lines: [{ sku: "OT-OBK-OM", quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fields: Record<string, string> }>().fields.poFileId).toBeDefined();
    // A client user uploads only for its own client; an admin names the client.
    expect((await upload("client", "x.pdf", PDF, f.bluebird)).statusCode).toBe(404);
    const forBluebird = await upload("admin", "bb.pdf", PDF, f.bluebird);
    expect(forBluebird.statusCode, forBluebird.body).toBe(201);
    expect(forBluebird.json<{ clientId: number }>().clientId).toBe(f.bluebird);
    // An order without a PO file answers 404.
    const plain = (
      await f.place("client", { shipTo: SHIP_TO, lines: [{ sku: "OT-OBK-OM", quantity: 1 }] })
    ).json<TOrder>();
    expect((await f.call("client", "GET", `/api/orders/${plain.id}/poFile`)).statusCode).toBe(404);
  });
});
