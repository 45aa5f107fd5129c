import fastifyMultipart from "@fastify/multipart";
import { FILE_MANAGER_MAX_BYTES, FILE_MANAGER_MAX_FILES, FILES_MESSAGES } from "@hub/contracts";
import { fileManagerApi as api } from "@hub/contracts/file-manager/api";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, notFound } from "../../platform/errors";
import { register } from "../../platform/operations";
import { sendStoredFile } from "../files/send-file";
import { filesDashboard } from "./dashboard.service";
import { listFolder, listTrash, restoreFile, trashFile, updateFile } from "./files.service";
import { createFolder, folderTree, restoreFolder, trashFolder, updateFolder } from "./folders.service";
import { fileOf, teamOfFile } from "./scope";
import { uploadFiles } from "./upload.service";
import { fileUsedBy, linkFile } from "./usage.service";
import { folderZip } from "./zip";

/** Shown in the browser (preview) rather than saved: PDFs and the images every browser draws. */
const INLINE_TYPES = new Set(["application/pdf", "image/png", "image/jpeg"]);
const headerName = (name: string) => name.replace(/[^\x20-\x7e]/g, "_").replaceAll('"', "_");

/** The File Manager and the Files Dashboard (issue 19); see `fileManagerApi`. */
export const fileManagerRoutes =
  ({ db, files }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      // The name as the client sent it, path and all: a name with a path is refused, not trimmed.
      preservePath: true,
      limits: { fileSize: FILE_MANAGER_MAX_BYTES, files: FILE_MANAGER_MAX_FILES + 1, fields: 0 },
    });

    register(app, api.folderTree, async (request) => folderTree(db, principalOf(request), request.query.teamId));
    register(app, api.list, async (request) => listFolder(db, files, principalOf(request), request.query));
    register(app, api.createFolder, async (request, reply) =>
      reply.status(201).send(await createFolder(db, principalOf(request), request.body)),
    );
    register(app, api.updateFolder, async (request) =>
      updateFolder(db, principalOf(request), request.params.id, request.body),
    );
    register(app, api.trashFolder, async (request) => trashFolder(db, principalOf(request), request.params.id));
    register(app, api.restoreFolder, async (request) => restoreFolder(db, principalOf(request), request.params.id));
    register(app, api.zipFolder, async (request, reply) => {
      const zip = await folderZip(db, files, principalOf(request), request.params.id);
      // A file answer (no JSON schema): sent as the raw reply, as sendStoredFile does.
      const raw: FastifyReply = reply;
      return raw
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${headerName(zip.name)}.zip"`)
        .header("cache-control", "private, no-store")
        .send(zip.stream);
    });

    register(app, api.upload, async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
      const result = await uploadFiles(db, files, principalOf(request), request.query, request.files());
      return reply.status(201).send(result);
    });
    register(app, api.updateFile, async (request) =>
      updateFile(db, principalOf(request), request.params.id, request.body),
    );
    register(app, api.trashFile, async (request) => trashFile(db, principalOf(request), request.params.id));
    register(app, api.restoreFile, async (request) => restoreFile(db, principalOf(request), request.params.id));
    register(app, api.download, async (request, reply) => {
      const p = principalOf(request);
      const team = await teamOfFile(db, p, request.params.id);
      const { file } = await fileOf(db, team, request.params.id, "any");
      const stream = await files.get(file.storageKey);
      if (!stream) throw notFound("That file's contents");
      const inline = request.query.inline === "true" && INLINE_TYPES.has(file.contentType);
      return sendStoredFile(reply, file, stream, {
        "content-disposition": `${inline ? "inline" : "attachment"}; filename="${headerName(file.fileName)}"`,
        "cache-control": "private, max-age=60",
      });
    });
    register(app, api.usedBy, async (request) => fileUsedBy(db, principalOf(request), request.params.id));
    register(app, api.link, async (request) => linkFile(db, principalOf(request), request.params.id, request.body));
    register(app, api.trash, async (request) => listTrash(db, files, principalOf(request), request.query.teamId));
    register(app, api.dashboard, async (request) => filesDashboard(db, principalOf(request), request.query.teamId));
  };
