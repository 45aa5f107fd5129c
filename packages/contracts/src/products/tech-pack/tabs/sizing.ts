import { z } from "zod";
import { zDbId } from "../../../common/ids";
import { zText, zTrimmed } from "../../../common/text";
import { documentTab, tabBase } from "./parts";

export const ZSizingDataSchema = z.object({
  sizeRangeId: zDbId().nullable(),
  sizes: z
    .array(zTrimmed(20, 1, "A size cannot be empty"))
    .min(1, "Add at least one size")
    .max(20, "At most 20 sizes"),
  baseSize: zTrimmed(20, 1, "Choose the base size"),
});
export type TSizingData = z.infer<typeof ZSizingDataSchema>;
export const ZSizingTabSchema = tabBase
  .extend(ZSizingDataSchema.shape)
  .extend({
    sizeRanges: z.array(z.object({ id: z.number().int(), name: zText(), sizes: z.array(zText()), baseSize: zText() })),
  })
  .meta({ id: "TechPackSizingTab" });

/** Sizing: the product's sizes and base size, from a library size range or typed. */
export const sizingTab = documentTab({
  key: "sizing",
  label: "Sizing",
  data: ZSizingDataSchema,
  response: ZSizingTabSchema,
  empty: { sizeRangeId: null, sizes: ["S", "M", "L"], baseSize: "M" },
});
