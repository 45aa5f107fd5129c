import { z } from "zod";
import { zText } from "../common/text";
import { ZResolvedRangeSchema } from "./range";

/**
 * Home Goods (/qs-dashboards/homegoods): sales by product category (the style's category) over the
 * range against the previous period, and each category's top styles. Revenue is the order lines'
 * totals (lines not cancelled) of orders placed in the range, as the Sales Dashboard's "by style".
 */
const int = () => z.number().int();

export const ZCategorySalesSchema = z.object({
  category: zText(),
  revenueCents: int(),
  units: int(),
  orders: int(),
  previousRevenueCents: int(),
});
export const ZCategoryStyleSchema = z.object({
  category: zText(),
  styleCode: zText(),
  styleName: zText(),
  revenueCents: int(),
  units: int(),
});
export const ZCategoryDashboardSchema = z.object({
  range: ZResolvedRangeSchema,
  categories: z.array(ZCategorySalesSchema),
  /** The ten best-selling styles of each category. */
  styles: z.array(ZCategoryStyleSchema),
});
export type TCategoryDashboard = z.infer<typeof ZCategoryDashboardSchema>;
