import { type Access, declareApi } from "../common/operation";
import {
  ZPrintFileDeleteResponseSchema,
  ZPrintFileIdParamsSchema,
  ZPrintFileListQuerySchema,
  ZPrintFilePageSchema,
  ZPrintFileSettingsSchema,
  ZStoredFileSchema,
} from "./files";

/** Print files: the 'uploadPrintFiles' card; client users for their client, internal users for their session client. */
const PRINT_FILES: Access = { signedIn: true, card: "uploadPrintFiles" };

/** The files area's operations (issue 3). */
export const filesApi = declareApi("files", {
  settings: {
    method: "GET",
    path: "/printFiles/settings",
    access: PRINT_FILES,
    responses: { 200: ZPrintFileSettingsSchema },
    errors: [413],
  },
  list: {
    method: "GET",
    path: "/printFiles",
    access: PRINT_FILES,
    query: ZPrintFileListQuerySchema,
    responses: { 200: ZPrintFilePageSchema },
    errors: [413],
  },
  /** multipart/form-data with one file, at most the settings' maxBytes. */
  upload: {
    method: "POST",
    path: "/printFiles",
    access: PRINT_FILES,
    responses: { 201: ZStoredFileSchema },
    errors: [413],
  },
  download: {
    method: "GET",
    path: "/printFiles/:id/download",
    access: PRINT_FILES,
    params: ZPrintFileIdParamsSchema,
    file: "application/octet-stream",
  },
  remove: {
    method: "DELETE",
    path: "/printFiles/:id",
    access: PRINT_FILES,
    params: ZPrintFileIdParamsSchema,
    responses: { 200: ZPrintFileDeleteResponseSchema },
    errors: [413],
  },
});
