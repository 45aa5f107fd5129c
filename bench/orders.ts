/**
 * Part 7 of `npm run bench`: orders at scale (issue 10). Printed, never asserted.
 *
 * For the embedded database (a temp folder; BENCH_ORDERS_EMBEDDED orders, 100,000 by default) and,
 * when BENCH_DATABASE_URL or DATABASE_URL names a PostgreSQL server, for a database this part creates
 * there and drops at the end (BENCH_ORDERS_PG orders, 1,000,000 by default), side by side:
 *  - the bulk generator (INSERT … SELECT generate_series in batches, 3 lines an order, not the API);
 *  - the order search (text, status filter, sort, page) through the API at 50 concurrent connections
 *    (the app built in process with buildApp, listening on 127.0.0.1, real HTTP), and the service's
 *    own queries (`listOrders`: it picks the plan, so its SQL is several statements) run directly on a
 *    pool of the same size (through `pg` on PostgreSQL, the PGlite handle on the embedded database) at the
 *    same concurrency: p50/p95, requests/s, and their ratio (targets: API p95 ≤ 30 ms on PostgreSQL,
 *    API throughput ≥ half the direct SQL's);
 *  - order placing through the API (10 lines each, Idempotency-Key) at 20 concurrent clients.
 * Every loop is bounded by a request count and a time limit.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { IDEMPOTENCY_HEADER, type TOrderListQuery } from "@hub/contracts";
import {
  type DatabaseHandle,
  HUB_SESSION_OPTIONS,
  type HubDb,
  openDatabase,
  schema,
  seedDemoData,
  seedReferenceData,
} from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { hashPassword } from "../apps/server/src/modules/identity/password";
import { listOrders } from "../apps/server/src/modules/orders/orders.service";
import { facilityView } from "../apps/server/src/modules/orders/scope";
import { createTestApp, type TestApp } from "../apps/server/test/helpers/test-app";
import { readDemoStyles } from "../packages/db/src/seed/orders";

type Row = [metric: string, value: string, target: string, result: string];

const SEARCH_CONCURRENCY = 50;
const PLACE_CONCURRENCY = 20;
const LIMITS = {
  searchRequests: 3_000,
  searchMaxMs: 60_000,
  placeOrders: 600,
  placeMaxMs: 60_000,
  /** The app's pool and the direct pool: the same size, so the comparison is fair. */
  poolSize: 20,
} as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const fmt = (v: number, unit = "ms") => (Number.isFinite(v) ? `${v.toFixed(1)} ${unit}` : "n/a");

type Load = { p50: number; p95: number; perSecond: number; ok: number; failed: number };

/** `workers` loops, each sending until `total` requests are done or `maxMs` passed. */
const load = async (
  workers: number,
  total: number,
  maxMs: number,
  one: (i: number) => Promise<boolean>,
): Promise<Load> => {
  const times: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + maxMs;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total && performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        const ok = await one(i).catch(() => false);
        times.push(performance.now() - t0);
        if (!ok) failed++;
      }
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    perSecond: (times.length / wall) * 1000,
    ok: times.length - failed,
    failed,
  };
};

/* ---------- the generator ---------- */

const SHIP_NAMES = [
  "Maya Patel",
  "Jonas Becker",
  "Lucia Romero",
  "Owen Clarke",
  "Priya Nair",
  "Tomás Silva",
  "Hannah Kim",
  "Elliot Brooks",
  "Northwind Distribution Center",
  "Northwind Flagship, SoHo",
  "Bluebird Basics Warehouse",
  "Bluebird Studio",
  "Ava Johnson",
  "Liam Smith",
  "Noah Garcia",
  "Emma Martinez",
  "Sofia Rossi",
  "Yuki Tanaka",
];
const SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL"];
const COLOURS = ["BLK", "WHT", "HGR", "NVY", "FOR", "BUR", "SND", "OLV"];

