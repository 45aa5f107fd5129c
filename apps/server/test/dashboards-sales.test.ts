import type { TChargeReport, TOrderListItem } from "@hub/contracts";
import { SESSION_CLIENT_HEADER } from "@hub/contracts";
import type { TCategoryDashboard } from "@hub/contracts/dashboards/categories";
import type { TSalesDashboard } from "@hub/contracts/dashboards/sales";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
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
 * The Sales Dashboard (issue 18) against the lists it summarises, on the demo data: the range's
 * placed revenue and order count equal the orders list's totals for the same dates and scope, paid
 * and refunded equal the order charge report's totals, every breakdown adds up to its figure, and
 * the previous period is the same figures a custom range of those dates gives. Then who may call it.
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

const sales = async (who: DemoUser, query: string, headers: Record<string, string> = {}) => {
  const res = await get(who, `/api/dashboards/sales?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSalesDashboard>();
};

/** Every order of the list for a filter, paged 500 at a time. */
const listOrders = async (who: DemoUser, query: string, headers: Record<string, string> = {}) => {
  const items: TOrderListItem[] = [];
  for (let page = 0; page < 50; page++) {
    const res = await get(who, `/api/orders?${query}&size=500&page=${page}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json<{ items: TOrderListItem[] }>().items;
    items.push(...batch);
    if (batch.length < 500) break;
  }
  return items;
};

