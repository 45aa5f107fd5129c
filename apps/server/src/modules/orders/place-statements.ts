import { schema } from "@hub/db";
import { sql } from "drizzle-orm";
import { preparedStatement, preparedStatements, rowShape } from "../../platform/database";
import { eventCtes } from "../webhooks/events";
import { quotedCostColumns } from "./cost-sql";
import { h, o, oi } from "./rows";

/**
 * Placing's statements (place.service.ts), each built once a shape (`preparedStatement`: building
 * them took more of the Hub's CPU than anything else it does for an order; ADR 0003, issue 21), and
 * the row shapes they read and write.
 */

export const ORDER = rowShape(o);
export const ITEM = rowShape(oi);

/** order.placed's data, from placing's own CTEs: the order, its source, total and lines. */
const PLACED_EVENT = sql`select o.client_id, jsonb_build_object(
    'orderId', o.id, 'source', o.source, 'externalOrderId', o.external_order_id, 'poNumber', o.po_number,
    'totalCents', o.total_cents, 'placedBy', o.placed_by,
    'lines', (select jsonb_agg(jsonb_build_object('lineNumber', i.line_number, 'sku', i.sku, 'styleCode', i.style_code,
      'quantity', i.quantity, 'unitPriceCents', i.unit_price_cents) order by i.line_number) from new_items i)
  ) as data from new_order o`;

/**
 * Placing's insert for orders of these columns and lines of these (two shapes: with the payment
 * columns placing claims the charge by, or without), built once each: the order, its lines with
 * their quoted cost, the "placed" history row and event, answering the order (in line 1's row) and
 * its lines.
 */
export const ORDER_INSERT = preparedStatements(
  ["order", "items", "actor"],
  (s: { orderKeys: readonly string[]; itemKeys: readonly string[] }) =>
    `${s.orderKeys.join(",")}|${s.itemKeys.join(",")}`,
  (v, { orderKeys, itemKeys }) => sql`
    with new_order as (${ORDER.insertFrom(orderKeys, v.order)} returning *),
    new_items as (${ITEM.insertFrom(itemKeys, v.items, { orderId: sql`(select id from new_order)`, ...quotedCostColumns() })} returning *),
    placed as (insert into ${h} (order_id, from_status, to_status, actor) select id, null, 'placed', ${v.actor}::text from new_order),
    ${eventCtes("placed", "order.placed", PLACED_EVENT)}
    select ${ORDER.columns("new_order", "o.", "new_items.line_number = 1")}, ${ITEM.columns("new_items", "i.")},
      (select coalesce(array_agg(id), '{}') from placed_deliveries) as delivery_ids
    from new_order cross join new_items order by new_items.line_number`,
);

/** The client read of placing, with its earlier order by external id (web, portal) or by key: built once each. */
const clientReadOf = (keyColumn: "external_order_id" | "idempotency_key") =>
  preparedStatement(["clientId", "key"], (v) => {
    const pm = schema.paymentMethods;
    const c = schema.clients;
    return sql`
    select ${c.clientId} as "c.clientId", ${c.clientName} as "c.clientName", ${c.siteName} as "c.clientCode",
      ${c.factoryId} as "c.factoryId",
      exists (select 1 from ${pm} where ${pm.clientId} = ${v.clientId}::int and ${pm.isDefault}) as "hasMethod",
      ${ORDER.columns("orders", "o.")}
    from (select 1) as one left join ${c} on ${c.clientId} = ${v.clientId}::int
      left join orders on orders.client_id = ${v.clientId}::int and orders.${sql.raw(keyColumn)} = ${v.key}::text`;
  });
export const CLIENT_READ = { byExternalId: clientReadOf("external_order_id"), byKey: clientReadOf("idempotency_key") };
