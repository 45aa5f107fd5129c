import {
  homeTileHref,
  ORDER_LATE_RULE,
  SESSION_CLIENT_HEADER,
  type TFloorUnitPage,
  type THomeSummary,
  type TOrder,
  UNIT_OPEN_STATUSES,
} from "@hub/contracts";
import type { TQualityHistory } from "@hub/contracts/dashboards/quality";
import { schema } from "@hub/db";
import { eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { homeDates } from "../src/modules/home/home.service";
import { type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, DEMO_USERS, type DemoUser, type TestApp } from "./helpers/test-app";

/**
 * The home page (GET /api/home/summary, issue 18): every number equals the count of the list its
 * link opens, read through that list's own API with the link's filters, for each kind of user; and
 * another client's orders never count.
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

/** The list API behind each web route a number links to, and the URL filters it names otherwise. */
const LIST_API: Record<string, { url: string; rename?: Record<string, string> }> = {
  "/orders": { url: "/api/orders" },
  "/returns": { url: "/api/returns" },
  "/openOrders": { url: "/api/floor/open-orders" },
  "/openOrders/units": { url: "/api/floor/open-orders/units" },
  "/pullOrder": { url: "/api/floor/pull" },
  "/inventoryOnOrder": { url: "/api/purchaseOrders" },
  "/inventory": { url: "/api/inventory", rename: { below: "belowThreshold" } },
  "/productDev/products": { url: "/api/productDev/products" },
};

const summaryOf = async (who: DemoUser, headers: Record<string, string> = {}): Promise<THomeSummary> => {
  const res = await f.call(who, "GET", "/api/home/summary", undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<THomeSummary>();
};

/** Every number of a user's home page against the total of its linked list, as the same user. */
const checkAgainstLists = async (who: DemoUser, headers: Record<string, string> = {}) => {
  const summary = await summaryOf(who, headers);
  expect(summary.tiles.length, who).toBeGreaterThan(0);
  for (const tile of summary.tiles) {
    const api = LIST_API[tile.path];
    if (!api) throw new Error(`no list API known for ${tile.path}`);
    const query = Object.fromEntries(Object.entries(tile.query).map(([k, v]) => [api.rename?.[k] ?? k, v]));
    const url = `${api.url}?${new URLSearchParams({ ...query, page: "0", size: "1" })}`;
    const res = await f.call(who, "GET", url, undefined, headers);
    expect(res.statusCode, `${who} ${homeTileHref(tile)}: ${res.body}`).toBe(200);
    expect(tile.count, `${who}: ${tile.label} (${homeTileHref(tile)})`).toBe(res.json<{ total: number }>().total);
  }
  return summary;
};

const tile = (s: THomeSummary, key: string) => {
  const found = s.tiles.find((x) => x.key === key);
  if (!found) throw new Error(`no tile ${key} in ${s.tiles.map((x) => x.key).join(", ")}`);
  return found;
};

describe("home summary", () => {
  test("who may ask: every signed-in user, nobody signed out", async () => {
    for (const who of DEMO_USERS) expect((await f.call(who, "GET", "/api/home/summary")).statusCode, who).toBe(200);
    expect((await f.call(null, "GET", "/api/home/summary")).statusCode).toBe(401);
  });

  test("each kind of user gets its own numbers, each equal to its linked list's rows", async () => {
    const client = await checkAgainstLists("client");
    expect(client.kind).toBe("client");
    expect(client.tiles.map((x) => x.group)).toEqual(expect.arrayContaining(["Orders", "Returns"]));
    expect(client.tiles.some((x) => x.group === "Floor")).toBe(false);
    expect(client.lateRule).toBe(ORDER_LATE_RULE);

    const factory = await checkAgainstLists("factory");
    expect(factory.kind).toBe("facility");
    expect(factory.tiles.map((x) => x.key)).toEqual(
      expect.arrayContaining(["floor.late", "floor.atRisk", "floor.pull", "inventory.po.open", "inventory.below"]),
    );
    // Units by state: each number is the floor's units list in that state, and some are on the floor.
    const byState = factory.tiles.filter((x) => x.group === "Units");
    expect(byState.map((x) => x.query.state)).toEqual([...UNIT_OPEN_STATUSES]);
    expect(byState.every((x) => x.path === "/openOrders/units")).toBe(true);
    expect(byState.reduce((sum, x) => sum + x.count, 0)).toBeGreaterThan(0);
    for (const x of byState.filter((y) => y.count > 0).slice(0, 2)) {
      const res = await f.call("factory", "GET", `/api/floor/open-orders/units?state=${x.query.state}&size=50`);
      const page = res.json<TFloorUnitPage>();
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((unit) => unit.status === x.query.state)).toBe(true);
    }

    const designer = await checkAgainstLists("designer");
    expect(designer.kind).toBe("designer");
    expect(designer.tiles.every((x) => x.path === "/productDev/products")).toBe(true);

    const admin = await checkAgainstLists("admin");
    expect(admin.kind).toBe("admin");
    expect(admin.tiles.map((x) => x.group)).toEqual(expect.arrayContaining(["Orders", "Floor", "Inventory"]));
    await checkAgainstLists("client2");
  });

  test("an internal admin's numbers follow the session client chosen in the header", async () => {
    const all = await summaryOf("admin");
    const nw = await checkAgainstLists("admin", { [SESSION_CLIENT_HEADER]: String(f.northwind) });
    const bb = await checkAgainstLists("admin", { [SESSION_CLIENT_HEADER]: String(f.bluebird) });
    const awaiting = (s: THomeSummary) => tile(s, "orders.awaitingPayment").count;
    expect(awaiting(nw) + awaiting(bb)).toBeLessThanOrEqual(awaiting(all));
    expect(awaiting(nw)).toBe(awaiting(await summaryOf("client")));
  });

  test("another client's orders never count: a late, unpaid Bluebird order moves only Bluebird's numbers", async () => {
    const line = { styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.white], quantity: 2 };
    const before = { client: await summaryOf("client"), client2: await summaryOf("client2") };
    const placed = await f.place("client2", { shipTo: SHIP_TO, lines: [line] });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<TOrder>();
    // Placed 30 days ago with no ship-by date: due 10 working days after placing, so late.
    const placedAt = new Date(Date.now() - 30 * 86_400_000);
    await t.db
      .update(schema.orders)
      .set({
        placedAt,
        dueDate: sql`hub_floor_due_date(${schema.orders.factoryId}, ${placedAt.toISOString()}::timestamptz)`,
      })
      .where(eq(schema.orders.id, order.id));
    const after = { client: await checkAgainstLists("client"), client2: await checkAgainstLists("client2") };
    for (const key of ["orders.late", "orders.awaitingPayment"]) {
      expect(tile(after.client, key).count, key).toBe(tile(before.client, key).count);
      expect(tile(after.client2, key).count, key).toBe(tile(before.client2, key).count + 1);
    }
    const late = await f.call("client2", "GET", "/api/orders?attention=late&size=500");
    expect(late.json<{ items: { id: number }[] }>().items.map((x) => x.id)).toContain(order.id);
    const seenByNorthwind = await f.call("client", "GET", "/api/orders?attention=late&size=500");
    expect(seenByNorthwind.json<{ items: { id: number }[] }>().items.map((x) => x.id)).not.toContain(order.id);
  });

  test("today's QC first-pass yield: a facility's and an admin's, equal to Quality History's for today", async () => {
    const qualityToday = async (who: DemoUser, headers: Record<string, string> = {}) => {
      const today = new Date().toISOString().slice(0, 10);
      const res = await f.call(
        who,
        "GET",
        `/api/dashboards/quality?range=custom&from=${today}&to=${today}`,
        undefined,
        headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      const q = res.json<TQualityHistory>();
      return { firstInspected: q.firstInspected, firstPassUnits: q.firstPassUnits, yieldPct: q.firstPassYieldPct };
    };
    const check = async (who: DemoUser, headers: Record<string, string> = {}) => {
      const s = await summaryOf(who, headers);
      expect(s.firstPass, who).not.toBeNull();
      expect(s.firstPass, who).toMatchObject({ path: "/qs-dashboards/qualityHistory", query: { range: "7d" } });
      expect(s.firstPass, who).toMatchObject(await qualityToday(who, headers));
      return s.firstPass;
    };
    for (const who of ["client", "client2", "designer"] as const)
      expect((await summaryOf(who)).firstPass, who).toBeNull();
    const before = { admin: await check("admin"), factory: await check("factory") };

    // Two units never inspected: one passes its first inspection today, one fails it and then passes.
    const qi = schema.floorQcInspections;
    const units = await t.db
      .select({ id: schema.floorUnits.id })
      .from(schema.floorUnits)
      .leftJoin(qi, eq(qi.unitId, schema.floorUnits.id))
      .where(isNull(qi.id))
      .limit(2);
    expect(units.length).toBe(2);
    const [a, b] = units.map((u) => u.id) as [number, number];
    const now = Date.now();
    const added = await t.db
      .insert(qi)
      .values([
        { unitId: a, passed: true, actor: "test", at: new Date(now - 60_000) },
        { unitId: b, passed: false, actor: "test", at: new Date(now - 60_000) },
        { unitId: b, passed: true, actor: "test", at: new Date(now - 30_000) },
      ])
      .returning({ id: qi.id });
    try {
      const after = await check("admin");
      expect(after?.firstInspected).toBe((before.admin?.firstInspected ?? 0) + 2);
      expect(after?.firstPassUnits).toBe((before.admin?.firstPassUnits ?? 0) + 1);
      await check("factory");
      await check("admin", { [SESSION_CLIENT_HEADER]: String(f.northwind) });
    } finally {
      await t.db.delete(qi).where(
        inArray(
          qi.id,
          added.map((x) => x.id),
        ),
      );
    }
  });

  test("shipped this week counts from Monday (UTC); the lead days match the floor's", () => {
    expect(homeDates(new Date("2026-11-25T10:00:00Z"))).toEqual({ today: "2026-11-25", weekStart: "2026-11-23" });
    expect(homeDates(new Date("2026-11-29T23:00:00Z")).weekStart).toBe("2026-11-23");
    expect(homeDates(new Date("2026-11-23T00:00:00Z")).weekStart).toBe("2026-11-23");
  });
});
