import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, updated } from "./columns";
import { pdLibraryItems } from "./design-library";
import { teams } from "./teams";

const item = (name: string) => integer(name).references(() => pdLibraryItems.id, { onDelete: "set null" });
const dimension = (name: string) => numeric(name, { precision: 8, scale: 2, mode: "number" });

/**
 * A team's shipping profile (issue 19, `/productDev/shippingProfiles`): the box (a Shipping Library
 * item and/or its dimensions), fold, polybag and inserts, units per box, a box tare and grams per
 * garment for each size (`weights`: [{ size, grams }]). A tech pack version's packaging tab names
 * one (`pd_tech_pack_parts.data.shippingProfileId`); pack-out reads it through `lib_style_sources`.
 */
export const pdShippingProfiles = pgTable(
  "pd_shipping_profiles",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    boxItemId: item("box_item_id"),
    boxLength: dimension("box_length"),
    boxWidth: dimension("box_width"),
    boxHeight: dimension("box_height"),
    /** cm | in */
    dimensionUnit: text("dimension_unit").notNull().default("cm"),
    foldMethod: text("fold_method").notNull(),
    polybag: boolean("polybag").notNull().default(false),
    polybagItemId: item("polybag_item_id"),
    /** Shipping Library items put in with the garment (ids of pd_library_items). */
    insertItemIds: integer("insert_item_ids").array().notNull().default(sql`'{}'::integer[]`),
    unitsPerBox: integer("units_per_box").notNull(),
    boxTareGrams: integer("box_tare_grams").notNull().default(0),
    weights: jsonb("weights").$type<{ size: string; grams: number }[]>().notNull().default([]),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("pd_shipping_profiles_name_key").on(t.teamId, sql`lower(${t.name})`)],
);
