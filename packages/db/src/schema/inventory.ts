import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { owner } from "./columns";
import { fabrics, parts } from "./library-materials";
import { suppliers } from "./suppliers";
import { users } from "./users";

/**
 * Inventory (issue 10; docs/adr/0004-inventory.md): stock of a facility's library fabrics and parts
 * as an append-only ledger, suppliers with the materials they sell, and purchase orders received
 * into the ledger.
 *
 *   lib_fabrics | lib_parts ──< inv_stock_ledger (receipt, consumption, adjustment, return)
 *                           ─── inv_stock_settings (threshold, thresholdByCnt, average cost)
 *                           ──< inv_average_cost_history
 *   inv_suppliers ──< inv_supplier_materials (fabric | part, price)
 *                 ──< inv_purchase_orders ──< inv_purchase_order_lines ──< ledger receipts
 *                                         ──< inv_po_receipts (one per Idempotency-Key)
 *                                         ──< inv_po_status_history
 *
 * Quantities are numeric(14,4) in the material's unit (strings in the app, exact); money integer cents.
 * Every material row names exactly one of fabric_id and part_id. inv_suppliers is in suppliers.ts
 * (the library points at it too).
 */

const quantity = (name: string) => numeric(name, { precision: 14, scale: 4 });
const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
const fabricRef = () => integer("fabric_id").references(() => fabrics.id, { onDelete: "cascade" });
const partRef = () => integer("part_id").references(() => parts.id, { onDelete: "cascade" });
const actor = () => integer("actor_id").references(() => users.userId, { onDelete: "set null" });
const exactlyOne = (name: string, t: { fabricId: unknown; partId: unknown }) =>
  check(name, sql`num_nonnulls(${t.fabricId}, ${t.partId}) = 1`);

/** A fabric or part a supplier sells, at its price per unit. */
export const supplierMaterials = pgTable(
  "inv_supplier_materials",
  {
    id: serial("id").primaryKey(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    fabricId: fabricRef(),
    partId: partRef(),
    supplierCode: text("supplier_code"),
    priceCents: integer("price_cents").notNull().default(0),
    unit: text("unit").notNull(),
    minOrderQty: quantity("min_order_qty").notNull().default("0"),
  },
  (t) => [
    exactlyOne("inv_supplier_materials_one", t),
    uniqueIndex("inv_supplier_materials_fabric_key").on(t.supplierId, t.fabricId).where(sql`${t.fabricId} is not null`),
    uniqueIndex("inv_supplier_materials_part_key").on(t.supplierId, t.partId).where(sql`${t.partId} is not null`),
  ],
);

/** What a stock item adds to its library material: threshold and the current weighted average cost. */
export const stockSettings = pgTable(
  "inv_stock_settings",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    fabricId: fabricRef(),
    partId: partRef(),
    threshold: quantity("threshold").notNull().default("0"),
    thresholdByCnt: boolean("threshold_by_cnt").notNull().default(false),
    avgCostCents: integer("avg_cost_cents").notNull().default(0),
    updatedAt: at("updated_at"),
  },
  (t) => [
    exactlyOne("inv_stock_settings_one", t),
    uniqueIndex("inv_stock_settings_fabric_key").on(t.fabricId).where(sql`${t.fabricId} is not null`),
    uniqueIndex("inv_stock_settings_part_key").on(t.partId).where(sql`${t.partId} is not null`),
  ],
);

export const LEDGER_KINDS = ["receipt", "consumption", "adjustment", "return"] as const;

