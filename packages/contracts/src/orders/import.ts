import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { zText } from "../common/text";
import { type TImportColumn, ZImportErrorSchema } from "../library/import";

/**
 * CSV order import (issue 10): the library's validate-then-apply import for orders. One order per
 * PO number (and client), one line per row; rows of one PO repeat its header fields.
 */
const col = (name: string, example: string, required = false, help = ""): TImportColumn => ({
  name,
  required,
  help,
  example,
});

export const ORDER_IMPORT_COLUMNS: TImportColumn[] = [
  col(
    "client",
    "northwind",
    false,
    "Site name or id (internal and facility users); client users import for their own client",
  ),
  col("poNumber", "PO-1001", true, "One order per PO number; its rows repeat the same header fields"),
  col("addressLabel", "", false, "A label of the client's address book, instead of the ship-to columns"),
  col("shipName", "Ada Lovelace"),
  col("shipCompany", "Northwind Outfitters"),
  col("shipLine1", "1 Harbour Way"),
  col("shipLine2", ""),
  col("shipCity", "Portland"),
  col("shipRegion", "OR"),
  col("shipPostalCode", "97201"),
  col("shipCountry", "US", false, "Two-letter country code"),
  col("shipPhone", ""),
  col("requestedShipDate", "", false, "YYYY-MM-DD, today or later"),
  col("notes", ""),
  col("sku", "TEE-100-M-BLK", false, "A SKU the facility's sku maps decode, or styleCode + attributeCodes"),
  col("styleCode", "", false, "Instead of sku: a style code"),
  col("attributeCodes", "", false, "With styleCode: attribute codes separated by |, e.g. M|BLK"),
  col("quantity", "12", true, "Whole number, 1 to 100000"),
];

/** The header fields every row of one PO must repeat alike. */
export const ORDER_IMPORT_HEADER_COLUMNS = [
  "addressLabel",
  "shipName",
  "shipCompany",
  "shipLine1",
  "shipLine2",
  "shipCity",
  "shipRegion",
  "shipPostalCode",
  "shipCountry",
  "shipPhone",
  "requestedShipDate",
  "notes",
] as const;

export const ZOrderImportQuerySchema = z.object({
  fileName: zText().trim().max(200).default("orders.csv"),
});

export const ZOrderImportOrderSchema = z.object({
  poNumber: zText(),
  clientId: z.number().int(),
  clientName: zText(),
  /** The CSV lines of its rows. */
  lines: z.array(z.number().int()),
  /** As priced when the file was checked (apply prices again: prices are frozen at placing). */
  totalCents: z.number().int().nullable(),
  /** Set once placed, or when this PO of this client was imported before (then nothing new is made). */
  orderId: z.number().int().nullable(),
  orderNumber: zText().nullable(),
  alreadyImported: z.boolean(),
});

export const ZOrderImportReportSchema = z
  .object({
    importId: zText(),
    fileName: zText(),
    status: z.enum(["validated", "applied"]),
    rowCount: z.number().int(),
    validCount: z.number().int(),
    /** Orders the file will make (or made): POs not imported before. */
    willCreate: z.number().int(),
    alreadyImported: z.number().int(),
    errorCount: z.number().int(),
    errors: z.array(ZImportErrorSchema),
    orders: z.array(ZOrderImportOrderSchema),
    createdAt: z.iso.datetime({ offset: true }),
    appliedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "OrderImportReport" });
export type TOrderImportReport = z.infer<typeof ZOrderImportReportSchema>;
export type TOrderImportOrder = z.infer<typeof ZOrderImportOrderSchema>;

/** The optional PO file of an order (Order Entry): a PDF or a picture of the purchase order. */
export const PO_FILE_TYPES = [
  { ext: "pdf", label: "PDF", contentType: "application/pdf" },
  { ext: "png", label: "PNG", contentType: "image/png" },
  { ext: "jpg", label: "JPEG", contentType: "image/jpeg" },
  { ext: "jpeg", label: "JPEG", contentType: "image/jpeg" },
] as const;
export const PO_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PO_FILE_MESSAGES = {
  wrongType: "A PO file must be a PDF, PNG or JPEG file.",
  noFile: "This order has no PO file.",
} as const;
export const ZPoFileQuerySchema = z.object({ clientId: ZIdSchema.optional() });
