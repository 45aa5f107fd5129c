import { z } from "zod";
import { zDbId } from "../../../common/ids";
import { zTrimmed } from "../../../common/text";
import { documentTab, tabBase, ZLibraryChoiceSchema, zColorwayKey } from "./parts";

export const ZColorwaySchema = z.object({
  key: zColorwayKey(),
  name: zTrimmed(100, 1, "Enter a colourway name"),
  colorIds: z.array(zDbId("Choose a colour")).max(10, "At most 10 colours"),
});
export type TColorway = z.infer<typeof ZColorwaySchema>;
export const ZColorwaysDataSchema = z.object({
  colorways: z.array(ZColorwaySchema).max(20, "At most 20 colourways"),
});
export const ZColorwaysTabSchema = tabBase
  .extend(ZColorwaysDataSchema.shape)
  .extend({ colors: z.array(ZLibraryChoiceSchema) })
  .meta({ id: "TechPackColorwaysTab" });

/** Colorways: the product's colour combinations, the columns of every BOM tab. */
export const colorwaysTab = documentTab({
  key: "colorways",
  label: "Colorways",
  data: ZColorwaysDataSchema,
  response: ZColorwaysTabSchema,
  empty: { colorways: [] },
});
