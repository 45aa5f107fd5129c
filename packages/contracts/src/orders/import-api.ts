import { type Access, declareApi } from "../common/operation";
import { ZImportIdParamsSchema } from "../library/import";
import { ZOrderImportQuerySchema, ZOrderImportReportSchema } from "./import";

/** The people who enter orders import them: client users for their client, facility users and internal admins for any they serve. */
const IMPORT: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orderEntry" };

const errors = [402, 409] as const;

/**
 * CSV order import (issue 10): the file is the request body (text/csv, as the library's import),
 * validate answers the row-by-row report, apply places every order or none.
 */
export const orderImportApi = declareApi("orderImport", {
  template: { method: "GET", path: "/orders/import/template.csv", access: IMPORT, file: "text/csv" },
  /** The body is the CSV file itself (text/csv), at most IMPORT_MAX_BYTES. */
  validate: {
    method: "POST",
    path: "/orders/import/validate",
    access: IMPORT,
    query: ZOrderImportQuerySchema,
    responses: { 200: ZOrderImportReportSchema },
    errors,
  },
  report: {
    method: "GET",
    path: "/orders/import/:id",
    access: IMPORT,
    params: ZImportIdParamsSchema,
    responses: { 200: ZOrderImportReportSchema },
    errors,
  },
  /** With an Idempotency-Key: a double click places the orders once. */
  apply: {
    method: "POST",
    path: "/orders/import/:id/apply",
    access: IMPORT,
    params: ZImportIdParamsSchema,
    responses: { 200: ZOrderImportReportSchema },
    errors,
  },
});
