import { ORDER_SEARCH_COUNT_CAP, type TOrderListQuery } from "@hub/contracts";
import { type HubDb, type HubTx, schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type ListRow,
  listOrders,
  listOrdersQueries,
  sortedMatches,
  sortRangeTo,
} from "../src/modules/orders/list.service";
import { facilityView } from "../src/modules/orders/scope";
import { countPlan, readOrdersStats, withPlan } from "../src/modules/orders/search-plan";
import { rowsOf } from "../src/platform/database";
import { type OrderFixture, orderFixture } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * A broad search whose matches lie deep in its sort (issue 21, ADR 0003): its page is read from the
 * range of the sort up to a sampled match's key, and must be exactly the page of every match sorted.
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

const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

describe("a plan's settings", () => {
  test("hold inside its transaction only", async () => {
    const read = async (db: HubDb | HubTx) =>
      rowsOf<Record<string, string>>(
        await db.execute(sql`select current_setting('enable_seqscan') as seq, current_setting('enable_bitmapscan') as bitmap,
          current_setting('enable_sort') as sort, current_setting('jit') as jit, current_setting('plan_cache_mode') as mode`),
      )[0];
    const before = await read(t.db);
    const custom = { jit: "off", mode: "force_custom_plan" };
    expect(await withPlan(t.db, "bitmap", read)).toMatchObject({ seq: "off", bitmap: "on", ...custom });
    expect(await withPlan(t.db, "scan", read)).toMatchObject({ seq: "on", bitmap: "off", sort: "on", ...custom });
    expect(await withPlan(t.db, "walk", read)).toMatchObject({ seq: "off", bitmap: "off", sort: "off", ...custom });
    expect(await read(t.db)).toEqual(before);
  });
});

describe("a count that stops early", () => {
  test("reads within its reach, then counts the rest through the search index", async () => {
    const [c] = await t.db
      .select({ id: schema.clients.clientId, factoryId: schema.clients.factoryId })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, f.northwind));
    if (!c || c.factoryId === null) throw new Error("no client");
    // 7,300 orders newer than every other: among the newest 1,000, every fifth matches (a share of
    // 0.2, so the count walks the sort's index and stops within 4 × 251 / 0.2 = 5,020 orders); 100
    // more matches lie behind 5,000 that do not. 300 matches, more than the search's cap.
    await t.db.execute(sql`
      insert into orders (client_id, client_name, factory_id, source, po_number, ship_name, ship_line1, ship_city,
        ship_postal_code, ship_country, subtotal_cents, total_cents, placed_by, placed_at, search_vector)
      select ${c.id}, 'Reach', ${c.factoryId}, 'entry', 'PO-REACH-' || k, 'Reach Buyer', '1 Road', 'Town', '1', 'US',
        100, 100, 'reach-test', timestamptz '2030-01-01' - k * interval '1 minute',
        case when (k <= 1000 and k % 5 = 0) or k between 6001 and 6100
          then array_to_tsvector(array['po-reach-' || k, 'reachable']) else array_to_tsvector(array['po-reach-' || k]) end
      from generate_series(1, 7300) k`);
    await t.db.execute(sql`analyze orders`);
    // The table is large enough that walking is the cheaper count for that share (search-plan.ts).
    expect(countPlan(0.2, await readOrdersStats(t.db), ORDER_SEARCH_COUNT_CAP, "walk")).toBe("walk");
    const page = await listOrders(t.db, facilityView(c.factoryId), {
      searchString: "reachable",
      sort: "placedAt,desc",
      page: 0,
      size: 25,
    });
    expect(page.items.map((x) => x.poNumber)).toEqual(Array.from({ length: 25 }, (_, i) => `PO-REACH-${(i + 1) * 5}`));
    // 200 within the reach: not the whole count, which goes on through the index to 300, capped.
    expect(page).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    await t.db.delete(schema.orders).where(eq(schema.orders.placedBy, "reach-test"));
  });
});

