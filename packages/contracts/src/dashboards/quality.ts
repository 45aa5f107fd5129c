import { z } from "zod";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText, zTrimmed } from "../common/text";
import { DASHBOARD_QUERY_FIELDS, rangeIssues, ZResolvedRangeSchema } from "./range";

/**
 * Quality History (/qs-dashboards/qualityHistory): QC inspections over the range, by bucket, and
 * their fails by reason (a Pareto: biggest first, with the running share), style, operation (the
 * QC station) and operator.
 */
const int = () => z.number().int();

export const ZQualityPointSchema = z.object({
  bucket: zText(),
  inspections: int(),
  fails: int(),
  passRatePct: z.number().nullable(),
});
export const ZQualityGroupSchema = z.object({
  name: zText(),
  inspections: int(),
  fails: int(),
  failRatePct: z.number().nullable(),
});
export const ZParetoRowSchema = z.object({
  name: zText(),
  fails: int(),
  /** This reason's fails and every bigger one's, as a share of all fails. */
  cumulativePct: z.number(),
});

export const ZQualityHistorySchema = z.object({
  range: ZResolvedRangeSchema,
  inspections: int(),
  fails: int(),
  /** Units whose first QC inspection fell in the range, and those of them that passed it (first-pass yield, docs/glossary.md). */
  firstInspected: int(),
  firstPassUnits: int(),
  /** firstPassUnits / firstInspected, in percent, one decimal; null without inspections. */
  firstPassYieldPct: z.number().nullable(),
  series: z.array(ZQualityPointSchema),
  pareto: z.array(ZParetoRowSchema),
  byStyle: z.array(ZQualityGroupSchema),
  byOperation: z.array(ZQualityGroupSchema),
  byOperator: z.array(ZQualityGroupSchema),
});
export type TQualityHistory = z.infer<typeof ZQualityHistorySchema>;

/** The QC results a list of inspections may be narrowed to. */
export const QC_RESULTS = ["pass", "fail"] as const;
/** The names Quality History gives an inspection without a reason, a style or a station. */
export const QC_NONE = { reason: "No reason", style: "No style", operation: "No station" } as const;

/**
 * The QC inspections behind Quality History (/qs-dashboards/qualityHistory/inspections): the
 * dashboard's range and client, narrowed as a chart's bar is (a result, a reason, a style code, a
 * station, an operator, each by the name the chart shows), so its total is the bar's figure.
 */
export const ZQualityInspectionQuerySchema = ZPageQuerySchema.extend({
  ...DASHBOARD_QUERY_FIELDS,
  result: z.enum(QC_RESULTS, { error: "Use pass or fail" }).optional(),
  reason: zTrimmed(200).optional(),
  style: zTrimmed(100).optional(),
  operation: zTrimmed(200).optional(),
  operator: zTrimmed(200).optional(),
}).superRefine((q, ctx) => {
  for (const issue of rangeIssues(q)) ctx.addIssue(issue);
});
export type TQualityInspectionQuery = z.infer<typeof ZQualityInspectionQuerySchema>;

export const ZQualityInspectionSchema = z.object({
  id: int(),
  at: zText(),
  unitId: int(),
  barcode: zText(),
  orderId: int(),
  orderNumber: zText(),
  clientName: zText(),
  style: zText(),
  operation: zText(),
  operator: zText(),
  passed: z.boolean(),
  reason: zText().nullable(),
});
export type TQualityInspection = z.infer<typeof ZQualityInspectionSchema>;

export const ZQualityInspectionPageSchema = pageOf(ZQualityInspectionSchema).extend({ range: ZResolvedRangeSchema });
export type TQualityInspectionPage = z.infer<typeof ZQualityInspectionPageSchema>;
