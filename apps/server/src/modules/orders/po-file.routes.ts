import fastifyMultipart from "@fastify/multipart";
import {
  FILES_MESSAGES,
  PO_FILE_MAX_BYTES,
  PO_FILE_MESSAGES,
  PO_FILE_TYPES,
  ZOrderIdParamsSchema,
  ZPoFileQuerySchema,
  ZStoredFileSchema,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, errorResponses, notFound } from "../../platform/errors";
import { storePrintFile, type UploadKind } from "../files/print-files.service";
import { orderRowFor } from "./orders.service";
import { orderClientFor } from "./scope";

const tags = ["orders"];
const errors = errorResponses(413);
const ENTRY: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orderEntry" };
const ORDERS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orders" };

/** PO files go through the files adapter like print files, as the order's client's files of area "po". */
const PO_FILE: UploadKind = {
  area: "po",
  types: PO_FILE_TYPES,
  wrongType: PO_FILE_MESSAGES.wrongType,
  action: "orders.poFile.upload",
};

/**
 * The optional PO file of Order Entry (issue 10): uploaded first (PDF, PNG or JPEG by name and by
 * first bytes, at most 10 MB), then named by `poFileId` when placing; the order page downloads it.
 */
export const poFileRoutes =
  ({ db, files }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: PO_FILE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

    app.post(
      "/orders/poFiles",
      {
        config: { access: ENTRY },
        schema: {
          tags,
          querystring: ZPoFileQuerySchema,
          consumes: ["multipart/form-data"],
          response: { 201: ZStoredFileSchema, ...errors },
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        // The order's client, as placing will check it: a client user's own, others the one named.
        const client = await orderClientFor(db, p, request.query.clientId);
        if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
        const part = await request.file({ limits: { fileSize: PO_FILE_MAX_BYTES, files: 1 } });
        if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
        return reply
          .status(201)
          .send(await storePrintFile(db, files, p, client.clientId, part, PO_FILE_MAX_BYTES, PO_FILE));
      },
    );

    app.get(
      "/orders/:id/poFile",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIdParamsSchema, produces: ["application/octet-stream"] },
      },
      async (request, reply) => {
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
  };
