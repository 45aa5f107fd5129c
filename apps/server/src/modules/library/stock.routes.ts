import type { Readable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import { INSTRUCTION_IMAGE_MAX_BYTES } from "@hub/contracts";
import { libraryApi as api } from "@hub/contracts/library/api";
import { schema } from "@hub/db";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { namesOf } from "./resources/materials";
import { factoryScope } from "./scope";
import { lookupClients, readInstructionImage, setStock, uploadInstructionImage } from "./stock.service";

/** An image file's answer, cached by the browser for five minutes. */
const sendImage = (reply: FastifyReply, contentType: string, stream: Readable): FastifyReply =>
  reply.header("content-type", contentType).header("cache-control", "private, max-age=300").send(stream);

/** Stock actions, the names behind the form's suggestions, and instruction image files. */
export const stockRoutes =
  ({ db, files }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: INSTRUCTION_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 },
    });
    for (const [which, out, back] of [
      ["fabrics", api.fabricOutOfStock, api.fabricBackInStock],
      ["parts", api.partOutOfStock, api.partBackInStock],
    ] as const) {
      register(app, out, async (request) => setStock(db, principalOf(request), which, request.params.id, true));
      register(app, back, async (request) => setStock(db, principalOf(request), which, request.params.id, false));
    }

    register(app, api.fabricTypes, async (request) =>
      namesOf(db, schema.fabricTypes, factoryScope(principalOf(request), schema.fabricTypes.factoryId)),
    );
    register(app, api.partCategories, async (request) =>
      namesOf(db, schema.partCategories, factoryScope(principalOf(request), schema.partCategories.factoryId)),
    );
    register(app, api.clientsLookup, async (request) => lookupClients(db, principalOf(request), request.query));

    register(app, api.uploadInstructionImage, async (request) =>
      uploadInstructionImage({ db, files }, principalOf(request), request.params.id, async () =>
        request.isMultipart() ? request.file() : undefined,
      ),
    );
    register(app, api.instructionImageFile, async (request, reply) => {
      const { stream, contentType } = await readInstructionImage(
        { db, files },
        principalOf(request),
        request.params.id,
      );
      return sendImage(reply, contentType, stream);
    });
  };
