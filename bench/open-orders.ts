/**
 * Part 8 of `npm run bench`: /openOrders at scale (issue 11). Printed, never asserted.
 *
 * When BENCH_DATABASE_URL or DATABASE_URL names a PostgreSQL server: a fresh database there (migrated,
 * demo seed; dropped at the end), BENCH_OPEN_ORDERS open orders (10,000 by default) of the demo
 * factory made with SQL (INSERT … SELECT generate_series: released orders, 2 lines each, 10 units an
 * order spread over every state, due dates from 10 days late to 30 days ahead), then
 * GET /api/floor/open-orders through the API (the app built in process, listening on 127.0.0.1, real
 * HTTP, the factory user's token) at OPEN_ORDERS_CONCURRENCY connections with a mix of the screen's
 * queries (default sort, late, at risk, a state, a client, a search, later pages): p50/p95 and
 * requests/s. Target: p95 ≤ 100 ms.
 */
import { performance } from "node:perf_hooks";
import { schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { openTestDatabase } from "../apps/server/test/helpers/database";
import { createTestApp } from "../apps/server/test/helpers/test-app";

type Row = [metric: string, value: string, target: string, result: string];

const CONCURRENCY = 8;
const REQUESTS = 800;
const MAX_MS = 60_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

const QUERIES = [
  "size=25&sort=dueDate,asc",
  "size=25&flag=late",
  "size=25&flag=atRisk",
  "size=25&state=cut&sort=orderNumber,desc",
  "size=25&page=7&sort=dueDate,asc",
  "size=25&searchString=so-0012",
  "size=100&sort=clientName,asc",
  "size=25&flag=onTrack&sort=releasedAt,desc",
];

export const benchOpenOrders = async (
  section: (title: string) => void,
  table: (h: string[], r: string[][], right?: number[]) => string,
): Promise<Row[]> => {
  section("Part 8: /openOrders at scale");
  const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "").trim();
  const count = Number(process.env.BENCH_OPEN_ORDERS ?? 10_000);
  if (!serverUrl) {
    console.log("skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server");
    return [["/openOrders p95 (10,000 open orders), PostgreSQL", "skipped", "<= 100 ms", "n/a"]];
  }
  const database = await openTestDatabase(serverUrl);
  const t = await createTestApp({ database });
  try {
    const db = t.db;
    const [factory] = await db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
    const clients = await db
      .select()
      .from(schema.clients)
      .where(sql`lower(${schema.clients.siteName}) in ('northwind', 'bluebird')`);
    if (!factory || clients.length < 2) throw new Error("the demo organisation is missing");
    const [nw, bb] = clients;
    const started = performance.now();
    const batch = 2_000;
    for (let from = 1; from <= count; from += batch) {
      const to = Math.min(count, from + batch - 1);
      await db.execute(sql`
        with ins as (
          insert into orders (client_id, client_name, factory_id, source, external_order_id, po_number, ship_name, ship_line1,
            ship_city, ship_postal_code, ship_country, status, payment_state, subtotal_cents, total_cents, charged_cents,
            charge_attempts, placed_by, placed_at, updated_at, search_vector, requested_ship_date, released_at, released_by)
          select case when g % 3 = 0 then ${bb?.clientId}::int else ${nw?.clientId}::int end,
            case when g % 3 = 0 then ${bb?.clientName}::text else ${nw?.clientName}::text end,
            ${factory.factoryId}::int, 'entry', 'OPEN-' || g, 'PO-' || g, 'Bench', '1 Market St', 'Portland', '97201', 'US',
            'in_production', 'paid', 15000, 15000, 15000, 1, 'client', now() - interval '10 days', now(), array_to_tsvector(array['tee-100', 'classic', 'tee', 'po-' || g, 'bench']),
            (now() at time zone 'UTC')::date + (g % 40 - 10), now() - interval '5 days', 'factory'
          from generate_series(${from}::int, ${to}::int) g
          returning id, client_id, factory_id, requested_ship_date, substring(external_order_id from 6)::int as g
        ),
        items as (
          insert into order_items (order_id, line_number, style_code, style_name, sku, options, quantity,
            unit_price_cents, upcharge_cents, line_total_cents, status)
          select ins.id, k, 'TEE-100', 'Classic Tee', 'TEE-100-M-BLK', '[]'::jsonb, 5, 1500, 0, 7500, 'in_production'
          from ins cross join generate_series(1, 2) k
          returning id, order_id, line_number
        )
        insert into floor_units (factory_id, client_id, order_id, item_id, instance, attempt, status, size, colour, due_date)
        select ins.factory_id, ins.client_id, ins.id, items.id, n, 1,
          (array['queued','printed','cut','sewn','inspected','packed','shipped','queued','cut','sewn'])[1 + (ins.g + n + items.line_number) % 10],
          'M', 'Black', ins.requested_ship_date
        from items join ins on ins.id = items.order_id cross join generate_series(1, 5) n`);
    }
    await db.execute(sql`analyze orders`);
    await db.execute(sql`analyze order_items`);
    await db.execute(sql`analyze floor_units`);
    const genMs = performance.now() - started;
    if (process.env.BENCH_OPEN_ORDERS_EXPLAIN) {
      const plan = await db.execute(sql`explain (analyze, buffers) select o.id from orders o
        where o.released_at is not null and o.factory_id = ${factory.factoryId}
          and exists (select 1 from floor_units u where u.order_id = o.id and u.status in ('queued','printed','cut','sewn','inspected','packed'))
        order by coalesce(o.requested_ship_date, ((o.placed_at at time zone 'UTC') + make_interval(days => 14))::date), o.id limit 25`);
      console.log(
        (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n"),
      );
    }
    const token = await t.signIn("factory");
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    // Each query shape alone, no other load: the median of 5 (what one person waits for).
    const alone: string[][] = [];
    for (const query of QUERIES) {
      const took: number[] = [];
      for (let k = 0; k < 6; k++) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/floor/open-orders?${query}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        if (k > 0) took.push(performance.now() - t0);
      }
      took.sort((a, b) => a - b);
      alone.push([query, `${(took[2] ?? 0).toFixed(1)} ms`]);
    }
    console.log(table(["query shape, alone", "median"], alone, [1]));
    const first = await fetch(`${base}/api/floor/open-orders?size=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const total = ((await first.json()) as { total: number }).total;
    const times: number[] = [];
    let failed = 0;
    let next = 0;
    const deadline = performance.now() + MAX_MS;
    const loadStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS && performance.now() < deadline) {
          const i = next++;
          const t0 = performance.now();
          const res = await fetch(`${base}/api/floor/open-orders?${QUERIES[i % QUERIES.length]}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          times.push(performance.now() - t0);
          if (res.status !== 200) failed++;
        }
      }),
    );
    const wall = performance.now() - loadStart;
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      table(
        ["measure", "value"],
        [
          ["open orders generated (10 units each)", `${count} in ${(genMs / 1000).toFixed(1)} s`],
          ["open orders the factory user sees", String(total)],
          [
            `requests (${CONCURRENCY} concurrent, ${QUERIES.length} query shapes)`,
            `${times.length} (${failed} failed)`,
          ],
          ["p50", `${p50.toFixed(1)} ms`],
          ["p95", `${p95.toFixed(1)} ms`],
          ["requests/s", ((times.length / wall) * 1000).toFixed(0)],
        ],
        [1],
      ),
    );
    return [
      [
        `/openOrders p95 (${count.toLocaleString("en-US")} open orders, ${CONCURRENCY} concurrent), PostgreSQL`,
        `${p95.toFixed(1)} ms`,
        "<= 100 ms",
        p95 <= 100 ? "ok" : "over",
      ],
    ];
  } finally {
    await t.close();
    await database.close();
  }
};
