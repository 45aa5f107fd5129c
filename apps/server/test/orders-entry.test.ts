import {
  entryDefaultAddress,
  ORDER_MESSAGES,
  type TEntryOptions,
  type TLookupItem,
  type TOrder,
  type TProductDetails,
  type TQuote,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, DEMO_USERS, type DemoUser, type TestApp } from "./helpers/test-app";

/**
 * What order entry offers for the client an order is for (address book, offered styles, a style's
 * options), read as that client whoever places it; and the order's hasPaymentMethod.
 */

let t: TestApp;
let f: OrderFixture;

const address = (owner: "me" | "client", label: string, isDefault = false) => ({
  label,
  name: "Nora Buyer",
  line1: "1 Harbour Road",
  city: "Portland",
  postalCode: "97201",
  country: "US",
  isDefault,
  active: true,
  owner,
});

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  for (const [owner, label, isDefault] of [
    ["client", "Warehouse", true],
    ["me", "My desk", false],
  ] as const) {
    const res = await f.call("client", "POST", "/api/addresses", address(owner, label, isDefault));
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

const forClient = (who: DemoUser, path: string, clientId?: number) =>
  f.call(who, "GET", `${path}${clientId === undefined ? "" : `${path.includes("?") ? "&" : "?"}clientId=${clientId}`}`);

describe("order entry options", () => {
  test("the client's address book and payment method, for whoever may order for it; a person's own addresses to that person only", async () => {
    for (const [who, clientId] of [
      ["client", undefined],
      ["admin", f.northwind],
      ["factory", f.northwind],
    ] as const) {
      const res = await forClient(who, "/api/orders/entry/options", clientId);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const body = res.json<TEntryOptions>();
      expect(body.clientId).toBe(f.northwind);
      expect(body.addresses.map((a) => a.label)).toContain("Warehouse");
      // "My desk" is the client user's own (My addresses): offered to that person, nobody else.
      if (who === "client") {
        expect(body.addresses.map((a) => [a.label, a.owner])).toEqual([
          ["My desk", "me"],
          ["Warehouse", "client"],
        ]);
        // The first address of an owner is its default: the person's own default is preselected.
        expect(body.addresses.map((a) => a.isDefault)).toEqual([true, true]);
        expect(entryDefaultAddress(body.addresses)?.label).toBe("My desk");
      } else {
        expect(body.addresses.map((a) => a.label)).not.toContain("My desk");
        expect(body.addresses[0]?.isDefault).toBe(true);
      }
      expect(typeof body.hasPaymentMethod).toBe("boolean");
    }
    // Another tenant's client is a 404; an admin without a client is asked for one; the designer has no card.
    expect((await forClient("client2", "/api/orders/entry/options", f.northwind)).statusCode).toBe(404);
    const noClient = await forClient("admin", "/api/orders/entry/options");
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json<{ fields: Record<string, string> }>().fields.clientId).toBeTruthy();
    expect((await forClient("designer", "/api/orders/entry/options", f.northwind)).statusCode).toBe(403);
    expect((await f.call(null, "GET", "/api/orders/entry/options")).statusCode).toBe(401);
  });

  test("a person ships to its own saved address (its default preselected); another person's or client's is refused and writes nothing", async () => {
    const mine = await f.call("client", "POST", "/api/addresses", {
      ...address("me", "Home studio", true),
      name: "Nora At Home",
      line1: "9 Pearl Street",
      city: "Portland",
      region: "OR",
      postalCode: "97209",
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const home = mine.json<{ id: number }>().id;
    const options = (await forClient("client", "/api/orders/entry/options")).json<TEntryOptions>();
    expect(entryDefaultAddress(options.addresses)).toMatchObject({ id: home, owner: "me", isDefault: true });

    const line = { styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.white], quantity: 1 };
    const placed = await f.place("client", { addressId: home, lines: [line] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<TOrder>()).toMatchObject({
      addressId: home,
      shipTo: expect.objectContaining({ name: "Nora At Home", line1: "9 Pearl Street", postalCode: "97209" }),
    });

    const orders = async () => (await t.db.select({ n: count() }).from(schema.orders))[0]?.n ?? 0;
    const before = await orders();
    const warehouse = options.addresses.find((a) => a.label === "Warehouse")?.id;
    for (const [who, addressId, clientId] of [
      // The admin orders for Northwind, but Home studio is the client user's own, not the admin's.
      ["admin", home, f.northwind],
      ["factory", home, f.northwind],
      // Bluebird's user: neither another person's address nor another client's book.
      ["client2", home, undefined],
      ["client2", warehouse, undefined],
    ] as const) {
      const res = await f.place(who, { clientId, addressId, lines: [line] });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(400);
      expect(res.json<{ message: string; fields: Record<string, string> }>()).toMatchObject({
        message: ORDER_MESSAGES.notYourAddress,
        fields: { addressId: "Not an address of this client or yours" },
      });
    }
    expect(await orders()).toBe(before);
  });

  test("styles offered to the client, as that client sees them, whoever orders", async () => {
    const labels = async (who: DemoUser, clientId?: number) => {
      const res = await forClient(who, "/api/orders/entry/styles?searchString=ORD-", clientId);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TLookupItem[]>().map((s) => s.label.split(" ")[0]);
    };
    expect(await labels("client")).toEqual(["ORD-TEE"]);
    expect(await labels("client2")).toEqual(["ORD-BB", "ORD-TEE"]);
    expect(await labels("admin", f.northwind)).toEqual(["ORD-TEE"]);
    expect(await labels("admin", f.bluebird)).toEqual(["ORD-BB", "ORD-TEE"]);
    expect(await labels("factory", f.northwind)).toEqual(["ORD-TEE"]);

    const details = await forClient("admin", `/api/orders/entry/styles/${f.ids.tee}`, f.northwind);
    expect(details.statusCode, details.body).toBe(200);
    const d = details.json<TProductDetails>();
    expect(d.options.map((o) => o.name)).toEqual(["Size", "Colour"]);
    expect(d.options[0]?.attributes.find((a) => a.code === "OXL")?.upchargeCents).toBe(200);
    // A style not offered to the client does not exist for its order.
    expect((await forClient("admin", `/api/orders/entry/styles/${f.ids.bluebirdOnly}`, f.northwind)).statusCode).toBe(
      404,
    );
    expect((await forClient("client", `/api/orders/entry/styles/${f.ids.bluebirdOnly}`)).statusCode).toBe(404);
    expect((await forClient("designer", `/api/orders/entry/styles/${f.ids.tee}`, f.northwind)).statusCode).toBe(403);
  });

  test("an order says whether its client has a payment method", async () => {
    const line = { styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.white], quantity: 1 };
    const placed = await f.place("client", { shipTo: SHIP_TO, lines: [line] });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<TOrder>();
    const options = (await forClient("client", "/api/orders/entry/options")).json<TEntryOptions>();
    expect(order.hasPaymentMethod).toBe(options.hasPaymentMethod);
    for (const who of DEMO_USERS.filter((u) => u !== "designer" && u !== "client2")) {
      const res = await f.call(who, "GET", `/api/orders/${order.id}`);
      expect(res.json<TOrder>().hasPaymentMethod, who).toBe(options.hasPaymentMethod);
    }
  });

  test("a demo SKU names every option of its style, so it prices and places", async () => {
    // The demo map "TEE100-BLK-REG-M" names colour, fit and size: a whole TEE-100 variant.
    const quote = await f.call("client", "POST", "/api/orders/quote", {
      lines: [{ sku: "TEE100-BLK-REG-M", quantity: 12 }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json<TQuote>();
    expect(q.problems).toEqual([]);
    expect(q.lines[0]?.options.map((o) => o.attributeCode)).toEqual(["M", "BLK", "REG"]);
    const placed = await f.place("client", { shipTo: SHIP_TO, lines: [{ sku: "hod100nvyslmxl", quantity: 2 }] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<TOrder>().items[0]?.styleCode).toBe("HOD-100");
  });

  test("a pasted SKU that leaves an option unchosen is a problem of its sku, as entry shows it", async () => {
    // The old demo form "TEE100-BLK-M" has no fit where the map reads one.
    const quote = await f.call("client", "POST", "/api/orders/quote", {
      lines: [{ sku: "TEE100-BLK-M", quantity: 1 }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const problems = quote.json<TQuote>().problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ index: 0, field: "sku" });
    expect(problems[0]?.message).toMatch(/fit/i);
    const placed = await f.place("client", { shipTo: SHIP_TO, lines: [{ sku: "TEE100-BLK-M", quantity: 1 }] });
    expect(placed.statusCode).toBe(400);
    expect(Object.keys(placed.json<{ fields: Record<string, string> }>().fields)).toEqual(["lines.0.sku"]);
  });
});
