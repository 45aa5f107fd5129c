/**
 * Order placing of bench part 7 (bench/orders.ts): 10-line orders through the API, and the physical
 * limit beside it: the same rows written by plain SQL, one transaction an order, at the same
 * concurrency. Half the orders are Northwind's (an invoice: the order, its lines and its history)
 * and half Bluebird's (a card on file: also the ledger's charge, the payment state, and the release
 * to the floor, a unit for every garment with its event, the lines and the order in production).
 */
import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_HEADER } from "@hub/contracts";
import { type HubDb, schema } from "@hub/db";
import { sql } from "drizzle-orm";
import { closedLoop, httpClosedLoop, type Load } from "./lib/load";
import type { generate } from "./orders-generator";

export const PLACE_CONCURRENCY = 20;
const PLACE_ORDERS = 600;
const PLACE_MAX_MS = 60_000;

type Generated = Awaited<ReturnType<typeof generate>>;
type Line = { styleId: number; attributeIds: number[]; quantity: number };

/** Order i's 10 lines: styles offered to every client, each with one attribute of each option. */
const linesOf = (styles: Generated["styles"], i: number): Line[] => {
  const offered = styles.filter((s) => s.clientIds === null);
  return Array.from({ length: 10 }, (_, k) => {
    const style = offered[(i * 3 + k) % offered.length];
    if (!style) throw new Error("no styles");
    return {
      styleId: style.id,
      attributeIds: style.options.map((o, j) => o.attributes[(i + k + j) % o.attributes.length]?.attributeId ?? 0),
      quantity: 6 + ((i + k) % 30),
    };
  });
};

