import fastifyMultipart from "@fastify/multipart";
import { DESIGN_ITEM_PAGES, DESIGN_LIBRARY_CARDS, DESIGN_LIBRARY_MESSAGES, FILES_MESSAGES } from "@hub/contracts";
import { designLibraryApi as api } from "@hub/contracts/design-library/api";
import { schema } from "@hub/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, forbidden, notFound } from "../../platform/errors";
import { register, type ZodApp } from "../../platform/operations";
import type { Principal } from "../../platform/principal";
import { storePrintFile, type UploadKind } from "../files/print-files.service";
import { sendStoredFile } from "../files/send-file";
import { activeMembership, currentTeamOf } from "../teams/current";
import { itemResource } from "./items";
import { pomTemplatesResource, sizesResource, suppliersResource } from "./others";
import { DESIGN_UPLOAD_AREA, designResource } from "./resource";

const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_KIND: UploadKind = {
  area: DESIGN_UPLOAD_AREA,
  types: [
    { ext: "png", label: "PNG", contentType: "image/png" },
    { ext: "jpg", label: "JPEG", contentType: "image/jpeg" },
    { ext: "jpeg", label: "JPEG", contentType: "image/jpeg" },
  ],
  wrongType: "Upload a PNG or JPEG image.",
  action: "designLibrary.upload",
};
/** Any design-library card lets a person upload and see its images. */
const anyLibraryCard = (p: Principal) => DESIGN_LIBRARY_CARDS.some((c) => p.cards.has(c));

/**
 * The design library (issue 12): every page of /productDev/libary through the resource engine
 * (team-owned), and the images its items and variants show (PNG/JPEG through the files adapter,
 * kept as files of the team's client).
 */
export const designLibraryRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, files } = deps;
    for (const plugin of [
      designResource(db, suppliersResource),
      designResource(db, sizesResource),
      designResource(db, pomTemplatesResource),
      ...DESIGN_ITEM_PAGES.map((page) => designResource(db, itemResource(page))),
    ]) {
      await app.register(plugin);
    }

    await app.register(async (plugin) => {
      const uploads: ZodApp = plugin.withTypeProvider<ZodTypeProvider>();
      await uploads.register(fastifyMultipart, {
        limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 },
      });
      register(uploads, api.upload, async (request, reply) => {
        const p = principalOf(request);
        if (!anyLibraryCard(p)) throw forbidden();
        const team = await currentTeamOf(db, p, request.query.teamId);
        if (!team) throw badRequest("Choose a team first.", { teamId: "Choose a team" });
        if (team.clientId === null) throw badRequest(DESIGN_LIBRARY_MESSAGES.noClient, { teamId: "No client" });
        if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
        const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
        if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
        const stored = await storePrintFile(db, files, p, team.clientId, part, IMAGE_MAX_BYTES, IMAGE_KIND);
        // The image is the team's: another team of the same client cannot read or use it.
        await db.insert(schema.pdTeamFiles).values({ fileId: stored.id, teamId: team.teamId }).onConflictDoNothing();
        return reply.status(201).send({
          id: stored.id,
          fileName: stored.fileName,
          contentType: stored.contentType,
          sizeBytes: stored.sizeBytes,
        });
      });
    });

    register(app, api.image, async (request, reply) => {
      const p = principalOf(request);
      if (!anyLibraryCard(p)) throw forbidden();
      const f = schema.storedFiles;
      const tu = schema.teamUsers;
      const owned = schema.pdTeamFiles;
      // The image's team must be one the caller is an active member of (not just a team of its client).
      const [found] = await db
        .select({ row: f })
        .from(f)
        .innerJoin(owned, eq(owned.fileId, f.id))
        .where(
          and(
            eq(f.id, request.params.id),
            eq(f.area, DESIGN_UPLOAD_AREA),
            p.isInternal
              ? undefined
              : inArray(
                  owned.teamId,
                  sql`(select ${tu.teamId} from ${tu} where ${and(eq(tu.userId, p.userId), activeMembership())})`,
                ),
          ),
        );
      const row = found?.row;
      if (!row) throw notFound("That image");
      const stream = await files.get(row.storageKey);
      if (!stream) throw notFound("That image's contents");
      return sendStoredFile(reply, row, stream, { "cache-control": "private, max-age=3600" });
    });
  };
