import { orderImportApi as api } from "@hub/contracts/orders/import-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv } from "../../platform/csv";
import { acceptCsvFiles } from "../../platform/csv-import";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { register } from "../../platform/operations";
import { applyOrderImport, orderImportReport, orderTemplate, validateOrderImport } from "./import.service";

/**
 * CSV order import (issue 10): the file is the request body (text/csv, as the library's import),
 * validate answers the row-by-row report, apply places every order or none. The CSV parser's
 * limit (IMPORT_MAX_BYTES) is the body limit of a file.
 */
export const orderImportRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    acceptCsvFiles(app);

    register(app, api.template, async (_request, reply) => sendCsv(reply, "orders-template.csv", orderTemplate()));
    register(app, api.validate, async (request) => {
      if (typeof request.body !== "string")
        throw badRequest("Send the CSV file as the request body (text/csv).", { file: "Choose a CSV file" });
      return validateOrderImport(db, principalOf(request), request.query.fileName, request.body);
    });
    register(app, api.report, async (request) => orderImportReport(db, principalOf(request), request.params.id));
    register(app, api.apply, async (request) =>
      applyOrderImport(
        { db, billing: deps.billing },
        principalOf(request),
        request.params.id,
        idempotencyKeyOf(request),
      ),
    );
  };