const SHIP_TO = { name: "Bench Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "US" };

/**
 * Order i through the API: even i as Northwind's user (tokens[0]), odd as Bluebird's (tokens[1]).
 * The requests are built first and sent from a worker thread, as clients outside the Hub would.
 */
export const placeThroughApi = (address: string, tokens: readonly string[], styles: Generated["styles"]) =>
  httpClosedLoop(
    PLACE_CONCURRENCY,
    PLACE_MAX_MS,
    Array.from({ length: PLACE_ORDERS }, (_, i) => ({
      url: `${address}/api/orders`,
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens[i % 2]}`,
        "content-type": "application/json",
        [IDEMPOTENCY_HEADER]: randomUUID(),
      },
      body: JSON.stringify({ shipTo: SHIP_TO, poNumber: `BENCH-PLACE-${i}`, lines: linesOf(styles, i) }),
      status: 201,
    })),
  );

/**
 * The same orders' rows by plain SQL: one transaction an order, one statement a table (the order;
 * its lines; its history), and for Bluebird's the charge in the ledger, then the release (the
 * units and their events in one statement, the lines and the order in production, their history).
 * No pricing, checks or answer: what is left is what the database must do.
 */
export const placeBySql = (db: HubDb, gen: Generated) =>
  closedLoop(PLACE_CONCURRENCY, PLACE_ORDERS, PLACE_MAX_MS, async (i) => {
    const paid = i % 2 === 1;
    const clientId = paid ? gen.bluebird : gen.northwind;
    const lines = linesOf(gen.styles, i);
    const byId = new Map(gen.styles.map((s) => [s.id, s]));
    const items = lines.map((l, k) => {
      const style = byId.get(l.styleId);
      const sku = [style?.code ?? "X", ...l.attributeIds.map(String)].join("-");
      const unit = style?.basePriceCents ?? 1000;
      return { ...l, lineNumber: k + 1, styleCode: style?.code ?? "X", styleName: style?.name ?? "X", sku, unit };
    });
    const subtotal = items.reduce((sum, l) => sum + l.unit * l.quantity, 0);
    const tokens = schema.orderSearchTokens({
      poNumber: `BENCH-SQL-${i}`,
      externalOrderId: null,
      clientName: gen.names[clientId] ?? "",
      clientCode: paid ? "bluebird" : "northwind",
      shipName: SHIP_TO.name,
      lines: items,
    });
    const key = randomUUID();
    await db.transaction(async (tx) => {
      const order = (await tx.execute(sql`
        insert into orders (client_id, client_name, factory_id, source, idempotency_key, request_hash, po_number,
          ship_name, ship_line1, ship_city, ship_postal_code, ship_country, subtotal_cents, discount_cents,
          total_cents, placed_by, search_vector, payment_state, charge_attempts)
        values (${clientId}, ${gen.names[clientId] ?? ""}, ${gen.factoryId}, 'entry', ${key},
          ${key}, ${`BENCH-SQL-${i}`}, ${SHIP_TO.name}, ${SHIP_TO.line1}, ${SHIP_TO.city}, ${SHIP_TO.postalCode},
          ${SHIP_TO.country}, ${subtotal}, 0, ${subtotal}, 'bench', array_to_tsvector((select array_agg(x) from json_array_elements_text(${JSON.stringify(tokens)}::json) x)),
          ${paid ? "pending" : "unpaid"}, ${paid ? 1 : 0})
        returning id, order_number`)) as unknown as { rows: { id: number; order_number: string }[] };
      const row = order.rows[0];
      if (!row) throw new Error("no order");
      const json = JSON.stringify(
        items.map((l) => ({
          line_number: l.lineNumber,
          style_id: l.styleId,
          style_code: l.styleCode,
          style_name: l.styleName,
          sku: l.sku,
          quantity: l.quantity,
          unit: l.unit,
        })),
      );
      const inserted = (await tx.execute(sql`
        insert into order_items (order_id, line_number, style_id, style_code, style_name, sku, options, quantity,
          unit_price_cents, upcharge_cents, line_total_cents)
        select ${row.id}::int, x.line_number, x.style_id, x.style_code, x.style_name, x.sku, '[]'::jsonb, x.quantity,
          x.unit, 0, x.unit * x.quantity
        from json_to_recordset(${json}::json) as x(line_number int, style_id int, style_code text, style_name text,
          sku text, quantity int, unit int)
        returning id, quantity`)) as unknown as { rows: { id: number; quantity: number }[] };
      await tx.execute(sql`insert into order_status_history (order_id, from_status, to_status, actor)
        values (${row.id}, null, 'placed', 'bench')`);
      if (!paid) return;
      await tx.execute(sql`insert into billing_ledger (client_id, order_id, kind, amount_cents, provider, status,
          idempotency_key) values (${clientId}, ${row.order_number}, 'charge', ${subtotal}, 'builtin', 'succeeded',
          ${`order-${row.id}-charge-1`})`);
      const made = JSON.stringify(inserted.rows);
      await tx.execute(sql`
        with made as (
          insert into floor_units (factory_id, client_id, order_id, item_id, instance, attempt, status, due_date)
          select ${gen.factoryId}::int, ${clientId}::int, ${row.id}::int, x.id, g, 1, 'queued', current_date + 14
          from json_to_recordset(${made}::json) as x(id int, quantity int), generate_series(1, x.quantity) g
          returning id)
        insert into floor_unit_events (unit_id, action, from_status, to_status, actor)
        select id, 'release', null, 'queued', 'payment' from made`);
      await tx.execute(sql`update order_items set status = 'in_production', updated_at = now()
        where order_id = ${row.id}`);
      await tx.execute(sql`update orders set status = 'in_production', payment_state = 'paid',
          charged_cents = ${subtotal}, released_at = now(), released_by = 'payment', updated_at = now()
        where id = ${row.id}`);
      await tx.execute(sql`insert into order_status_history (order_id, item_id, from_status, to_status, actor)
        select ${row.id}::int, x.id, 'open', 'in_production', 'payment'
        from json_to_recordset(${made}::json) as x(id int, quantity int)
        union all select ${row.id}::int, null::int, 'placed', 'in_production', 'payment'`);
    });
    return true;
  });

export type Placing = { api: Load; sql: Load };