describe("search sorted from a range", () => {
  test("the range up to the sampled page's last key holds the page of every match sorted, in each sort", async () => {
    const [c] = await t.db
      .select({ id: schema.clients.clientId, name: schema.clients.clientName, factoryId: schema.clients.factoryId })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, f.northwind));
    if (!c || c.factoryId === null) throw new Error("no client");
    // 1,200 matches whose totals, client names and placing times do not follow the table's order
    // (so the first matches the bounded read finds are not the sort's first), a third of them placed
    // and the rest in production, ties on total and name included.
    await t.db.execute(sql`
      insert into orders (client_id, client_name, factory_id, source, po_number, ship_name, ship_line1, ship_city,
        ship_postal_code, ship_country, subtotal_cents, total_cents, placed_by, placed_at, status, search_vector)
      select ${c.id}, 'Range ' || chr(65 + (g * 7) % 26), ${c.factoryId}, 'entry', 'PO-RANGE-' || g, 'Range Tester',
        '1 Road', 'Town', '1', 'US', 100, ((g * 7919) % 1000) * 100, 'range-test',
        now() - ((g * 37) % 1200) * interval '1 minute' - interval '123 microseconds',
        case when g % 3 = 0 then 'placed' else 'in_production' end,
        array_to_tsvector(array['po-range-' || g, 'range', 'tester'])
      from generate_series(1, 1200) g`);
    await t.db.execute(sql`analyze orders`);
    const viewer = facilityView(c.factoryId);
    const read = (q: TOrderListQuery, range?: ReturnType<typeof sortRangeTo>) =>
      withPlan(t.db, "bitmap", (tx) => listOrdersQueries(tx, viewer, q, "bitmap", { range }).page);
    const sampleOf = async (q: TOrderListQuery): Promise<ListRow[]> =>
      (await withPlan(t.db, "bitmap", (tx) => listOrdersQueries(tx, viewer, q, "bitmap").bounded)).map(
        ({ matches: _m, ...r }) => r,
      );
    let differed = 0;
    for (const sort of [
      "totalCents,desc",
      "totalCents,asc",
      "clientName,asc",
      "clientName,desc",
      "placedAt,desc",
      "placedAt,asc",
      "orderNumber,asc",
      "orderNumber,desc",
    ])
      for (const status of [undefined, "placed" as const])
        for (const page of [0, 2]) {
          const q: TOrderListQuery = { searchString: "range tester", sort, status, page, size: 25 };
          const label = `${sort} ${status ?? "any"} page ${page}`;
          const full = await read(q);
          expect(full, label).toHaveLength(25);
          // The page sorted from the first cap + 1 matches only: not the page, but its last row bounds it.
          const sample = await sampleOf(q);
          expect(sample, label).toHaveLength(25);
          if (ids(sample).join() !== ids(full).join()) differed++;
          const last = sample[24];
          if (!last) throw new Error("no sample");
          const range = sortRangeTo(q, last);
          expect(range, label).toBeDefined();
          expect(ids(await read(q, range)), label).toEqual(ids(full));
          expect(ids(await sortedMatches(t.db, viewer, q, sample, 1)), label).toEqual(ids(full));
          expect(
            full.every((r) => status === undefined || r.status === status),
            label,
          ).toBe(true);
        }
    // Most of the samples' pages were not the page: the ranges were what found it.
    expect(differed).toBeGreaterThan(20);
    // Matches in the table's order in every sort: the sampled page is the page, and its last row is
    // the page's last. The range must hold that row itself (its key, ties on it, and a placing time
    // the database keeps to the microsecond where the row read back has milliseconds).
    await t.db.execute(sql`
      insert into orders (client_id, client_name, factory_id, source, po_number, ship_name, ship_line1, ship_city,
        ship_postal_code, ship_country, subtotal_cents, total_cents, placed_by, placed_at, search_vector)
      select ${c.id}, 'Edge ' || lpad((g / 2)::text, 4, '0'), ${c.factoryId}, 'entry', 'PO-EDGE-' || g, 'Edge Tester',
        '1 Road', 'Town', '1', 'US', 100, (1000 - g / 2) * 100, 'range-test',
        now() - interval '30 days' + g * interval '1 minute' + interval '456 microseconds',
        array_to_tsvector(array['po-edge-' || g, 'edge', 'tester'])
      from generate_series(1, 400) g`);
    for (const sort of ["totalCents,desc", "placedAt,asc", "clientName,asc", "orderNumber,asc"])
      for (const page of [0, 1]) {
        const q: TOrderListQuery = { searchString: "edge tester", sort, page, size: 25 };
        const label = `edge ${sort} page ${page}`;
        const full = await read(q);
        const sample = await sampleOf(q);
        expect(ids(sample), label).toEqual(ids(full));
        const last = sample[24];
        if (!last) throw new Error("no sample");
        expect(ids(await read(q, sortRangeTo(q, last))), label).toEqual(ids(full));
      }
    // Through the API too: the count capped, the page the sort's first.
    const res = await f.call("factory", "GET", "/api/orders?searchString=range%20tester&sort=totalCents,desc&size=25");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: { id: number }[]; total: number; totalCapped: boolean }>();
    expect(body).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    expect(ids(body.items)).toEqual(
      ids(await read({ searchString: "range tester", sort: "totalCents,desc", page: 0, size: 25 })),
    );
    await t.db.delete(schema.orders).where(eq(schema.orders.placedBy, "range-test"));
  });
});
