import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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

export const loginAudits = pgTable(
  "login_audits",
  {
    id: serial("id").primaryKey(),
    loginDate: timestamp("login_date", { withTimezone: true }).notNull(),
    userName: text("user_name").notNull(),
    application: text("application").notNull(),
    ipAddress: text("ip_address").notNull(),
    /** The address the audit request itself came from, as the server saw it. */
    remoteAddress: inet("remote_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_audits_user_idx").on(t.userName, t.loginDate)],
);

/** Who did what, when: destructive and administrative actions. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserName: text("actor_user_name"),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    detail: jsonb("detail"),
  },
  (t) => [index("audit_log_at_idx").on(t.at)],
);

/**
 * Every card the Hub has known. A card new to this installation gets its default grants once
 * (seedReferenceData); after that, grants are data that admins change.
 */
export const cards = pgTable("cards", {
  routeName: text("route_name").primaryKey(),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
});

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
