import type { Readable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import { FILES_MESSAGES } from "@hub/contracts/files/files";
import { ordersApi as api } from "@hub/contracts/orders/api";
import { PO_FILE_MAX_BYTES, PO_FILE_MESSAGES, PO_FILE_TYPES } from "@hub/contracts/orders/import";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, notFound } from "../../platform/errors";
import { register } from "../../platform/operations";
import { storePrintFile, type UploadKind } from "../files/print-files.service";
import { orderRowFor } from "./orders.service";
import { orderClientFor } from "./scope";

/** PO files go through the files adapter like print files, as the order's client's files of area "po". */
const PO_FILE: UploadKind = {
  area: "po",
  types: PO_FILE_TYPES,
  wrongType: PO_FILE_MESSAGES.wrongType,
  action: "orders.poFile.upload",
};

/** A stored file as a download: its type, size and name (ASCII, and UTF-8 for browsers that read it), never cached. */
const sendStoredFile = (
  reply: FastifyReply,
  row: { fileName: string; contentType: string; sizeBytes: number },
  stream: Readable,
): FastifyReply => {
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
};

/**
 * The optional PO file of Order Entry (issue 10): uploaded first (PDF, PNG or JPEG by name and by
 * first bytes, at most 10 MB), then named by `poFileId` when placing; the order page downloads it.
 */
export const poFileRoutes =
  ({ db, files }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: PO_FILE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

    register(app, api.uploadPoFile, async (request, reply) => {
      const p = principalOf(request);
      // The order's client, as placing will check it: a client user's own, others the one named.
      const client = await orderClientFor(db, p, request.query.clientId);
      if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
      const part = await request.file({ limits: { fileSize: PO_FILE_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
      return reply
        .status(201)
        .send(await storePrintFile(db, files, p, client.clientId, part, PO_FILE_MAX_BYTES, PO_FILE));
    });

    register(app, api.poFile, async (request, reply) => {
      const order = await orderRowFor(db, principalOf(request), request.params.id);
      if (order.poFileId === null) throw notFound("This order's PO file");
      const f = schema.storedFiles;
      const [row] = await db
        .select()
        .from(f)
        .where(and(eq(f.id, order.poFileId), eq(f.clientId, order.clientId)));
      if (!row) throw notFound("This order's PO file");
      const stream = await files.get(row.storageKey);
      if (!stream) throw notFound("That file's contents");
      return sendStoredFile(reply, row, stream);
    });
  };
