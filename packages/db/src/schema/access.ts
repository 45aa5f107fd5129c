import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

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
 * Card access is data: a card (a screen's route name) is granted to a user type, a role or one user.
 * A user's cardAccess is the union of its type's, its roles' and its own grants, less its own denials.
 */
export const cardGrants = pgTable(
  "card_grants",
  {
    id: serial("id").primaryKey(),
    routeName: text("route_name").notNull(),
    typeId: integer("type_id").references(() => userTypes.id, { onDelete: "cascade" }),
    roleId: integer("role_id").references(() => roles.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.userId, { onDelete: "cascade" }),
    /** false on a user grant denies a card the user's type or roles would give. */
    granted: boolean("granted").notNull().default(true),
  },
  (t) => [
    check(
      "card_grants_one_subject",
      sql`(case when ${t.typeId} is null then 0 else 1 end + case when ${t.roleId} is null then 0 else 1 end + case when ${t.userId} is null then 0 else 1 end) = 1`,
    ),
    uniqueIndex("card_grants_subject_key").on(
      t.routeName,
      sql`coalesce(${t.typeId}, 0)`,
      sql`coalesce(${t.roleId}, 0)`,
      sql`coalesce(${t.userId}, 0)`,
    ),
  ],
);

/**
 * Every card the Hub has known. A card new to this installation gets its default grants once
 * (seedReferenceData); after that, grants are data that admins change.
 */
export const cards = pgTable("cards", {
  routeName: text("route_name").primaryKey(),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
});