/** Every movement of stock, signed. Append-only: nothing updates or deletes a row. */
export const stockLedger = pgTable(
  "inv_stock_ledger",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    fabricId: fabricRef(),
    partId: partRef(),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    quantity: quantity("quantity").notNull(),
    /** Receipts: the PO line's unit cost. */
    unitCostCents: integer("unit_cost_cents"),
    reason: text("reason"),
    /** A free reference (an order or unit, later) beside the typed ones. */
    reference: text("reference"),
    poLineId: integer("po_line_id").references(() => purchaseOrderLines.id, { onDelete: "set null" }),
    receiptId: integer("receipt_id").references(() => poReceipts.id, { onDelete: "set null" }),
    /** Consumption at cut: the order line whose units used it (an order's actual fabric cost, issue 22). */
    orderItemId: integer("order_item_id"),
    actorId: actor(),
    actorName: text("actor_name").notNull(),
    at: at("at"),
  },
  (t) => [
    exactlyOne("inv_stock_ledger_one", t),
    check("inv_stock_ledger_kind", sql`${t.kind} in ('receipt','consumption','adjustment','return')`),
    index("inv_stock_ledger_fabric_idx").on(t.fabricId, t.at),
    index("inv_stock_ledger_part_idx").on(t.partId, t.at),
    index("inv_stock_ledger_factory_idx").on(t.factoryId, t.at),
    index("inv_stock_ledger_item_idx").on(t.orderItemId),
  ],
);

/** Each recalculation of a material's weighted average cost, by a receipt. */
export const averageCostHistory = pgTable(
  "inv_average_cost_history",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    fabricId: fabricRef(),
    partId: partRef(),
    at: at("at"),
    quantityBefore: quantity("quantity_before").notNull(),
    quantityAfter: quantity("quantity_after").notNull(),
    costBeforeCents: integer("cost_before_cents").notNull(),
    costAfterCents: integer("cost_after_cents").notNull(),
    ledgerId: integer("ledger_id").references(() => stockLedger.id, { onDelete: "set null" }),
    poLineId: integer("po_line_id").references(() => purchaseOrderLines.id, { onDelete: "set null" }),
  },
  (t) => [
    exactlyOne("inv_average_cost_history_one", t),
    index("inv_average_cost_history_fabric_idx").on(t.fabricId, t.at),
    index("inv_average_cost_history_part_idx").on(t.partId, t.at),
  ],
);

export const PO_STATUSES = ["open", "partially_received", "received", "closed", "cancelled"] as const;

export const purchaseOrders = pgTable(
  "inv_purchase_orders",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    number: text("number").notNull(),
    status: text("status", { enum: PO_STATUSES }).notNull().default("open"),
    expectedDate: date("expected_date"),
    notes: text("notes"),
    createdBy: integer("created_by").references(() => users.userId, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
  },
  (t) => [
    uniqueIndex("inv_purchase_orders_number_key").on(t.factoryId, sql`lower(${t.number})`),
    index("inv_purchase_orders_status_idx").on(t.factoryId, t.status),
    index("inv_purchase_orders_supplier_idx").on(t.supplierId),
  ],
);

export const purchaseOrderLines = pgTable(
  "inv_purchase_order_lines",
  {
    id: serial("id").primaryKey(),
    poId: integer("po_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    fabricId: integer("fabric_id").references(() => fabrics.id, { onDelete: "restrict" }),
    partId: integer("part_id").references(() => parts.id, { onDelete: "restrict" }),
    quantity: quantity("quantity").notNull(),
    unitCostCents: integer("unit_cost_cents").notNull(),
    expectedDate: date("expected_date"),
    receivedAmt: quantity("received_amt").notNull().default("0"),
    cancelledAmt: quantity("cancelled_amt").notNull().default("0"),
  },
  (t) => [
    exactlyOne("inv_purchase_order_lines_one", t),
    check("inv_purchase_order_lines_amounts", sql`${t.receivedAmt} + ${t.cancelledAmt} <= ${t.quantity}`),
    index("inv_purchase_order_lines_po_idx").on(t.poId),
  ],
);

/** One receipt of a PO (several lines), keyed by the request's Idempotency-Key when it sent one. */
export const poReceipts = pgTable(
  "inv_po_receipts",
  {
    id: serial("id").primaryKey(),
    poId: integer("po_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key"),
    actorId: actor(),
    actorName: text("actor_name").notNull(),
    at: at("at"),
  },
  (t) => [uniqueIndex("inv_po_receipts_key").on(t.poId, t.idempotencyKey)],
);

export const poStatusHistory = pgTable(
  "inv_po_status_history",
  {
    id: serial("id").primaryKey(),
    poId: integer("po_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    actorId: actor(),
    actorName: text("actor_name").notNull(),
    at: at("at"),
  },
  (t) => [index("inv_po_status_history_po_idx").on(t.poId)],
);
