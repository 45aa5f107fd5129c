import { z } from "zod";
import { ZDbIdSchema, ZIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import {
  ZInvCentsSchema,
  ZInvDateSchema,
  ZInvPageQuerySchema,
  ZMaterialKindSchema,
  ZPositiveQuantitySchema,
  zInvOptionalText,
  zInvText,
} from "./common";

/** Purchase orders to suppliers, received into the stock ledger (issue 10, /inventoryOnOrder). */

export const PO_STATUSES = ["open", "partially_received", "received", "closed", "cancelled"] as const;
export const ZPoStatusSchema = z.enum(PO_STATUSES);
export type TPoStatus = z.infer<typeof ZPoStatusSchema>;

export const ZPoLineRequestSchema = z
  .object({
    materialKind: ZMaterialKindSchema,
    materialId: ZDbIdSchema,
    quantity: ZPositiveQuantitySchema,
    unitCostCents: ZInvCentsSchema,
    expectedDate: ZInvDateSchema.nullable().optional(),
  })
  // A line's value must stay a safe whole number of cents (quantity is exact text; this is only a bound).
  .refine((l) => Number(l.quantity) * l.unitCostCents <= 10_000_000_000_000, {
    path: ["quantity"],
    message: "This line's total is too large",
  });

export const ZPoRequestSchema = z.object({
  supplierId: ZDbIdSchema,
  /** PO-000042 from the id when empty. */
  number: zInvText(40)
    .regex(/^[A-Za-z0-9._/-]*$/, "A number may hold letters, digits, dots, slashes, hyphens and underscores")
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  expectedDate: ZInvDateSchema.nullable().optional(),
  notes: zInvOptionalText(2000),
  factoryId: ZDbIdSchema.optional(),
  lines: z.array(ZPoLineRequestSchema).min(1, "Add at least one line").max(200, "At most 200 lines"),
});
export type TPoRequest = z.input<typeof ZPoRequestSchema>;

export const ZPoListQuerySchema = ZInvPageQuerySchema.extend({
  status: ZPoStatusSchema.optional(),
  supplierId: ZIdSchema.optional(),
});

export const ZPoSchema = z.object({
  id: z.number().int(),
  factoryId: z.number().int(),
  number: zText(),
  supplierId: z.number().int(),
  supplierName: zText(),
  status: ZPoStatusSchema,
  expectedDate: zText().nullable(),
  lineCount: z.number().int(),
  totalCents: z.number().int(),
  createdByName: zText(),
  createdAt: zText(),
});
export type TPo = z.infer<typeof ZPoSchema>;
export const ZPoPageSchema = pageOf(ZPoSchema);

export const ZPoLineSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  materialKind: ZMaterialKindSchema,
  materialId: z.number().int(),
  code: zText(),
  name: zText(),
  unit: zText(),
  quantity: zText(),
  unitCostCents: z.number().int(),
  expectedDate: zText().nullable(),
  receivedAmt: zText(),
  cancelledAmt: zText(),
  outstanding: zText(),
});

export const ZPoHistorySchema = z.object({
  fromStatus: ZPoStatusSchema.nullable(),
  toStatus: ZPoStatusSchema,
  reason: zText().nullable(),
  actorName: zText(),
  at: zText(),
});

export const ZPoDetailSchema = ZPoSchema.extend({
  notes: zText().nullable(),
  lines: z.array(ZPoLineSchema),
  history: z.array(ZPoHistorySchema),
});
export type TPoDetail = z.infer<typeof ZPoDetailSchema>;

export const ZReceiveRequestSchema = z.object({
  lines: z
    .array(z.object({ lineId: ZDbIdSchema, receivedAmt: ZPositiveQuantitySchema }))
    .min(1, "Receive at least one line")
    .max(200, "At most 200 lines")
    .refine((ls) => new Set(ls.map((l) => l.lineId)).size === ls.length, "Name each line once"),
});
export type TReceiveRequest = z.infer<typeof ZReceiveRequestSchema>;

export const ZReceiveResponseSchema = z.object({
  receiptId: z.number().int(),
  /** True when the Idempotency-Key was seen before: nothing was written this time. */
  replayed: z.boolean(),
  purchaseOrder: ZPoDetailSchema,
});

/** Close and cancel take an optional body with an optional reason. */
export const ZPoActionRequestSchema = z.object({ reason: zInvOptionalText(500) }).nullish();
