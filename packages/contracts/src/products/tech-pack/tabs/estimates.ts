import { z } from "zod";
import { zText } from "../../../common/text";
import { documentTab, tabBase, zCents } from "./parts";

export const ZEstimatesDataSchema = z.object({
  labourCents: zCents(),
  overheadCents: zCents(),
  freightCents: zCents(),
  /** Duty in basis points of materials + labour + overheads (1250 = 12.5%). */
  dutyBps: z.number().int().min(0, "Must not be negative").max(10_000, "At most 100%"),
  /** Target margin in basis points of the price (6000 = 60%). */
  marginBps: z.number().int().min(0, "Must not be negative").max(9_500, "At most 95%"),
  /** A one-off setup cost spread over the order quantity. */
  setupCents: zCents(),
  quantities: z.array(z.number().int().min(1, "At least 1").max(1_000_000, "Too large")).max(8, "At most 8 quantities"),
});
export type TEstimatesData = z.infer<typeof ZEstimatesDataSchema>;
export const ZCostingLineSchema = z.object({
  tab: zText(),
  itemCode: zText(),
  itemName: zText(),
  quantity: zText(),
  unitCostCents: z.number().int(),
  costCents: z.number().int(),
});
export const ZColorwayCostingSchema = z.object({
  key: zText(),
  name: zText(),
  lines: z.array(ZCostingLineSchema),
  materialsCents: z.number().int(),
  labourCents: z.number().int(),
  overheadCents: z.number().int(),
  dutyCents: z.number().int(),
  freightCents: z.number().int(),
  landedCents: z.number().int(),
  priceCents: z.number().int(),
  marginCents: z.number().int(),
  byQuantity: z.array(
    z.object({
      quantity: z.number().int(),
      unitLandedCents: z.number().int(),
      unitPriceCents: z.number().int(),
      totalPriceCents: z.number().int(),
    }),
  ),
});
export type TColorwayCosting = z.infer<typeof ZColorwayCostingSchema>;
export const ZEstimatesTabSchema = tabBase
  .extend(ZEstimatesDataSchema.shape)
  .extend({
    costing: z.array(ZColorwayCostingSchema),
    targetCostCents: z.number().int().nullable(),
    targetPriceCents: z.number().int().nullable(),
  })
  .meta({ id: "TechPackEstimatesTab" });
export type TEstimatesTab = z.infer<typeof ZEstimatesTabSchema>;

/** Estimates (costing): labour, overheads, duty, freight and margin over the BOM, per colourway and quantity. */
export const estimatesTab = documentTab({
  key: "estimates",
  label: "Estimates",
  data: ZEstimatesDataSchema,
  response: ZEstimatesTabSchema,
  empty: {
    labourCents: 0,
    overheadCents: 0,
    freightCents: 0,
    dutyBps: 0,
    marginBps: 6000,
    setupCents: 0,
    quantities: [100, 500, 1000],
  },
});
