import { IDEMPOTENCY_HEADER, type TOrder, type TReturn } from "@hub/contracts";
import { schema } from "@hub/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type OrderFixture, orderFixture, SHIP_TO, shipPieces } from "./helpers/orders-fixture";
import { createTestApp, DEMO_USERS, type DemoUser, type TestApp } from "./helpers/test-app";

/**
 * Returns (RMA, issue 10): only shipped pieces come back (an order with nothing shipped is a 409, a
 * line beyond what shipped a 400); creating within what is left to return (400 naming the line beyond it),
 * transitions (409 naming the state), refunds capped and written to the billing ledger through the
 * orders' refund path, idempotent refunds, remakes as linked orders, bad input, and the access
 * matrix over every returns route for every demo user type and both demo clients.
 */

let t: TestApp;
let f: OrderFixture;
/** Northwind's order, charged to its card: line 1 M/White × 4 at 1500, line 2 XL/Black × 2 at 1750 = 9500. */
let paid: TOrder;

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const card = await f.call("client", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
  expect(card.statusCode, card.body).toBe(201);
  paid = await place("client", [
    [f.ids.m, f.ids.white, 4],
    [f.ids.xl, f.ids.black, 2],
  ]);
  expect(paid).toMatchObject({ paymentState: "paid", chargedCents: 9500 });
  // The other orders are invoices (no default method).
  await t.db.delete(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, f.northwind));
});
afterAll(async () => {
  await t?.close();
});

