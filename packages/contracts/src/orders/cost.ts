import { z } from "zod";

/** Fabric, parts and labour of a line or an order, in cents. */
export const ZCostSplitSchema = z.object({
  fabricCents: z.number().int(),
  partCents: z.number().int(),
  labourCents: z.number().int(),
  totalCents: z.number().int(),
});

/**
 * A line's cost (issue 22): quoted at placing (the style's build-up per piece times the quantity;
 * null on lines placed before quoting was kept), actual as it was made (fabric at cut from the
 * stock ledger at its weighted average cost, recuts included; parts per piece cut; labour from
 * the time each unit spent at each station at the facility's rate). Margin = price − actual.
 */
export const ZOrderCostLineSchema = z.object({
  itemId: z.number().int(),
  lineNumber: z.number().int(),
  sku: z.string(),
  styleCode: z.string(),
  quantity: z.number().int(),
  priceCents: z.number().int(),
  quoted: ZCostSplitSchema.nullable(),
  actual: ZCostSplitSchema,
  labourMinutes: z.number(),
  marginCents: z.number().int(),
});

export const ZOrderCostSchema = z.object({
  orderId: z.number().int(),
  labourCentsPerMinute: z.number().int(),
  lines: z.array(ZOrderCostLineSchema),
  priceCents: z.number().int(),
  /** Null when a line has no quoted cost (placed before costs were kept, or written by an edit): a partial sum would mislead. */
  quotedCents: z.number().int().nullable(),
  actualCents: z.number().int(),
  marginCents: z.number().int(),
});
export type TOrderCost = z.infer<typeof ZOrderCostSchema>;
