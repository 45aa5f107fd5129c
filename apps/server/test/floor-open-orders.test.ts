import {
  OPEN_ORDER_COUNT_CAP,
  type TFloorChange,
  type TFloorUnitPage,
  type TOpenOrderPage,
  type TOpenOrderUnitPage,
  type TOrder,
  UNIT_STATUSES,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { followOrder } from "../src/modules/floor/follow";
import { releaseOrder } from "../src/modules/floor/release";
import { applyUnitAction } from "../src/modules/floor/state";
import { NOTICE_BATCH, noticeItems, queueNotice, startNotifyListener } from "../src/platform/notify";
import { openFloorStream as openStream } from "./helpers/floor-stream";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type DemoUser, type TestApp } from "./helpers/test-app";

/**
 * Manufacturing status (/openOrders) and the live floor stream: open orders with their units
 * counted by state, late and at-risk flags, filters, paging, who may see what, and a unit's change
 * reaching a listening subscriber's server-sent-event stream (and not another facility's).
 */

let t: TestApp;
let f: OrderFixture;
const who = { actor: "Live Test", userId: null, stationId: null };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** late (due 2 days ago), at risk (due tomorrow), on track (due in 20 days), and one of another facility. */
const orders: Record<"late" | "risk" | "track" | "other", TOrder> = {} as never;
let otherFactory = 0;

const place = async (who: DemoUser, quantity: number, due: string, sessionClient?: number) => {
  const res = await f.place(
    who,
    {
      shipTo: SHIP_TO,
      lines: [
        { styleId: who === "client2" ? f.ids.bluebirdOnly : f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity },
      ],
      ...(who === "client" || who === "client2" ? {} : { clientId: sessionClient }),
    },
    newKey(),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<TOrder>();
  await t.db.update(schema.orders).set({ requestedShipDate: due }).where(eq(schema.orders.id, order.id));
  await t.db.transaction((tx) => releaseOrder(tx, order.id, "Live Test"));
  return order;
};

const unitsOf = (orderId: number) =>
  t.db
    .select()
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.orderId, orderId))
    .orderBy(asc(schema.floorUnits.id));

const act = async (unitId: number, action: Parameters<typeof applyUnitAction>[2]) =>
  t.db.transaction(async (tx) => {
    const [unit] = await tx.select().from(schema.floorUnits).where(eq(schema.floorUnits.id, unitId)).for("update");
    if (!unit) throw new Error("no unit");
    const to = await applyUnitAction(tx, unit, action, who);
    await followOrder(tx, unit.orderId, "Live Test");
    return to;
  });

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  orders.late = await place("client", 4, day(-2));
  orders.risk = await place("client2", 3, day(1));
  orders.track = await place("client", 2, day(20));
  orders.other = await place("client", 1, day(5));
  // The late order: one unit cut, one shipped on its way (cut, sewn, inspected, packed, shipped).
  const late = await unitsOf(orders.late.id);
  await act(late[0]?.id ?? 0, "mark_cut");
  for (const a of ["mark_cut", "mark_sewn", "mark_inspected", "pack", "ship"] as const) await act(late[1]?.id ?? 0, a);
  // The at-risk order: every unit packed but one.
  for (const u of (await unitsOf(orders.risk.id)).slice(0, 2))
    for (const a of ["mark_cut", "mark_sewn", "mark_inspected", "pack"] as const) await act(u.id, a);
  // The last order belongs to a second facility.
  const [second] = await t.db.insert(schema.factories).values({ name: "Second Live Factory" }).returning();
  otherFactory = second?.factoryId ?? 0;
  // Its units move with it (floor_units_order_fk).
  await t.db.update(schema.orders).set({ factoryId: otherFactory }).where(eq(schema.orders.id, orders.other.id));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const list = (who: DemoUser, query: string) =>
  f.call(who, "GET", `/api/floor/open-orders?${query}`).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TOpenOrderPage>();
  });
const mine = (page: TOpenOrderPage) => page.items.filter((i) => Object.values(orders).some((o) => o.id === i.orderId));

