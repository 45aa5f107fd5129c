import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, owner, updated } from "./columns";

/** The manufacturing library's options (Size, Colour) and their attributes (M, Black). */

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
