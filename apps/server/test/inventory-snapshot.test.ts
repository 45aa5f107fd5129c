import { SNAPSHOT_CSV_HEADER, type TSnapshotPage } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, DEMO_USERS, type DemoUser, hubUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Inventory Snapshot (GET /api/inventory/snapshot, issue 18): a material's stock, average cost and
 * value at the end of a day, rebuilt from ledger movements before and after it; the change between
 * two days; the CSV; the access matrix; another facility's materials never show.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
const ids = { factory: 0, fabric: 0, otherFabric: 0 };

const call = (who: DemoUser | null, url: string) =>
  t.request({ method: "GET", url, ...(who ? { token: tokens[who] } : {}) });

const DAY = 86_400_000;
const now = Date.now();
const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(`${day(offset)}T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  ids.factory = factory?.factoryId ?? 0;
  const [fabric] = await t.db
    .insert(schema.fabrics)
    .values({ factoryId: ids.factory, fabricCode: "SNAP-TWILL", fabricName: "Snapshot Twill", unit: "yd" })
    .returning();
  ids.fabric = fabric?.id ?? 0;
  const [other] = await t.db.insert(schema.factories).values({ name: "Snapshot Other Mill" }).returning();
  const [otherFabric] = await t.db
    .insert(schema.fabrics)
    .values({ factoryId: other?.factoryId ?? 0, fabricCode: "SNAP-OTHER", fabricName: "Other Twill", unit: "yd" })
    .returning();
  ids.otherFabric = otherFabric?.id ?? 0;
  // Day -20: 10 yd at 500 ¢; day -12: 3 yd used; day -2: 6 yd at 800 ¢ (average (7×500 + 6×800) / 13 = 638 ¢).
  const move = (offset: number, kind: "receipt" | "consumption", quantity: string, unitCostCents?: number) => ({
    factoryId: ids.factory,
    fabricId: ids.fabric,
    kind,
    quantity,
    unitCostCents,
    actorName: "test",
    at: at(offset),
  });
  await t.db
    .insert(schema.stockLedger)
    .values([move(-20, "receipt", "10", 500), move(-12, "consumption", "-3"), move(-2, "receipt", "6", 800)]);
  const cost = (offset: number, qb: string, qa: string, before: number, after: number) => ({
    factoryId: ids.factory,
    fabricId: ids.fabric,
    at: at(offset),
    quantityBefore: qb,
    quantityAfter: qa,
    costBeforeCents: before,
    costAfterCents: after,
  });
  await t.db.insert(schema.averageCostHistory).values([cost(-20, "0", "10", 0, 500), cost(-2, "7", "13", 500, 638)]);
  await t.db.insert(schema.stockLedger).values({
    factoryId: other?.factoryId ?? 0,
    fabricId: ids.otherFabric,
    kind: "receipt",
    quantity: "99",
    unitCostCents: 100,
    actorName: "test",
    at: at(-20),
  });
});
afterAll(async () => {
  await t?.close();
});

const snapshot = async (who: DemoUser, query: string) => {
  const res = await call(who, `/api/inventory/snapshot?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSnapshotPage>();
};
const twill = (page: TSnapshotPage) =>
  page.items.find((r) => r.materialId === ids.fabric && r.materialKind === "fabric");

describe("inventory snapshot", () => {
  test("access: the Inventory Snapshot card, for internal and facility users; nobody signed out", async () => {
    const url = `/api/inventory/snapshot?date=${day(0)}`;
    const csv = `/api/inventory/snapshot/export.csv?date=${day(0)}`;
    // The facility type has the card by default (its stock at a day is its own); a per-user denial takes it away.
    const before: Record<DemoUser, number> = { admin: 200, client: 403, client2: 403, factory: 200, designer: 403 };
    for (const who of DEMO_USERS) {
      expect((await call(who, url)).statusCode, who).toBe(before[who]);
      expect((await call(who, csv)).statusCode, who).toBe(before[who]);
    }
    expect((await call(null, url)).statusCode).toBe(401);
    const factory = await hubUser(t.db, "factory");
    await t.db
      .insert(schema.cardGrants)
      .values({ routeName: "inventorySnapshot", userId: factory?.userId ?? 0, granted: false });
    expect((await call("factory", url)).statusCode).toBe(403);
    await t.db
      .delete(schema.cardGrants)
      .where(
        and(eq(schema.cardGrants.routeName, "inventorySnapshot"), eq(schema.cardGrants.userId, factory?.userId ?? 0)),
      );
    expect((await call("factory", url)).statusCode).toBe(200);
    expect((await call("admin", "/api/inventory/snapshot")).statusCode).toBe(400);
    expect((await call("admin", `/api/inventory/snapshot?date=${day(-5)}&compareTo=${day(0)}`)).statusCode).toBe(400);
  });

  test("stock, average cost and value at a day count the movements before its end only", async () => {
    const search = "searchString=SNAP-TWILL";
    expect(twill(await snapshot("factory", `date=${day(-25)}&${search}`))).toMatchObject({
      quantity: "0.0000",
      valueCents: 0,
    });
    expect(twill(await snapshot("factory", `date=${day(-20)}&${search}`))).toMatchObject({
      quantity: "10.0000",
      avgCostCents: 500,
      valueCents: 5000,
    });
    expect(twill(await snapshot("factory", `date=${day(-5)}&${search}`))).toMatchObject({
      quantity: "7.0000",
      avgCostCents: 500,
      valueCents: 3500,
    });
    expect(twill(await snapshot("factory", `date=${day(0)}&${search}`))).toMatchObject({
      quantity: "13.0000",
      avgCostCents: 638,
      valueCents: 8294,
    });
  });

  test("the change between two days, the filter's total value and the CSV", async () => {
    const page = await snapshot("factory", `date=${day(0)}&compareTo=${day(-15)}&searchString=SNAP-TWILL`);
    expect(twill(page)).toMatchObject({
      compareQuantity: "10.0000",
      compareValueCents: 5000,
      quantityChange: "3.0000",
      valueChangeCents: 3294,
    });
    expect(page.totalValueCents).toBe(page.items.reduce((n, r) => n + r.valueCents, 0));
    expect(page.compareTotalValueCents).toBe(5000);

    const csv = await call("factory", `/api/inventory/snapshot/export.csv?date=${day(0)}&searchString=SNAP-TWILL`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(SNAPSHOT_CSV_HEADER.join(","));
    expect(lines[1]).toContain("SNAP-TWILL");
    expect(lines[1]).toContain("8294");
  });

  test("a facility sees its own materials only; an internal admin every facility's", async () => {
    const mine = await snapshot("factory", `date=${day(0)}&size=500`);
    expect(mine.items.some((r) => r.materialId === ids.otherFabric && r.materialKind === "fabric")).toBe(false);
    const all = await snapshot("admin", `date=${day(0)}&searchString=SNAP-OTHER`);
    expect(all.items.map((r) => r.code)).toEqual(["SNAP-OTHER"]);
    // Its receipt moved no average cost (no recalculation was recorded): stock without a value.
    expect(all.items[0]).toMatchObject({ quantity: "99.0000", avgCostCents: 0, valueCents: 0 });
  });
});
