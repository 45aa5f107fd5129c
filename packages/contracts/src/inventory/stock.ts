import { z } from "zod";
import { ZDbIdSchema, ZIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import {
  INVENTORY_MESSAGES,
  ZInvPageQuerySchema,
  ZMaterialKindSchema,
  ZMaterialQuantitySchema,
  ZPositiveQuantitySchema,
  ZQueryFlagSchema,
  ZSignedQuantitySchema,
  zInvOptionalText,
  zInvText,
} from "./common";

/** Stock: one item per library fabric and part, its ledger and average cost (issue 10). */

export const LEDGER_KINDS = ["receipt", "consumption", "adjustment", "return"] as const;
export const ZLedgerKindSchema = z.enum(LEDGER_KINDS);

export const ZStockListQuerySchema = ZInvPageQuerySchema.extend({
  materialKind: ZMaterialKindSchema.optional(),
  /** Only items whose available quantity is below their threshold. */
  belowThreshold: ZQueryFlagSchema,
});
export type TStockListQuery = z.infer<typeof ZStockListQuerySchema>;

export const ZStockItemSchema = z.object({
  materialKind: ZMaterialKindSchema,
  materialId: z.number().int(),
  factoryId: z.number().int(),
  code: zText(),
  name: zText(),
  unit: zText(),
  /** Sum of the ledger, e.g. "12.5000". */
  quantity: zText(),
  /** Fabric held by pulled units not cut yet (issue 22 part 2); "0.0000" for parts. */
  reserved: zText(),
  /** quantity − reserved: what a pull may still take; low stock compares it with the threshold. */
  available: zText(),
  threshold: zText(),
  thresholdByCnt: z.boolean(),
  avgCostCents: z.number().int(),
  /** Consumption over the last 30 days, positive. */
  usage30d: zText(),
  /** quantity × average cost, rounded to cents. */
  valueCents: z.number().int(),
  lowStock: z.boolean(),
  archived: z.boolean(),
});
export type TStockItem = z.infer<typeof ZStockItemSchema>;
export const ZStockItemPageSchema = pageOf(ZStockItemSchema);

export const ZStockItemParamsSchema = z.object({ kind: ZMaterialKindSchema, id: ZIdSchema });

export const ZStockLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: ZLedgerKindSchema,
  quantity: zText(),
  unitCostCents: z.number().int().nullable(),
  reason: zText().nullable(),
  reference: zText().nullable(),
  poLineId: z.number().int().nullable(),
  poId: z.number().int().nullable(),
  poNumber: zText().nullable(),
  actorName: zText(),
  at: zText(),
});
export type TStockLedgerEntry = z.infer<typeof ZStockLedgerEntrySchema>;

export const ZAverageCostEntrySchema = z.object({
  id: z.number().int(),
  at: zText(),
  quantityBefore: zText(),
  quantityAfter: zText(),
  costBeforeCents: z.number().int(),
  costAfterCents: z.number().int(),
  ledgerId: z.number().int().nullable(),
  poLineId: z.number().int().nullable(),
});

export const ZStockDetailQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(500).default(50),
});

export const ZStockItemDetailSchema = z.object({
  item: ZStockItemSchema,
  /** Newest first. */
  ledger: pageOf(ZStockLedgerEntrySchema),
  /** Newest first. */
  costHistory: z.array(ZAverageCostEntrySchema),
});
export type TStockItemDetail = z.infer<typeof ZStockItemDetailSchema>;

export const ZStockSettingsRequestSchema = z.object({
  threshold: ZMaterialQuantitySchema,
  thresholdByCnt: z.boolean(),
});
export type TStockSettingsRequest = z.infer<typeof ZStockSettingsRequestSchema>;

/**
 * An adjustment: either `change` (signed, e.g. "-1.5" of waste) or `countedQuantity` (a roll
 * counted: the ledger gets the difference from its sum). The reason is required.
 */
export const ZAdjustmentRequestSchema = z
  .object({
    materialKind: ZMaterialKindSchema,
    materialId: ZDbIdSchema,
    change: ZSignedQuantitySchema.optional(),
    countedQuantity: ZMaterialQuantitySchema.optional(),
    reason: zInvText(500).min(1, INVENTORY_MESSAGES.required),
    reference: zInvOptionalText(200),
  })
  .superRefine((v, ctx) => {
    if ((v.change === undefined) === (v.countedQuantity === undefined)) {
      ctx.addIssue({ code: "custom", path: ["change"], message: INVENTORY_MESSAGES.oneOfChangeOrCount });
    }
  });
export type TAdjustmentRequest = z.infer<typeof ZAdjustmentRequestSchema>;

/** The ledger row written and the item after it (adjustments and returns). */
export const ZAdjustmentResponseSchema = z.object({ entry: ZStockLedgerEntrySchema, item: ZStockItemSchema });

/** Goods sent back to the supplier: a negative `return` row, never more than is on hand. */
export const ZReturnRequestSchema = z.object({
  materialKind: ZMaterialKindSchema,
  materialId: ZDbIdSchema,
  quantity: ZPositiveQuantitySchema,
  reason: zInvText(500).min(1, INVENTORY_MESSAGES.required),
  /** The purchase order line the goods came on, when known (same material). */
  poLineId: ZDbIdSchema.nullable().optional(),
});
export type TReturnRequest = z.infer<typeof ZReturnRequestSchema>;

/** A row of a stock-count file (Import Csv `stockCounts`): the material found by its code. */
export const ZImportStockCountSchema = z.object({
  materialKind: ZMaterialKindSchema,
  materialId: z.number({ error: "Enter a fabric or part code" }).int().positive(),
  countedQuantity: ZMaterialQuantitySchema,
  reason: zInvText(500).min(1, INVENTORY_MESSAGES.required),
});
