import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_RESOURCES,
  LIBRARY_EDITOR_TYPES,
  ZImportIdParamsSchema,
  ZImportQuerySchema,
  ZImportReportSchema,
  ZImportResourceParamsSchema,
  ZImportResourcesSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../../platform/access";
import type { ModuleDeps } from "../../../platform/deps";
import { badRequest, errorResponses } from "../../../platform/errors";
import { idempotencyKeyOf } from "../../../platform/idempotency";
import { applyImport, importReport, templateOf, validateImport } from "./import.service";

const tags = ["library"];
const errors = errorResponses(409);
const IMPORT: Access = { signedIn: true, card: "importCsv", types: LIBRARY_EDITOR_TYPES };

/**
 * Import Csv (issue 4). The file is sent as the request body (text/csv), so the browser can show
 * upload progress; validate answers the row-by-row report, apply writes all rows or none.
 */
export const importRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      ["text/csv", "text/plain", "application/vnd.ms-excel"],
      { parseAs: "string", bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // A file over the limit is the caller's to split: a 400 that says so (other errors go to the app's handler).
    app.setErrorHandler((error, _request, reply) => {
      if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        return reply.status(400).send({
          error: "BAD_REQUEST",
          message: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into several files.`,
          fields: { file: "File too large" },
        });
      }
      throw error;
    });

    app.get(
      "/library/import/resources",
      { config: { access: IMPORT }, schema: { tags, response: { 200: ZImportResourcesSchema, ...errors } } },
      async () => IMPORT_RESOURCES.map((resource) => ({ resource, columns: IMPORT_COLUMNS[resource] })),
    );

    app.get(
      "/library/import/templates/:resource",
      { config: { access: IMPORT }, schema: { tags, params: ZImportResourceParamsSchema } },
      async (request, reply) =>
        reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${request.params.resource}-template.csv"`)
          .send(templateOf(request.params.resource)),
    );

    app.post(
      "/library/import/validate",
      {
        config: { access: IMPORT },
        bodyLimit: IMPORT_MAX_BYTES,
        schema: { tags, querystring: ZImportQuerySchema, response: { 200: ZImportReportSchema, ...errors } },
      },
      async (request) => {
        if (typeof request.body !== "string")
          throw badRequest("Send the CSV file as the request body (text/csv).", { file: "Choose a CSV file" });
        return validateImport(db, principalOf(request), request.query.resource, request.query.fileName, request.body);
      },
    );

    app.get(
      "/library/import/:id",
      {
        config: { access: IMPORT },
        schema: { tags, params: ZImportIdParamsSchema, response: { 200: ZImportReportSchema, ...errors } },
      },
      async (request) => importReport(db, principalOf(request), request.params.id),
    );

    app.post(
      "/library/import/:id/apply",
      {
        config: { access: IMPORT },
        schema: { tags, params: ZImportIdParamsSchema, response: { 200: ZImportReportSchema, ...errors } },
      },
      async (request) => applyImport(db, principalOf(request), request.params.id, idempotencyKeyOf(request)),
    );
  };