/** Places an order and, unless `ship` says otherwise, ships every piece (only shipped pieces come back). */
const place = async (
  who: DemoUser,
  lines: [number, number, number][],
  ship: boolean | readonly number[] = true,
): Promise<TOrder> => {
  const res = await f.place(who, {
    shipTo: SHIP_TO,
    lines: lines.map(([a, b, quantity]) => ({ styleId: f.ids.tee, attributeIds: [a, b], quantity })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<TOrder>();
  if (ship !== false) await shipPieces(t, order.id, ship === true ? undefined : ship);
  return order;
};

const item = (order: TOrder, n: number) => order.items[n - 1]?.id as number;

const create = async (
  who: DemoUser | null,
  order: TOrder,
  lines: [number, number][],
  extra: Record<string, unknown> = {},
) =>
  f.call(who, "POST", "/api/returns", {
    orderId: order.id,
    lines: lines.map(([n, quantity]) => ({ itemId: item(order, n), quantity })),
    reasonCode: "wrong_size",
    ...extra,
  });

const created = async (who: DemoUser, order: TOrder, lines: [number, number][]): Promise<TReturn> => {
  const res = await create(who, order, lines);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TReturn>();
};

const act = (who: DemoUser | null, ret: { id: number }, action: string, payload: unknown = {}, key?: string) =>
  f.call(who, "POST", `/api/returns/${ret.id}/${action}`, payload, key ? { [IDEMPOTENCY_HEADER]: key } : {});

const returnCount = async () => (await t.db.select({ n: count() }).from(schema.returns))[0]?.n ?? 0;

describe("creating a return", () => {
  test("within what shipped minus what is already returned; beyond it a 400 naming the line", async () => {
    const order = await place("client", [
      [f.ids.m, f.ids.white, 4],
      [f.ids.s, f.ids.white, 1],
    ]);
    const ret = await created("client", order, [[1, 3]]);
    expect(ret).toMatchObject({
      status: "requested",
      orderNumber: order.orderNumber,
      clientName: order.clientName,
      reasonCode: "wrong_size",
      quantity: 3,
      valueCents: 4500,
      requestedBy: "client",
    });
    expect(ret.rmaNumber).toMatch(/^RMA-\d{6}$/);
    expect(ret.lines).toEqual([expect.objectContaining({ lineNumber: 1, quantity: 3, unitValueCents: 1500 })]);
    expect(ret.history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, "requested"]]);

    const before = await returnCount();
    const beyond = await create("client", order, [
      [2, 1],
      [1, 2],
    ]);
    expect(beyond.statusCode).toBe(400);
    const body = beyond.json<{ message: string; fields: Record<string, string> }>();
    expect(body.message).toMatch(
      /^Line 1 \(ORD-TEE-OM-OWH\): At most 1 can be returned \(4 shipped, 3 already returned\)/,
    );
    expect(Object.keys(body.fields)).toEqual(["lines.1.quantity"]);
    const twice = await create("client", order, [
      [2, 1],
      [2, 1],
    ]);
    expect(twice.json<{ fields: Record<string, string> }>().fields).toEqual({
      "lines.1.itemId": "This line is already in the return.",
    });
    const other = await place("client", [[f.ids.m, f.ids.black, 1]], false);
    const notOnOrder = await f.call("client", "POST", "/api/returns", {
      orderId: order.id,
      lines: [{ itemId: item(other, 1), quantity: 1 }],
      reasonCode: "defect",
    });
    expect(notOnOrder.statusCode).toBe(400);
    expect(notOnOrder.json<{ fields: Record<string, string> }>().fields["lines.0.itemId"]).toMatch(
      /Not a line of order/,
    );
    expect(await returnCount()).toBe(before);

    // The last one fits; a cancelled return gives its quantities back.
    const last = await created("client", order, [[1, 1]]);
    expect((await create("client", order, [[1, 1]])).statusCode).toBe(400);
    expect((await act("client", last, "cancel")).statusCode).toBe(200);
    expect((await create("client", order, [[1, 1]])).statusCode).toBe(201);
    const returnable = await f.call("client", "GET", `/api/returns/returnable?orderId=${order.id}`);
    expect(returnable.json<{ lines: { returnable: number }[] }>().lines.map((l) => l.returnable)).toEqual([0, 1]);
  });

  test("only shipped pieces come back: nothing shipped is a 409, a line beyond what shipped a 400; nothing is written", async () => {
    const order = await place(
      "client",
      [
        [f.ids.m, f.ids.white, 3],
        [f.ids.xl, f.ids.black, 2],
      ],
      false,
    );
    const returnable = async () =>
      (await f.call("client", "GET", `/api/returns/returnable?orderId=${order.id}`))
        .json<{ lines: { shipped: number; returnable: number }[] }>()
        .lines.map((l) => [l.shipped, l.returnable]);
    expect(await returnable()).toEqual([
      [0, 0],
      [0, 0],
    ]);
    const before = await returnCount();
    const none = await create("client", order, [[1, 1]]);
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json<{ message: string; fields: Record<string, string> }>()).toMatchObject({
      message: `Nothing on order ${order.orderNumber} has shipped yet, so nothing on it can be returned.`,
      fields: { orderId: `Nothing on order ${order.orderNumber} has shipped yet` },
    });
    // Nobody may return it, not even the factory or an admin.
    expect((await create("factory", order, [[1, 1]])).statusCode).toBe(409);
    expect((await create("admin", order, [[1, 1]])).statusCode).toBe(409);

    // Two pieces of line 1 ship; line 2 has shipped nothing.
    await shipPieces(t, order.id, [2, 0]);
    expect((await f.call("client", "GET", `/api/orders/${order.id}`)).json<TOrder>().status).toBe("partially_shipped");
    expect(await returnable()).toEqual([
      [2, 2],
      [0, 0],
    ]);
    const beyond = await create("client", order, [[1, 3]]);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json<{ message: string }>().message).toBe(
      "Line 1 (ORD-TEE-OM-OWH): At most 2 can be returned (2 shipped, 0 already returned).",
    );
    const unshippedLine = await create("client", order, [
      [1, 1],
      [2, 1],
    ]);
    expect(unshippedLine.statusCode).toBe(400);
    expect(unshippedLine.json<{ fields: Record<string, string> }>().fields).toEqual({
      "lines.1.quantity": "Nothing on this line has shipped yet, so it cannot be returned.",
    });
    expect(await returnCount()).toBe(before);
    expect((await create("client", order, [[1, 2]])).statusCode).toBe(201);
    expect(await returnable()).toEqual([
      [2, 0],
      [0, 0],
    ]);
  });

  test("a cancelled order has nothing to return (409)", async () => {
    const order = await place("client", [[f.ids.m, f.ids.white, 1]], false);
    await f.call("client", "POST", `/api/orders/${order.id}/cancel`, { reason: "no" });
    const res = await create("client", order, [[1, 1]]);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      `Order ${order.orderNumber} is cancelled, so nothing on it can be returned.`,
    );
  });

  test("bad input is a 400 naming the field, and writes nothing", async () => {
    const order = await place("client", [[f.ids.m, f.ids.white, 2]], false);
    const before = await returnCount();
    const bad = async (payload: Record<string, unknown>, field: string) => {
      const res = await f.call("client", "POST", "/api/returns", payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields ?? {})).toContain(field);
    };
    const good = { orderId: order.id, lines: [{ itemId: item(order, 1), quantity: 1 }], reasonCode: "defect" };
    await bad({ ...good, lines: [] }, "lines");
    await bad({ ...good, lines: [{ itemId: item(order, 1), quantity: 0 }] }, "lines.0.quantity");
    await bad({ ...good, lines: [{ itemId: item(order, 1), quantity: 1.5 }] }, "lines.0.quantity");
    await bad({ ...good, lines: [{ itemId: -1, quantity: 1 }] }, "lines.0.itemId");
    await bad({ ...good, reasonCode: "bored" }, "reasonCode");
    await bad({ ...good, reasonCode: "other" }, "note");
    await bad({ ...good, note: "a\u0000b" }, "note");
    await bad({ ...good, orderId: "x" }, "orderId");
    await bad({ ...good, orderId: 2_147_483_648 }, "orderId");
    expect((await f.call("client", "POST", "/api/returns", { ...good, orderId: 2_147_483_647 })).statusCode).toBe(404);
    const refund = await f.call("admin", "POST", "/api/returns/1/refund", { amountCents: 0 });
    expect(refund.statusCode).toBe(400);
    expect((await f.call("admin", "GET", "/api/returns?status=lost")).statusCode).toBe(400);
    expect((await f.call("admin", "GET", "/api/returns?sort=price,asc")).statusCode).toBe(400);
    expect(await returnCount()).toBe(before);
  });
});

