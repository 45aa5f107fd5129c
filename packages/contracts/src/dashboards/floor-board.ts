import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { zText } from "../common/text";
import { UNIT_STATUSES } from "../floor/units";

/**
 * 3100 (/qs-dashboards/3100): one facility's floor board for today (UTC): per step, the units that
 * reached it today (actual) against what must reach it by tonight (target: actual plus the units
 * due today or earlier that are still before it), and today's scans per hour.
 */
export const ZFloorBoardQuerySchema = z.object({
  /** The facility (a facility user's own; internal admins any). Default: the caller's first. */
  factoryId: ZIdSchema.optional(),
});
export type TFloorBoardQuery = z.infer<typeof ZFloorBoardQuerySchema>;

export const ZFloorBoardStepSchema = z.object({
  step: z.enum(UNIT_STATUSES),
  target: z.number().int(),
  actual: z.number().int(),
});
export const ZFloorBoardSchema = z.object({
  factoryId: z.number().int(),
  factoryName: zText(),
  day: zText(),
  asOf: zText(),
  steps: z.array(ZFloorBoardStepSchema),
  /** Scans today by hour (UTC, 0-23). */
  hourly: z.array(z.object({ hour: z.number().int(), scans: z.number().int() })),
});
export type TFloorBoard = z.infer<typeof ZFloorBoardSchema>;
