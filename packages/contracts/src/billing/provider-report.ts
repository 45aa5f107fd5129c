import { z } from "zod";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText, zTrimmed } from "../common/text";
import { ZDateSchema } from "../orders/orders";

/**
 * Stripe Reports (/stripeReports, issue 18): what the billing provider moved, read through the
 * billing adapter: with Stripe its balance transactions (charges and refunds, with Stripe's fee and
 * net), with the built-in ledger the ledger's own rows; failed charges and refunds from the ledger
 * in both (a failure moves no money, so Stripe's balance has none).
 */
export const PROVIDER_TXN_KINDS = ["charge", "refund", "failure"] as const;
export type TProviderTxnKind = (typeof PROVIDER_TXN_KINDS)[number];

export const ZProviderTxnQuerySchema = ZPageQuerySchema.extend({
  searchString: zTrimmed(200).optional(),
  kind: z.enum(PROVIDER_TXN_KINDS, { error: "Use charge, refund or failure" }).optional(),
  /** Days (UTC, both included); the last 30 days when neither is given. */
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The start date is after the end date", path: ["to"] });
export type TProviderTxnQuery = z.infer<typeof ZProviderTxnQuerySchema>;

export const ZProviderTxnSchema = z.object({
  id: zText(),
  createdAt: zText(),
  kind: z.enum(PROVIDER_TXN_KINDS),
  /** Positive for a charge, negative for a refund; a failure's attempted amount. */
  amountCents: z.number().int(),
  /** The provider's fee and what reached the balance (Stripe); null for the built-in ledger and failures. */
  feeCents: z.number().int().nullable(),
  netCents: z.number().int().nullable(),
  currency: zText(),
  /** The provider's id of the payment or refund. */
  source: zText().nullable(),
  /** The order it was for, where known (the charge's metadata, the ledger's order). */
  reference: zText().nullable(),
  failureMessage: zText().nullable(),
});
export type TProviderTxn = z.infer<typeof ZProviderTxnSchema>;

export const ZProviderTxnPageSchema = pageOf(ZProviderTxnSchema)
  .extend({
    provider: z.enum(["builtin", "stripe"]),
    /** The whole filter's sums: charges, refunds (negative), fees, net; failures are counted, not summed. */
    totals: z.object({
      chargedCents: z.number().int(),
      refundedCents: z.number().int(),
      feeCents: z.number().int(),
      netCents: z.number().int(),
      failures: z.number().int(),
    }),
  })
  .meta({ id: "ProviderTransactionPage" });
export type TProviderTxnPage = z.infer<typeof ZProviderTxnPageSchema>;
