import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { created, owner, updated } from "./columns";
import { options } from "./library-options";
import { styles } from "./library-styles";

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
