import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { owner } from "./columns";
import { floorUnits } from "./floor";
import { fabrics } from "./library-materials";
import { users } from "./users";

export const FABRIC_RESERVATION_STATES = ["reserved", "consumed", "released"] as const;

/**
 * Fabric reservations (issue 22 part 2; docs/adr/0004-inventory.md): pulling a unit reserves its
 * fabric (the style's consumption per garment), cutting turns the row `consumed` in the same
 * transaction as the consumption ledger rows, unpulling or cancelling turns it `released`. Not
 * ledger rows: the ledger holds physical movements only; available = ledger sum − `reserved` rows.
 * A pull past what is available is kept with its override reason, user and time.
 */
export const fabricReservations = pgTable(
  "inv_fabric_reservations",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => floorUnits.id, { onDelete: "cascade" }),
    fabricId: integer("fabric_id")
      .notNull()
      .references(() => fabrics.id, { onDelete: "cascade" }),
    quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
    state: text("state", { enum: FABRIC_RESERVATION_STATES }).notNull().default("reserved"),
    overrideReason: text("override_reason"),
    overrideBy: integer("override_by").references(() => users.userId, { onDelete: "set null" }),
    overrideByName: text("override_by_name"),
    overrideAt: timestamp("override_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("inv_fabric_reservations_state", sql`${t.state} in ('reserved','consumed','released')`),
    uniqueIndex("inv_fabric_reservations_live_key").on(t.unitId, t.fabricId).where(sql`${t.state} = 'reserved'`),
    index("inv_fabric_reservations_fabric_idx").on(t.fabricId).where(sql`${t.state} = 'reserved'`),
    index("inv_fabric_reservations_unit_idx").on(t.unitId),
  ],
);
