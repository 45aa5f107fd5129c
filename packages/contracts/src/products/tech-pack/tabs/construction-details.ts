import { z } from "zod";
import { zDbId } from "../../../common/ids";
import { zTrimmed } from "../../../common/text";
import { documentTab, tabBase, ZUploadRefSchema } from "./parts";

export const ZCalloutSchema = z.object({
  /** Where the marker sits, as a fraction of the image's width and height. */
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  text: zTrimmed(300, 1, "Say what the callout points at"),
});
export const ZConstructionStepSchema = z.object({
  title: zTrimmed(200, 1, "Name the step"),
  description: zTrimmed(2000),
  imageFileId: zDbId().nullable(),
  callouts: z.array(ZCalloutSchema).max(30, "At most 30 callouts"),
});
export type TConstructionStep = z.infer<typeof ZConstructionStepSchema>;
export const ZConstructionDataSchema = z.object({ steps: z.array(ZConstructionStepSchema).max(100) });
export const ZConstructionTabSchema = tabBase
  .extend(ZConstructionDataSchema.shape)
  .extend({ uploads: z.array(ZUploadRefSchema) })
  .meta({ id: "TechPackConstructionTab" });

/** Construction details: the sewing steps, each with an image and callouts on it. */
export const constructionDetailsTab = documentTab({
  key: "constructionDetails",
  label: "Construction details",
  data: ZConstructionDataSchema,
  response: ZConstructionTabSchema,
  empty: { steps: [] },
});
