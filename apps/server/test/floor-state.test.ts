import type { TOrder } from "@hub/contracts";
import { schema } from "@hub/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { followOrder } from "../src/modules/floor/follow";
import { releaseOrder } from "../src/modules/floor/release";
import { applyUnitAction, resolveUnitMove } from "../src/modules/floor/state";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * The floor's core (issue 11): releasing an order makes one unit per piece (idempotently), the
 * unit state machine refuses impossible moves with the current state, every move writes an event,
 * and the order's lines follow their units (in production, partially shipped, shipped).
 */

let t: TestApp;
let f: OrderFixture;
let order: TOrder;
const who = { actor: "Floor Test", userId: null, stationId: null };

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const res = await f.place(
    "client",
    {
      shipTo: SHIP_TO,
      lines: [
        { styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.white], quantity: 3 },
        { styleId: f.ids.tee, attributeIds: [f.ids.xl, f.ids.black], quantity: 1 },
      ],
    },
    newKey(),
  );
  expect(res.statusCode, res.body).toBe(201);
  order = res.json<TOrder>();
});
afterAll(async () => {
  await t?.close();
});

const units = () =>
  t.db
    .select()
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.orderId, order.id))
    .orderBy(asc(schema.floorUnits.id));

describe("releasing an order", () => {
  test("makes one queued unit per piece, with size and colour, once", async () => {
    const first = await t.db.transaction((tx) => releaseOrder(tx, order.id, "Floor Test"));
    expect(first.unitsMade).toBe(4);
    const again = await t.db.transaction((tx) => releaseOrder(tx, order.id, "Floor Test"));
    expect(again.unitsMade).toBe(0);
    const all = await units();
    expect(all.map((u) => [u.instance, u.status, u.size])).toEqual([
      [1, "queued", "OM"],
      [2, "queued", "OM"],
      [3, "queued", "OM"],
      [1, "queued", "OXL"],
    ]);
    expect(all[0]?.barcode).toMatch(/^U-\d{8}$/);
    const [o] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(o?.status).toBe("in_production");
    expect(o?.releasedAt).not.toBeNull();
  });
});

describe("the unit state machine", () => {
  test("refuses an impossible move with the unit's state, and changes nothing", async () => {
    const [u] = await units();
    if (!u) throw new Error("no unit");
    expect(() => resolveUnitMove(u, "pack")).toThrow(/is queued, so it cannot be given "Pack"/);
    expect(() => resolveUnitMove(u, "redo_steps", { to: "queued" })).toThrow(/cannot be given "Redo steps"/);
    expect(resolveUnitMove(u, "status_update", { printed: false })).toBe("cut");
    expect(resolveUnitMove(u, "status_update", { printed: true })).toBe("printed");
  });

  test("a whole walk writes one event per step and the order follows to shipped", async () => {
    const all = await units();
    const steps = ["mark_cut", "mark_sewn", "mark_inspected", "pack", "ship"] as const;
    await t.db.transaction(async (tx) => {
      for (const u of all) {
        let status = u.status;
        for (const action of steps) {
          if (u.instance === 3 && action === "ship") break; // one unit of line 1 stays packed
          status = await applyUnitAction(tx, { ...u, status }, action, who);
        }
      }
      await followOrder(tx, order.id, "Floor Test");
    });
    const items = await t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order.id))
      .orderBy(asc(schema.orderItems.lineNumber));
    expect(items.map((i) => i.status)).toEqual(["partially_shipped", "shipped"]);
    const [o] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(o?.status).toBe("partially_shipped");
    const events = await t.db.select().from(schema.floorUnitEvents);
    expect(events.filter((e) => e.unitId === all[0]?.id).map((e) => e.toStatus)).toEqual([
      "queued",
      "cut",
      "sewn",
      "inspected",
      "packed",
      "shipped",
    ]);
    const history = await t.db
      .select()
      .from(schema.orderStatusHistory)
      .where(eq(schema.orderStatusHistory.orderId, order.id));
    expect(history.some((h) => h.toStatus === "partially_shipped" && h.itemId === null)).toBe(true);
  });

  test("cancelling the last packed unit makes the order shipped", async () => {
    const last = (await units()).find((u) => u.status === "packed");
    if (!last) throw new Error("no packed unit");
    await t.db.transaction(async (tx) => {
      await applyUnitAction(tx, last, "cancel", who, { reason: "Customer changed their mind" });
      await followOrder(tx, order.id, "Floor Test");
    });
    const [o] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(o?.status).toBe("shipped");
  });
});
