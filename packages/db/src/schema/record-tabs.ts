import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The version of one tab of a record workspace (a style's pricing, an order's lines, a tech pack's
 * sizing…): every save of the tab sends the version it loaded and moves it on by one, so a save
 * from a stale screen is refused instead of overwriting someone else's changes. No row: version 0.
 * `kind` names the record type ("style", "order", "techPack"); rows are not tied to the record by
 * a foreign key, so one table serves every kind.
 */
export const recordTabVersions = pgTable(
  "record_tab_versions",
  {
    kind: text("kind").notNull(),
    recordId: integer("record_id").notNull(),
    tab: text("tab").notNull(),
    version: integer("version").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The user name of whoever saved last (a person or an API key principal). */
    updatedBy: text("updated_by"),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId, t.tab] })],
);
