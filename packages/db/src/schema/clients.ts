import { sql } from "drizzle-orm";
import { bigint, boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Subscription plans: a level (Professional = 2) and how many active users a client may have. */
export const subscriptions = pgTable("subscriptions", {
  subscriptionId: serial("subscription_id").primaryKey(),
  name: text("name").notNull().unique(),
  level: integer("level").notNull(),
  nbrOfUsers: integer("nbr_of_users").notNull(),
  priceCents: integer("price_cents").notNull().default(0),
  /** How many bytes a product-development team of a client on this plan may keep in its File Manager. */
  storageQuotaBytes: bigint("storage_quota_bytes", { mode: "number" }).notNull().default(1_073_741_824),
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
