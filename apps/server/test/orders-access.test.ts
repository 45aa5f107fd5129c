import { SESSION_CLIENT_HEADER, type TOrder } from "@hub/contracts";
import { schema } from "@hub/db";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, DEMO_USERS, type DemoUser, type TestApp } from "./helpers/test-app";

/**
 * The HTTP access matrix over every orders route, for every demo user type and both demo clients:
 * a client never reads or changes another client's order (404), the designer has no orders cards
 * (403), the facility sees the orders of the clients it serves, internal admins all of them.
 */

let t: TestApp;
let f: OrderFixture;
let nw: TOrder;
let bb: TOrder;

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const line = { styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.white], quantity: 2 };
  const a = await f.place("client", { shipTo: SHIP_TO, lines: [line] });
  const b = await f.place("client2", { shipTo: SHIP_TO, lines: [line] });
  expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
  nw = a.json<TOrder>();
  bb = b.json<TOrder>();
});
afterAll(async () => {
  await t?.close();
});

type Expect = Record<DemoUser, number>;
/** Who sees an order of Northwind / of Bluebird, answering `ok` when they may. */
const ofNorthwind = (ok: number): Expect => ({ admin: ok, client: ok, client2: 404, factory: ok, designer: 403 });
const ofBluebird = (ok: number): Expect => ({ admin: ok, client: 404, client2: ok, factory: ok, designer: 403 });

const matrix = async (
  method: "GET" | "POST" | "PUT",
  url: (o: TOrder) => string,
  ok: number,
  payload?: (o: TOrder) => unknown,
) => {
  for (const [order, expected] of [
    [nw, ofNorthwind(ok)],
    [bb, ofBluebird(ok)],
  ] as const) {
    for (const who of DEMO_USERS) {
      const res = await f.call(who, method, url(order), payload?.(order));
      expect(res.statusCode, `${who} ${method} ${url(order)}: ${res.body}`).toBe(expected[who]);
    }
    expect((await f.call(null, method, url(order), payload?.(order))).statusCode).toBe(401);
  }
};

