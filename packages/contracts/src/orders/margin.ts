import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText, zTrimmed } from "../common/text";
import { ZDateSchema } from "./orders";

/**
 * The margin report (/marginReport, issue 22): what orders really cost against what they were
 * quoted and sold for, grouped by style, by client or by the month they were placed. Its figures
 * are the per-order Cost tab's (`TOrderCost`) summed: revenue = the lines' price, actual = fabric
 * + parts + labour as made, margin = revenue − actual. Cancelled orders are left out.
 */
export const MARGIN_GROUPS = ["style", "client", "month"] as const;
export type TMarginGroup = (typeof MARGIN_GROUPS)[number];
export const MARGIN_GROUP_LABELS: Record<TMarginGroup, string> = { style: "Style", client: "Client", month: "Month" };

export const MARGIN_SORTS = [
  "label",
  "orders",
  "pieces",
  "revenueCents",
  "quotedCents",
  "actualFabricCents",
  "actualPartCents",
  "actualLabourCents",
  "actualCents",
  "marginCents",
  "marginPct",
];

export const ZMarginQuerySchema = ZPageQuerySchema.extend({
  groupBy: z.enum(MARGIN_GROUPS).default("month"),
  /** Days the orders were placed, from and to (UTC, both included). */
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
  clientId: ZIdSchema.optional(),
  searchString: zTrimmed(200).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The start date is after the end date", path: ["to"] });
export type TMarginQuery = z.infer<typeof ZMarginQuerySchema>;

export const ZMarginRowSchema = z.object({
  /** The group's key: a style code, a client id, or a month YYYY-MM (UTC). */
  key: zText(),
  /** What the screen shows: the style code, the client's name, the month. */
  label: zText(),
  orders: z.number().int(),
  pieces: z.number().int(),
  revenueCents: z.number().int(),
  /** Null when a line of the group has no quoted cost (placed before costs were kept): a partial sum would mislead. */
  quotedCents: z.number().int().nullable(),
  actualFabricCents: z.number().int(),
  actualPartCents: z.number().int(),
  actualLabourCents: z.number().int(),
  actualCents: z.number().int(),
  /** revenue − actual. */
  marginCents: z.number().int(),
  /** margin ÷ revenue × 100, one decimal; null without revenue. */
  marginPct: z.number().nullable(),
});
export type TMarginRow = z.infer<typeof ZMarginRowSchema>;

export const ZMarginPageSchema = pageOf(ZMarginRowSchema)
  .extend({ totals: ZMarginRowSchema.omit({ key: true, label: true }) })
  .meta({ id: "MarginPage" });
export type TMarginPage = z.infer<typeof ZMarginPageSchema>;

/** The CSV's columns: the group and its key, then the screen's columns in their order (the sortable fields). */
export const MARGIN_CSV_HEADER = ["group", "key", ...MARGIN_SORTS];