const chargeTotals = async (who: DemoUser, query: string, headers: Record<string, string> = {}) => {
  const res = await get(who, `/api/orders/charges?${query}&size=1`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TChargeReport>().totals;
};

/** The dashboard's figures equal the orders list's and the charge report's for the same dates. */
const crossCheck = async (who: DemoUser, range: string, headers: Record<string, string> = {}, clientId?: number) => {
  const extra = clientId ? `&clientId=${clientId}` : "";
  const d = await sales(who, `range=${range}${extra}`, headers);
  const dates = `from=${d.range.from}&to=${d.range.to}${extra}`;
  const orders = await listOrders(who, dates, headers);
  expect(d.current.orders, `${who} ${range} orders`).toBe(orders.length);
  expect(d.current.placedCents, `${who} ${range} placed`).toBe(orders.reduce((s, o) => s + o.totalCents, 0));
  expect(d.current.aovCents).toBe(orders.length ? Math.round(d.current.placedCents / orders.length) : 0);
  if (who !== "factory") {
    const totals = await chargeTotals(who, `${dates}&status=succeeded`, headers);
    expect(d.current.paidCents, `${who} paid`).toBe(totals.chargedCents);
    expect(d.current.refundedCents, `${who} refunded`).toBe(totals.refundedCents);
  }
  // The breakdowns add up to the figures.
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
  expect(sum(d.series, (p) => p.placedCents)).toBe(d.current.placedCents);
  expect(sum(d.series, (p) => p.orders)).toBe(d.current.orders);
  expect(sum(d.series, (p) => p.units)).toBe(d.current.units);
  expect(sum(d.series, (p) => p.paidCents)).toBe(d.current.paidCents);
  expect(sum(d.bySource, (s) => s.placedCents)).toBe(d.current.placedCents);
  for (const s of d.bySource) {
    const bySource = orders.filter((o) => o.source === s.source);
    expect(s.orders, s.source).toBe(bySource.length);
  }
  const clientIds = new Set(orders.map((o) => o.clientId));
  for (const c of d.byClient) expect(clientIds.has(c.clientId), c.clientName).toBe(true);
  if (clientIds.size <= 25) expect(sum(d.byClient, (c) => c.placedCents)).toBe(d.current.placedCents);
  return { d, orders };
};

describe("sales dashboard figures", () => {
  test("every range of the internal admin equals the orders list and the charge report", async () => {
    for (const range of ["7d", "30d", "90d", "mtd", "qtd", "ytd", "12m"]) {
      const { d, orders } = await crossCheck("admin", range);
      expect(d.range.range).toBe(range);
      if (range === "90d") expect(orders.length).toBeGreaterThan(50);
      expect(d.series.length).toBeLessThanOrEqual(60);
    }
  });

  test("a client sees its own orders only; the facility the orders placed with it", async () => {
    const nw = await crossCheck("client", "90d");
    expect(nw.d.byClient.map((c) => c.clientId)).toEqual([ids.northwind]);
    const bb = await crossCheck("client2", "90d");
    expect(bb.d.byClient.map((c) => c.clientId)).toEqual([ids.bluebird]);
    const all = await sales("admin", "range=90d");
    expect(nw.d.current.placedCents + bb.d.current.placedCents).toBe(all.current.placedCents);
    // The facility has no Sales Dashboard card by default; given one, it sees the orders placed with it.
    const [factory] = await t.db
      .select({ userId: schema.users.userId })
      .from(schema.users)
      .where(eq(schema.users.userName, "factory"));
    const [grant] = await t.db
      .insert(schema.cardGrants)
      .values({ routeName: "salesDashboard", userId: factory?.userId ?? 0 })
      .returning();
    try {
      const fac = await crossCheck("factory", "90d");
      expect(fac.d.current.placedCents).toBe(all.current.placedCents);
    } finally {
      await t.db.delete(schema.cardGrants).where(eq(schema.cardGrants.id, grant?.id ?? 0));
    }
    // A client asking for another client's figures gets none of them.
    const other = await sales("client", `range=90d&clientId=${ids.bluebird}`);
    expect(other.current.orders).toBe(0);
  });

  test("the admin's session client, and a client picked by id, narrow the figures like the list", async () => {
    const header = { [SESSION_CLIENT_HEADER]: String(ids.bluebird) };
    const { d } = await crossCheck("admin", "90d", header);
    expect(d.byClient.map((c) => c.clientId)).toEqual([ids.bluebird]);
    const picked = await crossCheck("admin", "90d", {}, ids.northwind);
    expect(picked.d.byClient.map((c) => c.clientId)).toEqual([ids.northwind]);
  });

  test("a custom range; the previous period equals the same figures asked for directly", async () => {
    const d = await sales("admin", "range=custom&from=2026-01-01&to=2026-12-31");
    expect(d.range).toMatchObject({ from: "2026-01-01", to: "2026-12-31", bucket: "month" });
    const thirty = await sales("admin", "range=30d");
    const before = await sales("admin", `range=custom&from=${thirty.range.previousFrom}&to=${thirty.range.previousTo}`);
    expect(thirty.previous).toEqual(before.current);
    const bad = await get("admin", "/api/dashboards/sales?range=custom");
    expect(bad.statusCode).toBe(400);
    expect((await get("admin", "/api/dashboards/sales?range=custom&from=2026-02-01&to=2026-01-01")).statusCode).toBe(
      400,
    );
    expect((await get("admin", "/api/dashboards/sales?range=forever")).statusCode).toBe(400);
  });

  test("styles, SKUs and the size x colour grid count the lines of the range's orders", async () => {
    const d = await sales("admin", "range=90d");
    expect(d.topSkus.length).toBeGreaterThan(0);
    expect(d.heatmap.length).toBeGreaterThan(0);
    const styleUnits = d.byStyle.reduce((s, x) => s + x.units, 0);
    const heatUnits = d.heatmap.reduce((s, x) => s + x.units, 0);
    expect(heatUnits).toBeLessThanOrEqual(d.current.units);
    if (d.byStyle.length < 25) expect(styleUnits).toBe(heatUnits);
    for (const row of d.byCoupon) expect(row.couponCode).toBe(row.couponCode.toUpperCase());
  });
});

describe("a line's size and colour", () => {
  /** The rule the grid and the list's line filters follow: the first option named like it, else "—". */
  const optionOf = (options: { optionName: string; attributeName: string }[], pattern: RegExp) =>
    options.find((x) => pattern.test(x.optionName))?.attributeName ?? "—";

  test("are the database's reading of every demo line's frozen options", async () => {
    const lines = await t.db
      .select({ options: schema.orderItems.options, size: schema.orderItems.size, colour: schema.orderItems.colour })
      .from(schema.orderItems);
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.some((x) => x.size !== "—" && x.colour !== "—")).toBe(true);
    for (const x of lines) {
      expect(x.size).toBe(optionOf(x.options, /size/i));
      expect(x.colour).toBe(optionOf(x.options, /colou?r/i));
    }
  });

  test("follow the options: either spelling of colour, any case, the first match, none", async () => {
    const [line] = await t.db.select().from(schema.orderItems).limit(1);
    if (!line) throw new Error("no demo line");
    const cases: { options: { optionName: string; attributeName: string }[]; size: string; colour: string }[] = [
      {
        options: [
          { optionName: "SIZE", attributeName: "XL" },
          { optionName: "Color", attributeName: "Navy" },
        ],
        size: "XL",
        colour: "Navy",
      },
      {
        options: [
          { optionName: "Body colour", attributeName: "Red" },
          { optionName: "Trim Colour", attributeName: "Blue" },
        ],
        size: "—",
        colour: "Red",
      },
      { options: [{ optionName: "Fit", attributeName: "Slim" }], size: "—", colour: "—" },
      { options: [], size: "—", colour: "—" },
    ];
    for (const c of cases) {
      const options = c.options.map((x) => ({
        ...x,
        optionCode: "X",
        attributeId: 0,
        attributeCode: "X",
        upchargeCents: 0,
      }));
      const [row] = await t.db
        .update(schema.orderItems)
        .set({ options })
        .where(eq(schema.orderItems.id, line.id))
        .returning({ size: schema.orderItems.size, colour: schema.orderItems.colour });
      expect(row, JSON.stringify(c.options)).toEqual({ size: c.size, colour: c.colour });
    }
    await t.db.update(schema.orderItems).set({ options: line.options }).where(eq(schema.orderItems.id, line.id));
  });
});

