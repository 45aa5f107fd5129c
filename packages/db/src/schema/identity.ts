import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The built-in user pool. It stands where a cloud user pool would: the Hub's own user records
 * (accounts.users) link to it by username. Passwords are argon2id hashes; codes and refresh tokens
 * are stored only as SHA-256 digests.
 */
export const identityUsers = pgTable(
  "identity_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** UNCONFIRMED | CONFIRMED | FORCE_CHANGE_PASSWORD */
    status: text("status").notNull().default("UNCONFIRMED"),
    /** A brand sign-up's request ({ clientName, siteName, subscriptionId }) kept until confirmation creates the client. */
    pendingBrand: jsonb("pending_brand").$type<{ clientName: string; siteName: string; subscriptionId: number }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("identity_users_username_key").on(sql`lower(${t.username})`),
    index("identity_users_email_idx").on(sql`lower(${t.email})`),
  ],
);

export const identityCodes = pgTable(
  "identity_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => identityUsers.id, { onDelete: "cascade" }),
    /** confirm_signup | reset_password */
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("identity_codes_user_idx").on(t.userId, t.purpose)],
);

/** One row per signed-in session; the ID token carries its id (sid), so sign-out ends it at once. */
export const identitySessions = pgTable(
  "identity_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => identityUsers.id, { onDelete: "cascade" }),
    refreshTokenHash: text("refresh_token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("identity_sessions_refresh_key").on(t.refreshTokenHash),
    index("identity_sessions_user_idx").on(t.userId),
  ],
);

/** Failed sign-ins, counted per user and per address over a sliding window. */
export const identityLoginFailures = pgTable(
  "identity_login_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `user:<lower username>` or `ip:<address>` */
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("identity_login_failures_key_at_idx").on(t.key, t.at)],
);

/** Token signing keys, shared by every server instance through the database. */
export const identityKeys = pgTable("identity_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  privateJwk: text("private_jwk").notNull(),
  publicJwk: text("public_jwk").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
