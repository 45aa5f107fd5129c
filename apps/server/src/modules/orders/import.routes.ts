import {
  IMPORT_MAX_BYTES,
  ZImportIdParamsSchema,
  ZOrderImportQuerySchema,
  ZOrderImportReportSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, errorResponses } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { applyOrderImport, orderImportReport, orderTemplate, validateOrderImport } from "./import.service";

const tags = ["orders"];
const errors = errorResponses(402, 409);
/** The people who enter orders import them: client users for their client, facility users and internal admins for any they serve. */
const IMPORT: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orderEntry" };

/**
 * CSV order import (issue 10): the file is the request body (text/csv, as the library's import),
 * validate answers the row-by-row report, apply places every order or none.
 */
export const orderImportRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.addContentTypeParser(
      ["text/csv", "text/plain", "application/vnd.ms-excel"],
      { parseAs: "string", bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
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

    app.get("/orders/import/template.csv", { config: { access: IMPORT }, schema: { tags } }, async (_request, reply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="orders-template.csv"')
        .send(orderTemplate()),
    );

    app.post(
      "/orders/import/validate",
      {
        config: { access: IMPORT },
        bodyLimit: IMPORT_MAX_BYTES,
        schema: { tags, querystring: ZOrderImportQuerySchema, response: { 200: ZOrderImportReportSchema, ...errors } },
      },
      async (request) => {
        if (typeof request.body !== "string")
          throw badRequest("Send the CSV file as the request body (text/csv).", { file: "Choose a CSV file" });
        return validateOrderImport(db, principalOf(request), request.query.fileName, request.body);
      },
    );

    app.get(
      "/orders/import/:id",
      {
        config: { access: IMPORT },
        schema: { tags, params: ZImportIdParamsSchema, response: { 200: ZOrderImportReportSchema, ...errors } },
      },
      async (request) => orderImportReport(db, principalOf(request), request.params.id),
    );

    app.post(
      "/orders/import/:id/apply",
      {
        config: { access: IMPORT },
        schema: { tags, params: ZImportIdParamsSchema, response: { 200: ZOrderImportReportSchema, ...errors } },
      },
      async (request) =>
        applyOrderImport(
          { db, billing: deps.billing },
          principalOf(request),
          request.params.id,
          idempotencyKeyOf(request),
        ),
    );
  };
