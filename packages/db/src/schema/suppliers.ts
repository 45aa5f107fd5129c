import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { factories } from "./clients";

/**
 * A facility's suppliers (inventory, issue 10; docs/adr/0004-inventory.md): who its fabrics and parts are bought from. Its own
 * file because both the library (a material's supplier) and inventory (supplier materials,
 * purchase orders) point at it, and neither imports the other for it.
 */

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

export const suppliers = pgTable(
  "inv_suppliers",
  {
    id: serial("id").primaryKey(),
    factoryId: integer("factory_id")
      .notNull()
      .references(() => factories.factoryId, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    contactName: text("contact_name"),
    email: text("email"),
    phone: text("phone"),
    leadTimeDays: integer("lead_time_days").notNull().default(0),
    /** ISO 4217, e.g. USD. */
    currency: text("currency").notNull().default("USD"),
    notes: text("notes"),
    active: boolean("active").notNull().default(true),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
  },
  (t) => [uniqueIndex("inv_suppliers_code_key").on(t.factoryId, sql`lower(${t.code})`)],
);
