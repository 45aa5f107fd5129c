import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { templatePoints } from "./products.service";
import { assertEditable, packFor } from "./scope";
import { fileIdsOf, readAllParts, teamClientOf } from "./tech-pack-parts";

/** POM templates for the graded spec, and the tech pack's uploads. */

const files = schema.storedFiles;

/** A POM template's points for the graded spec's "Load from template" (the team's templates only). */
export const readTemplatePoints = async (db: HubDb, p: Principal, stpId: number, templateId: number) => {
  const ctx = await packFor(db, p, stpId);
  if (ctx.viewer === "facility") throw notFound("That POM template");
  const t = schema.pdPomTemplates;
  const [template] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, templateId), eq(t.teamId, ctx.product.teamId)));
  if (!template) throw notFound("That POM template");
  return { unit: template.unit, points: await templatePoints(db, template.id) };
};

/**
 * Where an upload to the tech pack goes: the team's client owns the stored file, the team the
 * file (pd_team_files). Refused like any other change to the version (frozen, older, not a member).
 */
export const uploadTargetOf = async (
  db: HubDb,
  p: Principal,
  stpId: number,
): Promise<{ clientId: number; teamId: number }> => {
  const ctx = await packFor(db, p, stpId);
  assertEditable(ctx);
  const clientId = await teamClientOf(db, ctx.product.teamId);
  if (clientId === null) throw badRequest("This team belongs to no client, so it cannot store files.");
  return { clientId, teamId: ctx.product.teamId };
};

/** Marks a stored file as the team's (after its upload). */
export const claimTeamFile = async (db: HubDb, fileId: number, teamId: number): Promise<void> => {
  await db.insert(schema.pdTeamFiles).values({ fileId, teamId }).onConflictDoNothing();
};

/**
 * A file the caller may read through this tech pack: a team member, one of the team's own files
 * (not another team's of the same client); a facility, only a file the version it was sent uses.
 */
export const uploadOf = async (db: HubDb, p: Principal, stpId: number, fileId: number) => {
  const ctx = await packFor(db, p, stpId);
  if (ctx.viewer === "facility") {
    const all = await readAllParts(db, stpId);
    const used = (["images", "files", "constructionDetails"] as const).flatMap((tab) => fileIdsOf(tab, all[tab]));
    if (!used.includes(fileId)) throw notFound("That file");
  }
  const owned = schema.pdTeamFiles;
  const [row] = await db
    .select({ file: files })
    .from(files)
    .innerJoin(owned, and(eq(owned.fileId, files.id), eq(owned.teamId, ctx.product.teamId)))
    .where(eq(files.id, fileId));
  if (!row) throw notFound("That file");
  return row.file;
};