/**
 * The secondary indexes of the order tables, dropped before a bulk load and made again after it
 * (building a GIN or btree index over a million rows at once is many times quicker than keeping it
 * up row by row). Primary keys stay.
 */
const dropIndexes = async (db: HubDb): Promise<string[]> => {
  const found = (await db.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ('orders', 'order_items')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const r of found.rows) await db.execute(sql.raw(`drop index "${r.indexname}"`));
  return found.rows.map((r) => r.indexdef);
};

const createIndexes = async (db: HubDb, defs: string[], memory: string) => {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local maintenance_work_mem = '${memory}'`));
    for (const def of defs) await tx.execute(sql.raw(def));
  });
};

/**
 * `count` orders with 3 lines each, in batches of `batch`: one INSERT … SELECT generate_series per
 * batch that writes the orders and (in the same statement, from their returned ids) their lines,
 * with the orders' secondary indexes dropped meanwhile and built once at the end. Deterministic:
 * order g's lines, status, date and names are functions of g. The search tokens are the service's
 * (`orderSearchTokens`), made here for every name and SKU once and put together per order in SQL;
 * `checkTokens` compares a sample with the service's function.
 */
export const generate = async (
  db: HubDb,
  count: number,
  batch: number,
  memory: string,
  onBatch: (done: number, phase: string) => void,
) => {
  const [factory] = await db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  const demoClients = await db
    .select()
    .from(schema.clients)
    .where(sql`lower(${schema.clients.siteName}) in ('northwind', 'bluebird')`);
  const nw = demoClients.find((c) => c.siteName === "northwind");
  const bb = demoClients.find((c) => c.siteName === "bluebird");
  if (!factory || !nw || !bb) throw new Error("the demo organisation is missing");
  const styles = await readDemoStyles(db, factory.factoryId);
  const codes = styles.map((s) => s.code);
  const names = styles.map((s) => s.name);
  const n = codes.length;
  const words = (texts: (string | null)[]) => schema.searchTokensOf(texts).join(" ");
  // Tokens of line k's SKU and style code, by (style, size, colour): index 1 + s*56 + z*8 + c.
  const skuTokens = codes.flatMap((code) =>
    SIZES.flatMap((size) => COLOURS.map((colour) => words([`${code}-${size}-${colour}`, code]))),
  );
  const arr = (xs: string[]) =>
    sql`array[${sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    )}]::text[]`;
  // The SKU of line k of order g, as text (a function of g and k only), and its index in skuTokens.
  const styleIx = (g: string, k: string) => `((${g} * 7 + ${k} * 13) % ${n})`;
  const sizeIx = (g: string, k: string) => `((${g} + ${k}) % 7)`;
  const colourIx = (g: string, k: string) => `((${g} * 3 + ${k}) % 8)`;
  const sku = (g: string, k: string) =>
    sql.raw(
      `(c.codes[1 + ${styleIx(g, k)}] || '-' || c.sizes[1 + ${sizeIx(g, k)}] || '-' || c.colours[1 + ${colourIx(g, k)}])`,
    );
  const skuTok = (g: string, k: string) =>
    sql.raw(`c.skutok[1 + ${styleIx(g, k)} * 56 + ${sizeIx(g, k)} * 8 + ${colourIx(g, k)}]`);
  const styleOf = (g: string, k: string) => sql.raw(`c.codes[1 + ${styleIx(g, k)}]`);
  const po = (g: string) => sql.raw(`(100000 + (${g}::bigint * 7919) % 900000)`);
  const indexes = await dropIndexes(db);
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      with c as (select ${arr(codes)} as codes, ${arr(names)} as names, ${arr(SIZES)} as sizes,
                        ${arr(COLOURS)} as colours, ${arr(SHIP_NAMES)} as ships,
                        ${arr(SHIP_NAMES.map((x) => words([x])))} as shiptok, ${arr(skuTokens)} as skutok),
      src as (
        select g, case when g % 3 = 0 then ${bb.clientId}::int else ${nw.clientId}::int end as client_id,
               case when g % 3 = 0 then ${bb.clientName}::text else ${nw.clientName}::text end as client_name,
               case when g % 3 = 0 then ${words([bb.clientName, bb.siteName])}::text
                    else ${words([nw.clientName, nw.siteName])}::text end as client_tok,
               -- The ship-to by a hash of g: by g itself it would follow the quantities (both periodic
               -- in g), and the biggest orders would all go to a few names.
               ((hashint4(g) % ${sql.raw(String(SHIP_NAMES.length))}) + ${sql.raw(String(SHIP_NAMES.length))}) % ${sql.raw(String(SHIP_NAMES.length))} as ship,
               (10 + (g * 37) % 140) as q1, (6 + (g * 11) % 60) as q2, (12 + (g * 5) % 24) as q3
        from generate_series(${from}::int, ${to}::int) g
      ),
      ins as (
        insert into orders (client_id, client_name, factory_id, source, external_order_id, po_number,
          ship_name, ship_line1, ship_city, ship_postal_code, ship_country, status, payment_state,
          subtotal_cents, total_cents, charged_cents, charge_attempts, placed_by, placed_at, updated_at, search_tokens)
        select s.client_id, s.client_name, ${factory.factoryId}::int, case when s.g % 4 = 0 then 'web' else 'entry' end,
          'BENCH-' || s.g, 'PO-' || ${po("s.g")},
          c.ships[1 + s.ship], (1 + s.g % 9000) || ' Market St', 'Portland', '97201', 'US',
          (array['cancelled','placed','placed','placed','in_production','in_production','in_production','in_production',
                 'completed','completed','completed','completed','completed','completed','completed','completed',
                 'completed','completed','completed','completed'])[1 + s.g % 20],
          case when s.g % 11 = 0 then 'unpaid' else 'paid' end,
          (s.q1 + s.q2 + s.q3) * 1500, (s.q1 + s.q2 + s.q3) * 1500,
          case when s.g % 11 = 0 then 0 else (s.q1 + s.q2 + s.q3) * 1500 end, case when s.g % 11 = 0 then 0 else 1 end,
          'client', now() - ((s.g::bigint * 7919) % (365 * 86400)) * interval '1 second', now(),
          string_to_array('po-' || ${po("s.g")} || ' ' || ${po("s.g")} || ' bench-' || s.g || ' ' || s.g || ' '
            || s.client_tok || ' ' || c.shiptok[1 + s.ship] || ' '
            || ${skuTok("s.g", "1")} || ' ' || ${skuTok("s.g", "2")} || ' ' || ${skuTok("s.g", "3")}, ' ')
        from src s cross join c
        returning id, substring(external_order_id from 7)::int as g
      )
      insert into order_items (order_id, line_number, style_code, style_name, sku, options, quantity,
        unit_price_cents, upcharge_cents, line_total_cents, status)
      select ins.id, k, ${styleOf("ins.g", "k")}, c.names[1 + ${sql.raw(styleIx("ins.g", "k"))}], ${sku("ins.g", "k")}, '[]'::jsonb,
        case k when 1 then 10 + (ins.g * 37) % 140 when 2 then 6 + (ins.g * 11) % 60 else 12 + (ins.g * 5) % 24 end,
        1500, 0,
        1500 * case k when 1 then 10 + (ins.g * 37) % 140 when 2 then 6 + (ins.g * 11) % 60 else 12 + (ins.g * 5) % 24 end,
        'open'
      from ins cross join c cross join generate_series(1, 3) k`);
    onBatch(to, "orders");
  }
  onBatch(count, `indexes (${indexes.length})`);
  await createIndexes(db, indexes, memory);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_items`);
  return { factoryId: factory.factoryId, northwind: nw.clientId, bluebird: bb.clientId, styles };
};

/** A sample of generated orders: their stored tokens are the ones the service would write. */
const checkTokens = async (db: HubDb): Promise<string> => {
  const o = schema.orders;
  const sample = await db
    .select()
    .from(o)
    .where(sql`${o.externalOrderId} like 'BENCH-%'`)
    .orderBy(sql`random()`)
    .limit(20);
  const clients = await db.select().from(schema.clients);
  let bad = 0;
  for (const order of sample) {
    const lines = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    const expected = schema.orderSearchTokens({
      ...order,
      clientCode: clients.find((c) => c.clientId === order.clientId)?.siteName,
      lines,
    });
    if (JSON.stringify([...new Set(order.searchTokens)].sort()) !== JSON.stringify(expected)) bad++;
  }
  return bad === 0
    ? `${sample.length} sampled orders: tokens as the service writes them`
    : `${bad} of ${sample.length} sampled orders have other tokens than the service writes`;
};

/* ---------- the search: through the API and as SQL ---------- */

const TEXTS = ["hod-110-m-blk", "so-00123", "po-4512", "maya patel", "tee-100-xl", "bench-99", "bluebird studio"];
const STATUSES = [undefined, "placed", "in_production", "completed"] as const;
const SORTS = ["placedAt,desc", "totalCents,desc", "orderNumber,asc"] as const;
const queryOf = (i: number): TOrderListQuery => ({
  searchString: TEXTS[i % TEXTS.length] as string,
  status: STATUSES[Math.floor(i / TEXTS.length) % STATUSES.length],
  sort: SORTS[i % SORTS.length] as string,
  page: i % 3,
  size: 25,
});
const urlOf = (q: TOrderListQuery) =>
  `/api/orders?size=${q.size}&page=${q.page}&sort=${q.sort}&searchString=${encodeURIComponent(q.searchString ?? "")}${q.status ? `&status=${q.status}` : ""}`;

/* ---------- one database ---------- */

type Side = {
  label: string;
  orders: number;
  generateMs: number;
  api: Load;
  direct: Load;
  place: Load;
  plan: string[];
  tokens: string;
};

const benchOne = async (
  label: string,
  handle: DatabaseHandle,
  count: number,
  batch: number,
  memory: string,
  /** The database the direct side runs the service's queries on (its own pool on PostgreSQL). */
  directDb: HubDb,
): Promise<Side> => {
  const progress = (m: string) => console.error(`bench orders (${label}): ${m}`);
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db, hashPassword);
  const t0 = performance.now();
  const gen = await generate(handle.db, count, batch, memory, (done, phase) =>
    progress(`${phase}: ${done.toLocaleString("en-US")} orders`),
  );
  const generateMs = performance.now() - t0;
  const tokenCheck = await checkTokens(handle.db);
  progress(tokenCheck);

  const database = { db: handle.db, driver: handle.driver, name: null, close: async () => {} };
  let t: TestApp | null = null;
  try {
    t = await createTestApp({ database });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const token = await t.signIn("factory");
    const tokens = [await t.signIn("client"), await t.signIn("client2")];
    const get = async (i: number) => {
      const res = await fetch(`${address}${urlOf(queryOf(i))}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      return res.status === 200;
    };
    for (let i = 0; i < 20; i++) await get(i); // warm-up
    progress("search through the API");
    const api = await load(SEARCH_CONCURRENCY, LIMITS.searchRequests, LIMITS.searchMaxMs, get);
    progress("the same queries directly");
    // The service's own search (listOrders: the windowed page or the GIN page, and the capped count)
    // for the same facility user, without HTTP, sign-in or JSON.
    const viewer = facilityView(gen.factoryId);
    const run = async (i: number) => {
      await listOrders(directDb, viewer, queryOf(i));
      return true;
    };
    for (let i = 0; i < 20; i++) await run(i);
    const directLoad = await load(SEARCH_CONCURRENCY, LIMITS.searchRequests, LIMITS.searchMaxMs, run);
    // Each text alone (no other load): the median of 5 runs of its page and count, per sort.
    const plan: string[] = [];
    for (const text of TEXTS) {
      const cells: string[] = [];
      for (const sort of [...SORTS, "clientName,asc"]) {
        const times: number[] = [];
        let found = "";
        for (let k = 0; k < 5; k++) {
          const started = performance.now();
          const page = await listOrders(directDb, viewer, { searchString: text, sort, page: 0, size: 25 });
          times.push(performance.now() - started);
          found = page.totalCapped ? `>${page.total}` : String(page.total);
        }
        times.sort((x, y) => x - y);
        cells.push(`${sort.split(",")[0]} ${(times[2] ?? 0).toFixed(1)} ms`);
        if (sort === SORTS[0]) cells.unshift(`${found} found`);
      }
      plan.push(`"${text}": ${cells.join(", ")}`);
    }

    // Placing: 10 lines of styles the client is offered, with an Idempotency-Key.
    const offered = gen.styles.filter((s) => s.clientIds === null);
    const body = (i: number) => ({
      shipTo: { name: "Bench Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "US" },
      poNumber: `BENCH-PLACE-${i}`,
      lines: Array.from({ length: 10 }, (_, k) => {
        const style = offered[(i * 3 + k) % offered.length];
        if (!style) throw new Error("no styles");
        return {
          styleId: style.id,
          attributeIds: style.options.map((o, j) => o.attributes[(i + k + j) % o.attributes.length]?.attributeId ?? 0),
          quantity: 6 + ((i + k) % 30),
        };
      }),
    });
    progress("placing orders through the API");
    const place = await load(PLACE_CONCURRENCY, LIMITS.placeOrders, LIMITS.placeMaxMs, async (i) => {
      const res = await fetch(`${address}/api/orders`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens[i % 2]}`,
          "content-type": "application/json",
          [IDEMPOTENCY_HEADER]: randomUUID(),
        },
        body: JSON.stringify(body(i)),
      });
      await res.arrayBuffer();
      return res.status === 201;
    });
    return {
      label,
      orders: count,
      generateMs,
      api,
      direct: directLoad,
      place,
      plan,
      tokens: tokenCheck,
    };
  } finally {
    await t?.close();
  }
};

/* ---------- the part ---------- */

class SkipEmbedded extends Error {}

export const benchOrders = async (
  section: (title: string) => void,
  table: (h: string[], r: string[][], right?: number[]) => string,
): Promise<Row[]> => {
  section("Part 7: orders at scale");
  const sides: Side[] = [];
  const embeddedCount = Number(process.env.BENCH_ORDERS_EMBEDDED ?? 100_000);
  const pgCount = Number(process.env.BENCH_ORDERS_PG ?? 1_000_000);
  const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "").trim();

  // The embedded database, in a temp folder (BENCH_ORDERS_EMBEDDED=0 skips it).
  const dir = mkdtempSync(join(tmpdir(), "hub-bench-orders-"));
  try {
    if (embeddedCount <= 0) throw new SkipEmbedded();
    const handle = await openDatabase({ dataDir: join(dir, "pgdata") });
    try {
      sides.push(
        // PGlite: the same handle (one connection: concurrent calls queue, as the API's do).
        await benchOne("embedded", handle, embeddedCount, 20_000, "256MB", handle.db),
      );
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!(error instanceof SkipEmbedded)) throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // The PostgreSQL server: a database of our own, dropped at the end.
  if (serverUrl) {
    const name = `hub_bench_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    admin.on("error", (e) => console.error(`bench orders: admin connection: ${e.message}`));
    try {
      await admin.query(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ url: url.toString(), poolSize: LIMITS.poolSize });
      // Its pool's idle connections too (an error event without a listener would end the process).
      (handle.db as unknown as { $client: pg.Pool }).$client.on("error", (e) =>
        console.error(`bench orders: idle connection: ${e.message}`),
      );
      // The same session settings as the Hub's own pool (packages/db/src/client.ts), so only the API differs.
      const pool = new pg.Pool({
        connectionString: url.toString(),
        max: LIMITS.poolSize,
        options: HUB_SESSION_OPTIONS,
      });
      // A connection the server ends (a restart, an administrator) fails its query, not the process.
      pool.on("error", (e) => console.error(`bench orders: idle connection: ${e.message}`));
      try {
        sides.push(
          await benchOne(
            "PostgreSQL",
            handle,
            pgCount,
            100_000,
            "1GB",
            drizzle({ client: pool, schema }) as unknown as HubDb,
          ),
        );
      } finally {
        await pool.end();
        await handle.close();
      }
    } finally {
      if (process.env.BENCH_ORDERS_KEEP === "1") console.error(`bench orders: kept the database ${name}`);
      else
        await admin.query(`drop database if exists "${name}" with (force)`).catch((e: unknown) => {
          console.error(`bench orders: could not drop ${name}: ${String(e)}`);
        });
      await admin.end();
    }
  } else {
    console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to a server to measure it).");
  }

  const col = (f: (s: Side) => string) => sides.map(f);
  console.log(
    table(
      ["metric", ...sides.map((s) => `${s.label} (${s.orders.toLocaleString("en-US")} orders)`)],
      [
        [
          "generate orders + 3 lines each",
          ...col(
            (s) =>
              `${(s.generateMs / 1000).toFixed(1)} s (${Math.round((s.orders / s.generateMs) * 1000).toLocaleString("en-US")}/s)`,
          ),
        ],
        [
          `search via API, p50 / p95 (${SEARCH_CONCURRENCY} conc.)`,
          ...col((s) => `${fmt(s.api.p50)} / ${fmt(s.api.p95)}`),
        ],
        ["search via API, req/s (failed)", ...col((s) => `${s.api.perSecond.toFixed(0)} (${s.api.failed})`)],
        [
          `service queries, no HTTP, p50 / p95 (${SEARCH_CONCURRENCY} conc.)`,
          ...col((s) => `${fmt(s.direct.p50)} / ${fmt(s.direct.p95)}`),
        ],
        ["service queries, no HTTP, req/s", ...col((s) => s.direct.perSecond.toFixed(0))],
        [
          "API / SQL: p95 ratio, throughput ratio",
          ...col(
            (s) => `${(s.api.p95 / s.direct.p95).toFixed(2)}x, ${(s.api.perSecond / s.direct.perSecond).toFixed(2)}`,
          ),
        ],
        [
          `place 10-line orders via API (${PLACE_CONCURRENCY} conc.)`,
          ...col((s) => `${s.place.perSecond.toFixed(1)}/s, p95 ${fmt(s.place.p95)} (failed ${s.place.failed})`),
        ],
      ],
      sides.map((_, i) => i + 1),
    ),
  );
  for (const s of sides) {
    console.log(`\neach search alone on ${s.label} (page 0 and its count, median of 5, by sort):`);
    console.log(`  ${s.tokens}`);
    for (const line of s.plan) console.log(`  ${line}`);
  }
  const pgSide = sides.find((s) => s.label === "PostgreSQL");
  const rows: Row[] = [];
  if (pgSide) {
    rows.push([
      "Orders search API p95, PostgreSQL",
      fmt(pgSide.api.p95),
      "<= 30 ms",
      pgSide.api.p95 <= 30 ? "ok" : "over",
    ]);
    const ratio = pgSide.api.perSecond / pgSide.direct.perSecond;
    rows.push([
      "Orders search API/SQL throughput, PostgreSQL",
      ratio.toFixed(2),
      ">= 0.5",
      ratio >= 0.5 ? "ok" : "under",
    ]);
  }
  for (const s of sides)
    rows.push([`Order placing, 10 lines, ${s.label}`, `${s.place.perSecond.toFixed(1)}/s`, "-", "-"]);
  return rows;
};