describe("transitions", () => {
  test("requested → received → refunded | remade, requested → cancelled; anything else a 409 naming the state", async () => {
    const order = await place("client", [[f.ids.m, f.ids.white, 10]]);
    const ret = await created("client", order, [[1, 2]]);
    const refused = async (action: string, state: string, verb: string) => {
      const res = await act("admin", ret, action);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(
        `Return ${ret.rmaNumber} is ${state}, so it cannot be ${verb}.`,
      );
    };
    await refused("refund", "requested", "refunded");
    await refused("remake", "requested", "remade");
    const received = await act("factory", ret, "receive", { reason: "Box arrived" });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<TReturn>().status).toBe("received");
    await refused("receive", "received", "received");
    await refused("cancel", "received", "cancelled");
    expect((await act("admin", ret, "remake")).statusCode).toBe(200);
    await refused("refund", "remade", "refunded");
    await refused("cancel", "remade", "cancelled");
    const history = (await f.call("client", "GET", `/api/returns/${ret.id}`)).json<TReturn>().history;
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, "requested", "client"],
      ["requested", "received", "factory"],
      ["received", "remade", "admin"],
    ]);
    expect(history[1]?.reason).toBe("Box arrived");

    const other = await created("client", order, [[1, 1]]);
    expect((await act("client", other, "cancel", { reason: "Kept it" })).json<TReturn>().status).toBe("cancelled");
    const again = await act("admin", other, "receive");
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      `Return ${other.rmaNumber} is cancelled, so it cannot be received.`,
    );
  });
});

