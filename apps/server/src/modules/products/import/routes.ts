import { FILES_MESSAGES, TECH_PACK_IMPORT_LIMITS } from "@hub/contracts";
import { techPackImportApi as api } from "@hub/contracts/products/tech-pack-import-api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { principalOf } from "../../../platform/access";
import type { ModuleDeps } from "../../../platform/deps";
import { badRequest, HttpError } from "../../../platform/errors";
import { register, type ZodApp } from "../../../platform/operations";
import { applyImport, previewImport, remapImport } from "./import.service";
import { importPdf } from "./pdf";
import { templateWorkbook } from "./template";

const MAX = TECH_PACK_IMPORT_LIMITS.maxBytes;
const tooLarge = (max: number) =>
  new HttpError(413, "BAD_REQUEST", `The file is larger than ${max / 1024 / 1024} MB; an import reads smaller files.`, {
    file: FILES_MESSAGES.tooLarge(max),
  });

/** The request's one uploaded file, read whole (an import reads it all), refused past `max` bytes. */
const onePart = async (request: FastifyRequest, max: number): Promise<{ buffer: Buffer; fileName: string }> => {
  if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
  const part = await request.file({ limits: { fileSize: max, files: 1 } });
  if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(max);
    throw error;
  }
  if (part.file.truncated || buffer.length > max) throw tooLarge(max);
  return { buffer, fileName: part.filename || "upload" };
};

/** Import Tech Pack's routes (registered inside the products plugin, which parses multipart). */
export const registerImportRoutes = (app: ZodApp, { db, files }: Pick<ModuleDeps, "db" | "files">) => {
  register(app, api.preview, async (request) => {
    const { buffer, fileName } = await onePart(request, MAX);
    return previewImport(db, principalOf(request), { buffer, fileName }, request.query.teamId);
  });
  register(app, api.pdf, async (request, reply) => {
    const upload = await onePart(request, TECH_PACK_IMPORT_LIMITS.maxPdfBytes);
    const { status, result } = await importPdf(db, files, principalOf(request), request.query, upload);
    return reply.status(status).send(result);
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