describe("orders access matrix", () => {
  test("CSV order import and the PO file: people who enter orders; another client's import or order is a 404", async () => {
    const enters: Expect = { admin: 200, client: 200, client2: 200, factory: 200, designer: 403 };
    for (const who of DEMO_USERS)
      expect((await f.call(who, "GET", "/api/orders/import/template.csv")).statusCode, who).toBe(enters[who]);
    expect((await f.call(null, "GET", "/api/orders/import/template.csv")).statusCode).toBe(401);
    const csv =
      "poNumber,shipName,shipLine1,shipCity,shipPostalCode,shipCountry,sku,quantity\nACC-1,A,B,C,D,US,OT-OBK-OM,1";
    const validated = await f.call("client", "POST", "/api/orders/import/validate", csv, {
      "content-type": "text/csv",
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const id = validated.json<{ importId: string }>().importId;
    const ofNorthwindImport: Expect = { admin: 200, client: 200, client2: 404, factory: 200, designer: 403 };
    for (const who of DEMO_USERS)
      expect((await f.call(who, "GET", `/api/orders/import/${id}`)).statusCode, who).toBe(ofNorthwindImport[who]);
    expect((await f.call("client2", "POST", `/api/orders/import/${id}/apply`)).statusCode).toBe(404);
    // No PO file on these orders: 404 for those who see the order, 403 without the card.
    await matrix("GET", (o) => `/api/orders/${o.id}/poFile`, 404);
  });

  test("reading an order, its comments, issues and history", async () => {
    await matrix("GET", (o) => `/api/orders/${o.id}`, 200);
    await matrix("GET", (o) => `/api/orders/${o.id}/comments`, 200);
    await matrix("GET", (o) => `/api/orders/${o.id}/issues`, 200);
    await matrix("GET", (o) => `/api/orders/${o.id}/history`, 200);
  });

  test("writing: comments, issues, charge, refund (nothing charged: 409), item edit", async () => {
    await matrix(
      "POST",
      (o) => `/api/orders/${o.id}/comments`,
      201,
      () => ({ body: "hello" }),
    );
    await matrix(
      "POST",
      (o) => `/api/orders/${o.id}/issues`,
      201,
      () => ({ body: "a problem" }),
    );
    await matrix("POST", (o) => `/api/orders/${o.id}/charge`, 200);
    await matrix(
      "POST",
      (o) => `/api/orders/${o.id}/refund`,
      409,
      () => ({ amountCents: 1 }),
    );
    await matrix(
      "PUT",
      (o) => `/api/orders/${o.id}/items/${o.items[0]?.id}`,
      200,
      () => ({ quantity: 3 }),
    );
    const issues = (await f.call("client", "GET", `/api/orders/${nw.id}/issues`)).json<{ items: { id: number }[] }>();
    const issueId = issues.items[0]?.id;
    expect(
      (await f.call("client2", "POST", `/api/orders/${nw.id}/issues/${issueId}/respond`, { response: "x" })).statusCode,
    ).toBe(404);
    expect((await f.call("client2", "POST", `/api/orders/${bb.id}/issues/${issueId}/resolve`)).statusCode).toBe(404);
    expect((await f.call("factory", "POST", `/api/orders/${nw.id}/issues/${issueId}/resolve`)).statusCode).toBe(200);
  });

  test("complete, cancel and bulk never reach another client's order", async () => {
    for (const [who, order] of [
      ["client", bb],
      ["client2", nw],
    ] as const) {
      expect((await f.call(who, "POST", `/api/orders/${order.id}/complete`, {})).statusCode).toBe(404);
      expect((await f.call(who, "POST", `/api/orders/${order.id}/cancel`, { reason: "x" })).statusCode).toBe(404);
      const bulk = await f.call(who, "POST", "/api/orders/bulk", { ids: [order.id], action: "cancel", reason: "x" });
      expect(bulk.statusCode).toBe(409);
    }
    expect((await f.call("designer", "POST", `/api/orders/${nw.id}/cancel`, { reason: "x" })).statusCode).toBe(403);
    expect(
      (await f.call("designer", "POST", "/api/orders/bulk", { ids: [nw.id], action: "complete" })).statusCode,
    ).toBe(403);
    expect((await f.call("client", "GET", `/api/orders/${bb.id}`)).json<TOrder>().status).toBeUndefined();
    expect((await f.call("admin", "GET", `/api/orders/${bb.id}`)).json<TOrder>().status).toBe("placed");
  });

  test("lists and export: each sees its own tenant's orders; the admin all, or the session client's", async () => {
    // Every page of the list (the demo order book is there too), as sorted ids.
    const ids = async (who: DemoUser, headers: Record<string, string> = {}) => {
      const seen: number[] = [];
      for (let page = 0; page < 50; page++) {
        const res = await f.call(who, "GET", `/api/orders?size=100&page=${page}`, undefined, headers);
        if (res.statusCode !== 200) return res.statusCode;
        const items = res.json<{ items: { id: number }[] }>().items;
        seen.push(...items.map((x) => x.id));
        if (items.length < 100) break;
      }
      return seen.sort((a, b) => a - b);
    };
    // What each should see, from the database: the orders of the clients in its scope.
    const all = await t.db.select({ id: schema.orders.id, clientId: schema.orders.clientId }).from(schema.orders);
    const of = (...clientIds: number[]) =>
      all
        .filter((o) => clientIds.includes(o.clientId))
        .map((o) => o.id)
        .sort((a, b) => a - b);
    expect(of(f.northwind)).toContain(nw.id);
    expect(of(f.bluebird)).toContain(bb.id);
    expect(await ids("admin")).toEqual(of(f.northwind, f.bluebird));
    expect(await ids("admin", { [SESSION_CLIENT_HEADER]: String(f.bluebird) })).toEqual(of(f.bluebird));
    expect(await ids("client")).toEqual(of(f.northwind));
    expect(await ids("client2")).toEqual(of(f.bluebird));
    expect(await ids("factory")).toEqual(of(f.northwind, f.bluebird));
    expect(await ids("designer")).toBe(403);
    const csv = await f.call("client2", "GET", "/api/orders/export.csv");
    expect(csv.body).toContain(bb.orderNumber);
    expect(csv.body).not.toContain(nw.orderNumber);
    expect((await f.call("designer", "GET", "/api/orders/export.csv")).statusCode).toBe(403);
    expect((await f.call(null, "GET", "/api/orders")).statusCode).toBe(401);
  });

  test("quote and place: who may order for which client", async () => {
    const body = { lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.white], quantity: 1 }] };
    const quote = (who: DemoUser, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      f.call(who, "POST", "/api/orders/quote", { ...body, ...extra }, headers).then((r) => r.statusCode);
    expect(await quote("client")).toBe(200);
    expect(await quote("client2")).toBe(200);
    expect(await quote("client", { clientId: f.bluebird })).toBe(404);
    expect(await quote("admin")).toBe(400);
    expect(await quote("admin", {}, { [SESSION_CLIENT_HEADER]: String(f.northwind) })).toBe(200);
    expect(await quote("factory", { clientId: f.bluebird })).toBe(200);
    expect(await quote("factory")).toBe(400);
    expect(await quote("designer")).toBe(403);
    // Bluebird-only style: Northwind cannot order it, Bluebird can.
    const bbLine = { lines: [{ styleId: f.ids.bluebirdOnly, attributeIds: [f.ids.m, f.ids.white], quantity: 1 }] };
    expect((await f.place("client", { shipTo: SHIP_TO, ...bbLine })).statusCode).toBe(400);
    expect((await f.place("client2", { shipTo: SHIP_TO, ...bbLine })).statusCode).toBe(201);
    const byAdmin = await f.place("admin", { clientId: f.northwind, shipTo: SHIP_TO, ...body }, newKey());
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json<TOrder>().clientId).toBe(f.northwind);
    expect((await f.place("designer", { shipTo: SHIP_TO, ...body })).statusCode).toBe(403);
    expect(
      (await f.call("client", "POST", "/api/orders/web", { externalOrderId: "X", shipTo: SHIP_TO, ...body }))
        .statusCode,
    ).toBe(403);
  });

  test("coupons: facility users and internal admins only; a coupon of another facility is not found", async () => {
    const expected: Expect = { admin: 200, client: 403, client2: 403, factory: 200, designer: 403 };
    for (const who of DEMO_USERS)
      expect((await f.call(who, "GET", "/api/coupons")).statusCode, who).toBe(expected[who]);
    const created = await f.call("factory", "POST", "/api/coupons", {
      code: "MATRIX",
      percentOffBp: 500,
      active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const update = { code: "MATRIX2", amountOffCents: 100, active: true };
    expect((await f.call("client", "PUT", `/api/coupons/${id}`, update)).statusCode).toBe(403);
    expect((await f.call("admin", "PUT", `/api/coupons/${id}`, update)).statusCode).toBe(200);
    expect((await f.call("factory", "GET", `/api/coupons/${id}`)).json()).toMatchObject({ code: "MATRIX2" });
    expect((await f.call("factory", "POST", "/api/coupons", { ...update, code: "matrix2" })).statusCode).toBe(409);
    expect(
      (await f.call("factory", "POST", "/api/coupons", { code: "BOTH", percentOffBp: 1, amountOffCents: 1 }))
        .statusCode,
    ).toBe(400);
    expect((await f.call("designer", "DELETE", `/api/coupons/${id}`)).statusCode).toBe(403);
    expect((await f.call("factory", "DELETE", `/api/coupons/${id}`)).statusCode).toBe(200);
    expect((await f.call("factory", "GET", `/api/coupons/${id}`)).statusCode).toBe(404);
  });
});
