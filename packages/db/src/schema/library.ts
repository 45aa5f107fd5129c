import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { clients, factories } from "./clients";
import { suppliers } from "./inventory";
import { users } from "./users";

/**
 * The manufacturing library (issue 4): a facility's master data. Every row belongs to one facility
 * (`factory_id`, the spec's organizationId). The model is written down in docs/glossary.md:
 *
 *   option (Size)  ──< option_attributes >──  attribute (M)
 *   style (TEE-100) ──< style_options (Size) ──< style_option_attributes (M, +0 ¢)
 *        ├─< style_price_tiers (from 50 pcs: 1150 ¢)     ├─< style_fabrics (Jersey 1.2 yd, for Black)
 *        ├─< style_parts (Main label ×1)                  ├─< style_instructions (step 1: overlock shoulders)
 *        ├─< style_markers (XS–M, 62 in)                  └─< style_clients (offered to Northwind)
 *   fabric ─ fabric_type; part ─ part_category; instruction ─ machine; instruction_images; profiles;
 *   sku_maps ──< sku_map_segments (option at position n)
 *
 * Quantities of material are `numeric` (exact), money integer cents.
 */

const money = (name: string) => integer(name).notNull().default(0);
const qty = (name: string) => numeric(name, { precision: 12, scale: 4, mode: "number" });
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/**
 * The inventory supplier a material is bought from (same facility; checked by the library). The
 * free-text `supplier` beside it stays: a label for rows written before suppliers existed, and what
 * CSV imports name.
 */
const supplierRef = () => integer("supplier_id").references((): AnyPgColumn => suppliers.id, { onDelete: "set null" });
const owner = () =>
  integer("factory_id")
    .notNull()
    .references(() => factories.factoryId, { onDelete: "cascade" });

/** Machines on the floor: overlock, coverstitch, flatlock, single needle… */
export const machines = pgTable(
  "lib_machines",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    machineType: text("machine_type").notNull(),
    make: text("make"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_machines_code_key").on(t.factoryId, sql`lower(${t.code})`)],
);

/** Option: a dimension a buyer chooses (Size, Colour, Fit). */
export const options = pgTable(
  "lib_options",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_options_code_key").on(t.factoryId, sql`lower(${t.code})`)],
);

/** Attribute: one value of an option (M, Black, Slim). */
export const attributes = pgTable(
  "lib_attributes",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** A colour attribute's swatch (#RRGGBB), shown in previews. */
    hexColor: text("hex_color"),
    sortOrder: integer("sort_order").notNull().default(0),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_attributes_code_key").on(t.factoryId, sql`lower(${t.code})`)],
);

/** Which attributes are values of which option (option-attribute links). */
export const optionAttributes = pgTable(
  "lib_option_attributes",
  {
    optionId: integer("option_id")
      .notNull()
      .references(() => options.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.attributeId] }),
    index("lib_option_attributes_attr_idx").on(t.attributeId),
  ],
);

