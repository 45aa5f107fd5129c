import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { zText } from "../common/text";
import { ZProductFieldsSchema } from "./products";

/**
 * Import Tech Pack (issue 19): a workbook (one sheet per section, or one sheet with section titles)
 * or a CSV becomes a product with its first version, or a new version of the team's product with the
 * same code. The upload is read at preview and kept under a token; the person confirms or edits the
 * column mapping per section; apply writes everything in one transaction.
 */

export const TP_IMPORT_SECTIONS = ["details", "colorways", "bom", "pom", "construction"] as const;
export type TTpImportSection = (typeof TP_IMPORT_SECTIONS)[number];

export const TP_IMPORT_SECTION_LABELS: Record<TTpImportSection, string> = {
  details: "Product details",
  colorways: "Colourways",
  bom: "BOM",
  pom: "Points of measure",
  construction: "Construction steps",
};

/** What a sheet's name (or a section title row) may say for each section, lower case. */
export const TP_IMPORT_SECTION_SYNONYMS: Record<TTpImportSection, readonly string[]> = {
  details: ["product details", "details", "product", "product info", "style details", "header"],
  colorways: ["colourways", "colorways", "colourway", "colorway", "colours", "colors"],
  bom: ["bom", "bill of materials", "materials", "bom per colourway", "bom per colorway"],
  pom: ["points of measure", "pom", "poms", "measurements", "graded spec", "spec", "size spec", "grading"],
  construction: ["construction steps", "construction", "construction details", "steps", "sewing steps"],
};

export type TTpImportFieldDef = { field: string; label: string; synonyms: readonly string[] };

/**
 * Each section's fields and the header names (lower case) that propose them. `colorway` (BOM) and
 * `size` (POM) are columns whose header names the colourway or the size; `ignore` leaves a column out.
 */
export const TP_IMPORT_FIELDS: Record<TTpImportSection, readonly TTpImportFieldDef[]> = {
  details: [
    { field: "code", label: "Product code", synonyms: ["code", "product code", "style", "style number", "style no"] },
    { field: "name", label: "Name", synonyms: ["name", "product name", "style name", "product"] },
    { field: "status", label: "Status", synonyms: ["status"] },
    { field: "season", label: "Season", synonyms: ["season"] },
    { field: "category", label: "Category", synonyms: ["category", "product type"] },
    { field: "collection", label: "Collection", synonyms: ["collection"] },
    { field: "batch", label: "Batch", synonyms: ["batch", "drop", "delivery"] },
    { field: "fit", label: "Fit", synonyms: ["fit"] },
    { field: "description", label: "Description", synonyms: ["description", "notes"] },
    { field: "tags", label: "Tags (comma separated)", synonyms: ["tags", "tag", "keywords"] },
    { field: "targetCost", label: "Target cost", synonyms: ["target cost", "cost target", "fob target"] },
    { field: "targetPrice", label: "Target price", synonyms: ["target price", "price", "retail price", "msrp"] },
    { field: "sizes", label: "Sizes (comma separated)", synonyms: ["sizes", "size range"] },
    { field: "baseSize", label: "Base size", synonyms: ["base size", "sample size", "base"] },
    { field: "unit", label: "Unit (cm or in)", synonyms: ["unit", "units", "measurement unit", "uom"] },
  ],
  colorways: [
    { field: "key", label: "Colourway code", synonyms: ["code", "colourway code", "colorway code", "cw code", "key"] },
    { field: "name", label: "Colourway name", synonyms: ["name", "colourway", "colorway", "colour", "color"] },
  ],
  bom: [
    { field: "kind", label: "Type", synonyms: ["type", "bom type", "material type", "category", "kind"] },
    { field: "code", label: "Item code", synonyms: ["code", "item code", "material code", "ref", "reference"] },
    { field: "name", label: "Item name", synonyms: ["name", "item", "material", "description", "item name"] },
    { field: "placement", label: "Placement", synonyms: ["placement", "location", "usage", "where used"] },
    { field: "quantity", label: "Quantity", synonyms: ["quantity", "qty", "consumption", "yield"] },
    { field: "unit", label: "Unit", synonyms: ["unit", "uom", "units"] },
    { field: "cost", label: "Unit cost", synonyms: ["cost", "unit cost", "price", "unit price"] },
    { field: "colorway", label: "Colourway column", synonyms: [] },
  ],
  pom: [
    { field: "code", label: "POM code", synonyms: ["pom", "pom code", "code", "pom #", "pom no", "ref"] },
    {
      field: "description",
      label: "Description",
      synonyms: ["description", "point of measure", "pom description", "measurement", "name"],
    },
    { field: "howToMeasure", label: "How to measure", synonyms: ["how to measure", "htm", "instructions", "method"] },
    { field: "tol", label: "Tolerance (±)", synonyms: ["tol", "tolerance", "tol +/-", "tol ±", "+/-", "±"] },
    { field: "tolPlus", label: "Tolerance +", synonyms: ["tol +", "tol+", "tol plus", "+ tol", "plus tol"] },
    { field: "tolMinus", label: "Tolerance −", synonyms: ["tol -", "tol-", "tol minus", "- tol", "minus tol"] },
    { field: "critical", label: "Critical", synonyms: ["critical", "key", "qc", "key measurement"] },
    { field: "size", label: "Size column", synonyms: [] },
  ],
  construction: [
    { field: "step", label: "Step number", synonyms: ["step", "#", "no", "step no", "step number", "seq"] },
    { field: "title", label: "Title", synonyms: ["title", "operation", "step name", "name"] },
    { field: "description", label: "Description", synonyms: ["description", "details", "instructions", "notes"] },
  ],
};

