/**
 * The orders generator of `npm run bench` (part 7, bench/orders.ts, and the floor part, bench/floor.ts):
 * orders with 3 lines each written in bulk with INSERT … SELECT generate_series, not through the API,
 * and a check that their search tokens are the ones the service writes.
 */
import { type HubDb, schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { readDemoStyles } from "../packages/db/src/seed/orders";

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
 * up row by row). Primary keys stay, and every index a constraint uses (a unique key, or the key
 * another table's foreign key names).
 */
const dropIndexes = async (db: HubDb): Promise<string[]> => {
  const found = (await db.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ('orders', 'order_items')
      and not exists (select 1 from pg_constraint c where c.conindid = format('%I', i.indexname)::regclass)`)) as unknown as {
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
          subtotal_cents, total_cents, charged_cents, charge_attempts, placed_by, placed_at, updated_at, search_vector)
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
          array_to_tsvector(string_to_array('po-' || ${po("s.g")} || ' ' || ${po("s.g")} || ' bench-' || s.g || ' ' || s.g || ' '
            || s.client_tok || ' ' || c.shiptok[1 + s.ship] || ' '
            || ${skuTok("s.g", "1")} || ' ' || ${skuTok("s.g", "2")} || ' ' || ${skuTok("s.g", "3")}, ' '))
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
  // Vacuumed and checkpointed as a live database would be by the time anyone searches it: the
  // visibility map set (index-only scans), and no gigabyte of freshly written pages still being
  // flushed during the measurements (it cost the first measurement a third of its speed).
  await db.execute(sql`vacuum (analyze) orders`);
  await db.execute(sql`vacuum (analyze) order_items`);
  await db.execute(sql`checkpoint`);
  return {
    factoryId: factory.factoryId,
    northwind: nw.clientId,
    bluebird: bb.clientId,
    names: { [nw.clientId]: nw.clientName, [bb.clientId]: bb.clientName } as Record<number, string>,
    styles,
  };
};

/** A sample of generated orders: their stored tokens are the ones the service would write. */
export const checkTokens = async (db: HubDb): Promise<string> => {
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
    const words = [...new Set([...expected, ...schema.orderNumberWords(order.id)])].sort();
    if (JSON.stringify([...order.searchVector].sort()) !== JSON.stringify(words)) bad++;
  }
  return bad === 0
    ? `${sample.length} sampled orders: tokens as the service writes them`
    : `${bad} of ${sample.length} sampled orders have other tokens than the service writes`;
};
