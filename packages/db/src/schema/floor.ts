import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { created, owner, qty, updated } from "./columns";
import { fabrics } from "./library-materials";
import { styleMarkers } from "./library-styles";
import { orderItems, orders } from "./orders";

/**
 * The factory floor (issue 11; docs/adr/0005-floor.md); shipments are in ./shipping.ts:
 *
 *   order_items (line 2: TEE100 M × 3) ──< floor_units (U-00000412, instance 1..3, attempt 1, 2 after a recut)
 *                                                ├─< floor_unit_events (every transition: who, when, station, from, to, why)
 *                                                ├─< floor_qc_inspections (pass | fail with a reason code)
 *   floor_totes (T-0042) ──< units it holds      ├── cut ticket (a lay of a cut plan, cut at a cutter station)
 *   floor_cut_plans ──< floor_cut_tickets         └── shipment_units ──> shipments (./shipping.ts)
 *   floor_stations: cutters (is_press), print, sew, QC, pack-out
 *
 * A unit is one garment. Its state machine lives in the contracts (packages/contracts/src/floor);
 * every change goes through one service function that checks the transition and writes an event.
 * A scan carries a client scan id; floor_scans remembers its answer, so a repeated scan changes
 * nothing twice.
 */

/** Places on the floor where work is scanned: cutters (is_press for heat presses), print, sew, QC, pack-out. */
export const floorStations = pgTable(
  "floor_stations",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** cutter | print | sew | qc | pack */
    kind: text("kind").notNull(),
    isPress: boolean("is_press").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("floor_stations_code_key").on(t.factoryId, sql`lower(${t.code})`)],
);

/** Reason codes a facility keeps for QC fails (and recuts): measurement out of tolerance, print defect, seam… */
export const floorQcReasons = pgTable(
  "floor_qc_reasons",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** What a fail with this reason usually leads to: recut or redo (a step again). */
    defaultAction: text("default_action").notNull().default("recut"),
    archived: boolean("archived").notNull().default(false),
  },
  (t) => [uniqueIndex("floor_qc_reasons_code_key").on(t.factoryId, sql`lower(${t.code})`)],
);

