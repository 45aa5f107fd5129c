import { z } from "zod";
import { zText } from "../common/text";
import { ZResolvedRangeSchema } from "./range";

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
