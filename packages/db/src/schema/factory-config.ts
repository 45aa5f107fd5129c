import { boolean, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { factories } from "./clients";
import { owner } from "./columns";

/**
 * Factory Config (/factoryConfig): a facility's own settings, one row per facility, written whole on
 * every save; a facility without a row has the contracts' FACTORY_SETTINGS_DEFAULTS. Its labour
 * rate stays on `factories`. Every change of a setting is a `factory_config_history` row.
 */
export const factorySettings = pgTable("factory_settings", {
  factoryId: integer("factory_id")
    .primaryKey()
    .references(() => factories.factoryId, { onDelete: "cascade" }),
  /** mon..sun */
  workingDays: text("working_days").array().notNull(),
  /** "HH:MM" */
  workdayStart: text("workday_start").notNull(),
  workdayEnd: text("workday_end").notNull(),
  /** An IANA name ("Europe/Lisbon"). */
  timeZone: text("time_zone").notNull(),
  /** Working days from placing to an order's due date when it asks for no ship date (`hub_floor_due_date`). */
  leadWorkingDays: integer("lead_working_days").notNull().default(10),
  /** pdf_4x6 | zpl_4x6 */
  shippingLabelFormat: text("shipping_label_format").notNull(),
  /** sheet | single */
  unitLabelFormat: text("unit_label_format").notNull(),
  /** code128 | qr */
  labelSymbology: text("label_symbology").notNull(),
  /** letter | a4 */
  labelPaper: text("label_paper").notNull(),
  /** Printer names; "" = none. */
  shippingLabelPrinter: text("shipping_label_printer").notNull(),
  unitLabelPrinter: text("unit_label_printer").notNull(),
  toteLabelPrinter: text("tote_label_printer").notNull(),
  /** A carrier code of the contracts' CARRIERS. */
  defaultCarrier: text("default_carrier").notNull(),
  defaultBoxName: text("default_box_name").notNull(),
  defaultBoxLengthIn: numeric("default_box_length_in", { precision: 7, scale: 2, mode: "number" }).notNull(),
  defaultBoxWidthIn: numeric("default_box_width_in", { precision: 7, scale: 2, mode: "number" }).notNull(),
  defaultBoxHeightIn: numeric("default_box_height_in", { precision: 7, scale: 2, mode: "number" }).notNull(),
  /** Whether a paid order releases itself to the floor (payment's settle reads it). */
  autoRelease: boolean("auto_release").notNull(),
  toteBarcodePrefix: text("tote_barcode_prefix").notNull(),
  toteBarcodeFirst: integer("tote_barcode_first").notNull(),
  toteBarcodeLast: integer("tote_barcode_last").notNull(),
  cutMaxPlies: integer("cut_max_plies").notNull(),
  cutTableLengthInches: numeric("cut_table_length_inches", { precision: 8, scale: 2, mode: "number" }).notNull(),
  cutMaxGarmentsPerPly: integer("cut_max_garments_per_ply").notNull(),
  cutEndAllowanceInches: numeric("cut_end_allowance_inches", { precision: 6, scale: 2, mode: "number" }).notNull(),
  /** Actual labour counts a scan's cycle up to this many minutes (orders/cost-lines.ts). */
  labourCycleCapMinutes: integer("labour_cycle_cap_minutes").notNull().default(60),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").notNull(),
});

/** One change of one setting of a facility: who, when, from what to what (the values as people read them). */
export const factoryConfigHistory = pgTable(
  "factory_config_history",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    /** The setting's key (FACTORY_SETTING_FIELDS). */
    field: text("field").notNull(),
    fromValue: text("from_value").notNull(),
    toValue: text("to_value").notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("factory_config_history_factory_idx").on(t.factoryId, t.id)],
);
