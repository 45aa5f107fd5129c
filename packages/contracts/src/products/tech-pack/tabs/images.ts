import { z } from "zod";
import { zDbId } from "../../../common/ids";
import { zTrimmed } from "../../../common/text";
import { documentTab, tabBase, ZUploadRefSchema } from "./parts";

export const IMAGE_CATEGORIES = ["front", "back", "detail", "sketch"] as const;
export type TImageCategory = (typeof IMAGE_CATEGORIES)[number];
export const ZTechPackImageSchema = z.object({
  fileId: zDbId("Upload an image"),
  category: z.enum(IMAGE_CATEGORIES, { error: "Choose front, back, detail or sketch" }),
  caption: zTrimmed(200),
});
export const ZImagesDataSchema = z.object({ images: z.array(ZTechPackImageSchema).max(50, "At most 50 images") });
export const ZImagesTabSchema = tabBase
  .extend(ZImagesDataSchema.shape)
  .extend({ uploads: z.array(ZUploadRefSchema) })
  .meta({ id: "TechPackImagesTab" });

/** Images: the product's pictures (front, back, detail, sketch), uploaded to the tech pack. */
export const imagesTab = documentTab({
  key: "images",
  label: "Images",
  data: ZImagesDataSchema,
  response: ZImagesTabSchema,
  empty: { images: [] },
});
