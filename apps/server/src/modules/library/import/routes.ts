import { IMPORT_COLUMNS, IMPORT_RESOURCES } from "@hub/contracts";
import { libraryImportApi as api } from "@hub/contracts/library/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../../platform/access";
import { sendCsv } from "../../../platform/csv";
import { acceptCsvFiles } from "../../../platform/csv-import";
import type { ModuleDeps } from "../../../platform/deps";
import { badRequest } from "../../../platform/errors";
import { idempotencyKeyOf } from "../../../platform/idempotency";
import { register } from "../../../platform/operations";
import { applyImport, importReport, templateOf, validateImport } from "./import.service";

/**
 * Import Csv (issue 4). The file is sent as the request body (text/csv), so the browser can show
 * upload progress; validate answers the row-by-row report, apply writes all rows or none.
 */
export const importRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    acceptCsvFiles(app);

    register(app, api.importResources, async () =>
      IMPORT_RESOURCES.map((resource) => ({ resource, columns: IMPORT_COLUMNS[resource] })),
    );
    register(app, api.importTemplate, async (request, reply) =>
      sendCsv(reply, `${request.params.resource}-template.csv`, templateOf(request.params.resource)),
    );
    // The body is the file's text (the parser above; its bodyLimit is IMPORT_MAX_BYTES).
    register(app, api.importValidate, async (request) => {
      if (typeof request.body !== "string")
        throw badRequest("Send the CSV file as the request body (text/csv).", { file: "Choose a CSV file" });
      return validateImport(db, principalOf(request), request.query.resource, request.query.fileName, request.body);
    });
    register(app, api.importReport, async (request) => importReport(db, principalOf(request), request.params.id));
    register(app, api.importApply, async (request) =>
      applyImport(db, principalOf(request), request.params.id, idempotencyKeyOf(request)),
    );
  };
