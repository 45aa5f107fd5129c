import { FILES_MESSAGES, TECH_PACK_IMPORT_LIMITS } from "@hub/contracts";
import { techPackImportApi as api } from "@hub/contracts/products/tech-pack-import-api";
import type { FastifyReply } from "fastify";
import { principalOf } from "../../../platform/access";
import type { ModuleDeps } from "../../../platform/deps";
import { badRequest, HttpError } from "../../../platform/errors";
import { register, type ZodApp } from "../../../platform/operations";
import { applyImport, previewImport, remapImport } from "./import.service";
import { templateWorkbook } from "./template";

const MAX = TECH_PACK_IMPORT_LIMITS.maxBytes;
const tooLarge = () =>
  new HttpError(413, "BAD_REQUEST", `The file is larger than ${MAX / 1024 / 1024} MB; an import reads smaller files.`, {
    file: FILES_MESSAGES.tooLarge(MAX),
  });

/** Import Tech Pack's routes (registered inside the products plugin, which parses multipart). */
export const registerImportRoutes = (app: ZodApp, { db }: Pick<ModuleDeps, "db">) => {
  register(app, api.preview, async (request) => {
    const p = principalOf(request);
    if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
    const part = await request.file({ limits: { fileSize: MAX, files: 1 } });
    if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
      throw error;
    }
    if (part.file.truncated || buffer.length > MAX) throw tooLarge();
    return previewImport(db, p, { buffer, fileName: part.filename || "upload" }, request.query.teamId);
  });
  register(app, api.remap, async (request) => remapImport(db, principalOf(request), request.body));
  register(app, api.apply, async (request, reply) =>
    reply.status(201).send(await applyImport(db, principalOf(request), request.body)),
  );
  register(app, api.template, async (_request, reply) => sendXlsx(reply, await templateWorkbook()));
};

const sendXlsx = (reply: FastifyReply, bytes: Buffer) =>
  reply
    .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    .header("content-disposition", 'attachment; filename="tech-pack-template.xlsx"')
    .send(bytes);
