import { z } from "zod";
import { zText } from "../common/text";
import { ZResolvedRangeSchema } from "./range";

/**
 * The Sales Dashboard (/qs-dashboards/salesDashboard, docs/glossary.md "Sales figures"). Money is
 * integer cents. "Placed" is the total of the orders placed in the range, whatever became of
 * them, as the orders list sums them for the same dates; "paid" and "refunded" are the succeeded
 * charges and refunds of the billing ledger made in the range, as the order charge report totals them.
 */
const int = () => z.number().int();

export const ZSalesFiguresSchema = z.object({
  placedCents: int(),
  paidCents: int(),
  refundedCents: int(),
  orders: int(),
  units: int(),
  /** placedCents / orders, rounded; 0 without orders. */
  aovCents: int(),
});
export type TSalesFigures = z.infer<typeof ZSalesFiguresSchema>;

export const ZSalesPointSchema = z.object({
  /** The bucket's first day (a week starts on Monday). */
  bucket: zText(),
  placedCents: int(),
  paidCents: int(),
  refundedCents: int(),
  orders: int(),
  units: int(),
});
export type TSalesPoint = z.infer<typeof ZSalesPointSchema>;

export const ZSalesByClientSchema = z.object({
  clientId: int(),
  clientName: zText(),
  placedCents: int(),
  orders: int(),
  units: int(),
});
export const ZSalesByStyleSchema = z.object({
  styleCode: zText(),
  styleName: zText(),
  revenueCents: int(),
  units: int(),
});
/** A size x colour cell: its lines' units, and the orders holding such a line (the orders list's count for it). */
export const ZSalesHeatCellSchema = z.object({ size: zText(), colour: zText(), units: int(), orders: int() });
export const ZSalesBySourceSchema = z.object({ source: zText(), placedCents: int(), orders: int() });
export const ZSalesByCouponSchema = z.object({
  couponCode: zText(),
  orders: int(),
  discountCents: int(),
  placedCents: int(),
});
export const ZSalesSkuSchema = z.object({
  sku: zText(),
  styleCode: zText(),
  units: int(),
  revenueCents: int(),
});

/** The most rows a breakdown answers (the rest are summed by nobody: a dashboard shows the top). */
export const SALES_TOP = { clients: 25, styles: 25, skus: 20, heat: 600, coupons: 25 } as const;

export const ZSalesDashboardSchema = z.object({
  range: ZResolvedRangeSchema,
  current: ZSalesFiguresSchema,
  previous: ZSalesFiguresSchema,
  series: z.array(ZSalesPointSchema),
  byClient: z.array(ZSalesByClientSchema),
  byStyle: z.array(ZSalesByStyleSchema),
  heatmap: z.array(ZSalesHeatCellSchema),
  bySource: z.array(ZSalesBySourceSchema),
  byCoupon: z.array(ZSalesByCouponSchema),
  topSkus: z.array(ZSalesSkuSchema),
});
export type TSalesDashboard = z.infer<typeof ZSalesDashboardSchema>;