describe("refunds", () => {
  test("capped at the returned lines' value and at what the order has left; written to the billing ledger", async () => {
    const first = await created("client", paid, [[1, 3]]);
    await act("factory", first, "receive");
    const detail = (await f.call("admin", "GET", `/api/returns/${first.id}`)).json<TReturn>();
    expect(detail).toMatchObject({ valueCents: 4500, orderRefundableCents: 9500, refundCapCents: 4500 });
    const tooMuch = await act("admin", first, "refund", { amountCents: 4501 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ message: string }>().message).toBe(
      `At most 4500 cents can be refunded for return ${first.rmaNumber}.`,
    );
    const refunded = await act("admin", first, "refund", {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<TReturn>()).toMatchObject({ status: "refunded", refundedCents: 4500 });
    let order = (await f.call("client", "GET", `/api/orders/${paid.id}`)).json<TOrder>();
    expect(order).toMatchObject({ paymentState: "partially_refunded", refundedCents: 4500 });
    expect(order.ledger.map((e) => [e.kind, e.amountCents, e.status])).toEqual([
      ["charge", 9500, "succeeded"],
      ["refund", 4500, "succeeded"],
    ]);

    // The order refunds 2000 on its own: 3000 is left, less than the next return's value (1500 + 3500).
    expect((await f.call("admin", "POST", `/api/orders/${paid.id}/refund`, { amountCents: 2000 })).statusCode).toBe(
      200,
    );
    const second = await created("client", paid, [
      [1, 1],
      [2, 2],
    ]);
    const received = (await act("factory", second, "receive")).json<TReturn>();
    expect(received).toMatchObject({ valueCents: 5000, orderRefundableCents: 3000, refundCapCents: 3000 });
    expect((await act("factory", second, "refund", { amountCents: 3001 })).statusCode).toBe(409);
    const all = await act("factory", second, "refund", {});
    expect(all.json<TReturn>()).toMatchObject({ status: "refunded", refundedCents: 3000 });
    order = (await f.call("client", "GET", `/api/orders/${paid.id}`)).json<TOrder>();
    expect(order).toMatchObject({ paymentState: "refunded", refundedCents: 9500 });
  });

  test("idempotent: the same Idempotency-Key answers the refunded return; concurrent requests refund once", async () => {
    const card = await f.call("client2", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
    expect(card.statusCode, card.body).toBe(201);
    const order = await place("client2", [[f.ids.m, f.ids.white, 6]]);
    await t.db.delete(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, f.bluebird));
    expect(order.chargedCents).toBe(9000);
    const refunds = async () =>
      (await f.call("admin", "GET", `/api/orders/${order.id}`))
        .json<TOrder>()
        .ledger.filter((e) => e.kind === "refund");

    const one = await created("client2", order, [[1, 2]]);
    await act("factory", one, "receive");
    const a = await act("factory", one, "refund", { amountCents: 1000 }, "double-click-1");
    const b = await act("factory", one, "refund", { amountCents: 1000 }, "double-click-1");
    expect([a.statusCode, b.statusCode], b.body).toEqual([200, 200]);
    expect(b.json<TReturn>()).toMatchObject({ status: "refunded", refundedCents: 1000 });
    expect((await refunds()).map((e) => e.amountCents)).toEqual([1000]);
    const otherKey = await act("factory", one, "refund", { amountCents: 1000 }, "another");
    expect(otherKey.statusCode).toBe(409);

    const two = await created("client2", order, [[1, 2]]);
    await act("factory", two, "receive");
    const racing = await Promise.all([
      act("factory", two, "refund", {}, "race-a"),
      act("admin", two, "refund", {}, "race-b"),
      act("admin", two, "refund", {}),
    ]);
    expect(racing.some((res) => res.statusCode === 200)).toBe(true);
    for (const res of racing) expect([200, 409], res.body).toContain(res.statusCode);
    expect((await refunds()).map((e) => e.amountCents)).toEqual([1000, 3000]);
    expect((await f.call("admin", "GET", `/api/returns/${two.id}`)).json<TReturn>()).toMatchObject({
      status: "refunded",
      refundedCents: 3000,
    });
  });

  test("an order that was never charged has nothing to refund (409), and stays received", async () => {
    const order = await place("client", [[f.ids.m, f.ids.white, 2]]);
    const ret = await created("client", order, [[1, 1]]);
    await act("admin", ret, "receive");
    const res = await act("admin", ret, "refund", {});
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/^Nothing is left to refund for return RMA-/);
    expect((await f.call("admin", "GET", `/api/returns/${ret.id}`)).json<TReturn>().status).toBe("received");
  });
});

