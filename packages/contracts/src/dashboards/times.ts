import { z } from "zod";
import { zText } from "../common/text";
import { ZResolvedRangeSchema } from "./range";

/**
 * Times (/qs-dashboards/times): how long units stay in each floor state and at each station (stays
 * that ended in the range: from a unit's event to its next one), and the slowest open orders.
 */
const int = () => z.number().int();
const hours = () => z.number().nullable();

export const ZStayTimeSchema = z.object({
  name: zText(),
  /** Stays that ended in the range. */
  stays: int(),
  avgHours: hours(),
  p50Hours: hours(),
  p90Hours: hours(),
});
export const ZSlowOrderSchema = z.object({
  orderId: int(),
  orderNumber: zText(),
  clientName: zText(),
  placedAt: zText(),
  daysOpen: z.number(),
  openUnits: int(),
  dueDate: zText(),
});
export const ZTimesDashboardSchema = z.object({
  range: ZResolvedRangeSchema,
  byState: z.array(ZStayTimeSchema),
  byStation: z.array(ZStayTimeSchema),
  /** Released orders with units still open, oldest placing first (at most 25). */
  slowestOrders: z.array(ZSlowOrderSchema),
});
export type TTimesDashboard = z.infer<typeof ZTimesDashboardSchema>;
