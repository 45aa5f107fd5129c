import type { TBotDashboard } from "@hub/contracts/dashboards/bots";
import type { TCategoryDashboard } from "@hub/contracts/dashboards/categories";
import { DASHBOARD_RANGES } from "@hub/contracts/dashboards/range";
import type { TSalesDashboard } from "@hub/contracts/dashboards/sales";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closableDay, refreshRollups } from "../src/modules/dashboards/rollups";
import { orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type DemoUser, demoClientIds, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * The Sales Dashboard's daily rollups (ADR 0014): with the rollups brought up to date, every range
 * of every scope answers exactly what the source alone answers (the rollup state wiped: every day
 * read from the source); a change to a past day (a cancelled line, a repriced order, a refund dated
 * in the past) is marked dirty by the database in its own transaction and read from the source at
 * once, and the next refresh rolls it up; the current day is rolled up to 15 minutes ago, and what
 * is newer (placing) marks nothing. The refresh runs here by hand (no background work).
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let northwind = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { jobWorkers: false } });
  tokens = await signInDemoUsers(t);
  northwind = (await demoClientIds(t.db)).northwind;
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

const sales = async (who: DemoUser, query: string): Promise<TSalesDashboard> => {
  const res = await t.request({ method: "GET", url: `/api/dashboards/sales?${query}`, token: tokens[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSalesDashboard>();
};

/** Every range (a custom one across 13 months too) as the admin and each demo client. */
const VIEWS = [
  ...DASHBOARD_RANGES.filter((r) => r !== "custom").flatMap((range) =>
    (["admin", "client", "client2"] as const).map((who) => ({ who, query: `range=${range}` })),
  ),
  { who: "admin" as const, query: "range=custom&from=2025-09-01&to=2026-11-30" },
  { who: "admin" as const, query: "range=12m&clientId=CLIENT" },
];
const categories = async (who: DemoUser, query: string): Promise<TCategoryDashboard> => {
  const res = await t.request({ method: "GET", url: `/api/dashboards/categories?${query}`, token: tokens[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TCategoryDashboard>();
};
const bots = async (who: DemoUser, query: string): Promise<TBotDashboard> => {
  const res = await t.request({ method: "GET", url: `/api/dashboards/bots?${query}`, token: tokens[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TBotDashboard>();
};
/**
 * The answers of the dashboards that read the sales grains to every view: the Sales Dashboard,
 * Home Goods (the `categories` grain) and Bot Performance (`orders` and `webKeys`).
 */
const answersOf = async () => {
  const out: (TSalesDashboard | TCategoryDashboard | TBotDashboard)[] = [];
  for (const v of VIEWS) {
    const query = v.query.replace("CLIENT", String(northwind));
    out.push(await sales(v.who, query), await categories(v.who, query), await bots(v.who, query));
  }
  return out;
};
/** What the source alone answers: the rollup state wiped for the reads, then put back. */
const sourceAnswers = async () => {
  const saved = await rows<{ through: string | null; partialUntil: string | null }>(
    sql`select "through"::text as through, "partial_until"::text as "partialUntil" from rollup_state`,
  );
  await t.db.execute(sql`delete from rollup_state`);
  const out = await answersOf();
  if (saved[0]?.through)
    await t.db.execute(sql`insert into rollup_state (name, through, partial_until)
      values ('sales', ${saved[0].through}::date, ${saved[0].partialUntil}::timestamptz)`);
  return out;
};
const count = async (table: string) =>
  Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

test("rolled up, every range of every scope answers what the source answers", async () => {
  const fromSource = await sourceAnswers();
  const done = await refreshRollups(t.db);
  expect(done.through).toBe(closableDay(new Date()));
  for (const table of [
    "sales_daily",
    "sales_daily_lines",
    "sales_monthly_lines",
    "sales_daily_heat",
    "ledger_daily",
    "sales_daily_categories",
    "sales_daily_web_keys",
  ])
    expect(await count(table)).toBeGreaterThan(0);
  expect(await count("rollup_dirty_days")).toBe(0);
  // Whole past days now come from the rollups: the answers are the same, figure for figure.
  expect(await answersOf()).toEqual(fromSource);
  // The 12-month range has something to sum (13 months of demo orders), so the comparison is not vacuous.
  const year = fromSource[DASHBOARD_RANGES.indexOf("12m") * 9] as TSalesDashboard;
  expect(year?.current.orders).toBeGreaterThan(100);
  expect(year?.current.paidCents).toBeGreaterThan(0);
  const yearByCategory = fromSource[DASHBOARD_RANGES.indexOf("12m") * 9 + 1] as TCategoryDashboard;
  expect(yearByCategory.categories.length).toBeGreaterThan(0);
  expect(yearByCategory.styles.length).toBeGreaterThan(0);
  const yearOfBots = fromSource[DASHBOARD_RANGES.indexOf("12m") * 9 + 2] as TBotDashboard;
  expect(yearOfBots.current.webOrders).toBeGreaterThan(0);
  expect(yearOfBots.byKey.length).toBeGreaterThan(0);
  // A second refresh with nothing new changes nothing.
  await refreshRollups(t.db);
  expect(await answersOf()).toEqual(fromSource);
});

test("a change to a past day is read from the source at once, and rolled up by the next refresh", async () => {
  await refreshRollups(t.db);
  const before = await sales("admin", "range=90d");
  // An order of 40 days ago: one of its lines cancelled, its total raised; a refund dated 20 days ago.
  const [old] = await rows<{ id: number; orderNumber: string; clientId: number; day: string; itemId: number }>(sql`
    select o.id, o.order_number as "orderNumber", o.client_id as "clientId",
      to_char(o.placed_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      (select min(i.id) from order_items i where i.order_id = o.id and i.status <> 'cancelled') as "itemId"
    from orders o where o.placed_at < now() - interval '40 days' and o.placed_at > now() - interval '80 days'
      and exists (select 1 from order_items i where i.order_id = o.id and i.status <> 'cancelled')
    order by o.placed_at desc limit 1`);
  if (!old) throw new Error("no demo order 40-80 days old");
  await t.db.execute(sql`update order_items set status = 'cancelled' where id = ${old.itemId}`);
  await t.db.execute(sql`update orders set total_cents = total_cents + 1234 where id = ${old.id}`);
  await t.db.execute(sql`insert into billing_ledger (client_id, order_id, kind, amount_cents, provider, status, created_at)
    values (${old.clientId}, ${old.orderNumber}, 'refund', 321, 'builtin', 'succeeded', now() - interval '20 days')`);
  const dirty = await rows<{ day: string }>(sql`select day::text as day from rollup_dirty_days order by day`);
  expect(dirty.map((d) => d.day)).toContain(old.day);
  expect(dirty).toHaveLength(2);

  const marked = await sales("admin", "range=90d");
  expect(marked.current.placedCents).toBe(before.current.placedCents + 1234);
  expect(marked.current.refundedCents).toBe(before.current.refundedCents + 321);
  expect(marked.byStyle).not.toEqual(before.byStyle);
  const fromSource = await sourceAnswers();
  expect(await answersOf()).toEqual(fromSource);

  const done = await refreshRollups(t.db);
  expect(done.dirtyDays).toBe(2);
  expect(await count("rollup_dirty_days")).toBe(0);
  expect(await answersOf()).toEqual(fromSource);
});

test("a style's category changed moves its past lines to the new category at once, and the refresh rolls it up", async () => {
  await refreshRollups(t.db);
  const [style] = await rows<{ id: number; category: string; days: number }>(sql`
    select s.id, s.category, count(distinct (o.placed_at at time zone 'UTC')::date)::int as days
    from lib_styles s join order_items i on i.style_id = s.id join orders o on o.id = i.order_id
    where o.placed_at < now() - interval '1 day' and i.status <> 'cancelled'
    group by s.id, s.category order by count(*) desc limit 1`);
  if (!style) throw new Error("no demo style with past orders");
  const before = await categories("admin", "range=12m");
  await t.db.execute(sql`update lib_styles set category = 'Cushions' where id = ${style.id}`);
  expect(await count("rollup_dirty_days")).toBeGreaterThan(0);
  const after = await categories("admin", "range=12m");
  const cushions = after.categories.find((c) => c.category === "Cushions");
  expect(cushions?.revenueCents).toBeGreaterThan(0);
  const old = (d: TCategoryDashboard) => d.categories.find((c) => c.category === style.category)?.revenueCents ?? 0;
  expect(old(after)).toBe(old(before) - (cushions?.revenueCents ?? 0));
  expect(after.styles.filter((s) => s.category === "Cushions").length).toBe(1);
  expect(await answersOf()).toEqual(await sourceAnswers());
  await refreshRollups(t.db);
  expect(await count("rollup_dirty_days")).toBe(0);
  expect(await categories("admin", "range=12m")).toEqual(after);
  await t.db.execute(sql`update lib_styles set category = ${style.category} where id = ${style.id}`);
  await refreshRollups(t.db);
});

test("the current day is rolled up to 15 minutes ago; what is newer marks nothing and is read from the source", async () => {
  const f = await orderFixture(t);
  const place = async (po: string) => {
    const res = await f.place("client", {
      shipTo: SHIP_TO,
      poNumber: po,
      lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity: 3 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; totalCents: number }>();
  };
  const dirtyDays = async () =>
    (await rows<{ day: string }>(sql`select day::text as day from rollup_dirty_days order by day`)).map((d) => d.day);
  await t.db.execute(sql`delete from rollup_dirty_days`);
  // Placing now marks nothing; an order moved to 40 minutes ago (settled) marks its day.
  const settled = await place("PO-SETTLED");
  expect(await dirtyDays()).toEqual([]);
  const [moved] = await rows<{ day: string }>(sql`update orders set placed_at = now() - interval '40 minutes'
    where id = ${settled.id} returning to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD') as day`);
  const settledDay = moved?.day ?? "";
  expect(await dirtyDays()).toEqual([settledDay]);
  await t.db.execute(sql`delete from rollup_dirty_days`);
  await place("PO-FRESH");
  await t.db.execute(sql`insert into billing_ledger (client_id, order_id, kind, amount_cents, provider, status)
    values (${northwind}, 'SO-999999', 'charge', 1, 'builtin', 'succeeded')`);
  expect(await dirtyDays()).toEqual([]);

  const done = await refreshRollups(t.db);
  const partialUntil = new Date(done.partialUntil ?? "");
  expect(Math.abs(Date.now() - 15 * 60_000 - partialUntil.getTime())).toBeLessThan(60_000);
  // The settled order is in its day's rollup (the fresh one is not yet), and the figures hold both.
  const [rolled] = await rows<{ n: number }>(sql`select coalesce(sum(placed_cents), 0)::int as n from sales_daily
    where day = ${settledDay}::date and client_id = ${northwind}`);
  const [source] = await rows<{ n: number }>(sql`select coalesce(sum(total_cents), 0)::int as n from orders
    where client_id = ${northwind} and placed_at >= ${settledDay}::date and placed_at < ${done.partialUntil}::timestamptz`);
  expect(rolled?.n).toBe(source?.n);
  expect(rolled?.n).toBeGreaterThanOrEqual(settled.totalCents);
  expect(await answersOf()).toEqual(await sourceAnswers());

  // A settled order of the current day changed: its day is marked and read from the source at once.
  const before = await sales("admin", "range=30d");
  await t.db.execute(sql`update orders set total_cents = total_cents + 100 where id = ${settled.id}`);
  expect(await dirtyDays()).toEqual([settledDay]);
  expect((await sales("admin", "range=30d")).current.placedCents).toBe(before.current.placedCents + 100);
  expect(await answersOf()).toEqual(await sourceAnswers());
  await refreshRollups(t.db);
  expect(await dirtyDays()).toEqual([]);
  expect(await answersOf()).toEqual(await sourceAnswers());
});
