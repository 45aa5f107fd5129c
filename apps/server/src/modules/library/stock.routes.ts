import { randomUUID } from "node:crypto";
import fastifyMultipart from "@fastify/multipart";
import {
  INSTRUCTION_IMAGE_MAX_BYTES,
  LIBRARY_EDITOR_TYPES,
  ZFabricDetailSchema,
  ZIdParamsSchema,
  ZInstructionImageSchema,
  ZLookupListSchema,
  ZLookupQuerySchema,
  ZNameListSchema,
  ZPartDetailSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { recordAudit } from "../../platform/audit";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, errorResponses, notFound } from "../../platform/errors";
import { searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { libraryService } from "./resource";
import { instructionImagesResource } from "./resources/instructions";
import { fabricsResource, namesOf, partsResource } from "./resources/materials";
import { factoryScope } from "./scope";

const tags = ["library"];
const errors = errorResponses(413);

const fabrics = libraryService(fabricsResource);
const parts = libraryService(partsResource);
const images = libraryService(instructionImagesResource);

/** Marks a fabric or part out of stock or back in stock, saying who and when (spec 4 actions). */
const setStock = async (db: HubDb, p: Principal, which: "fabrics" | "parts", id: number, outOfStock: boolean) => {
  const svc = which === "fabrics" ? fabrics : parts;
  const table = which === "fabrics" ? schema.fabrics : schema.parts;
  await db.transaction(async (tx) => {
    await svc.getRow(tx, p, id);
    await tx
      .update(table)
      .set({ outOfStock, stockChangedAt: new Date(), stockChangedBy: p.userId || null, updatedAt: new Date() })
      .where(eq(table.id, id));
    await recordAudit(tx, {
      actor: p.userName,
      action: `library.${which}.${outOfStock ? "outOfStock" : "backInStock"}`,
      subject: `${which}:${id}`,
    });
  });
  return svc.get(db, p, id);
};

const IMAGE_TYPES: Record<string, { magic: number[][]; contentType: string }> = {
  png: { magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], contentType: "image/png" },
  jpg: { magic: [[0xff, 0xd8, 0xff]], contentType: "image/jpeg" },
  jpeg: { magic: [[0xff, 0xd8, 0xff]], contentType: "image/jpeg" },
  webp: { magic: [[0x52, 0x49, 0x46, 0x46]], contentType: "image/webp" },
};

