import fastifyMultipart from "@fastify/multipart";
import {
  FILES_MESSAGES,
  PRINT_FILE_EXTENSIONS,
  ZPrintFileDeleteResponseSchema,
  ZPrintFileIdParamsSchema,
  ZPrintFileListQuerySchema,
  ZPrintFilePageSchema,
  ZPrintFileSettingsSchema,
  ZStoredFileSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, errorResponses, notFound } from "../../platform/errors";
import { deletePrintFile, filesClientOf, listPrintFiles, printFileOf, storePrintFile } from "./print-files.service";

const tags = ["files"];
const errors = errorResponses(413);

/** Print files: the 'uploadPrintFiles' card; client users for their client, internal users for their session client. */
const PRINT_FILES: Access = { signedIn: true, card: "uploadPrintFiles" };

/** The files area's routes (issue 3). */
export const filesRoutes =
  ({ db, files, config }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const maxBytes = config.printFileMaxBytes;
    // Multipart only inside this plugin: one file per request, at most maxBytes.
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2 } });

    app.get(
      "/printFiles/settings",
      { config: { access: PRINT_FILES }, schema: { tags, response: { 200: ZPrintFileSettingsSchema, ...errors } } },
      async () => ({ maxBytes, extensions: PRINT_FILE_EXTENSIONS }),
    );

    app.get(
      "/printFiles",
      {
        config: { access: PRINT_FILES },
        schema: { tags, querystring: ZPrintFileListQuerySchema, response: { 200: ZPrintFilePageSchema, ...errors } },
      },
      async (request) => listPrintFiles(db, filesClientOf(principalOf(request)), request.query),
    );

    app.post(
      "/printFiles",
      {
        config: { access: PRINT_FILES },
        schema: { tags, consumes: ["multipart/form-data"], response: { 201: ZStoredFileSchema, ...errors } },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const clientId = filesClientOf(p);
        if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
        const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
        if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
        return reply.status(201).send(await storePrintFile(db, files, p, clientId, part, maxBytes));
      },
    );

    app.get(
      "/printFiles/:id/download",
      {
        config: { access: PRINT_FILES },
        schema: { tags, params: ZPrintFileIdParamsSchema, produces: ["application/octet-stream"] },
      },
      async (request, reply) => {
        const row = await printFileOf(db, filesClientOf(principalOf(request)), request.params.id);
        const stream = await files.get(row.storageKey);
        if (!stream) throw notFound("That file's contents");
        const ascii = row.fileName.replace(/[^\x20-\x7e]/g, "_");
        return reply
          .header("content-type", row.contentType)
          .header("content-length", String(row.sizeBytes))
          .header(
            "content-disposition",
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
          )
          .header("cache-control", "private, no-store")
          .send(stream);
      },
    );

    app.delete(
      "/printFiles/:id",
      {
        config: { access: PRINT_FILES },
        schema: {
          tags,
          params: ZPrintFileIdParamsSchema,
          response: { 200: ZPrintFileDeleteResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        await deletePrintFile(db, files, p, filesClientOf(p), request.params.id);
        return { id: request.params.id, deleted: true as const };
      },
    );
  };
