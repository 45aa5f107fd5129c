import type { TOrderListItem, TShipmentListItem } from "@hub/contracts";
import { SESSION_CLIENT_HEADER } from "@hub/contracts";
import type { TBotDashboard } from "@hub/contracts/dashboards/bots";
import { schema } from "@hub/db";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";

/**
 * Bot Performance (issue 18) against the lists it summarises, on the demo data: web and imported
 * orders equal the orders list's totals for `source=web|import` and the same dates and scope; the
 * store told of web orders' shipments equals the shipments list's store states; a key row names
 * its prefix's orders; then who may call it.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let ids: { northwind: number; bluebird: number };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ids = await demoClientIds(t.db);
});
afterAll(async () => {
  await t?.close();
});

const get = (who: DemoUser | null, url: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url, headers, ...(who ? { token: tokens[who] } : {}) });

const bots = async (who: DemoUser, query: string, headers: Record<string, string> = {}) => {
  const res = await get(who, `/api/dashboards/bots?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TBotDashboard>();
};

/** Every row of a list for a filter, paged 500 at a time. */
const listAll = async <T>(who: DemoUser, path: string, query: string, headers: Record<string, string> = {}) => {
  const items: T[] = [];
  for (let page = 0; page < 50; page++) {
    const res = await get(who, `${path}?${query}&size=500&page=${page}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json<{ items: T[] }>().items;
    items.push(...batch);
    if (batch.length < 500) break;
  }
  return items;
};

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((x, r) => x + f(r), 0);

/** The dashboard's figures equal the orders list's and the shipments list's for the same dates. */
const crossCheck = async (who: DemoUser, range: string, headers: Record<string, string> = {}, clientId?: number) => {
  const extra = clientId ? `&clientId=${clientId}` : "";
  const d = await bots(who, `range=${range}${extra}`, headers);
  const dates = `from=${d.range.from}&to=${d.range.to}${extra}`;
  const web = await listAll<TOrderListItem>(who, "/api/orders", `source=web&${dates}`, headers);
  const imported = await listAll<TOrderListItem>(who, "/api/orders", `source=import&${dates}`, headers);
  expect(d.current.webOrders, `${who} ${range} web orders`).toBe(web.length);
  expect(d.current.webRevenueCents, `${who} ${range} web revenue`).toBe(sum(web, (o) => o.totalCents));
  expect(d.current.importOrders, `${who} ${range} imported`).toBe(imported.length);
  expect(d.current.importRevenueCents).toBe(sum(imported, (o) => o.totalCents));
  // The breakdowns add up to the figures.
  expect(sum(d.series, (p) => p.webOrders)).toBe(d.current.webOrders);
  expect(sum(d.series, (p) => p.webRevenueCents)).toBe(d.current.webRevenueCents);
  expect(sum(d.series, (p) => p.importRevenueCents)).toBe(d.current.importRevenueCents);
  if (d.byKey.length < 25) {
    expect(sum(d.byKey, (x) => x.orders)).toBe(d.current.webOrders);
    expect(sum(d.byKey, (x) => x.revenueCents)).toBe(d.current.webRevenueCents);
  }
  // The store told: the shipments list's states of the same dates (voided ones left out).
  const shipments = (await listAll<TShipmentListItem>(who, "/api/shipments", dates, headers)).filter(
    (x) => x.status !== "voided" && x.storeNotify !== "not_applicable",
  );
  const state = (s: string) => shipments.filter((x) => x.storeNotify === s).length;
  expect(d.store, `${who} ${range} store`).toMatchObject({
    shipments: shipments.length,
    told: state("notified"),
    failed: state("failed"),
    waiting: state("pending"),
    platformLabels: shipments.filter((x) => x.carrier.toLowerCase() !== "manual").length,
  });
  expect(d.store.told + d.store.failed + d.store.waiting).toBe(d.store.shipments);
  expect(d.store.platformLabels + d.store.manualLabels).toBe(d.store.shipments);
  expect(sum(d.errors, (e) => e.shipments)).toBeLessThanOrEqual(d.store.failed);
  const failedIds = new Set(shipments.filter((x) => x.storeNotify === "failed").map((x) => x.id));
  for (const f of d.failures) expect(failedIds.has(f.shipmentId), f.shipmentNumber).toBe(true);
  return { d, web };
};

describe("bot performance figures", () => {
  test("the internal admin's ranges equal the orders list and the shipments list", async () => {
    for (const range of ["30d", "90d", "12m"]) {
      const { d } = await crossCheck("admin", range);
      expect(d.range.range).toBe(range);
      if (range === "12m") expect(d.current.webOrders).toBeGreaterThan(0);
    }
    const custom = await bots("admin", "range=custom&from=2026-01-01&to=2026-12-31");
    expect(custom.range).toMatchObject({ from: "2026-01-01", to: "2026-12-31", bucket: "month" });
    const thirty = await bots("admin", "range=30d");
    const before = await bots("admin", `range=custom&from=${thirty.range.previousFrom}&to=${thirty.range.previousTo}`);
    expect(thirty.previous).toEqual(before.current);
    expect(thirty.previousStore).toEqual(before.store);
    expect((await get("admin", "/api/dashboards/bots?range=custom")).statusCode).toBe(400);
    // A range near year 1 (its previous period before it) is refused, not a 500.
    expect((await get("admin", "/api/dashboards/bots?range=custom&from=0001-01-01&to=0001-01-02")).statusCode).toBe(
      400,
    );
  });

  test("a client sees its own; the facility the orders placed with it; an admin narrows by client", async () => {
    const nw = await crossCheck("client", "12m");
    for (const k of nw.d.byKey) expect(k.clientId).toBe(ids.northwind);
    const bb = await crossCheck("client2", "12m");
    for (const k of bb.d.byKey) expect(k.clientId).toBe(ids.bluebird);
    const all = await crossCheck("admin", "12m");
    expect(nw.d.current.webRevenueCents + bb.d.current.webRevenueCents).toBe(all.d.current.webRevenueCents);
    // The facility user has no Bot Performance card by default; given one, it sees the orders placed with it.
    const [factory] = await t.db
      .select({ userId: schema.users.userId })
      .from(schema.users)
      .where(eq(schema.users.userName, "factory"));
    const [grant] = await t.db
      .insert(schema.cardGrants)
      .values({ routeName: "botPerformance", userId: factory?.userId ?? 0 })
      .returning();
    try {
      const fac = await crossCheck("factory", "12m");
      expect(fac.d.current).toEqual(all.d.current);
      expect(fac.d.store).toEqual(all.d.store);
    } finally {
      await t.db.delete(schema.cardGrants).where(eq(schema.cardGrants.id, grant?.id ?? 0));
    }
    await crossCheck("admin", "12m", { [SESSION_CLIENT_HEADER]: String(ids.bluebird) });
    await crossCheck("admin", "12m", {}, ids.northwind);
    const other = await bots("client", `range=12m&clientId=${ids.bluebird}`);
    expect(other.current.webOrders).toBe(0);
    expect(other.store.shipments).toBe(0);
  });

  test("a key row names its prefix's web orders; without one the raw name shows", async () => {
    const before = await bots("client", "range=12m");
    const raw = before.byKey[0];
    expect(raw?.keyName).toBeNull();
    expect(raw?.placedBy).toMatch(/^api-key:/);
    const prefix = (raw?.placedBy ?? "").slice("api-key:".length);
    const [key] = await t.db
      .insert(schema.apiKeys)
      .values({ clientId: ids.northwind, mode: "live", name: "Storefront bot", prefix, keyHash: `test-${prefix}-hash` })
      .returning({ id: schema.apiKeys.id });
    try {
      const after = await bots("client", "range=12m");
      const named = after.byKey.find((x) => x.placedBy === raw?.placedBy);
      expect(named).toMatchObject({ keyName: "Storefront bot", orders: raw?.orders, revenueCents: raw?.revenueCents });
      // Northwind's key names none of Bluebird's orders.
      expect((await bots("client2", "range=12m")).byKey.every((x) => x.keyName === null)).toBe(true);
    } finally {
      await t.db.delete(schema.apiKeys).where(eq(schema.apiKeys.id, key?.id ?? 0));
    }
  });

  test("a failed store notice shows among the errors and the failures, linking its shipment", async () => {
    const d = await bots("admin", "range=12m");
    const shipments = await listAll<TShipmentListItem>(
      "admin",
      "/api/shipments",
      `from=${d.range.from}&to=${d.range.to}`,
    );
    const candidates = shipments.filter((x) => x.status !== "voided" && x.storeNotify === "pending").slice(0, 2);
    const targets = candidates.length
      ? candidates.map((x) => x.id)
      : shipments
          .filter((x) => x.storeNotify === "notified")
          .slice(0, 2)
          .map((x) => x.id);
    expect(targets.length, "the demo's web orders' shipments").toBeGreaterThan(0);
    const s = schema.shipments;
    const saved = await t.db.select().from(s).where(inArray(s.id, targets));
    await t.db.update(s).set({ storeNotifyError: "Store said: 422 fulfillment exists" }).where(inArray(s.id, targets));
    try {
      const after = await crossCheck("admin", "12m");
      expect(after.d.store.failed).toBe(d.store.failed + targets.length);
      expect(after.d.errors.find((e) => e.error === "Store said: 422 fulfillment exists")?.shipments).toBe(
        targets.length,
      );
      for (const id of targets) expect(after.d.failures.map((f) => f.shipmentId)).toContain(id);
    } finally {
      for (const row of saved)
        await t.db.update(s).set({ storeNotifyError: row.storeNotifyError }).where(eq(s.id, row.id));
    }
  });
});

describe("bot performance access", () => {
  test("clients and internal admins (the card); not the facility user (no card by default), the designer or anyone signed out", async () => {
    const expected: Record<DemoUser, number> = { admin: 200, client: 200, client2: 200, factory: 403, designer: 403 };
    for (const who of DEMO_USERS) expect((await get(who, "/api/dashboards/bots")).statusCode, who).toBe(expected[who]);
    expect((await get(null, "/api/dashboards/bots")).statusCode).toBe(401);
  });
});
