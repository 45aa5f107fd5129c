import { z } from "zod";
import { zDbId } from "../common/ids";
import { zText } from "../common/text";
import { ZStylePriceTierSchema } from "./style-composition";

/**
 * Import Csv (issue 4): choose a resource, download its template, upload a file, read the
 * row-by-row report, then apply every row in one transaction (or none). Rows whose code already
 * exists in the facility update that row; new codes add rows.
 */
export const IMPORT_RESOURCES = [
  "fabrics",
  "parts",
  "threads",
  "bmcThreads",
  "machines",
  "options",
  "attributes",
  "instructions",
  "styles",
  "stylePriceTiers",
  "suppliers",
  "stockCounts",
] as const;
export const ZImportResourceSchema = z.enum(IMPORT_RESOURCES, { error: "Choose what to import" });
export type TImportResource = z.infer<typeof ZImportResourceSchema>;

export type TImportColumn = { name: string; required: boolean; help: string; example: string };

const money = (name: string, example: string): TImportColumn => ({
  name,
  required: true,
  help: "Dollars and cents, e.g. 4.25",
  example,
});
const code = (name = "code", example = "ABC-1"): TImportColumn => ({
  name,
  required: true,
  help: "Unique in your library; an existing code updates that row",
  example,
});
const textColumn = (name: string, example: string, required = false, help = ""): TImportColumn => ({
  name,
  required,
  help,
  example,
});

export const IMPORT_COLUMNS: Record<TImportResource, TImportColumn[]> = {
  fabrics: [
    code("fabricCode", "JER-150"),
    textColumn("fabricName", "30/1 Combed Cotton Jersey 150 gsm", true),
    textColumn("fabricType", "Jersey", false, "A new type is added"),
    textColumn("supplier", "Carolina Knits"),
    textColumn("color", "Black"),
    money("cost", "4.20"),
    textColumn("unit", "yd", true, "yd or m"),
    textColumn("widthInches", "66", false, "Number"),
    textColumn("weightGsm", "150", false, "Whole number"),
  ],
  parts: [
    code("partCode", "ZIP-5C-22"),
    textColumn("name", 'YKK #5 coil zip, 22"', true),
    textColumn("category", "Zips", false, "A new category is added"),
    textColumn("supplier", "YKK"),
    money("cost", "0.85"),
    textColumn("unit", "each", true, "each, m, yd or cm"),
  ],
  threads: [
    code("code", "TH-BLK"),
    textColumn("name", "Core-spun poly Black", true),
    textColumn("colorCode", "CBLK", true),
    textColumn("hexColor", "#111111", false, "#RRGGBB"),
    textColumn("brand", "Coats Epic"),
    textColumn("ticket", "120"),
  ],
  bmcThreads: [
    code("code", "BMC-BLK"),
    textColumn("name", "BMC Black", true),
    textColumn("colorCode", "BMC-001", true),
    textColumn("hexColor", "#111111", false, "#RRGGBB"),
    textColumn("brand", "Amann"),
    textColumn("ticket", "120"),
  ],
  machines: [
    code("code", "OL-4T"),
    textColumn("name", "Overlock 4-thread", true),
    textColumn("machineType", "Overlock", true, "Overlock, Coverstitch, Flatlock, Single needle…"),
    textColumn("make", "Juki MO-6814S"),
  ],
  options: [
    code("code", "SIZE"),
    textColumn("name", "Size", true),
    textColumn("sortOrder", "1", false, "Whole number"),
  ],
  attributes: [
    code("code", "XL"),
    textColumn("name", "Extra large", true),
    textColumn("hexColor", "", false, "#RRGGBB, for colours"),
    textColumn("sortOrder", "5", false, "Whole number"),
    textColumn("options", "SIZE", false, "Option codes this is a value of, separated by |"),
  ],
  instructions: [
    code("code", "JN-SHD"),
    textColumn("name", "Join shoulders with tape", true),
    textColumn("machine", "OL-4T", false, "A machine code of your library"),
    textColumn("standardMinutes", "0.35", false, "Number"),
    textColumn("description", "Overlock with neck tape"),
  ],
  styles: [
    code("code", "TEE-100"),
    textColumn("name", "Classic Crew Tee", true),
    textColumn("category", "Tees", true),
    money("basePrice", "11.50"),
    textColumn("description", ""),
    textColumn("offeredToAll", "true", false, "true or false (default true)"),
    textColumn("imageUrl", ""),
  ],
  stylePriceTiers: [
    textColumn("styleCode", "TEE-100", true, "A style code of your library"),
    textColumn(
      "minQuantity",
      "50",
      true,
      "Whole number, 2 or more: the tier applies from this many pieces; an existing tier of the style updates",
    ),
    money("unitPrice", "10.25"),
  ],
  // Inventory (issue 10): suppliers' own fields; their materials and prices are kept on /supplierDetails.
  suppliers: [
    code("code", "MILL-01"),
    textColumn("name", "Carolina Knits", true),
    textColumn("contactName", "Ada Mill"),
    textColumn("email", "orders@carolinaknits.example"),
    textColumn("phone", "(704) 555-0100"),
    textColumn("leadTimeDays", "14", false, "Whole number of days, 0 to 365"),
    textColumn("currency", "USD", false, "ISO 4217 code (default USD)"),
    textColumn("notes", ""),
    textColumn("active", "true", false, "true or false (default true)"),
  ],
  // Inventory (issue 10): a counted quantity per fabric or part; the ledger gets the difference.
  stockCounts: [
    textColumn("materialKind", "fabric", true, "fabric or part"),
    textColumn("code", "JER-150", true, "A fabric or part code of your library"),
    textColumn("countedQuantity", "125.5", true, "In the material's unit; up to 4 decimals"),
    textColumn("reason", "Quarterly count", false, "Kept on the ledger row (default: Stock count)"),
  ],
};

/** A style price tier row of a file: the style found by its code, then the tier as the style editor checks it. */
export const ZImportStylePriceTierSchema = ZStylePriceTierSchema.extend({
  styleId: zDbId("Enter a style code"),
});

/** Largest file accepted: 25 MB or 100,000 rows. */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;

export const ZImportQuerySchema = z.object({
  resource: ZImportResourceSchema,
  fileName: zText().trim().max(200).default("import.csv"),
});
export const ZImportIdParamsSchema = z.object({ id: zText().regex(/^[0-9a-f-]{36}$/, "Unknown import") });
export const ZImportResourceParamsSchema = z.object({ resource: ZImportResourceSchema });

export const ZImportErrorSchema = z.object({
  line: z.number().int(),
  column: zText().nullable(),
  message: zText(),
});
export type TImportError = z.infer<typeof ZImportErrorSchema>;

export const ZImportReportSchema = z.object({
  importId: zText(),
  resource: ZImportResourceSchema,
  fileName: zText(),
  status: z.enum(["validated", "applied"]),
  rowCount: z.number().int(),
  validCount: z.number().int(),
  willCreate: z.number().int(),
  willUpdate: z.number().int(),
  errorCount: z.number().int(),
  /** The first 1,000 errors (errorCount says how many there are). */
  errors: z.array(ZImportErrorSchema),
  /** The first rows as read, for a look before applying. */
  preview: z.array(z.record(zText(), zText())),
  createdAt: z.iso.datetime({ offset: true }),
  appliedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TImportReport = z.infer<typeof ZImportReportSchema>;

export const ZImportResourcesSchema = z.array(
  z.object({
    resource: ZImportResourceSchema,
    columns: z.array(z.object({ name: zText(), required: z.boolean(), help: zText(), example: zText() })),
  }),
);
