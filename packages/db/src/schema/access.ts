import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const userTypes = pgTable("user_types", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  label: text("label").notNull(),
  isFacility: boolean("is_facility").notNull().default(false),
  isInternal: boolean("is_internal").notNull().default(false),
});

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  roleName: text("role_name").notNull().unique(),
});

/**
 * Every card the Hub has known, and (rows named `default:<type>:<card>`) every default type grant
 * this installation has given: each default is given once (seed/card-defaults.ts), a default added
 * to a type later too; after that, grants are data that admins change.
 */
export const cards = pgTable("cards", {
  routeName: text("route_name").primaryKey(),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
});
