import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";
import { ZDateSchema } from "./orders";

/**
 * Order documents (issue 10): the packing slip and the barcode labels, PDFs rendered on the server
 * (`apps/server/src/modules/orders/documents/`), and the order charge report.
 */

import { LABEL_FORMATS, LABEL_SYMBOLOGIES, PAPER_SIZES } from "../common/labels";

export {
  LABEL_FORMATS,
  LABEL_SYMBOLOGIES,
  PAPER_SIZES,
  type TLabelFormat,
  type TLabelSymbology,
  type TPaperSize,
} from "../common/labels";

/** GET /orders/:id/packing-slip.pdf */
export const ZPackingSlipQuerySchema = z.object({
  paper: z.enum(PAPER_SIZES, { error: "Use letter or a4" }).default("letter"),
});
export type TPackingSlipQuery = z.infer<typeof ZPackingSlipQuerySchema>;

/** GET /orders/:id/labels.pdf: a sheet of 2 x 1 in labels (Letter or A4), or one 4 x 6 in label per page. */
export const ZLabelsQuerySchema = z.object({
  format: z.enum(LABEL_FORMATS, { error: "Use sheet or single" }).default("sheet"),
  symbology: z.enum(LABEL_SYMBOLOGIES, { error: "Use code128 or qr" }).default("code128"),
  paper: z.enum(PAPER_SIZES, { error: "Use letter or a4" }).default("letter"),
});
export type TLabelsQuery = z.infer<typeof ZLabelsQuerySchema>;

/** What a line's label encodes: the order number and the line number, `SO-000123-L2`. */
export const lineLabelCode = (orderNumber: string, lineNumber: number) => `${orderNumber}-L${lineNumber}`;

/* ---------- order charge report (/orderChargeReport) ---------- */

export const CHARGE_KINDS = ["charge", "refund"] as const;
export const CHARGE_STATUSES = ["succeeded", "failed"] as const;
export type TChargeKind = (typeof CHARGE_KINDS)[number];

/** Charges and refunds of orders: the one paging contract plus the date range (inclusive, UTC), client, kind, status. */
export const ZChargeReportQuerySchema = ZPageQuerySchema.extend({
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
  clientId: ZIdSchema.optional(),
  kind: z.enum(CHARGE_KINDS, { error: "Use charge or refund" }).optional(),
  status: z.enum(CHARGE_STATUSES, { error: "Use succeeded or failed" }).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The start date is after the end date", path: ["to"] });
export type TChargeReportQuery = z.infer<typeof ZChargeReportQuerySchema>;

export const ZChargeRowSchema = z.object({
  id: z.number().int(),
  createdAt: zText(),
  orderId: z.number().int(),
  orderNumber: zText(),
  clientId: z.number().int(),
  clientName: zText(),
  kind: z.enum(CHARGE_KINDS),
  amountCents: z.number().int(),
  status: zText(),
  provider: zText(),
  providerId: zText().nullable(),
  failureMessage: zText().nullable(),
});
export type TChargeRow = z.infer<typeof ZChargeRowSchema>;

/** Totals of the whole filter (not the page): succeeded charges, succeeded refunds, net = charged − refunded. */
export const ZChargeTotalsSchema = z.object({
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  count: z.number().int(),
});
export type TChargeTotals = z.infer<typeof ZChargeTotalsSchema>;

export const ZChargeReportSchema = pageOf(ZChargeRowSchema).extend({ totals: ZChargeTotalsSchema });
export type TChargeReport = z.infer<typeof ZChargeReportSchema>;

export const CHARGE_CSV_HEADER = [
  "date",
  "orderNumber",
  "client",
  "kind",
  "amountCents",
  "status",
  "provider",
  "providerId",
  "failureMessage",
] as const;
