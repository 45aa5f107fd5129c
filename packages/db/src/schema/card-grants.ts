import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { roles, userTypes } from "./access";
import { users } from "./users";

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
