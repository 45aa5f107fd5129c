import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, qty, updated } from "./columns";
import { storedFiles } from "./files";
import { teams } from "./teams";

/**
 * The design library of product development: what a brand's design team picks from when it
 * writes a tech pack. Every row belongs to a team (teamOwner in the resource engine); the team's
 * client is the tenant. These are the brand's own things, not the factory's manufacturing library
 * (lib_*) and not the factory's inventory suppliers.
 *
 *   pd_suppliers ─┐
 *                 ├─< pd_library_items (kind: fabrics, notions, labels, …) ─< pd_library_variants
 *   pd_size_ranges ─< pd_pom_templates ─< pd_pom_template_points
 */

const team = () =>
  integer("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" });
const image = () => integer("image_file_id").references(() => storedFiles.id, { onDelete: "set null" });

/** The kinds of pd_library_items; each is a page under /productDev/libary/{kind}. */
export const DESIGN_LIBRARY_KINDS = [
  "images",
  "fabrics",
  "notions",
  "labels",
  "threads",
  "packaging",
  "colors",
  "prints",
  "graphics",
  "shipping",
] as const;
export type DesignLibraryKind = (typeof DESIGN_LIBRARY_KINDS)[number];

/** The brand's own suppliers (mills, trim houses, label makers). */
export const pdSuppliers = pgTable(
  "pd_suppliers",
  {
    id: serial("id").primaryKey(),
    teamId: team(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    contactName: text("contact_name"),
    email: text("email"),
    phone: text("phone"),
    country: text("country"),
    currency: text("currency").notNull().default("USD"),
    leadTimeDays: integer("lead_time_days"),
    notes: text("notes"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("pd_suppliers_code_key").on(t.teamId, sql`lower(${t.code})`)],
);

/**
 * One design-library item of any kind. Columns every kind shares; what only one kind has
 * (a colour's hex and Pantone-style name, a fabric's composition and weight) is in `attrs`,
 * whose shape the contracts define per kind.
 */
export const pdLibraryItems = pgTable(
  "pd_library_items",
  {
    id: serial("id").primaryKey(),
    teamId: team(),
    kind: text("kind").$type<DesignLibraryKind>().notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    supplierId: integer("supplier_id").references(() => pdSuppliers.id, { onDelete: "set null" }),
    /** yd, m, pc, cone, roll… */
    unit: text("unit"),
    costCents: integer("cost_cents"),
    imageFileId: image(),
    attrs: jsonb("attrs").$type<Record<string, unknown>>().notNull().default({}),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("pd_library_items_code_key").on(t.teamId, t.kind, sql`lower(${t.code})`),
    index("pd_library_items_team_kind_idx").on(t.teamId, t.kind),
  ],
);

/** A variant of a library item: a fabric in one colourway, a label in one size. */
export const pdLibraryVariants = pgTable(
  "pd_library_variants",
  {
    id: serial("id").primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => pdLibraryItems.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    supplierId: integer("supplier_id").references(() => pdSuppliers.id, { onDelete: "set null" }),
    costCents: integer("cost_cents"),
    imageFileId: image(),
    attrs: jsonb("attrs").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("pd_library_variants_code_key").on(t.itemId, sql`lower(${t.code})`)],
);

/** A size range: ordered sizes (XS…3XL, 0…16) and the base size the spec is written in. */
export const pdSizeRanges = pgTable(
  "pd_size_ranges",
  {
    id: serial("id").primaryKey(),
    teamId: team(),
    name: text("name").notNull(),
    sizes: text("sizes").array().notNull(),
    baseSize: text("base_size").notNull(),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("pd_size_ranges_name_key").on(t.teamId, sql`lower(${t.name})`)],
);

/** A reusable set of points of measure for a size range. */
export const pdPomTemplates = pgTable(
  "pd_pom_templates",
  {
    id: serial("id").primaryKey(),
    teamId: team(),
    name: text("name").notNull(),
    sizeRangeId: integer("size_range_id").references(() => pdSizeRanges.id, { onDelete: "set null" }),
    /** cm or in: the unit the values below are written in. */
    unit: text("unit").$type<"cm" | "in">().notNull().default("cm"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("pd_pom_templates_name_key").on(t.teamId, sql`lower(${t.name})`)],
);

/**
 * A point of measure of a template. `gradeRules` maps each size to its increment from the
 * previous size towards the base (the usual grade-rule table); the tech pack's graded spec copies
 * these rows and fills every size from the base value.
 */
export const pdPomTemplatePoints = pgTable(
  "pd_pom_template_points",
  {
    id: serial("id").primaryKey(),
    templateId: integer("template_id")
      .notNull()
      .references(() => pdPomTemplates.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
    code: text("code").notNull(),
    description: text("description").notNull(),
    howToMeasure: text("how_to_measure"),
    tolPlus: qty("tol_plus").notNull().default(0),
    tolMinus: qty("tol_minus").notNull().default(0),
    critical: boolean("critical").notNull().default(false),
    baseValue: qty("base_value"),
    gradeRules: jsonb("grade_rules").$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [uniqueIndex("pd_pom_template_points_code_key").on(t.templateId, sql`lower(${t.code})`)],
);

/**
 * How a team groups its products (issue 19): collections (a season's line), batches (its drops) and
 * tags. Products name them (`pd_products.collection`, `batch`, `tags`): a name a product is saved
 * with becomes the team's group if it is new, and renaming a group renames it on the products
 * (and the versions not yet frozen) in the same transaction.
 */
const productGroup = (name: string) =>
  pgTable(
    name,
    {
      id: serial("id").primaryKey(),
      teamId: team(),
      name: text("name").notNull(),
      description: text("description"),
      archived: boolean("archived").notNull().default(false),
      createdAt: created(),
      updatedAt: updated(),
    },
    (t) => [uniqueIndex(`${name}_name_key`).on(t.teamId, sql`lower(${t.name})`)],
  );
export const pdCollections = productGroup("pd_collections");
export const pdBatches = productGroup("pd_batches");
export const pdTags = productGroup("pd_tags");
