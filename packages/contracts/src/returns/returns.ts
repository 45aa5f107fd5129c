import { z } from "zod";
import { ZIdSchema, zDbId } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zOptionalText, zText, zTrimmed } from "../common/text";
import { ZDateSchema } from "../orders/orders";

/**
 * Returns (RMA, issue 10): a client sends back chosen lines and quantities of one order. The model
 * is the "Returns" section of docs/adr/0003-orders.md. Money is integer cents.
 */

export const RETURN_STATUSES = ["requested", "received", "refunded", "remade", "cancelled"] as const;
export type TReturnStatus = (typeof RETURN_STATUSES)[number];

/** Allowed status changes; anything else is a 409 naming the current state. */
export const RETURN_TRANSITIONS: Record<TReturnStatus, readonly TReturnStatus[]> = {
  requested: ["received", "cancelled"],
  received: ["refunded", "remade"],
  refunded: [],
  remade: [],
  cancelled: [],
};

export const RETURN_REASONS = ["wrong_size", "defect", "damaged_in_transit", "not_as_described", "other"] as const;
export type TReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<TReturnReason, string> = {
  wrong_size: "Wrong size",
  defect: "Defect",
  damaged_in_transit: "Damaged in transit",
  not_as_described: "Not as described",
  other: "Other",
};

export const RETURN_MESSAGES = {
  noLines: "Choose at least one line to return",
  noteRequired: "Say what is wrong when the reason is Other",
  chooseOrder: "Choose an order",
  chooseLine: "Choose a line",
  chooseReason: "Choose a reason",
  /** Only shipped pieces come back. */
  nothingShipped: (orderNumber: string) =>
    `Nothing on order ${orderNumber} has shipped yet, so nothing on it can be returned.`,
  lineNotShipped: "Nothing on this line has shipped yet, so it cannot be returned.",
} as const;

/** Whether an order has shipped anything (so it has pieces that can come back): the order details' Return items. */
export const orderHasShipped = (status: string): boolean =>
  status === "partially_shipped" || status === "shipped" || status === "completed";

export const ZReturnQuantitySchema = z
  .number({ error: "Enter a quantity" })
  .int("Must be a whole number")
  .min(1, "Must be at least 1")
  .max(100_000, "At most 100000 per line");

export const ZReturnLineInputSchema = z.object({
  itemId: zDbId(RETURN_MESSAGES.chooseLine),
  quantity: ZReturnQuantitySchema,
});

/** returns/createReturn: chosen lines and quantities of one order, with a reason code. */
export const ZCreateReturnRequestSchema = z
  .object({
    orderId: zDbId(RETURN_MESSAGES.chooseOrder),
    lines: z.array(ZReturnLineInputSchema).min(1, RETURN_MESSAGES.noLines).max(500, "At most 500 lines"),
    reasonCode: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.chooseReason }),
    note: zOptionalText(2000),
  })
  .refine((b) => b.reasonCode !== "other" || (b.note !== undefined && b.note !== ""), {
    message: RETURN_MESSAGES.noteRequired,
    path: ["note"],
  });
export type TCreateReturnRequest = z.infer<typeof ZCreateReturnRequestSchema>;

export const ZReturnActionRequestSchema = z.object({ reason: zOptionalText(500) });
export type TReturnActionRequest = z.infer<typeof ZReturnActionRequestSchema>;

export const ZReturnRefundRequestSchema = z.object({
  /** Default: the returned lines' value (their share of the order's discount taken off), capped. */
  amountCents: z
    .number()
    .int("Whole cents")
    .min(1, "Must be more than zero")
    .max(100_000_000, "At most 100000000 cents")
    .optional(),
  reason: zOptionalText(500),
});
export type TReturnRefundRequest = z.infer<typeof ZReturnRefundRequestSchema>;

export const ZReturnLineSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  lineNumber: z.number().int(),
  sku: zText(),
  styleCode: zText(),
  styleName: zText(),
  quantity: z.number().int(),
  /** The line's frozen unit price + upcharge per piece. */
  unitValueCents: z.number().int(),
  valueCents: z.number().int(),
});
export type TReturnLine = z.infer<typeof ZReturnLineSchema>;

export const ZReturnListItemSchema = z
  .object({
    id: z.number().int(),
    rmaNumber: zText(),
    orderId: z.number().int(),
    orderNumber: zText(),
    clientId: z.number().int(),
    clientName: zText(),
    status: z.enum(RETURN_STATUSES),
    reasonCode: z.enum(RETURN_REASONS),
    quantity: z.number().int(),
    refundedCents: z.number().int(),
    remakeOrderId: z.number().int().nullable(),
    requestedBy: zText(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ReturnListItem" });
export type TReturnListItem = z.infer<typeof ZReturnListItemSchema>;
export const ZReturnPageSchema = pageOf(ZReturnListItemSchema);

export const ZReturnHistoryEntrySchema = z.object({
  id: z.number().int(),
  fromStatus: zText().nullable(),
  toStatus: zText(),
  reason: zText().nullable(),
  actor: zText(),
  at: z.iso.datetime({ offset: true }),
});

export const ZReturnSchema = ZReturnListItemSchema.extend({
  note: zText().nullable(),
  remakeOrderNumber: zText().nullable(),
  lines: z.array(ZReturnLineSchema),
  /** The returned lines' value: Σ quantity × unit value, less their share of the order's discount. */
  valueCents: z.number().int(),
  /** What the order has left to refund: charged − refunded (billing ledger). */
  orderRefundableCents: z.number().int(),
  /** The most a refund of this return may be: min(value, what the order has left). */
  refundCapCents: z.number().int(),
  history: z.array(ZReturnHistoryEntrySchema),
}).meta({ id: "Return" });
export type TReturn = z.infer<typeof ZReturnSchema>;

export const ZReturnListQuerySchema = ZPageQuerySchema.extend({
  searchString: zTrimmed(200).optional(),
  status: z.enum(RETURN_STATUSES).optional(),
  clientId: ZIdSchema.optional(),
  orderId: ZIdSchema.optional(),
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
});
export type TReturnListQuery = z.infer<typeof ZReturnListQuerySchema>;

export const ZReturnIdParamsSchema = z.object({ id: ZIdSchema });

/** What an order still lets a person return, line by line (the "New return" form). */
export const ZReturnableLineSchema = z.object({
  itemId: z.number().int(),
  lineNumber: z.number().int(),
  sku: zText(),
  styleName: zText(),
  status: zText(),
  ordered: z.number().int(),
  /** Pieces that have shipped: only these can come back. */
  shipped: z.number().int(),
  alreadyReturned: z.number().int(),
  returnable: z.number().int(),
  unitValueCents: z.number().int(),
});
export const ZReturnableSchema = z.object({
  orderId: z.number().int(),
  orderNumber: zText(),
  clientName: zText(),
  lines: z.array(ZReturnableLineSchema),
});
export type TReturnable = z.infer<typeof ZReturnableSchema>;
export const ZReturnableQuerySchema = z.object({ orderId: ZIdSchema });
