import fastifyMultipart from "@fastify/multipart";
import { FILES_MESSAGES, PRINT_FILE_EXTENSIONS } from "@hub/contracts";
import { filesApi as api } from "@hub/contracts/files/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, notFound } from "../../platform/errors";
import { register } from "../../platform/operations";
import { deletePrintFile, filesClientOf, listPrintFiles, printFileOf, storePrintFile } from "./print-files.service";
import { sendStoredFile } from "./send-file";

/** The files area's handlers (issue 3); what each answers and who may call it is in `filesApi`. */
export const filesRoutes =
  ({ db, files, config }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const maxBytes = config.printFileMaxBytes;
    // Multipart only inside this plugin: one file per request, at most maxBytes.
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2 } });

    register(app, api.settings, async () => ({ maxBytes, extensions: PRINT_FILE_EXTENSIONS }));
    register(app, api.list, async (request) => listPrintFiles(db, filesClientOf(principalOf(request)), request.query));
    register(app, api.upload, async (request, reply) => {
      const p = principalOf(request);
      const clientId = filesClientOf(p);
      if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
      const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
      if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
      return reply.status(201).send(await storePrintFile(db, files, p, clientId, part, maxBytes));
    });
    register(app, api.download, async (request, reply) => {
      const row = await printFileOf(db, filesClientOf(principalOf(request)), request.params.id);
      const stream = await files.get(row.storageKey);
      if (!stream) throw notFound("That file's contents");
      const ascii = row.fileName.replace(/[^\x20-\x7e]/g, "_");
      return sendStoredFile(reply, row, stream, {
        "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
        "cache-control": "private, no-store",
      });
    });
    register(app, api.remove, async (request) => {
      const p = principalOf(request);
      await deletePrintFile(db, files, p, filesClientOf(p), request.params.id);
      return { id: request.params.id, deleted: true as const };
    });
  };
