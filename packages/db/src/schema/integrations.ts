import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { users } from "./users";

/** API keys of a client: shown once, stored as a SHA-256 digest, revocable. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    /** test | live */
    mode: text("mode").notNull(),
    name: text("name").notNull(),
    /** The first characters of the key, shown so people can tell keys apart. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdBy: integer("created_by").references(() => users.userId, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.keyHash), index("api_keys_client_idx").on(t.clientId)],
);

/** Store- and shipping-platform credentials of a client, encrypted at rest (AES-256-GCM). */
export const integrations = pgTable(
  "integrations",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    /** store | shipping */
    platform: text("platform").notNull(),
    /** Encrypted JSON of the credentials: base64 of iv, auth tag and ciphertext. */
    secret: text("secret").notNull(),
    /** Non-secret details shown in lists (e.g. the store name). */
    label: text("label"),
    lastTestedAt: timestamp("last_tested_at", { withTimezone: true }),
    lastTestResult: text("last_test_result"),
    updatedBy: integer("updated_by").references(() => users.userId, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("integrations_client_platform_key").on(t.clientId, t.platform)],
);

/** Software requests a user sends to the Hub's admins. */
export const softwareRequests = pgTable("software_requests", {
  id: serial("id").primaryKey(),
  clientId: integer("client_id").references(() => clients.clientId, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.userId, { onDelete: "set null" }),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
