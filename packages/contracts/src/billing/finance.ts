import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText, zTrimmed } from "../common/text";
import { ZDateSchema } from "../orders/orders";

/**
 * Financials (/financials, issue 18): money in from the billing ledger (succeeded charges and
 * refunds, by the day they were made) and money still owed (orders awaiting payment, aged by the
 * days since placing), by month and by client. Integer cents everywhere.
 */

/** Ages of what is owed, in days since the order was placed (UTC): 0-30, 31-60, 61-90, 90+. */
export const AGING_BUCKETS = ["d0_30", "d31_60", "d61_90", "d90_plus"] as const;
export type TAgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<TAgingBucket, string> = {
  d0_30: "0-30 days",
  d31_60: "31-60 days",
  d61_90: "61-90 days",
  d90_plus: "90+ days",
};
/** What "outstanding" means, said once for the screen and the CSV. */
export const OUTSTANDING_RULE =
  "Outstanding: orders not cancelled whose payment is unpaid, pending or failed, at their total less what was charged, aged from the day they were placed.";

export const ZAgingSchema = z.object({
  d0_30: z.number().int(),
  d31_60: z.number().int(),
  d61_90: z.number().int(),
  d90_plus: z.number().int(),
});
export type TAging = z.infer<typeof ZAgingSchema>;

export const ZFinanceFigures = z.object({
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** charged − refunded. */
  netCents: z.number().int(),
});

export const ZFinanceQuerySchema = z
  .object({
    /** Ledger days from and to (UTC, both included); outstanding is as of today, whatever the range. */
    from: ZDateSchema.optional(),
    to: ZDateSchema.optional(),
    clientId: ZIdSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The start date is after the end date", path: ["to"] });
export type TFinanceQuery = z.infer<typeof ZFinanceQuerySchema>;

export const ZFinanceMonthSchema = ZFinanceFigures.extend({
  /** YYYY-MM (UTC). */
  month: zText(),
  /** Outstanding of the orders placed that month. */
  outstandingCents: z.number().int(),
});
export type TFinanceMonth = z.infer<typeof ZFinanceMonthSchema>;

export const ZFinanceSummarySchema = z
  .object({
    today: zText(),
    totals: ZFinanceFigures.extend({ outstandingCents: z.number().int(), aging: ZAgingSchema }),
    months: z.array(ZFinanceMonthSchema),
  })
  .meta({ id: "FinanceSummary" });
export type TFinanceSummary = z.infer<typeof ZFinanceSummarySchema>;

export const FINANCE_CLIENT_SORTS = ["clientName", "chargedCents", "refundedCents", "netCents", "outstandingCents"];
export const ZFinanceClientQuerySchema = ZPageQuerySchema.extend({
  searchString: zTrimmed(200).optional(),
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
  clientId: ZIdSchema.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The start date is after the end date", path: ["to"] });
export type TFinanceClientQuery = z.infer<typeof ZFinanceClientQuerySchema>;

export const ZFinanceClientSchema = ZFinanceFigures.extend({
  clientId: z.number().int(),
  clientName: zText(),
  outstandingCents: z.number().int(),
  aging: ZAgingSchema,
});
export type TFinanceClient = z.infer<typeof ZFinanceClientSchema>;
export const ZFinanceClientPageSchema = pageOf(ZFinanceClientSchema).meta({ id: "FinanceClientPage" });

export const FINANCE_CSV_HEADER = [
  "client",
  "chargedCents",
  "refundedCents",
  "netCents",
  "outstandingCents",
  "outstanding0to30Cents",
  "outstanding31to60Cents",
  "outstanding61to90Cents",
  "outstanding90PlusCents",
];