/** Stock actions, the names behind the form's suggestions, and instruction image files. */
export const stockRoutes =
  ({ db, files }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: INSTRUCTION_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 },
    });
    for (const [which, card, detail] of [
      ["fabrics", "fabric", ZFabricDetailSchema],
      ["parts", "part", ZPartDetailSchema],
    ] as const) {
      const write: Access = { signedIn: true, card, types: LIBRARY_EDITOR_TYPES };
      app.post(
        `/library/${which}/:id/outOfStock`,
        { config: { access: write }, schema: { tags, params: ZIdParamsSchema, response: { 200: detail, ...errors } } },
        async (request) => setStock(db, principalOf(request), which, request.params.id, true),
      );
      app.post(
        `/library/${which}/:id/backInStock`,
        { config: { access: write }, schema: { tags, params: ZIdParamsSchema, response: { 200: detail, ...errors } } },
        async (request) => setStock(db, principalOf(request), which, request.params.id, false),
      );
    }

    app.get(
      "/library/fabricTypes",
      {
        config: { access: { signedIn: true, card: "fabric" } },
        schema: { tags, response: { 200: ZNameListSchema, ...errors } },
      },
      async (request) =>
        namesOf(db, schema.fabricTypes, factoryScope(principalOf(request), schema.fabricTypes.factoryId)),
    );
    app.get(
      "/library/partCategories",
      {
        config: { access: { signedIn: true, card: "part" } },
        schema: { tags, response: { 200: ZNameListSchema, ...errors } },
      },
      async (request) =>
        namesOf(db, schema.partCategories, factoryScope(principalOf(request), schema.partCategories.factoryId)),
    );

    // The clients a style can be offered to: those the caller's facilities serve.
    app.get(
      "/library/clients/lookup",
      {
        config: { access: { signedIn: true, card: "styles", types: LIBRARY_EDITOR_TYPES } },
        schema: { tags, querystring: ZLookupQuerySchema, response: { 200: ZLookupListSchema, ...errors } },
      },
      async (request) => {
        const p = principalOf(request);
        const c = schema.clients;
        const q = request.query;
        const ids = q.ids ? q.ids.split(",").map(Number).slice(0, 500) : null;
        return db
          .select({ id: c.clientId, label: c.clientName, archived: sql<boolean>`not ${c.active}` })
          .from(c)
          .where(
            and(
              factoryScope(p, c.factoryId as unknown as PgColumn),
              ids ? inArray(c.clientId, ids) : searchAny(q.searchString, [c.clientName, c.siteName]),
            ),
          )
          .orderBy(asc(c.clientName))
          .limit(ids ? 500 : q.size);
      },
    );

    const imageWrite: Access = { signedIn: true, card: "instruction", types: LIBRARY_EDITOR_TYPES };
    app.put(
      "/library/instructionImages/:id/file",
      {
        config: { access: imageWrite },
        schema: {
          tags,
          params: ZIdParamsSchema,
          consumes: ["multipart/form-data"],
          response: { 200: ZInstructionImageSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const row = await images.getRow(db, p, request.params.id);
        if (!request.isMultipart()) throw badRequest("Choose an image to upload.", { file: "Choose an image" });
        const part = await request.file();
        if (!part) throw badRequest("Choose an image to upload.", { file: "Choose an image" });
        const ext = part.filename.split(".").pop()?.toLowerCase() ?? "";
        const type = IMAGE_TYPES[ext];
        if (!type)
          throw badRequest("Instruction images must be PNG, JPEG or WebP.", { file: "PNG, JPEG or WebP only" });
        const body = await part.toBuffer().catch(() => {
          throw badRequest("The image is larger than 5 MB.", { file: "At most 5 MB" });
        });
        if (part.file.truncated) throw badRequest("The image is larger than 5 MB.", { file: "At most 5 MB" });
        if (!type.magic.some((m) => body.length >= m.length && body.subarray(0, m.length).equals(Buffer.from(m)))) {
          throw badRequest("That file is not the image its name says.", { file: "Not a PNG, JPEG or WebP image" });
        }
        const key = `library/${row.factoryId}/instruction-images/${row.id}-${randomUUID()}.${ext}`;
        await files.put(key, body, { contentType: type.contentType, size: body.length });
        const img = schema.instructionImages;
        const [old] = await db.select({ key: img.storageKey }).from(img).where(eq(img.id, request.params.id));
        await db
          .update(img)
          .set({
            storageKey: key,
            fileName: part.filename.replace(/[^\w.\- ]/g, "_").slice(0, 200),
            contentType: type.contentType,
            sizeBytes: body.length,
            updatedAt: new Date(),
          })
          .where(eq(img.id, request.params.id));
        if (old?.key) await files.remove(old.key).catch(() => undefined);
        await recordAudit(db, {
          actor: p.userName,
          action: "library.instructionImages.upload",
          subject: `instructionImages:${row.id}`,
        });
        return images.get(db, p, request.params.id);
      },
    );
    app.get(
      "/library/instructionImages/:id/file",
      {
        config: { access: { signedIn: true, card: "instruction" } },
        schema: { tags, params: ZIdParamsSchema, produces: ["image/png", "image/jpeg", "image/webp"] },
      },
      async (request, reply) => {
        await images.getRow(db, principalOf(request), request.params.id);
        const img = schema.instructionImages;
        const [row] = await db.select().from(img).where(eq(img.id, request.params.id));
        if (!row?.storageKey || !row.contentType) throw notFound("That image's file");
        const stream = await files.get(row.storageKey);
        if (!stream) throw notFound("That image's file");
        return reply
          .header("content-type", row.contentType)
          .header("cache-control", "private, max-age=300")
          .send(stream);
      },
    );
  };
