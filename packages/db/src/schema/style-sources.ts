import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { created } from "./columns";
import { styles } from "./library-styles";
import { pdProducts, pdTechPacks } from "./products";

/**
 * Where a manufacturing-library style came from (issue 19, "from an approved tech pack to the
 * floor"): the brand's product and the approved version the facility made it from. One row a style;
 * a product may become styles at several facilities. The style's order lines reach the product's
 * tech pack through it (its shipping profile at pack-out, its critical measurements at QC). A later
 * approved version of the product marks the style out of date (`outOfDateTechPackId`) until the
 * facility updates it from that version.
 */
export const libStyleSources = pgTable(
  "lib_style_sources",
  {
    styleId: integer("style_id")
      .primaryKey()
      .references(() => styles.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => pdProducts.id, { onDelete: "cascade" }),
    /** The approved version the style was made (or last updated) from. */
    techPackId: integer("tech_pack_id")
      .notNull()
      .references(() => pdTechPacks.id, { onDelete: "cascade" }),
    /** A newer approved version the style does not follow yet; null when up to date. */
    outOfDateTechPackId: integer("out_of_date_tech_pack_id").references(() => pdTechPacks.id, {
      onDelete: "set null",
    }),
    createdBy: text("created_by"),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lib_style_sources_product_idx").on(t.productId)],
);
