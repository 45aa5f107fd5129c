import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients, factories } from "./clients";
import { orderItems, orders } from "./orders";

/**
 * Returns (RMA, issue 10; the model is the "Returns" section of docs/adr/0003-orders.md):
 *
 *   order ──< returns (RMA-000012: requested → received → refunded | remade; cancelled)
 *               ├─< return_lines (order line, quantity, unit value frozen from the line)
 *               └─< return_status_history
 *   a remade return ──> its remake order (source "remake", lines at zero price)
 */

export const returns = pgTable(
  "returns",
  {
    id: serial("id").primaryKey(),
    /** What people quote: RMA-000012. */
    rmaNumber: text("rma_number").notNull().generatedAlwaysAs(sql`'RMA-' || lpad(id::text, 6, '0')`),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Snapshots for lists and search (an order's number and client name do not change). */
    orderNumber: text("order_number").notNull(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    clientName: text("client_name").notNull(),
    factoryId: integer("factory_id")
      .notNull()
      .references(() => factories.factoryId),
    /** requested | received | refunded | remade | cancelled; changed only by transitionReturn. */
    status: text("status").notNull().default("requested"),
    /** wrong_size | defect | damaged_in_transit | not_as_described | other */
    reasonCode: text("reason_code").notNull(),
    note: text("note"),
    requestedBy: text("requested_by").notNull(),
    /** The refund claimed for this return: its billing Idempotency-Key and amount (a retry reuses both). */
    refundKey: text("refund_key"),
    refundAmountCents: integer("refund_amount_cents"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    remakeOrderId: integer("remake_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased RMA number, order number and client name: the list's search. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower('RMA-' || lpad(id::text, 6, '0') || ' ' || order_number || ' ' || client_name)`,
    ),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId),
    index("returns_client_created_idx").on(t.clientId, t.createdAt.desc()),
    index("returns_status_created_idx").on(t.status, t.createdAt.desc()),
    index("returns_created_idx").on(t.createdAt.desc()),
    index("returns_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The order line's unit price + upcharge per piece, frozen when the return is made. */
    unitValueCents: integer("unit_value_cents").notNull(),
  },
  (t) => [uniqueIndex("return_lines_item_key").on(t.returnId, t.itemId), index("return_lines_item_idx").on(t.itemId)],
);

export const returnStatusHistory = pgTable(
  "return_status_history",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("return_status_history_return_idx").on(t.returnId)],
);
