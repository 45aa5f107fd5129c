import { integer, numeric, timestamp } from "drizzle-orm/pg-core";
import { factories } from "./clients";

/** The column helpers the schema files share (the library, floor, shipping, orders, products, inventory, design library). */

/** Money: integer cents, 0 when not set. */
export const money = (name: string) => integer(name).notNull().default(0);
/** Quantities of material: exact `numeric`. */
export const qty = (name: string) => numeric(name, { precision: 12, scale: 4, mode: "number" });
export const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updated = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** The facility a library row belongs to. */
export const owner = () =>
  integer("factory_id")
    .notNull()
    .references(() => factories.factoryId, { onDelete: "cascade" });
