import { z } from "zod";
import { ZIdParamsSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";

/** Contracts of the files area (issue 3): request and response schemas. */

/** Print files a client may upload: extension → what its first bytes must look like (checked on the server). */
export const PRINT_FILE_TYPES = [
  { ext: "pdf", label: "PDF", contentType: "application/pdf" },
  { ext: "png", label: "PNG", contentType: "image/png" },
  { ext: "jpg", label: "JPEG", contentType: "image/jpeg" },
  { ext: "jpeg", label: "JPEG", contentType: "image/jpeg" },
  { ext: "tif", label: "TIFF", contentType: "image/tiff" },
  { ext: "tiff", label: "TIFF", contentType: "image/tiff" },
  { ext: "svg", label: "SVG", contentType: "image/svg+xml" },
  { ext: "ai", label: "Adobe Illustrator", contentType: "application/postscript" },
  { ext: "eps", label: "EPS", contentType: "application/postscript" },
  { ext: "psd", label: "Photoshop", contentType: "image/vnd.adobe.photoshop" },
] as const;
export const PRINT_FILE_EXTENSIONS: string[] = PRINT_FILE_TYPES.map((t) => t.ext);
/** The default upload limit; the server's PRINT_FILE_MAX_BYTES setting is the authority. */
export const PRINT_FILE_DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

export const FILES_MESSAGES = {
  noFile: "Choose a file to upload.",
  wrongType: "Only PDF, PNG, JPEG, TIFF, SVG, AI, EPS and PSD files can be uploaded.",
  mismatch: "The file's contents do not match its extension.",
  tooLarge: (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  empty: "The file is empty.",
} as const;

export const printFileExtension = (fileName: string): string => {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
};

export const ZStoredFileSchema = z
  .object({
    id: z.number().int(),
    clientId: z.number().int(),
    fileName: zText(),
    contentType: zText(),
    sizeBytes: z.number().int(),
    sha256: zText(),
    uploadedBy: zText().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "StoredFile" });
export type TStoredFile = z.infer<typeof ZStoredFileSchema>;

export const PRINT_FILE_SORT_FIELDS = ["fileName", "sizeBytes", "createdAt"] as const;
export const ZPrintFileListQuerySchema = ZPageQuerySchema;
export type TPrintFileListQuery = z.infer<typeof ZPrintFileListQuerySchema>;
export const ZPrintFilePageSchema = pageOf(ZStoredFileSchema);
export type TPrintFilePage = z.infer<typeof ZPrintFilePageSchema>;
export const ZPrintFileIdParamsSchema = ZIdParamsSchema;
export const ZPrintFileDeleteResponseSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
export const ZPrintFileSettingsSchema = z.object({ maxBytes: z.number().int(), extensions: z.array(zText()) });
export type TPrintFileSettings = z.infer<typeof ZPrintFileSettingsSchema>;
