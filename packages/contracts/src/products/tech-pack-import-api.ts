import { type Access, declareApi } from "../common/operation";
import {
  ZTpImportApplyRequestSchema,
  ZTpImportPdfQuerySchema,
  ZTpImportPdfResultSchema,
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
  /**
   * multipart/form-data with one PDF (at most 20 MB): kept as one of the team's files with its text
   * for search, and put on the Files tab of the product with the code (new, or its next version).
   */
  pdf: {
    method: "POST",
    path: "/productDev/importTechPack/pdf",
    access: IMPORT,
    query: ZTpImportPdfQuerySchema,
    /** 200: this very PDF is already on the product's newest version (a retry), and nothing was made. */
    responses: { 200: ZTpImportPdfResultSchema, 201: ZTpImportPdfResultSchema },
    errors: [409, 413],
  },
  template: {
    method: "GET",
    path: "/productDev/importTechPack/template.xlsx",
    access: IMPORT,
    file: "application/octet-stream",
  },
});
