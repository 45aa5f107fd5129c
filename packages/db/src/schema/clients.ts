import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Subscription plans: a level (Professional = 2) and how many active users a client may have. */
export const subscriptions = pgTable("subscriptions", {
  subscriptionId: serial("subscription_id").primaryKey(),
  name: text("name").notNull().unique(),
  level: integer("level").notNull(),
  nbrOfUsers: integer("nbr_of_users").notNull(),
  priceCents: integer("price_cents").notNull().default(0),
});

/** Facilities (manufacturers and factories) that make clients' orders. */
export const factories = pgTable("factories", {
  factoryId: serial("factory_id").primaryKey(),
  name: text("name").notNull().unique(),
  kind: text("kind").notNull().default("factory"),
  requiresSubscriptions: boolean("requires_subscriptions").notNull().default(false),
  /** What a minute of sewing costs the facility, in cents (custom product pricing, issue 4). */
  labourCentsPerMinute: integer("labour_cents_per_minute").notNull().default(45),
});

/** Brand organisations. */
export const clients = pgTable(
  "clients",
  {
    clientId: serial("client_id").primaryKey(),
    clientName: text("client_name").notNull(),
    siteName: text("site_name").notNull(),
    subscriptionId: integer("subscription_id").references(() => subscriptions.subscriptionId),
    factoryId: integer("factory_id").references(() => factories.factoryId),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("clients_site_name_key").on(sql`lower(${t.siteName})`)],
);

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
