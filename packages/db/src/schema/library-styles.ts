import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { created, money, owner, qty, updated } from "./columns";
import { fabrics, instructions, machines, parts } from "./library-materials";
import { attributes, options } from "./library-options";

/** The manufacturing library's styles: price tiers, clients, options, bill of materials, construction steps, markers. */

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
