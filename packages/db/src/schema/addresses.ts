import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { users } from "./users";

/** Address book: a user's own addresses, or a client's shared ones. */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.userId, { onDelete: "cascade" }),
    clientId: integer("client_id").references(() => clients.clientId, { onDelete: "cascade" }),
    label: text("label").notNull(),
    name: text("name").notNull(),
    company: text("company"),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    region: text("region"),
    postalCode: text("postal_code").notNull(),
    /** ISO 3166-1 alpha-2 */
    country: text("country").notNull(),
    phone: text("phone"),
    isDefault: boolean("is_default").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("addresses_one_owner", sql`(${t.userId} is null) <> (${t.clientId} is null)`),
    index("addresses_user_idx").on(t.userId),
    index("addresses_client_idx").on(t.clientId),
  ],
);
