import { z } from "zod";
import { ZDbIdSchema, ZIdSchema } from "../common/ids";
import { NUL_FREE, NUL_MESSAGE, zText } from "../common/text";

/** Contracts of the billing area (issue 3): request and response schemas. Money is integer cents. */

export const BILLING_MESSAGES = {
  labelRequired: "Label is required",
  labelTooLong: "Label must be at most 80 characters",
  last4Format: "Last 4 digits must be exactly 4 digits",
  brandTooLong: "Brand must be at most 40 characters",
  amountPositive: "Amount must be a whole number of cents greater than 0",
  orderIdRequired: "Order id is required",
  chooseClient: "Choose a client to work in first (session client).",
  portalNeedsStripe: "The billing portal needs the Stripe billing adapter; this Hub keeps billing in its own ledger.",
  refundTooLarge: "The refund is more than what is left to refund for this order.",
  noDefaultMethod: "The client has no default payment method.",
  idempotencyKeyReused:
    "This Idempotency-Key was already used for a different charge or refund; send a new key for a new one.",
} as const;

const ZCentsSchema = z
  .number()
  .int(BILLING_MESSAGES.amountPositive)
  .positive(BILLING_MESSAGES.amountPositive)
  .max(99_999_999);

export const PAYMENT_METHOD_KINDS = ["card", "bank_account"] as const;
export const BILLING_PROVIDERS = ["builtin", "stripe"] as const;

export const ZPaymentMethodSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(PAYMENT_METHOD_KINDS),
    label: zText(),
    brand: zText().nullable(),
    last4: zText().nullable(),
    isDefault: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "PaymentMethod" });
export type TPaymentMethod = z.infer<typeof ZPaymentMethodSchema>;

export const ZPaymentMethodListSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  clientId: z.number().int(),
  items: z.array(ZPaymentMethodSchema),
});
export type TPaymentMethodList = z.infer<typeof ZPaymentMethodListSchema>;

const ZLabelSchema = zText().trim().min(1, BILLING_MESSAGES.labelRequired).max(80, BILLING_MESSAGES.labelTooLong);
const ZLast4Schema = zText()
  .trim()
  .regex(/^\d{4}$/, BILLING_MESSAGES.last4Format);
const ZOptionalText = (max: number, message: string) =>
  zText()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * Adding a card or bank account. The built-in ledger keeps only what a person typed as a label (plus
 * brand and last 4 digits); with Stripe, `token` is the payment-method id (pm_...) or bank token
 * (btok_...) the browser got from Stripe. Card numbers never reach the Hub.
 */
export const ZAddCardRequestSchema = z.object({
  label: ZLabelSchema,
  brand: ZOptionalText(40, BILLING_MESSAGES.brandTooLong),
  last4: ZLast4Schema.optional().or(z.literal("").transform(() => undefined)),
  token: zText().trim().max(255).optional(),
});
export type TAddCardRequest = z.infer<typeof ZAddCardRequestSchema>;
export type TAddCardRequestInput = z.input<typeof ZAddCardRequestSchema>;

export const ZAddBankAccountRequestSchema = z.object({
  label: ZLabelSchema,
  last4: ZLast4Schema.optional().or(z.literal("").transform(() => undefined)),
  token: zText().trim().max(255).optional(),
});
export type TAddBankAccountRequest = z.infer<typeof ZAddBankAccountRequestSchema>;
export type TAddBankAccountRequestInput = z.input<typeof ZAddBankAccountRequestSchema>;

export const ZPaymentMethodIdParamsSchema = z.object({ id: ZIdSchema });
export const ZSetDefaultPaymentMethodSchema = z.object({ id: ZDbIdSchema });
export type TSetDefaultPaymentMethod = z.infer<typeof ZSetDefaultPaymentMethodSchema>;

export const ZRemovePaymentMethodResponseSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** POST /chargeStripeCustomer (spec 7): clientId, orderId, chargeAmt in integer cents. */
export const ZChargeRequestSchema = z.object({
  clientId: ZDbIdSchema,
  orderId: zText().trim().min(1, BILLING_MESSAGES.orderIdRequired).max(64),
  chargeAmt: ZCentsSchema,
});
export type TChargeRequest = z.infer<typeof ZChargeRequestSchema>;

/** POST /refundStripeCustomer (spec 7): clientId, orderId, refundAmt in integer cents. */
export const ZRefundRequestSchema = z.object({
  clientId: ZDbIdSchema,
  orderId: zText().trim().min(1, BILLING_MESSAGES.orderIdRequired).max(64),
  refundAmt: ZCentsSchema,
});
export type TRefundRequest = z.infer<typeof ZRefundRequestSchema>;

export const ZLedgerEntrySchema = z
  .object({
    id: z.number().int(),
    clientId: z.number().int(),
    orderId: zText(),
    kind: z.enum(["charge", "refund"]),
    amountCents: z.number().int(),
    currency: zText(),
    provider: z.enum(BILLING_PROVIDERS),
    externalId: zText().nullable(),
    status: z.enum(["succeeded", "failed"]),
    failureMessage: zText().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "LedgerEntry" });
export type TLedgerEntry = z.infer<typeof ZLedgerEntrySchema>;

export const ZLedgerQuerySchema = z.object({ clientId: ZIdSchema, orderId: zText().trim().max(64).optional() });
export const ZLedgerListSchema = z.object({ items: z.array(ZLedgerEntrySchema) });
export type TLedgerList = z.infer<typeof ZLedgerListSchema>;

export const ZPortalSessionRequestSchema = z.object({
  returnUrl: z.url().max(2000).regex(NUL_FREE, NUL_MESSAGE).optional(),
});
export const ZPortalSessionResponseSchema = z.object({ url: zText() });
export type TPortalSessionResponse = z.infer<typeof ZPortalSessionResponseSchema>;