describe("remake", () => {
  test("creates a new order linked to the original, the returned lines at zero price, nothing charged", async () => {
    const order = await place("client2", [
      [f.ids.m, f.ids.white, 5],
      [f.ids.xl, f.ids.black, 3],
    ]);
    const ret = await created("client2", order, [
      [1, 2],
      [2, 1],
    ]);
    await act("factory", ret, "receive");
    const res = await act("factory", ret, "remake");
    expect(res.statusCode, res.body).toBe(200);
    const remade = res.json<TReturn>();
    expect(remade.status).toBe("remade");
    expect(remade.remakeOrderId).toEqual(expect.any(Number));
    expect(remade.remakeOrderNumber).toMatch(/^SO-\d{6}$/);
    const newOrder = (await f.call("client2", "GET", `/api/orders/${remade.remakeOrderId}`)).json<TOrder>();
    expect(newOrder).toMatchObject({
      clientId: f.bluebird,
      source: "remake",
      // Nothing to pay: released to the floor at once.
      status: "in_production",
      totalCents: 0,
      paymentState: "paid",
      chargedCents: 0,
      notes: `Remake of ${order.orderNumber} for return ${ret.rmaNumber}`,
      shipTo: expect.objectContaining({ name: SHIP_TO.name }),
    });
    expect(newOrder.items.map((i) => [i.sku, i.quantity, i.unitPriceCents, i.lineTotalCents])).toEqual([
      [order.items[0]?.sku, 2, 0, 0],
      [order.items[1]?.sku, 1, 0, 0],
    ]);
    expect(newOrder.ledger).toEqual([]);
    const history = (await f.call("client2", "GET", `/api/orders/${newOrder.id}/history`)).json<{
      items: { toStatus: string; reason: string }[];
    }>();
    // A remake is released to the floor when it is placed: the order and its two lines go into production.
    expect(history.items.map((h) => h.toStatus).sort()).toEqual([
      "in_production",
      "in_production",
      "in_production",
      "placed",
    ]);
    expect((await act("admin", ret, "remake")).statusCode).toBe(409);
    const list = await f.call("client2", "GET", "/api/orders?source=remake");
    expect(list.json<{ items: { id: number }[] }>().items.map((o) => o.id)).toContain(newOrder.id);
  });
});

