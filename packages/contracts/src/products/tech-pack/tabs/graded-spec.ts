import { z } from "zod";
import { zText, zTrimmed } from "../../../common/text";
import { documentTab, tabBase, zMeasure } from "./parts";

export const ZPomSchema = z.object({
  code: zTrimmed(20, 1, "Enter a POM code"),
  description: zTrimmed(200, 1, "Describe the point of measure"),
  howToMeasure: zTrimmed(500),
  baseValue: zMeasure(),
  /** Each size's increment from its neighbour towards the base size. */
  gradeRules: z.record(zText().max(20), zMeasure()),
  tolPlus: z.number().min(0, "Must not be negative").max(100),
  tolMinus: z.number().min(0, "Must not be negative").max(100),
  critical: z.boolean(),
});
export type TPom = z.infer<typeof ZPomSchema>;
export const ZGradedSpecDataSchema = z.object({
  unit: z.enum(["cm", "in"], { error: "Choose cm or in" }),
  points: z.array(ZPomSchema).max(200, "At most 200 points of measure"),
});
export type TGradedSpecData = z.infer<typeof ZGradedSpecDataSchema>;
export const ZGradedSpecTabSchema = tabBase
  .extend(ZGradedSpecDataSchema.shape)
  .extend({
    sizes: z.array(zText()),
    baseSize: zText(),
    /** Every POM's value in every size, graded from its base value (in `unit`). */
    chart: z.array(z.object({ code: zText(), values: z.record(zText(), z.number()) })),
    templates: z.array(z.object({ id: z.number().int(), name: zText(), unit: z.enum(["cm", "in"]) })),
  })
  .meta({ id: "TechPackGradedSpecTab" });
export type TGradedSpecTab = z.infer<typeof ZGradedSpecTabSchema>;

/** Graded spec: the points of measure, graded over the sizes of the Sizing tab. */
export const gradedSpecTab = documentTab({
  key: "gradedSpec",
  label: "Graded spec",
  data: ZGradedSpecDataSchema,
  response: ZGradedSpecTabSchema,
  empty: { unit: "cm", points: [] },
});