/** The orders list's total for a filter (one row a page: the total is the list's count). */
const listTotal = async (who: DemoUser, query: string) => {
  const res = await get(who, `/api/orders?${query}&size=1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total: number; items: TOrderListItem[] }>().total;
};

describe("click-throughs: the coupon and size x colour figures equal their lists", () => {
  test("a coupon's orders and revenue equal the orders list filtered by that coupon", async () => {
    for (const who of ["admin", "client"] as const) {
      const d = await sales(who, "range=12m");
      const dates = `from=${d.range.from}&to=${d.range.to}`;
      if (who === "admin") expect(d.byCoupon.length).toBeGreaterThan(0);
      for (const c of d.byCoupon) {
        const q = `${dates}&couponCode=${encodeURIComponent(c.couponCode)}`;
        expect(c.orders, `${who} ${c.couponCode}`).toBe(await listTotal(who, q));
        const orders = await listOrders(who, q);
        expect(c.placedCents, c.couponCode).toBe(orders.reduce((s, o) => s + o.totalCents, 0));
        // The code in another case finds the same orders.
        expect(await listTotal(who, `${dates}&couponCode=${encodeURIComponent(c.couponCode.toLowerCase())}`)).toBe(
          c.orders,
        );
      }
    }
  });

  test("a size x colour cell's orders equal the orders list filtered by that size and colour", async () => {
    for (const who of ["admin", "client2"] as const) {
      const d = await sales(who, "range=90d");
      const dates = `from=${d.range.from}&to=${d.range.to}`;
      expect(d.heatmap.length, who).toBeGreaterThan(0);
      const cells = [...d.heatmap.slice(0, 6), ...d.heatmap.filter((c) => c.size === "—" || c.colour === "—")];
      for (const c of cells.slice(0, 10)) {
        expect(c.orders).toBeGreaterThan(0);
        expect(c.orders).toBeLessThanOrEqual(c.units);
        const q = `${dates}&lineSize=${encodeURIComponent(c.size)}&lineColour=${encodeURIComponent(c.colour)}`;
        expect(c.orders, `${who} ${c.size} ${c.colour}`).toBe(await listTotal(who, q));
      }
      // Every cell's orders hold a line of that size: the size alone finds at least the biggest cell's.
      const top = d.heatmap[0];
      if (top)
        expect(await listTotal(who, `${dates}&lineSize=${encodeURIComponent(top.size)}`)).toBeGreaterThanOrEqual(
          top.orders,
        );
    }
  });

  test("a top SKU's and a style's lines are on the orders the list finds by that SKU and style", async () => {
    const d = await sales("admin", "range=90d");
    const dates = `from=${d.range.from}&to=${d.range.to}`;
    const sku = d.topSkus[0];
    const style = d.byStyle[0];
    if (sku) expect(await listTotal("admin", `${dates}&sku=${encodeURIComponent(sku.sku)}`)).toBeGreaterThan(0);
    if (style) {
      const byStyle = await listTotal("admin", `${dates}&styleCode=${encodeURIComponent(style.styleCode)}`);
      expect(byStyle).toBeGreaterThan(0);
      expect(byStyle).toBeLessThanOrEqual(d.current.orders);
    }
    expect(await listTotal("admin", `${dates}&sku=NO-SUCH-SKU`)).toBe(0);
  });
});

describe("home goods: sales by category", () => {
  test("categories add up to the Sales Dashboard's line units; the previous period is the same query on its dates", async () => {
    for (const who of ["admin", "client", "client2"] as const) {
      const res = await get(who, "/api/dashboards/categories?range=90d");
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json<TCategoryDashboard>();
      const s = await sales(who, "range=90d");
      const units = d.categories.reduce((sum, c) => sum + c.units, 0);
      expect(units, who).toBe(s.heatmap.reduce((sum, c) => sum + c.units, 0));
      for (const c of d.categories) {
        const top = d.styles.filter((x) => x.category === c.category);
        expect(top.length).toBeLessThanOrEqual(10);
        expect(top.reduce((sum, x) => sum + x.revenueCents, 0)).toBeLessThanOrEqual(c.revenueCents);
      }
      const before = await get(
        who,
        `/api/dashboards/categories?range=custom&from=${d.range.previousFrom}&to=${d.range.previousTo}`,
      );
      const previous = new Map(before.json<TCategoryDashboard>().categories.map((c) => [c.category, c.revenueCents]));
      for (const c of d.categories) expect(c.previousRevenueCents).toBe(previous.get(c.category) ?? 0);
    }
  });

  test("access: the Home Goods card (clients and internal admins by default)", async () => {
    const expected: Record<DemoUser, number> = { admin: 200, client: 200, client2: 200, factory: 403, designer: 403 };
    for (const who of DEMO_USERS)
      expect((await get(who, "/api/dashboards/categories")).statusCode, who).toBe(expected[who]);
    expect((await get(null, "/api/dashboards/categories")).statusCode).toBe(401);
  });
});

describe("JAS sales: one client's sales", () => {
  test("a client's own figures; others name a client (or the session client); another client's is a 404", async () => {
    const own = await get("client", "/api/dashboards/jas-sales?range=90d");
    expect(own.statusCode, own.body).toBe(200);
    const mine = await sales("client", "range=90d");
    expect(own.json<TSalesDashboard>().current).toEqual(mine.current);
    expect((await get("client", `/api/dashboards/jas-sales?clientId=${ids.bluebird}`)).statusCode).toBe(404);
    const none = await get("admin", "/api/dashboards/jas-sales");
    expect(none.statusCode).toBe(400);
    const named = await get("admin", `/api/dashboards/jas-sales?range=90d&clientId=${ids.bluebird}`);
    expect(named.json<TSalesDashboard>().current).toEqual((await sales("client2", "range=90d")).current);
    const session = await get("admin", "/api/dashboards/jas-sales?range=90d", {
      [SESSION_CLIENT_HEADER]: String(ids.northwind),
    });
    expect(session.json<TSalesDashboard>().current).toEqual(mine.current);
  });

  test("access: the JAS Sales card (clients and internal admins by default)", async () => {
    const expected: Record<DemoUser, number> = { admin: 400, client: 200, client2: 200, factory: 403, designer: 403 };
    for (const who of DEMO_USERS)
      expect((await get(who, "/api/dashboards/jas-sales")).statusCode, who).toBe(expected[who]);
    expect((await get(null, "/api/dashboards/jas-sales")).statusCode).toBe(401);
  });
});

describe("sales dashboard access", () => {
  test("every plan's client, internal admins; not the facility (no card), the designer or anyone signed out", async () => {
    const expected: Record<DemoUser, number> = { admin: 200, client: 200, client2: 200, factory: 403, designer: 403 };
    for (const who of DEMO_USERS) expect((await get(who, "/api/dashboards/sales")).statusCode, who).toBe(expected[who]);
    expect((await get(null, "/api/dashboards/sales")).statusCode).toBe(401);
  });
});

describe("many viewers at once (identical reads shared: platform/shared-read.ts)", () => {
  test("every caller gets its own scope's figures, whoever else asks at the same moment", async () => {
    const alone = {
      client: (await sales("client", "range=30d")).current,
      client2: (await sales("client2", "range=30d")).current,
      admin: (await sales("admin", "range=30d")).current,
      session: (await sales("admin", "range=30d", { [SESSION_CLIENT_HEADER]: String(ids.bluebird) })).current,
    };
    expect(alone.client).not.toEqual(alone.client2);
    const asked = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const who = (["client", "client2", "admin", "session"] as const)[i % 4] ?? "client";
        const d =
          who === "session"
            ? await sales("admin", "range=30d", { [SESSION_CLIENT_HEADER]: String(ids.bluebird) })
            : await sales(who, "range=30d");
        return [who, d.current] as const;
      }),
    );
    for (const [who, current] of asked) expect(current, who).toEqual(alone[who]);
  });
});