describe("access matrix", () => {
  let nwOrder: TOrder;
  let bbOrder: TOrder;
  let nw: TReturn;
  let bb: TReturn;
  beforeAll(async () => {
    nwOrder = await place("client", [[f.ids.m, f.ids.white, 100]], [40]);
    bbOrder = await place("client2", [[f.ids.m, f.ids.white, 100]], [40]);
    nw = await created("client", nwOrder, [[1, 1]]);
    bb = await created("client2", bbOrder, [[1, 1]]);
  });

  type Expect = Record<DemoUser, number>;
  /** Reading and creating: the client its own, the facility both, admins all; the designer has no card. */
  const see = (ok: number, of: "nw" | "bb"): Expect =>
    of === "nw"
      ? { admin: ok, client: ok, client2: 404, factory: ok, designer: 403 }
      : { admin: ok, client: 404, client2: ok, factory: ok, designer: 403 };
  /** Receive, refund, remake: the facility and admins; client users never (403), whoever's return. */
  const handle = (ok: number): Expect => ({ admin: ok, client: 403, client2: 403, factory: ok, designer: 403 });

  test("reading a return, and what an order has left to return", async () => {
    for (const [ret, order, of] of [
      [nw, nwOrder, "nw"],
      [bb, bbOrder, "bb"],
    ] as const) {
      for (const who of DEMO_USERS) {
        const expected = see(200, of)[who];
        expect((await f.call(who, "GET", `/api/returns/${ret.id}`)).statusCode, `${who} GET ${of}`).toBe(expected);
        const returnable = await f.call(who, "GET", `/api/returns/returnable?orderId=${order.id}`);
        expect(returnable.statusCode, `${who} returnable ${of}`).toBe(expected);
      }
      expect((await f.call(null, "GET", `/api/returns/${ret.id}`)).statusCode).toBe(401);
    }
  });

  test("creating and cancelling: own tenant only; another client's order or return is not found", async () => {
    for (const [order, of] of [
      [nwOrder, "nw"],
      [bbOrder, "bb"],
    ] as const) {
      for (const who of DEMO_USERS) {
        const res = await create(who, order, [[1, 1]]);
        expect(res.statusCode, `${who} create ${of}: ${res.body}`).toBe(see(201, of)[who]);
        const mine = await created(of === "nw" ? "client" : "client2", order, [[1, 1]]);
        const cancel = await act(who, mine, "cancel");
        expect(cancel.statusCode, `${who} cancel ${of}: ${cancel.body}`).toBe(see(200, of)[who]);
      }
      expect((await create(null, order, [[1, 1]])).statusCode).toBe(401);
    }
  });

  test("receive, refund and remake: the facility and admins only", async () => {
    for (const [order, of] of [
      [nwOrder, "nw"],
      [bbOrder, "bb"],
    ] as const) {
      const owner = of === "nw" ? "client" : "client2";
      for (const who of DEMO_USERS) {
        const ret = await created(owner, order, [[1, 1]]);
        expect((await act(who, ret, "receive")).statusCode, `${who} receive ${of}`).toBe(handle(200)[who]);
        await act("admin", ret, "receive");
        // Nothing was charged for these orders: an allowed refund is refused for that (409).
        expect((await act(who, ret, "refund", {})).statusCode, `${who} refund ${of}`).toBe(handle(409)[who]);
        expect((await act(who, ret, "remake")).statusCode, `${who} remake ${of}`).toBe(handle(200)[who]);
      }
      expect((await act(null, nw, "receive")).statusCode).toBe(401);
    }
  });

  test("lists and export: each sees its own tenant's returns; the admin all, or the session client's", async () => {
    const rmas = async (who: DemoUser, headers: Record<string, string> = {}) => {
      const res = await f.call(who, "GET", "/api/returns?size=500", undefined, headers);
      if (res.statusCode !== 200) return res.statusCode;
      return res.json<{ items: { rmaNumber: string; clientId: number }[] }>().items;
    };
    const clientsOf = (items: Awaited<ReturnType<typeof rmas>>) =>
      typeof items === "number" ? items : [...new Set(items.map((x) => x.clientId))].sort();
    expect(clientsOf(await rmas("client"))).toEqual([f.northwind]);
    expect(clientsOf(await rmas("client2"))).toEqual([f.bluebird]);
    expect(clientsOf(await rmas("factory"))).toEqual([f.northwind, f.bluebird].sort());
    expect(clientsOf(await rmas("admin"))).toEqual([f.northwind, f.bluebird].sort());
    expect(clientsOf(await rmas("admin", { "x-session-client": String(f.bluebird) }))).toEqual([f.bluebird]);
    expect(await rmas("designer")).toBe(403);
    expect((await f.call(null, "GET", "/api/returns")).statusCode).toBe(401);

    const search = await f.call("admin", "GET", `/api/returns?searchString=${bb.rmaNumber.toLowerCase()}`);
    expect(search.json<{ items: { id: number }[] }>().items.map((x) => x.id)).toEqual([bb.id]);
    const byOrder = await f.call("admin", "GET", `/api/returns?searchString=${nwOrder.orderNumber}&status=requested`);
    const found = byOrder.json<{ items: { id: number; orderNumber: string; status: string }[] }>().items;
    expect(found.map((x) => x.id)).toContain(nw.id);
    expect(new Set(found.map((x) => `${x.orderNumber} ${x.status}`))).toEqual(
      new Set([`${nwOrder.orderNumber} requested`]),
    );
    const byClient = await f.call(
      "factory",
      "GET",
      `/api/returns?clientId=${f.bluebird}&from=2020-01-01&to=2999-12-31`,
    );
    expect(new Set(byClient.json<{ items: { clientId: number }[] }>().items.map((x) => x.clientId))).toEqual(
      new Set([f.bluebird]),
    );

    const csv = await f.call("client", "GET", "/api/returns/export.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.body).toContain(nw.rmaNumber);
    expect(csv.body).not.toContain(bb.rmaNumber);
    expect((await f.call("designer", "GET", "/api/returns/export.csv")).statusCode).toBe(403);
    expect((await f.call("client2", "GET", "/api/returns/export.csv")).body).not.toContain(nw.rmaNumber);
  });
});
