import { type Access, declareApi } from "../common/operation";
import {
  ZTpImportApplyRequestSchema,
  ZTpImportPreviewQuerySchema,
  ZTpImportPreviewSchema,
  ZTpImportResultSchema,
} from "./tech-pack-import";

/** Import Tech Pack: its card; the team scope decides whose uploads and products (services). */
const IMPORT: Access = { signedIn: true, card: "importTechPack" };

/** Import Tech Pack (issue 19): preview an uploaded workbook or CSV, remap its columns, apply it; the template. */
export const techPackImportApi = declareApi("products.import", {
  /** multipart/form-data with one .xlsx or .csv file (at most 10 MB). */
  preview: {
    method: "POST",
    path: "/productDev/importTechPack/preview",
    access: IMPORT,
    query: ZTpImportPreviewQuerySchema,
    responses: { 200: ZTpImportPreviewSchema },
    errors: [413],
  },
  /** The same preview with the person's mapping. */
  remap: {
    method: "POST",
    path: "/productDev/importTechPack/remap",
    access: IMPORT,
    body: ZTpImportApplyRequestSchema,
    responses: { 200: ZTpImportPreviewSchema },
  },
  /** Makes the product with version 1, or the next version of the team's product with the code; remembers the mapping. */
  apply: {
    method: "POST",
    path: "/productDev/importTechPack/apply",
    access: IMPORT,
    body: ZTpImportApplyRequestSchema,
    responses: { 201: ZTpImportResultSchema },
    errors: [409],
  },
  template: {
    method: "GET",
    path: "/productDev/importTechPack/template.xlsx",
    access: IMPORT,
    file: "application/octet-stream",
  },
});
