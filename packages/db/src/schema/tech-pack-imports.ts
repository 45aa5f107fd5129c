import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { created, updated } from "./columns";
import { pdProducts, pdTechPacks } from "./products";
import { teams } from "./teams";

/**
 * Import Tech Pack (issue 19). An uploaded workbook or CSV is read once, at preview, into its
 * sheets' cells (text), kept here under a random token for the apply that follows; rows older than
 * a day are dropped at the next preview. `appliedProductId` / `appliedTechPackId` say what the
 * apply made, so a repeated apply answers the same product instead of making another version.
 */
export const pdTechPackImports = pgTable(
  "pd_tech_pack_imports",
  {
    id: serial("id").primaryKey(),
    token: uuid("token").notNull().unique(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** The sheets as read: `{ name, rows: string[][] }[]` (cells as text, formulas by their saved value). */
    sheets: jsonb("sheets").$type<{ name: string; rows: string[][] }[]>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: created(),
    appliedProductId: integer("applied_product_id").references(() => pdProducts.id, { onDelete: "set null" }),
    appliedTechPackId: integer("applied_tech_pack_id").references(() => pdTechPacks.id, { onDelete: "set null" }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [index("pd_tech_pack_imports_team_idx").on(t.teamId, t.createdAt)],
);

/**
 * The column mapping a team confirmed, remembered for its next import: per section, a header (lower
 * case, spaces collapsed) and the field it was mapped to (`ignore` when left out).
 */
export const pdTechPackImportMappings = pgTable(
  "pd_tech_pack_import_mappings",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    section: text("section").notNull(),
    header: text("header").notNull(),
    field: text("field").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.section, t.header] })],
);
