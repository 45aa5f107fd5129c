import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients, factories } from "./clients";
import { created, qty, updated } from "./columns";
import { floorUnits } from "./floor";
import { orders } from "./orders";

/**
 * Shipping (docs/adr/0008-shipping.md): a shipment is a box of packed units of one order, with its
 * carrier, label and tracking.
 *
 *   floor_units ──< shipment_units >── shipments (SH-000031, carrier, tracking, the store told)
 */

/** A box that leaves the factory: some units of one order, with its carrier and tracking. */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    shipmentNumber: text("shipment_number").notNull().generatedAlwaysAs(sql`'SH-' || lpad(id::text, 6, '0')`),
    factoryId: integer("factory_id")
      .notNull()
      .references(() => factories.factoryId, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The carrier that carries the box (UPS, USPS, …; the platform's carrier code for platform labels). */
    carrier: text("carrier").notNull(),
    /** Who sold the label: manual (typed or generated tracking) or the shipping platform (shipstation). */
    provider: text("provider").notNull().default("manual"),
    /** The platform's label file (PDF or ZPL, as `label_format`), to print it again. */
    labelUrl: text("label_url"),
    /** pdf | zpl: the facility's shipping label format (Factory Config) when the label was bought. */
    labelFormat: text("label_format").notNull().default("pdf"),
    /** The carrier's last word on the parcel (track), and when it was asked. */
    trackingStatus: text("tracking_status"),
    trackingCheckedAt: timestamp("tracking_checked_at", { withTimezone: true }),
    /** The store's fulfilment made for this shipment (web orders), so a tracking change updates it. */
    storeFulfillmentId: text("store_fulfillment_id"),
    /** The Idempotency-Key of the request that made it: a retry answers this shipment. */
    idempotencyKey: text("idempotency_key"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    service: text("service"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    /** The shipping platform's id of the label, to track or void it. */
    externalLabelId: text("external_label_id"),
    labelCostCents: integer("label_cost_cents"),
    /** packed | shipped | voided */
    status: text("status").notNull().default("packed"),
    weightOz: qty("weight_oz"),
    lengthIn: qty("length_in"),
    widthIn: qty("width_in"),
    heightIn: qty("height_in"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** When the carrier delivered it (the shipping platform's tracking says so; "order.delivered"). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** When the client's store was told (web orders), and its answer if it failed. */
    storeNotifiedAt: timestamp("store_notified_at", { withTimezone: true }),
    storeNotifyError: text("store_notify_error"),
    createdBy: text("created_by").notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("shipments_factory_created_idx").on(t.factoryId, t.createdAt.desc()),
    index("shipments_order_idx").on(t.orderId),
    // Production Overview's lead time: the orders whose last shipment falls in a range.
    index("shipments_shipped_at_idx").on(t.shippedAt),
    uniqueIndex("shipments_idempotency_key").on(t.factoryId, t.idempotencyKey),
  ],
);

/** The units packed in a shipment (a unit is in one box at most). */
export const shipmentUnits = pgTable(
  "shipment_units",
  {
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => floorUnits.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.unitId] }), uniqueIndex("shipment_units_unit_key").on(t.unitId)],
);
