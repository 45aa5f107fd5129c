import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { roles, userTypes } from "./access";
import { clients, factories } from "./clients";

/** The Hub's user record (spec 3), linked to the identity pool by user name. */
export const users = pgTable(
  "users",
  {
    userId: serial("user_id").primaryKey(),
    userName: text("user_name").notNull(),
    email: text("email").notNull(),
    typeId: integer("type_id")
      .notNull()
      .references(() => userTypes.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    defaultSite: text("default_site"),
    allowedSites: text("allowed_sites").array().notNull().default(sql`'{}'::text[]`),
    available: boolean("available").notNull().default(true),
    deliverableEmail: boolean("deliverable_email").notNull().default(true),
    isInternalAdmin: boolean("is_internal_admin").notNull().default(false),
    testUser: boolean("test_user").notNull().default(false),
    colorPalette: text("color_palette"),
    clientId: integer("client_id").references(() => clients.clientId),
    isClientAdmin: boolean("is_client_admin").notNull().default(false),
    manufacturerId: integer("manufacturer_id").references(() => factories.factoryId),
    userFactoryId: integer("user_factory_id").references(() => factories.factoryId),
    manufacturingFactoryId: integer("manufacturing_factory_id").references(() => factories.factoryId),
    logiComposerUsername: text("logi_composer_username"),
    keyPrefix: text("key_prefix"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_user_name_key").on(sql`lower(${t.userName})`),
    index("users_email_idx").on(sql`lower(${t.email})`),
    index("users_client_idx").on(t.clientId),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("user_roles_user_role_key").on(t.userId, t.roleId)],
);

/** Invitations a client admin sends: the invitee registers into that client. */
export const pendingUsers = pgTable(
  "pending_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    registered: boolean("registered").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pending_users_email_idx").on(sql`lower(${t.email})`)],
);
