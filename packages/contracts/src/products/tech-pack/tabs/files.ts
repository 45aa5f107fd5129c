import { z } from "zod";
import { zDbId } from "../../../common/ids";
import { zTrimmed } from "../../../common/text";
import { documentTab, tabBase, ZUploadRefSchema } from "./parts";

export const ZTechPackFileSchema = z.object({ fileId: zDbId("Upload a file"), note: zTrimmed(200) });
export const ZFilesDataSchema = z.object({ files: z.array(ZTechPackFileSchema).max(100, "At most 100 files") });
export const ZFilesTabSchema = tabBase
  .extend(ZFilesDataSchema.shape)
  .extend({ uploads: z.array(ZUploadRefSchema) })
  .meta({ id: "TechPackFilesTab" });

/** Files: the files the factory needs (artwork, patterns), each with a note. */
export const filesTab = documentTab({
  key: "files",
  label: "Files",
  data: ZFilesDataSchema,
  response: ZFilesTabSchema,
  empty: { files: [] },
});
