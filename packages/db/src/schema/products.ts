import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { factories } from "./clients";
import { created, updated } from "./columns";
import { teams } from "./teams";
import { users } from "./users";

/**
 * Products and their smart tech packs (issue 12, docs/adr/0010-tech-pack.md). A product belongs
 * to a team (teamOwner); each product version has one smart tech pack (its id is the `stpId` of
 * the routes). A tech pack's tab content is one `pd_tech_pack_parts` row per tab: a document whose
 * shape the contracts define (BOM rows with per-colourway cells, POM rows, steps with callouts…),
 * saved whole with the tab's version, so a new version copies a tech pack in one statement.
 * Tasks, approvals and the history are rows of their own.
 */

/** concept → in_development → sampling → approved → in_production; dropped at any time. */
export const PRODUCT_STATUSES = [
  "concept",
  "in_development",
  "sampling",
  "approved",
  "in_production",
  "dropped",
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const pdProducts = pgTable(
  "pd_products",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    status: text("status").$type<ProductStatus>().notNull().default("concept"),
    season: text("season"),
    category: text("category"),
    collection: text("collection"),
    batch: text("batch"),
    fit: text("fit"),
    description: text("description"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    targetCostCents: integer("target_cost_cents"),
    targetPriceCents: integer("target_price_cents"),
    /** The newest version; older versions are read-only. */
    latestVersion: integer("latest_version").notNull().default(1),
    /** Lower-cased code, name, collection, batch, season and tags, for the list's search (trigram index). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(code || ' ' || name || ' ' || coalesce(collection, '') || ' ' || coalesce(batch, '') || ' ' || coalesce(season, '') || ' ' || coalesce(category, ''))`,
    ),
    createdBy: text("created_by"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("pd_products_code_key").on(t.teamId, sql`lower(${t.code})`),
    index("pd_products_team_status_idx").on(t.teamId, t.status),
    index("pd_products_team_updated_idx").on(t.teamId, t.updatedAt),
    index("pd_products_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** draft → submitted → approved | rejected (→ submitted again); an approved pack can be sent to the factory. */
export const TECH_PACK_APPROVAL_STATES = ["draft", "submitted", "approved", "rejected"] as const;
export type TechPackApprovalState = (typeof TECH_PACK_APPROVAL_STATES)[number];

/** One smart tech pack per product version. */
export const pdTechPacks = pgTable(
  "pd_tech_packs",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => pdProducts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    approvalState: text("approval_state").$type<TechPackApprovalState>().notNull().default("draft"),
    note: text("note"),
    sentToFactoryAt: timestamp("sent_to_factory_at", { withTimezone: true }),
    sentToFactoryBy: text("sent_to_factory_by"),
    createdBy: text("created_by"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("pd_tech_packs_version_key").on(t.productId, t.version)],
);

/** A tab's document (see the contracts, packages/contracts/src/products/tech-pack). */
export const pdTechPackParts = pgTable(
  "pd_tech_pack_parts",
  {
    techPackId: integer("tech_pack_id")
      .notNull()
      .references(() => pdTechPacks.id, { onDelete: "cascade" }),
    tab: text("tab").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.techPackId, t.tab] })],
);

export const TECH_PACK_TASK_STATUSES = ["open", "in_progress", "done"] as const;
export type TechPackTaskStatus = (typeof TECH_PACK_TASK_STATUSES)[number];

/** A task on a product (shown on its tech pack): who does what by when. */
export const pdTechPackTasks = pgTable(
  "pd_tech_pack_tasks",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => pdProducts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    assigneeUserId: integer("assignee_user_id").references(() => users.userId, { onDelete: "set null" }),
    dueDate: text("due_date"),
    status: text("status").$type<TechPackTaskStatus>().notNull().default("open"),
    createdBy: text("created_by"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("pd_tech_pack_tasks_product_idx").on(t.productId)],
);

/** Every submit, approve, reject and send to the factory of a tech pack, with its comment. */
export const pdTechPackApprovals = pgTable(
  "pd_tech_pack_approvals",
  {
    id: serial("id").primaryKey(),
    techPackId: integer("tech_pack_id")
      .notNull()
      .references(() => pdTechPacks.id, { onDelete: "cascade" }),
    action: text("action").$type<"submit" | "approve" | "reject" | "send">().notNull(),
    comment: text("comment"),
    userName: text("user_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pd_tech_pack_approvals_pack_idx").on(t.techPackId)],
);

/** The tech pack's history: one row per changed field of every save (who, when, tab, field, old, new). */
export const pdTechPackHistory = pgTable(
  "pd_tech_pack_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    techPackId: integer("tech_pack_id")
      .notNull()
      .references(() => pdTechPacks.id, { onDelete: "cascade" }),
    userName: text("user_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    tab: text("tab").notNull(),
    field: text("field").notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
  },
  (t) => [index("pd_tech_pack_history_pack_idx").on(t.techPackId, t.id)],
);

/**
 * A version sent to a facility (issue 23): the facility's users read that version, read-only,
 * through their Tech Packs list. One row per (version, facility); the first time a facility
 * user opens it is kept for the brand.
 */
export const pdTechPackSends = pgTable(
  "pd_tech_pack_sends",
  {
    id: serial("id").primaryKey(),
    techPackId: integer("tech_pack_id")
      .notNull()
      .references(() => pdTechPacks.id, { onDelete: "cascade" }),
    factoryId: integer("factory_id")
      .notNull()
      .references(() => factories.factoryId, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** The sender's user name, and their name as shown to the facility. */
    sentBy: text("sent_by").notNull(),
    sentByName: text("sent_by_name").notNull(),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    firstOpenedBy: text("first_opened_by"),
    /** The facility said it has this version and builds from it (issue 19): the first acknowledgement is kept. */
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: text("acknowledged_by"),
  },
  (t) => [
    uniqueIndex("pd_tech_pack_sends_pack_factory_key").on(t.techPackId, t.factoryId),
    index("pd_tech_pack_sends_factory_idx").on(t.factoryId, t.sentAt),
  ],
);

/**
 * A version's texts in another language (issue 19, translation): one row a language, replaced when
 * translated again. `texts` holds each text's place, its source as translated and the translation;
 * a text whose source has changed since is shown as outdated and not printed.
 */
export const pdTechPackTranslations = pgTable(
  "pd_tech_pack_translations",
  {
    techPackId: integer("tech_pack_id")
      .notNull()
      .references(() => pdTechPacks.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    texts: jsonb("texts").$type<{ path: string; label: string; source: string; text: string }[]>().notNull(),
    translatedBy: text("translated_by"),
    translatedAt: timestamp("translated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.techPackId, t.lang] })],
);
