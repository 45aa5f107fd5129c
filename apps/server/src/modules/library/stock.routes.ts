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
import { schema } from "@hub/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { namesOf } from "./resources/materials";
import { factoryScope } from "./scope";
import { lookupClients, readInstructionImage, setStock, uploadInstructionImage } from "./stock.service";

const tags = ["library"];
const errors = errorResponses(413);

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
      async (request) => lookupClients(db, principalOf(request), request.query),
    );

    app.put(
      "/library/instructionImages/:id/file",
      {
        config: { access: { signedIn: true, card: "instruction", types: LIBRARY_EDITOR_TYPES } },
        schema: {
          tags,
          params: ZIdParamsSchema,
          consumes: ["multipart/form-data"],
          response: { 200: ZInstructionImageSchema, ...errors },
        },
      },
      async (request) =>
        uploadInstructionImage({ db, files }, principalOf(request), request.params.id, async () =>
          request.isMultipart() ? request.file() : undefined,
        ),
    );
    app.get(
      "/library/instructionImages/:id/file",
      {
        config: { access: { signedIn: true, card: "instruction" } },
        schema: { tags, params: ZIdParamsSchema, produces: ["image/png", "image/jpeg", "image/webp"] },
      },
      async (request, reply) => {
        const { stream, contentType } = await readInstructionImage(
          { db, files },
          principalOf(request),
          request.params.id,
        );
        return reply.header("content-type", contentType).header("cache-control", "private, max-age=300").send(stream);
      },
    );
  };
