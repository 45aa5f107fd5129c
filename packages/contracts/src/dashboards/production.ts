import { z } from "zod";
import { zText } from "../common/text";
import { UNIT_STATUSES } from "../floor/units";
import { ZResolvedRangeSchema } from "./range";

/**
 * Production Overview (/qs-dashboards/productionOverview; Professional plan for client users;
 * docs/glossary.md "Production figures"). Work in progress is now; every other figure is over the range.
 */
const int = () => z.number().int();
const num = () => z.number();

export const ZWipSchema = z.object({ status: z.enum(UNIT_STATUSES), units: int() });
export const ZThroughputSchema = z.object({ day: zText(), step: z.enum(UNIT_STATUSES), units: int() });
export const ZLeadTimeSchema = z.object({
  /** Orders whose last box shipped in the range. */
  shippedOrders: int(),
  /** Days from placing to the last box shipped: median and 90th percentile (one decimal); null without orders. */
  p50Days: num().nullable(),
  p90Days: num().nullable(),
  /** Shipped on or before the floor's due date. */
  onTime: int(),
  onTimePct: num().nullable(),
});
export const ZLateOrderSchema = z.object({
  orderId: int(),
  orderNumber: zText(),
  clientName: zText(),
  dueDate: zText(),
  daysLate: int(),
  status: zText(),
  openUnits: int(),
});
export const ZQualitySchema = z.object({
  /** QC inspections in the range, and how many failed. */
  inspections: int(),
  fails: int(),
  /** Units inspected in the range (each once). */
  unitsInspected: int(),
  /** Units whose first inspection ever fell in the range, and of them those that passed it. */
  firstInspected: int(),
  firstPassUnits: int(),
  /** firstPassUnits / firstInspected, in percent. */
  firstPassYieldPct: num().nullable(),
  /** Defects per hundred units: fails / unitsInspected x 100. */
  defectsPerHundred: num().nullable(),
  /** Recut units made in the range (attempt 2 and later). */
  recuts: int(),
});
export const ZFailCountSchema = z.object({ name: zText(), fails: int() });
export const ZScanRateSchema = z.object({
  name: zText(),
  scans: int(),
  /** Hours with at least one scan. */
  activeHours: int(),
  perHour: num(),
});

export const ZProductionDashboardSchema = z.object({
  range: ZResolvedRangeSchema,
  /** When it was computed (the wall display shows it). */
  asOf: zText(),
  wip: z.array(ZWipSchema),
  throughput: z.array(ZThroughputSchema),
  leadTime: ZLeadTimeSchema,
  /** Released orders past their floor due date with units still open (as /openOrders' "late"); the 50 latest due first. */
  lateOrderCount: int(),
  lateOrders: z.array(ZLateOrderSchema),
  quality: ZQualitySchema,
  failsByReason: z.array(ZFailCountSchema),
  failsByOperation: z.array(ZFailCountSchema),
  scansByStation: z.array(ZScanRateSchema),
  scansByOperator: z.array(ZScanRateSchema),
});
export type TProductionDashboard = z.infer<typeof ZProductionDashboardSchema>;

/** Dashboards a wall display can show (the wall-link's `dashboard`). */
export const WALL_DASHBOARDS = ["productionOverview"] as const;
/** How long a wall link lives, in hours: at most 30 days. */
export const WALL_LINK_MAX_HOURS = 720;

export const ZWallLinkRequestSchema = z.object({
  dashboard: z.enum(WALL_DASHBOARDS).default("productionOverview"),
  hours: z.number().int().min(1).max(WALL_LINK_MAX_HOURS).default(12),
});
export type TWallLinkRequest = z.infer<typeof ZWallLinkRequestSchema>;

export const ZWallLinkSchema = z.object({
  /** The signed token: opens /wall#<token> without signing in until it expires. */
  token: zText(),
  /** The web path to open (the token after `#`, so it never reaches a server log). */
  path: zText(),
  expiresAt: zText(),
  /** What the screen shows: the client or facility it is scoped to. */
  scope: zText(),
});
export type TWallLink = z.infer<typeof ZWallLinkSchema>;

export const ZWallViewRequestSchema = z.object({ token: zText().min(10).max(2000) });
export const ZWallViewSchema = z.object({
  dashboard: z.enum(WALL_DASHBOARDS),
  scope: zText(),
  expiresAt: zText(),
  production: ZProductionDashboardSchema,
});
export type TWallView = z.infer<typeof ZWallViewSchema>;

/** What an expired, tampered or unknown wall link answers (401). */
export const WALL_LINK_INVALID = "This wall display link has expired or is not valid. Ask for a new one.";
