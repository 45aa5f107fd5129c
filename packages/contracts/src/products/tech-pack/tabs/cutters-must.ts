import { z } from "zod";
import { zDbId } from "../../../common/ids";
import { zText, zTrimmed } from "../../../common/text";
import { documentTab, tabBase, ZBomQuantitySchema } from "./parts";

export const ZPatternPieceSchema = z.object({
  group: zTrimmed(60),
  name: zTrimmed(100, 1, "Name the pattern piece"),
  fabricItemId: zDbId().nullable(),
  count: z.number({ error: "Enter a count" }).int().min(1, "At least 1").max(100, "At most 100"),
});
export const ZCuttersMustDataSchema = z.object({
  pieces: z.array(ZPatternPieceSchema).max(200),
  trims: z.array(z.object({ name: zTrimmed(100, 1, "Name the trim"), quantity: ZBomQuantitySchema })).max(100),
  notes: zTrimmed(4000),
});
export type TCuttersMustData = z.infer<typeof ZCuttersMustDataSchema>;
export const ZCuttersMustTabSchema = tabBase
  .extend(ZCuttersMustDataSchema.shape)
  .extend({ fabrics: z.array(z.object({ id: z.number().int(), code: zText(), name: zText() })) })
  .meta({ id: "TechPackCuttersMustTab" });

/** Cutter's must: the pattern pieces (with their fabric), trims and cutting notes. */
export const cuttersMustTab = documentTab({
  key: "cuttersMust",
  label: "Cutter's must",
  data: ZCuttersMustDataSchema,
  response: ZCuttersMustTabSchema,
  empty: { pieces: [], trims: [], notes: "" },
});