/** Plastic crates with a barcode that carry the units of one order between stations. */
export const floorTotes = pgTable(
  "floor_totes",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    barcode: text("barcode").notNull(),
    /** The order whose units it holds; null when empty. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** empty | in_use | in_transit */
    status: text("status").notNull().default("empty"),
    stationId: integer("station_id").references(() => floorStations.id, { onDelete: "set null" }),
    transitStartedAt: timestamp("transit_started_at", { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("floor_totes_barcode_key").on(t.factoryId, sql`lower(${t.barcode})`)],
);

/** A cut plan: the planner's answer for a set of queued units, accepted or not. */
export const floorCutPlans = pgTable(
  "floor_cut_plans",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    /** draft | accepted | discarded */
    status: text("status").notNull().default("draft"),
    /** Lays, total fabric length, utilisation, and the naive plan's figures beside them. */
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text("created_by").notNull(),
    createdAt: created(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [index("floor_cut_plans_factory_idx").on(t.factoryId, t.createdAt.desc())],
);

/** A cut ticket: one lay of an accepted plan (a marker's size ratio spread to a ply count), cut at one cutter. */
export const floorCutTickets = pgTable(
  "floor_cut_tickets",
  {
    id: serial("id").primaryKey(),
    ticketNumber: text("ticket_number").notNull().generatedAlwaysAs(sql`'CT-' || lpad(id::text, 6, '0')`),
    factoryId: owner(),
    planId: integer("plan_id").references(() => floorCutPlans.id, { onDelete: "set null" }),
    fabricId: integer("fabric_id").references(() => fabrics.id, { onDelete: "set null" }),
    colour: text("colour"),
    markerId: integer("marker_id").references(() => styleMarkers.id, { onDelete: "set null" }),
    /** Garments per ply by size, e.g. { "S": 1, "M": 2, "L": 1 }. */
    ratio: jsonb("ratio").$type<Record<string, number>>().notNull(),
    plies: integer("plies").notNull(),
    lengthInches: qty("length_inches").notNull(),
    utilisationPct: qty("utilisation_pct"),
    cutterStationId: integer("cutter_station_id").references(() => floorStations.id, { onDelete: "set null" }),
    /** queued | cut | cancelled */
    status: text("status").notNull().default("queued"),
    cutAt: timestamp("cut_at", { withTimezone: true }),
    cutBy: text("cut_by"),
    createdAt: created(),
  },
  (t) => [index("floor_cut_tickets_station_idx").on(t.factoryId, t.status, t.cutterStationId)],
);

/** One garment of an order line. */
export const floorUnits = pgTable(
  "floor_units",
  {
    id: serial("id").primaryKey(),
    barcode: text("barcode").notNull().generatedAlwaysAs(sql`'U-' || lpad(id::text, 8, '0')`),
    // The order's own factory and client: one key says so (`floor_units_order_fk` below).
    factoryId: integer("factory_id").notNull(),
    clientId: integer("client_id").notNull(),
    orderId: integer("order_id").notNull(),
    itemId: integer("item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    /** 1..quantity of the line. */
    instance: integer("instance").notNull(),
    /** 1 for the first making; a recut makes attempt + 1 of the same instance. */
    attempt: integer("attempt").notNull().default(1),
    // The unit's references below name rows of the floor and the library without a foreign key: a
    // key looked up and locked its row for every unit released and every scan (issue 21). The
    // parent's delete trigger (`hub_unlink_deleted`, migration 0060) still sets them null, as the
    // keys' "on delete set null" did; what the unit names is what the statement writing it read.
    recutOfId: integer("recut_of_id"),
    /** The state machine's state: see UNIT_TRANSITIONS in the contracts. */
    status: text("status").notNull().default("queued"),
    styleId: integer("style_id"),
    size: text("size"),
    colour: text("colour"),
    fabricId: integer("fabric_id"),
    printFileId: integer("print_file_id"),
    dueDate: date("due_date", { mode: "string" }),
    /** Higher goes first; a recut jumps the queue. */
    priority: integer("priority").notNull().default(0),
    swatchesInspectedAt: timestamp("swatches_inspected_at", { withTimezone: true }),
    toteId: integer("tote_id"),
    cutTicketId: integer("cut_ticket_id"),
    /** The cutter it is queued to (a pulled batch), before a cut plan gives it a ticket. */
    stationId: integer("station_id"),
    failReason: text("fail_reason"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // A unit is its order's, of the order's client and factory: one foreign key checks all three
    // (one lookup a unit released instead of three: issue 21), and a change of the order's client
    // or factory moves its units with it. Deleting the order, or its client, deletes its units.
    foreignKey({
      name: "floor_units_order_fk",
      columns: [t.orderId, t.clientId, t.factoryId],
      foreignColumns: [orders.id, orders.clientId, orders.factoryId],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    uniqueIndex("floor_units_item_instance_key").on(t.itemId, t.instance, t.attempt),
    uniqueIndex("floor_units_barcode_key").on(t.barcode),
    index("floor_units_factory_status_idx").on(t.factoryId, t.status, t.dueDate),
    // An order's units (its prefix), and for /openOrders "has open units" and the counts by state
    // per order, without reading every unit. No index of the order alone: it would be one more
    // entry to write for every unit released and every scan (issue 21).
    index("floor_units_order_status_idx").on(t.orderId, t.status),
    // Only units in a tote or on a ticket: a unit is released in neither, so its release writes no entry here.
    index("floor_units_tote_idx").on(t.toteId).where(sql`tote_id is not null`),
    index("floor_units_ticket_idx").on(t.cutTicketId).where(sql`cut_ticket_id is not null`),
    // Dashboards: work in progress by state (an index-only count of the open states, any scope),
    // and the recuts of a range of days the floor rollup has not covered yet.
    index("floor_units_status_tenant_idx").on(t.status, t.factoryId, t.clientId),
    index("floor_units_recut_created_idx").on(t.createdAt).where(sql`attempt > 1`),
  ],
);

/** Every change of a unit: the history that /openOrders, the order details and audits read. */
export const floorUnitEvents = pgTable(
  "floor_unit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // No foreign keys here either (see floorUnits): a unit's delete deletes its events, and a
    // station's or a user's delete sets theirs null (`hub_unlink_deleted`, migration 0060).
    unitId: integer("unit_id").notNull(),
    /** The spec's action: status update, cancel, resubmit, mark cut, mark inspected, redo steps… */
    action: text("action").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    stationId: integer("station_id"),
    reason: text("reason"),
    actor: text("actor").notNull(),
    actorUserId: integer("actor_user_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("floor_unit_events_unit_idx").on(t.unitId, t.id),
    // Dashboards (throughput, scans per station and operator) read a range of days of events.
    index("floor_unit_events_at_idx").on(t.at),
    // An order's actual labour (orders/cost-lines.ts): each scan's previous scan at the same station.
    // Only scans at a station: a release's events (one a unit) have none, and write no entry here.
    index("floor_unit_events_station_at_idx").on(t.stationId, t.at, t.id).where(sql`station_id is not null`),
  ],
);

/** One measured point of measure, as kept with a QC inspection. */
export type QcMeasurementRow = {
  code: string;
  description: string;
  size: string;
  unit: "cm" | "in";
  target: number;
  tolPlus: number;
  tolMinus: number;
  measured: number;
  withinTolerance: boolean;
};

/** QC results: pass, or fail with a reason code, at a station. */
export const floorQcInspections = pgTable(
  "floor_qc_inspections",
  {
    id: serial("id").primaryKey(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => floorUnits.id, { onDelete: "cascade" }),
    stationId: integer("station_id").references(() => floorStations.id, { onDelete: "set null" }),
    passed: boolean("passed").notNull(),
    reasonId: integer("reason_id").references(() => floorQcReasons.id, { onDelete: "set null" }),
    note: text("note"),
    /**
     * The critical points of measure the inspector measured (issue 19), for a unit whose style was
     * made from a tech pack: each point's target for the unit's size, tolerance, the value typed and
     * whether it was within tolerance. Null when nothing was measured.
     */
    measurements: jsonb("measurements").$type<QcMeasurementRow[]>(),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("floor_qc_inspections_unit_idx").on(t.unitId),
    // Dashboards (first-pass yield, defects, fails by reason) read a range of days of inspections.
    index("floor_qc_inspections_at_idx").on(t.at),
  ],
);

/**
 * Scans already answered: a scan carries a client scan id (one per press of Enter); a repeat of
 * the same id gets the stored answer and changes nothing.
 */
export const floorScans = pgTable(
  "floor_scans",
  {
    factoryId: owner(),
    scanId: text("scan_id").notNull(),
    action: text("action").notNull(),
    response: jsonb("response").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.factoryId, t.scanId] })],
);
