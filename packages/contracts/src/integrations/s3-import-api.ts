import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { type Access, declareApi } from "../common/operation";
import { pageOf } from "../common/paging";
import {
  ZS3ImportEnabledSchema,
  ZS3ImportRunSchema,
  ZS3ImportSettingsAnswerSchema,
  ZS3ImportSettingsRequestSchema,
  ZS3ImportSettingsSchema,
  ZS3ImportTestResultSchema,
} from "./s3-import";

/**
 * S3 order import (issue 20), under Account Integration: the client's users read the settings and
 * the recent imports; its admins (internal admins on a session client) change and test them.
 * Another client's import is a 404. The watcher itself is a background job, not an operation.
 */
const INTEGRATIONS: Access = { signedIn: true, card: "accountIntegration" };

const ZRunParams = z.object({ id: ZIdSchema });
const ZRunsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export const ZS3ImportRunPageSchema = pageOf(ZS3ImportRunSchema);

export const s3ImportApi = declareApi("s3OrderImport", {
  settings: {
    method: "GET",
    path: "/s3OrderImport/settings",
    access: INTEGRATIONS,
    responses: { 200: ZS3ImportSettingsAnswerSchema },
  },
  /** Saves (replaces) the settings; a blank access key id or secret keeps the saved one. The last test is cleared. */
  save: {
    method: "PUT",
    path: "/s3OrderImport/settings",
    access: INTEGRATIONS,
    body: ZS3ImportSettingsRequestSchema,
    responses: { 200: ZS3ImportSettingsSchema },
  },
  /** Turns the watcher on or off without typing the secret again. */
  setEnabled: {
    method: "PUT",
    path: "/s3OrderImport/enabled",
    access: INTEGRATIONS,
    body: ZS3ImportEnabledSchema,
    responses: { 200: ZS3ImportSettingsSchema },
  },
  remove: {
    method: "DELETE",
    path: "/s3OrderImport/settings",
    access: INTEGRATIONS,
    responses: { 204: z.null() },
  },
  /** Lists the prefix with the saved settings and says what happened, in words. */
  test: {
    method: "POST",
    path: "/s3OrderImport/test",
    access: INTEGRATIONS,
    responses: { 200: ZS3ImportTestResultSchema },
  },
  /** The files the job found, newest first. */
  runs: {
    method: "GET",
    path: "/s3OrderImport/runs",
    access: INTEGRATIONS,
    query: ZRunsQuery,
    responses: { 200: ZS3ImportRunPageSchema },
  },
  /** The report written beside the moved file (row, PO, outcome, order number, message). */
  report: {
    method: "GET",
    path: "/s3OrderImport/runs/:id/report.csv",
    access: INTEGRATIONS,
    params: ZRunParams,
    file: "text/csv",
  },
});
