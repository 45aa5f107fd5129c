import { UNIT_STATUSES } from "@hub/contracts";
import { schema } from "@hub/db";
import { asc, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { followFromCounts, followOrder } from "../src/modules/floor/follow";
import { releaseOrder } from "../src/modules/floor/release";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * The demo floor (packages/db/src/seed/floor.ts): units in every state across the demo orders,
 * made as releaseOrder makes them, with the orders and lines following their units by the floor's
 * own rule (followOrder finds nothing to move), totes in use, a cut plan and shipments.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const current = (units: { itemId: number; instance: number; attempt: number; status: string }[]) => {
  const best = new Map<string, (typeof units)[number]>();
  for (const u of units) {
    const key = `${u.itemId}:${u.instance}`;
    const seen = best.get(key);
    if (!seen || seen.attempt < u.attempt) best.set(key, u);
  }
  return [...best.values()];
};
const counts = (units: { status: string }[]) => ({
  total: units.length,
  cancelled: units.filter((u) => u.status === "cancelled").length,
  shipped: units.filter((u) => u.status === "shipped").length,
});

class Rollback extends Error {}

describe("the demo floor", () => {
  test("units in every state, with their history, recuts with reasons, totes, a cut plan, shipments", async () => {
    const units = await t.db.select().from(schema.floorUnits);
    expect(new Set(units.map((u) => u.status))).toEqual(new Set(UNIT_STATUSES));
    const events = await t.db.select({ unitId: schema.floorUnitEvents.unitId }).from(schema.floorUnitEvents);
    expect(new Set(events.map((e) => e.unitId)).size).toBe(units.length);
    const recuts = units.filter((u) => u.recutOfId !== null);
    expect(recuts.length).toBeGreaterThan(0);
    for (const r of recuts) {
      const original = units.find((u) => u.id === r.recutOfId);
      expect(original?.status).toBe("failed");
      expect(original?.failReason).toBeTruthy();
      expect([r.attempt, r.priority > 0]).toEqual([2, true]);
    }
    const totes = await t.db.select().from(schema.floorTotes).where(eq(schema.floorTotes.status, "in_use"));
    expect(totes.length).toBeGreaterThan(0);
    for (const tote of totes) {
      const held = units.filter((u) => u.toteId === tote.id);
      expect(held.length).toBeGreaterThan(0);
      expect(new Set(held.map((u) => u.orderId))).toEqual(new Set([tote.orderId]));
    }
    const plans = await t.db.select().from(schema.floorCutPlans).where(eq(schema.floorCutPlans.status, "accepted"));
    expect(plans).toHaveLength(1);
    const tickets = await t.db.select().from(schema.floorCutTickets);
    expect(tickets.length).toBeGreaterThanOrEqual(2);
    const shipped = units.filter((u) => u.status === "shipped");
    const boxed = await t.db.select().from(schema.shipmentUnits);
    expect(new Set(boxed.map((b) => b.unitId))).toEqual(new Set(shipped.map((u) => u.id)));
    const boxes = await t.db.select().from(schema.shipments);
    expect(boxes.every((b) => b.carrier === "manual" && b.trackingNumber && b.shippedAt)).toBe(true);
    const stations = await t.db.select({ code: schema.floorStations.code }).from(schema.floorStations);
    expect(stations.map((s) => s.code)).toEqual(expect.arrayContaining(["CUT-1", "CUT-2", "QC-1", "PACK-1"]));
  });

  test("orders and lines agree with their units, by the floor's own rule", async () => {
    const released = await t.db.select().from(schema.orders).where(isNotNull(schema.orders.releasedAt));
    expect(new Set(released.map((o) => o.status))).toEqual(new Set(["in_production", "partially_shipped", "shipped"]));
    const units = await t.db.select().from(schema.floorUnits);
    const items = await t.db.select().from(schema.orderItems);
    for (const order of released) {
      const mine = current(units.filter((u) => u.orderId === order.id));
      expect(followFromCounts(counts(mine)), order.orderNumber).toBe(order.status);
      for (const item of items.filter((i) => i.orderId === order.id && i.status !== "cancelled")) {
        const line = mine.filter((u) => u.itemId === item.id);
        expect(followFromCounts(counts(line)), `${order.orderNumber} line ${item.lineNumber}`).toBe(item.status);
      }
    }
    // followOrder itself finds nothing to move.
    await t.db
      .transaction(async (tx) => {
        for (const order of released) await followOrder(tx, order.id, "Demo Test");
        const after = await tx.select().from(schema.orders).where(isNotNull(schema.orders.releasedAt));
        expect(after.map((o) => [o.id, o.status]).sort()).toEqual(released.map((o) => [o.id, o.status]).sort());
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  test("the seed made the units releaseOrder makes", async () => {
    const [order] = await t.db
      .select()
      .from(schema.orders)
      .where(isNotNull(schema.orders.releasedAt))
      .orderBy(asc(schema.orders.id))
      .limit(1);
    if (!order) throw new Error("no released order");
    const shape = (rows: (typeof schema.floorUnits.$inferSelect)[]) =>
      rows
        .filter((u) => u.attempt === 1)
        .map((u) => [u.itemId, u.instance, u.size, u.colour, u.fabricId, u.dueDate, u.clientId, u.factoryId].join("|"))
        .sort();
    const seeded = await t.db.select().from(schema.floorUnits).where(eq(schema.floorUnits.orderId, order.id));
    await t.db
      .transaction(async (tx) => {
        expect((await releaseOrder(tx, order.id, "Demo Test")).unitsMade).toBe(0);
        await tx.delete(schema.floorUnits).where(eq(schema.floorUnits.orderId, order.id));
        const made = await releaseOrder(tx, order.id, "Demo Test");
        expect(made.unitsMade).toBe(seeded.filter((u) => u.attempt === 1).length);
        const fresh = await tx.select().from(schema.floorUnits).where(eq(schema.floorUnits.orderId, order.id));
        expect(shape(fresh)).toEqual(shape(seeded));
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });
});