export const fabricTypes = pgTable(
  "lib_fabric_types",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("lib_fabric_types_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

/** Fabric: a material bought by length (yards or metres) and cut into panels. */
export const fabrics = pgTable(
  "lib_fabrics",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    fabricCode: text("fabric_code").notNull(),
    fabricName: text("fabric_name").notNull(),
    fabricTypeId: integer("fabric_type_id").references(() => fabricTypes.id, { onDelete: "set null" }),
    supplier: text("supplier"),
    supplierId: supplierRef(),
    color: text("color"),
    /** Cost of one unit of length, in cents. */
    costCents: money("cost_cents"),
    unit: text("unit").notNull().default("yd"),
    widthInches: qty("width_inches"),
    weightGsm: integer("weight_gsm"),
    outOfStock: boolean("out_of_stock").notNull().default(false),
    stockChangedAt: timestamp("stock_changed_at", { withTimezone: true }),
    stockChangedBy: integer("stock_changed_by").references(() => users.userId, { onDelete: "set null" }),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_fabrics_code_key").on(t.factoryId, sql`lower(${t.fabricCode})`)],
);

/** Sewing threads; `kind` tells the thread list from the BMC thread list. */
export const threads = pgTable(
  "lib_threads",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    kind: text("kind").notNull().default("thread"),
    code: text("code").notNull(),
    name: text("name").notNull(),
    colorCode: text("color_code").notNull(),
    hexColor: text("hex_color"),
    brand: text("brand"),
    ticket: text("ticket"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_threads_code_key").on(t.factoryId, t.kind, sql`lower(${t.code})`)],
);

export const partCategories = pgTable(
  "lib_part_categories",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("lib_part_categories_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

/** Part: a trim or component counted per garment (zip, label, elastic, drawcord). */
export const parts = pgTable(
  "lib_parts",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    partCode: text("part_code").notNull(),
    name: text("name").notNull(),
    categoryId: integer("category_id").references(() => partCategories.id, { onDelete: "set null" }),
    supplier: text("supplier"),
    supplierId: supplierRef(),
    costCents: money("cost_cents"),
    unit: text("unit").notNull().default("each"),
    outOfStock: boolean("out_of_stock").notNull().default(false),
    stockChangedAt: timestamp("stock_changed_at", { withTimezone: true }),
    stockChangedBy: integer("stock_changed_by").references(() => users.userId, { onDelete: "set null" }),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_parts_code_key").on(t.factoryId, sql`lower(${t.partCode})`)],
);

/** Instruction: one construction operation, done on a machine in standard minutes. */
export const instructions = pgTable(
  "lib_instructions",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    machineId: integer("machine_id").references(() => machines.id, { onDelete: "set null" }),
    standardMinutes: qty("standard_minutes"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("lib_instructions_code_key").on(t.factoryId, sql`lower(${t.code})`),
    index("lib_instructions_machine_idx").on(t.machineId),
  ],
);

/** An image that shows an instruction, stored through the files adapter. */
export const instructionImages = pgTable(
  "lib_instruction_images",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    instructionId: integer("instruction_id")
      .notNull()
      .references(() => instructions.id, { onDelete: "cascade" }),
    caption: text("caption").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    storageKey: text("storage_key"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    sizeBytes: integer("size_bytes"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("lib_instruction_images_instruction_idx").on(t.instructionId)],
);

/** Style: a garment the factory makes to order, with its price, options and bill of materials. */
export const styles = pgTable(
  "lib_styles",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    description: text("description"),
    basePriceCents: money("base_price_cents"),
    /** Offered to every client of the facility; otherwise only to those in style_clients. */
    offeredToAll: boolean("offered_to_all").notNull().default(true),
    imageUrl: text("image_url"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
    /** Lower-cased code, name and category: what the list's search looks in. */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(code || ' ' || name || ' ' || category)`),
  },
  (t) => [
    uniqueIndex("lib_styles_code_key").on(t.factoryId, sql`lower(${t.code})`),
    index("lib_styles_name_idx").on(sql`lower(${t.name})`),
    index("lib_styles_category_idx").on(t.category),
    // The list's substring search (LIKE '%…%' on search_text) uses a trigram index on large libraries.
    index("lib_styles_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** Quantity breaks: from `minQuantity` pieces the unit price is `unitPriceCents`. */
export const stylePriceTiers = pgTable(
  "lib_style_price_tiers",
  {
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    minQuantity: integer("min_quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.styleId, t.minQuantity] })],
);

export const styleClients = pgTable(
  "lib_style_clients",
  {
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.styleId, t.clientId] }), index("lib_style_clients_client_idx").on(t.clientId)],
);

/** The options a style offers, in order. */
export const styleOptions = pgTable(
  "lib_style_options",
  {
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    optionId: integer("option_id")
      .notNull()
      .references(() => options.id, { onDelete: "restrict" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.styleId, t.optionId] }), index("lib_style_options_option_idx").on(t.optionId)],
);

/** The attributes a style offers for one of its options, with the upcharge per piece (2XL +200 ¢). */
export const styleOptionAttributes = pgTable(
  "lib_style_option_attributes",
  {
    styleId: integer("style_id").notNull(),
    optionId: integer("option_id").notNull(),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "restrict" }),
    upchargeCents: integer("upcharge_cents").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.styleId, t.optionId, t.attributeId] }),
    foreignKey({
      columns: [t.styleId, t.optionId],
      foreignColumns: [styleOptions.styleId, styleOptions.optionId],
    }).onDelete("cascade"),
    index("lib_style_option_attributes_attr_idx").on(t.attributeId),
  ],
);

/** Fabric dependencies: the fabric a style (or one attribute of it, e.g. Black) consumes per unit. */
export const styleFabrics = pgTable(
  "lib_style_fabrics",
  {
    id: serial("id").primaryKey(),
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    fabricId: integer("fabric_id")
      .notNull()
      .references(() => fabrics.id, { onDelete: "restrict" }),
    /** Null: every variant of the style; otherwise only variants with this attribute. */
    attributeId: integer("attribute_id").references(() => attributes.id, { onDelete: "restrict" }),
    placement: text("placement"),
    consumption: qty("consumption").notNull(),
  },
  (t) => [index("lib_style_fabrics_style_idx").on(t.styleId), index("lib_style_fabrics_fabric_idx").on(t.fabricId)],
);

export const styleParts = pgTable(
  "lib_style_parts",
  {
    id: serial("id").primaryKey(),
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    partId: integer("part_id")
      .notNull()
      .references(() => parts.id, { onDelete: "restrict" }),
    attributeId: integer("attribute_id").references(() => attributes.id, { onDelete: "restrict" }),
    quantity: qty("quantity").notNull(),
  },
  (t) => [index("lib_style_parts_style_idx").on(t.styleId), index("lib_style_parts_part_idx").on(t.partId)],
);

/** The ordered construction steps of a style, each on a machine. */
export const styleInstructions = pgTable(
  "lib_style_instructions",
  {
    id: serial("id").primaryKey(),
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    instructionId: integer("instruction_id")
      .notNull()
      .references(() => instructions.id, { onDelete: "restrict" }),
    machineId: integer("machine_id").references(() => machines.id, { onDelete: "restrict" }),
    note: text("note"),
  },
  (t) => [
    uniqueIndex("lib_style_instructions_step_key").on(t.styleId, t.step),
    index("lib_style_instructions_instruction_idx").on(t.instructionId),
  ],
);

/** A marker: the cutting layout of a style for a range of sizes. */
export const styleMarkers = pgTable(
  "lib_style_markers",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sizeRange: text("size_range").notNull(),
    lengthInches: qty("length_inches").notNull(),
    widthInches: qty("width_inches").notNull(),
    efficiencyPct: qty("efficiency_pct"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("lib_style_markers_style_idx").on(t.styleId)],
);

/** Profiles: named sets that can be applied to styles. */
export const attributeProfiles = pgTable(
  "lib_attribute_profiles",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_attribute_profiles_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

export const attributeProfileAttributes = pgTable(
  "lib_attribute_profile_attributes",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => attributeProfiles.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.attributeId] })],
);

export const attributeProfileStyles = pgTable(
  "lib_attribute_profile_styles",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => attributeProfiles.id, { onDelete: "cascade" }),
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.styleId] }),
    index("lib_attribute_profile_styles_style_idx").on(t.styleId),
  ],
);

export const partProfiles = pgTable(
  "lib_part_profiles",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_part_profiles_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

export const partProfileParts = pgTable(
  "lib_part_profile_parts",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => partProfiles.id, { onDelete: "cascade" }),
    partId: integer("part_id")
      .notNull()
      .references(() => parts.id, { onDelete: "restrict" }),
    quantity: qty("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.partId] }), index("lib_part_profile_parts_part_idx").on(t.partId)],
);

export const instructionProfiles = pgTable(
  "lib_instruction_profiles",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_instruction_profiles_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

export const instructionProfileSteps = pgTable(
  "lib_instruction_profile_steps",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => instructionProfiles.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    instructionId: integer("instruction_id")
      .notNull()
      .references(() => instructions.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.step] }),
    index("lib_instruction_profile_steps_instr_idx").on(t.instructionId),
  ],
);

/**
 * Sku map: how an incoming SKU string (from a store or a client's system) names a style and its
 * options. The style token sits at `styleStart` (1-based) for `styleLength` characters; each
 * segment names an option at its own start position.
 */
export const skuMaps = pgTable(
  "lib_sku_maps",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    styleToken: text("style_token").notNull(),
    styleStart: integer("style_start").notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("lib_sku_maps_style_idx").on(t.styleId),
    index("lib_sku_maps_token_idx").on(t.factoryId, sql`lower(${t.styleToken})`),
  ],
);

export const skuMapSegments = pgTable(
  "lib_sku_map_segments",
  {
    skuMapId: integer("sku_map_id")
      .notNull()
      .references(() => skuMaps.id, { onDelete: "cascade" }),
    optionId: integer("option_id")
      .notNull()
      .references(() => options.id, { onDelete: "restrict" }),
    /** 1-based start position of the segment in the SKU. */
    startPosition: integer("start_position").notNull(),
    /** Characters in the segment; null: up to the next separator (- _ / space) or the end. */
    length: integer("length"),
  },
  (t) => [primaryKey({ columns: [t.skuMapId, t.optionId] })],
);
