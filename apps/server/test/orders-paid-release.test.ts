import type { TOrder } from "@hub/contracts";
import { schema } from "@hub/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { namedStatementCount } from "../src/platform/database";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * A paid order's release (issue 21): placing with a card on file settles the charge and releases
 * the order in one statement (floor/release.ts, releaseNewOrder) and answers the order as that
 * statement left it; a release by hand makes the same units. Each unit's size, colour and fabric
 * are chosen by the database from the line: the size's attribute code, the colour's name, the
 * style's fabric for one of the line's attributes before its fabric for any.
 */

let t: TestApp;
let f: OrderFixture;
const fabric = { any: 0, white: 0 };

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  const made = await t.db
    .insert(schema.fabrics)
    .values(
      ["REL-ANY", "REL-WHT"].map((fabricCode) => ({
        factoryId: factory?.factoryId ?? 0,
        fabricCode,
        fabricName: fabricCode,
        unit: "yd",
        widthInches: 60,
      })),
    )
    .returning();
  fabric.any = made[0]?.id ?? 0;
  fabric.white = made[1]?.id ?? 0;
  // The fabric for any colour comes first: the white line still takes the white fabric.
  await t.db.insert(schema.styleFabrics).values([
    { styleId: f.ids.tee, fabricId: fabric.any, placement: "Body", consumption: 1 },
    { styleId: f.ids.tee, fabricId: fabric.white, attributeId: f.ids.white, placement: "Body", consumption: 1 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const LINES = () => [
  { styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.white], quantity: 3 },
  { styleId: f.ids.tee, attributeIds: [f.ids.xl, f.ids.black], quantity: 2 },
];

const unitsOf = (orderId: number) =>
  t.db
    .select({
      status: schema.floorUnits.status,
      instance: schema.floorUnits.instance,
      size: schema.floorUnits.size,
      colour: schema.floorUnits.colour,
      fabricId: schema.floorUnits.fabricId,
      dueDate: schema.floorUnits.dueDate,
    })
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.orderId, orderId))
    .orderBy(asc(schema.floorUnits.id));

const expectedUnits = (dueDate: string) => [
  ...[1, 2, 3].map((instance) => ({
    status: "queued",
    instance,
    size: "OM",
    colour: "White",
    fabricId: fabric.white,
    dueDate,
  })),
  ...[1, 2].map((instance) => ({
    status: "queued",
    instance,
    size: "OXL",
    colour: "Black",
    fabricId: fabric.any,
    dueDate,
  })),
];

const historyOf = async (orderId: number) =>
  (await f.call("factory", "GET", `/api/orders/${orderId}/history`)).json<{
    items: { fromStatus: string | null; toStatus: string; actor: string; lineNumber: number | null }[];
  }>().items;

describe("a paid order's release", () => {
  test("a card on file: paid, released and answered as stored, its units chosen from its lines", async () => {
    const card = await f.call("client", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
    expect(card.statusCode, card.body).toBe(201);
    const key = newKey();
    const res = await f.place("client", { shipTo: SHIP_TO, lines: LINES() }, key);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<TOrder>();
    expect(placed).toMatchObject({ status: "in_production", paymentState: "paid", chargedCents: placed.totalCents });
    expect(placed.items.map((i) => i.status)).toEqual(["in_production", "in_production"]);
    // What placing answered is what the order says when read.
    const read = (await f.call("client", "GET", `/api/orders/${placed.id}`)).json<TOrder>();
    expect(placed).toEqual(read);
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
    expect(row?.releasedBy).toBe("payment");
    expect(row?.releasedAt).not.toBeNull();
    expect(await unitsOf(placed.id)).toEqual(expectedUnits(row?.dueDate ?? ""));
    // Placed, then the lines and the order in production, by the payment's release.
    const history = await historyOf(placed.id);
    expect(history.map((h) => [h.lineNumber, h.fromStatus, h.toStatus, h.actor]).sort()).toEqual(
      [
        [null, null, "placed", expect.any(String)],
        [1, "open", "in_production", "payment"],
        [2, "open", "in_production", "payment"],
        [null, "placed", "in_production", "payment"],
      ].sort(),
    );
    // The same key again answers the same order; no second unit is made.
    const again = await f.place("client", { shipTo: SHIP_TO, lines: LINES() }, key);
    expect(again.json<TOrder>()).toMatchObject({ id: placed.id, status: "in_production", paymentState: "paid" });
    expect(await unitsOf(placed.id)).toHaveLength(5);
    // Heard in the order a person reads them: placed, released, paid.
    const events = await t.db
      .select()
      .from(schema.hubEvents)
      .where(eq(schema.hubEvents.clientId, f.northwind))
      .orderBy(asc(schema.hubEvents.id));
    const mine = events.filter((e) => (e.data as { orderId?: number }).orderId === placed.id).map((e) => e.type);
    expect(mine).toEqual(["order.placed", "order.released", "order.paid"]);
  });

  test("placing's named statements do not vary with the order: a new order of another shape adds none", async () => {
    const place = async (who: "client" | "client2", lines: ReturnType<typeof LINES>) => {
      const res = await f.place(who, { shipTo: SHIP_TO, lines });
      expect(res.statusCode, res.body).toBe(201);
    };
    // Paid (Northwind has a card from the test above) and invoiced (Bluebird), each placed once first.
    await place("client", LINES());
    await place("client2", LINES());
    const named = namedStatementCount();
    expect(named).toBeGreaterThan(0);
    await place("client", [
      ...LINES(),
      ...LINES(),
      { styleId: f.ids.tee, attributeIds: [f.ids.s, f.ids.black], quantity: 7 },
    ]);
    await place("client2", LINES().slice(1));
    expect(namedStatementCount()).toBe(named);
  });

  test("an invoice released by hand makes the same units", async () => {
    const res = await f.place("client2", { shipTo: SHIP_TO, lines: LINES() });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<TOrder>();
    expect(placed).toMatchObject({ status: "placed", paymentState: "unpaid" });
    const released = await f.call("factory", "POST", `/api/orders/${placed.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
    expect(row?.status).toBe("in_production");
    expect(await unitsOf(placed.id)).toEqual(expectedUnits(row?.dueDate ?? ""));
  });
});