export const TP_IMPORT_IGNORE = "ignore";

/** The largest file, and the most rows a sheet, an import reads. */
export const TECH_PACK_IMPORT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** All of the workbook's parts, unzipped. */
  maxUnzippedBytes: 60 * 1024 * 1024,
  maxRowsPerSheet: 5_000,
  maxSheets: 60,
  maxColumns: 100,
  /** A PDF tech pack (kept whole, with its images). */
  maxPdfBytes: 20 * 1024 * 1024,
} as const;

export const ZTpImportColumnSchema = z.object({
  /** The column's place in the section's header (0-based). */
  index: z.number().int().min(0).max(1000),
  header: zText().max(200),
  /** One of the section's fields, or `ignore`. */
  field: zText().max(40),
});
export type TTpImportColumn = z.infer<typeof ZTpImportColumnSchema>;

export const ZTpImportSectionMappingSchema = z.object({
  section: z.enum(TP_IMPORT_SECTIONS, { error: "Unknown section" }),
  sheet: zText().max(200),
  columns: z.array(ZTpImportColumnSchema).max(200),
});
export type TTpImportSectionMapping = z.infer<typeof ZTpImportSectionMappingSchema>;

export const ZTpImportMappingSchema = z
  .array(ZTpImportSectionMappingSchema)
  .max(TP_IMPORT_SECTIONS.length * 10)
  .superRefine((sections, ctx) => {
    sections.forEach((s, i) => {
      const allowed = new Set([TP_IMPORT_IGNORE, ...TP_IMPORT_FIELDS[s.section].map((f) => f.field)]);
      s.columns.forEach((c, j) => {
        if (!allowed.has(c.field))
          ctx.addIssue({
            code: "custom",
            path: [i, "columns", j, "field"],
            message: `Not a field of ${TP_IMPORT_SECTION_LABELS[s.section]}`,
          });
      });
    });
  });

export const ZTpImportTokenSchema = z.uuid({ error: "Not an import token" });

/** POST …/importTechPack/preview?teamId= (multipart, one file). */
export const ZTpImportPreviewQuerySchema = z.object({ teamId: ZIdSchema.optional() });
/** POST …/importTechPack/remap and …/apply: the upload's token and the (possibly edited) mapping. */
export const ZTpImportApplyRequestSchema = z.object({ token: ZTpImportTokenSchema, mapping: ZTpImportMappingSchema });
export type TTpImportApplyRequest = z.infer<typeof ZTpImportApplyRequestSchema>;

export const ZTpImportProblemSchema = z.object({
  sheet: zText(),
  /** 1-based, as the spreadsheet shows it; null for the whole sheet or file. */
  row: z.number().int().nullable(),
  /** The column letter (A, B, … AA); null for a whole row. */
  column: zText().nullable(),
  severity: z.enum(["error", "warning"]),
  message: zText(),
});
export type TTpImportProblem = z.infer<typeof ZTpImportProblemSchema>;

export const ZTpImportPreviewSchema = z
  .object({
    token: zText(),
    fileName: zText(),
    teamId: z.number().int(),
    sections: z.array(
      z.object({
        section: z.enum(TP_IMPORT_SECTIONS),
        label: zText(),
        sheet: zText(),
        headerRow: z.number().int(),
        rowCount: z.number().int(),
        columns: z.array(
          ZTpImportColumnSchema.extend({ proposedBy: z.enum(["remembered", "synonym", "guess", "none"]) }),
        ),
      }),
    ),
    /** Sheets in which no section was found. */
    unusedSheets: z.array(zText()),
    product: z.object({ code: zText(), name: zText() }).nullable(),
    /** The team's product with that code: applying makes its next version. */
    existing: z.object({ id: z.number().int(), latestVersion: z.number().int() }).nullable(),
    counts: z.object({
      colorways: z.number().int(),
      bomRows: z.number().int(),
      points: z.number().int(),
      steps: z.number().int(),
      sizes: z.array(zText()),
      baseSize: zText().nullable(),
      unit: z.enum(["cm", "in"]),
      newLibraryItems: z.number().int(),
    }),
    problems: z.array(ZTpImportProblemSchema),
    canApply: z.boolean(),
  })
  .meta({ id: "TechPackImportPreview" });
export type TTpImportPreview = z.infer<typeof ZTpImportPreviewSchema>;

export const ZTpImportResultSchema = z.object({
  productId: z.number().int(),
  stpId: z.number().int(),
  version: z.number().int(),
  /** True when the product was made; false when a new version of the team's product was. */
  created: z.boolean(),
  code: zText(),
});
export type TTpImportResult = z.infer<typeof ZTpImportResultSchema>;

/**
 * POST …/importTechPack/pdf (multipart, one PDF): the product it is attached to, by code — a new
 * product with version 1, or the next version of the team's product with the code.
 */
export const ZTpImportPdfQuerySchema = ZTpImportPreviewQuerySchema.extend({
  code: ZProductFieldsSchema.shape.code,
  name: ZProductFieldsSchema.shape.name,
});
export type TTpImportPdfQuery = z.infer<typeof ZTpImportPdfQuerySchema>;
export const ZTpImportPdfResultSchema = ZTpImportResultSchema.extend({
  /** The PDF, now one of the team's files and on the version's Files tab. */
  fileId: z.number().int(),
  fileName: zText(),
  pages: z.number().int(),
  /** Characters of text kept for search (0: none found, as in a scan). */
  textCharacters: z.number().int(),
  /** True when this very PDF was already on the product's newest version: nothing new was made. */
  alreadyImported: z.boolean(),
});
export type TTpImportPdfResult = z.infer<typeof ZTpImportPdfResultSchema>;