describe("/openOrders", () => {
  test("open orders with their units counted by state, and the late and at-risk flags", async () => {
    const page = await list("admin", "size=500&sort=dueDate,asc");
    const byId = new Map(mine(page).map((i) => [i.orderId, i]));
    const late = byId.get(orders.late.id);
    expect(late?.counts).toMatchObject({ queued: 2, cut: 1, shipped: 1, packed: 0 });
    expect([late?.totalUnits, late?.openUnits, late?.late, late?.atRisk]).toEqual([4, 3, true, false]);
    expect(late?.orderStatus).toBe("partially_shipped");
    expect(late?.dueDate).toBe(day(-2));
    const risk = byId.get(orders.risk.id);
    expect(risk?.counts).toMatchObject({ queued: 1, packed: 2 });
    expect([risk?.late, risk?.atRisk]).toEqual([false, true]);
    const track = byId.get(orders.track.id);
    expect([track?.late, track?.atRisk, track?.openUnits]).toEqual([false, false, 2]);
    expect(Object.keys(track?.counts ?? {}).sort()).toEqual([...UNIT_STATUSES].sort());
    expect(page.today).toBe(day(0));
    // An empty page still says which day its flags were judged against.
    const none = await list("admin", "searchString=no-such-order-anywhere");
    expect([none.items.length, none.total, none.totalCapped, none.today]).toEqual([0, 0, false, day(0)]);
  });

  test("filters: client, style, state, flag, due window, search; sort and paging", async () => {
    const style = `styleId=${f.ids.tee}`;
    expect(mine(await list("admin", `${style}&flag=late`)).map((i) => i.orderId)).toEqual([orders.late.id]);
    expect(mine(await list("admin", `flag=atRisk&clientId=${f.bluebird}`)).map((i) => i.orderId)).toEqual([
      orders.risk.id,
    ]);
    expect(
      mine(await list("admin", `${style}&flag=onTrack`))
        .map((i) => i.orderId)
        .sort(),
    ).toEqual([orders.track.id, orders.other.id].sort());
    expect(mine(await list("admin", "state=shipped&size=500")).map((i) => i.orderId)).toEqual([orders.late.id]);
    expect(mine(await list("admin", `${style}&dueFrom=${day(4)}&dueTo=${day(30)}`)).map((i) => i.orderId)).toEqual([
      orders.other.id,
      orders.track.id,
    ]);
    const search = await list("admin", `searchString=${orders.track.orderNumber}`);
    expect(search.items.map((i) => i.orderNumber)).toEqual([orders.track.orderNumber]);
    const first = await list("admin", `${style}&size=2&page=0&sort=orderNumber,desc`);
    const second = await list("admin", `${style}&size=2&page=1&sort=orderNumber,desc`);
    expect(first.total).toBe(3);
    expect([...first.items, ...second.items].map((i) => i.orderId)).toEqual(
      [orders.other.id, orders.track.id, orders.late.id].sort((a, b) => b - a),
    );
    const bad = await f.call("admin", "GET", "/api/floor/open-orders?sort=units,asc&flag=soon");
    expect(bad.statusCode).toBe(400);
  });

  test("who may see it: facility users their facility's orders, internal admins all, others 403", async () => {
    const admin = mine(await list("admin", `styleId=${f.ids.tee}`)).map((i) => i.orderId);
    expect(admin).toContain(orders.other.id);
    const factory = mine(await list("factory", `styleId=${f.ids.tee}`)).map((i) => i.orderId);
    expect(factory).not.toContain(orders.other.id);
    expect(factory).toContain(orders.late.id);
    for (const user of ["client", "client2", "designer"] as const) {
      const res = await f.call(user, "GET", "/api/floor/open-orders");
      expect(res.statusCode, user).toBe(403);
      expect((await f.call(user, "GET", "/api/floor/open-orders/events")).statusCode, user).toBe(403);
    }
    expect((await f.call(null, "GET", "/api/floor/open-orders")).statusCode).toBe(401);
    const units = await f.call("factory", "GET", `/api/floor/open-orders/${orders.other.id}/units`);
    expect(units.statusCode).toBe(404);
  });

  test("an order's units: barcode, line, size and colour, state, last event, tote", async () => {
    const res = await f.call("factory", "GET", `/api/floor/open-orders/${orders.late.id}/units?sort=barcode,asc`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<TOpenOrderUnitPage>();
    expect(page.orderNumber).toBe(orders.late.orderNumber);
    expect(page.items.map((u) => [u.lineNumber, u.size, u.colour, u.status, u.lastAction])).toEqual([
      [1, "OM", "Black", "cut", "mark_cut"],
      [1, "OM", "Black", "shipped", "ship"],
      [1, "OM", "Black", "queued", "release"],
      [1, "OM", "Black", "queued", "release"],
    ]);
    expect(page.items[0]?.barcode).toMatch(/^U-\d{8}$/);
    const shipped = await f.call("factory", "GET", `/api/floor/open-orders/${orders.late.id}/units?state=shipped`);
    expect(shipped.json<TOpenOrderUnitPage>().total).toBe(1);
  });

  test("the floor's units by state (/openOrders/units): the units themselves, the facility's own; others 403", async () => {
    const units = async (who: DemoUser, query: string) => {
      const res = await f.call(who, "GET", `/api/floor/open-orders/units?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TFloorUnitPage>();
    };
    const cut = await units("factory", `state=cut&searchString=${orders.late.orderNumber}`);
    expect(cut.items.map((u) => [u.orderNumber, u.status, u.lastAction])).toEqual([
      [orders.late.orderNumber, "cut", "mark_cut"],
    ]);
    expect(cut.total).toBe(1);
    expect((await units("factory", `state=queued&searchString=${orders.late.orderNumber}`)).total).toBe(2);
    // Another facility's units: the internal admin sees them, the facility user does not.
    expect((await units("admin", `searchString=${orders.other.orderNumber}`)).total).toBe(1);
    expect((await units("factory", `searchString=${orders.other.orderNumber}`)).total).toBe(0);
    // A state's total is the released units in that state (counted up to the cap past the page).
    const u = schema.floorUnits;
    const [row] = await t.db
      .select({ n: count() })
      .from(u)
      .innerJoin(schema.orders, eq(schema.orders.id, u.orderId))
      .where(and(eq(u.status, "packed"), isNotNull(schema.orders.releasedAt)));
    const packed = await units("admin", "state=packed&size=1");
    expect(packed.total).toBe(Math.min(row?.n ?? 0, OPEN_ORDER_COUNT_CAP));
    expect(packed.totalCapped).toBe((row?.n ?? 0) > OPEN_ORDER_COUNT_CAP);
    for (const user of ["client", "client2", "designer"] as const)
      expect((await f.call(user, "GET", "/api/floor/open-orders/units")).statusCode, user).toBe(403);
    expect((await f.call(null, "GET", "/api/floor/open-orders/units")).statusCode).toBe(401);
    expect((await f.call("admin", "GET", "/api/floor/open-orders/units?state=nowhere")).statusCode).toBe(400);
  });

  test("the CSV export has a row per open order of the filter", async () => {
    const res = await f.call("factory", "GET", `/api/floor/open-orders/export.csv?styleId=${f.ids.tee}&flag=late`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toContain("Order,Client,PO,Order status,Due,Late,At risk");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(orders.late.orderNumber);
  });
});

describe("the live stream", () => {
  test("notices are sent after commit, in batches of at most 50 a channel, in order; a rolled-back one never", async () => {
    const channel = "test_batches";
    const listener = await startNotifyListener(t.db, [channel], t.app.log);
    const received: string[] = [];
    listener.subscribe(channel, (payload) => {
      if (payload !== null) received.push(payload);
    });
    try {
      await t.db
        .transaction(async (tx) => {
          await queueNotice(tx, channel, sql`json_build_object('n', -1)`);
          tx.rollback();
        })
        .catch(() => undefined);
      await t.db.transaction(async (tx) => {
        await queueNotice(tx, channel, sql`json_build_object('n', g)`, sql`from generate_series(1, 120) g`);
      });
      await expect.poll(() => received.flatMap(noticeItems).length, { timeout: 10_000 }).toBe(120);
      expect(received.map((p) => noticeItems(p).length).every((n) => n <= NOTICE_BATCH)).toBe(true);
      expect(received.length).toBeGreaterThanOrEqual(3);
      expect(received.flatMap(noticeItems)).toEqual(Array.from({ length: 120 }, (_, i) => ({ n: i + 1 })));
      const [left] = await t.db
        .select({ n: count() })
        .from(schema.noticeOutbox)
        .where(eq(schema.noticeOutbox.channel, channel));
      expect(left?.n).toBe(0);
    } finally {
      await listener.close();
    }
  }, 30_000);

  test("a committed unit change reaches its facility's subscriber, not another facility's notice", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const factory = await openStream(base, f.tokens.factory);
    const admin = await openStream(base, f.tokens.admin);
    try {
      expect(await factory.waitFor((e) => e.event === "ready")).not.toBeNull();
      expect(await admin.waitFor((e) => e.event === "ready")).not.toBeNull();
      const other = (await unitsOf(orders.other.id))[0];
      const own = (await unitsOf(orders.track.id))[0];
      if (!other || !own) throw new Error("no units");
      // A rolled-back change says nothing.
      await t.db
        .transaction(async (tx) => {
          await applyUnitAction(tx, own, "mark_cut", who);
          tx.rollback();
        })
        .catch(() => undefined);
      await act(other.id, "mark_cut");
      await act(own.id, "mark_cut");
      const change = (e: { event: string; data: string }, unitId: number) =>
        e.event === "floor-change" && (JSON.parse(e.data) as TFloorChange).unitId === unitId;
      const seen = await factory.waitFor((e) => change(e, own.id));
      expect(JSON.parse(seen?.data ?? "{}")).toEqual({
        factoryId: own.factoryId,
        clientId: own.clientId,
        orderId: orders.track.id,
        unitId: own.id,
        status: "cut",
      });
      expect(await admin.waitFor((e) => change(e, other.id))).not.toBeNull();
      expect(await admin.waitFor((e) => change(e, own.id))).not.toBeNull();
      // The other facility's change was published before the own one: the factory's stream never had it.
      expect(factory.events.filter((e) => e.event === "floor-change").map((e) => JSON.parse(e.data).unitId)).toEqual([
        own.id,
      ]);
      // Releasing an order is a notice too (the order's, without a unit).
      const fresh = await place("client", 1, day(9));
      const released = await factory.waitFor(
        (e) => e.event === "floor-change" && (JSON.parse(e.data) as TFloorChange).orderId === fresh.id,
      );
      expect(JSON.parse(released?.data ?? "{}")).toMatchObject({ orderId: fresh.id, unitId: null });
    } finally {
      factory.close();
      admin.close();
    }
  }, 90_000);
});
