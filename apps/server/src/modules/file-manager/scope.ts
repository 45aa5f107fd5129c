import { FILE_MANAGER_MESSAGES, type TFmEntry } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { currentTeamOf } from "../teams/current";

/** Who owns what in the File Manager: the caller's team, its folders and files (others' are 404). */

export const folders = schema.pdFileFolders;
export const owned = schema.pdTeamFiles;
export const stored = schema.storedFiles;

export type FmTeam = { teamId: number; clientId: number };

/** The team the File Manager works in: the current one, or `teamId` (a member's own; internal admins any). */
export const fmTeamOf = async (db: HubDb | HubTx, p: Principal, teamId?: number): Promise<FmTeam> => {
  const team = await currentTeamOf(db, p, teamId);
  if (!team) throw badRequest(p.isInternal ? "Choose a team (teamId)." : FILE_MANAGER_MESSAGES.noTeam);
  if (team.clientId === null) throw badRequest("This team belongs to no client, so it cannot store files.");
  return { teamId: team.teamId, clientId: team.clientId };
};

export type FolderRow = typeof folders.$inferSelect;

/** One of the team's folders; `live` (default) refuses one in the trash. */
export const folderOf = async (
  db: HubDb | HubTx,
  team: FmTeam,
  id: number,
  which: "live" | "trashed" | "any" = "live",
): Promise<FolderRow> => {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.teamId, team.teamId)));
  if (!row) throw notFound("That folder");
  if (which === "live" && row.deletedAt) throw notFound("That folder");
  if (which === "trashed" && !row.deletedAt) throw badRequest(FILE_MANAGER_MESSAGES.notInTrash);
  return row;
};

/** The team a folder or file id belongs to, if the caller may see it: the folder's/file's own team. */
export const teamOfFolder = async (db: HubDb | HubTx, p: Principal, id: number): Promise<FmTeam> => {
  const [row] = await db.select({ teamId: folders.teamId }).from(folders).where(eq(folders.id, id));
  if (!row) throw notFound("That folder");
  return visibleTeam(db, p, row.teamId, "That folder");
};
export const teamOfFile = async (db: HubDb | HubTx, p: Principal, id: number): Promise<FmTeam> => {
  const [row] = await db.select({ teamId: owned.teamId }).from(owned).where(eq(owned.fileId, id));
  if (!row) throw notFound("That file");
  return visibleTeam(db, p, row.teamId, "That file");
};
const visibleTeam = async (db: HubDb | HubTx, p: Principal, teamId: number, what: string): Promise<FmTeam> => {
  try {
    return await fmTeamOf(db, p, teamId);
  } catch {
    throw notFound(what);
  }
};

export type FileRow = { file: typeof stored.$inferSelect; link: typeof owned.$inferSelect };

export const fileOf = async (
  db: HubDb | HubTx,
  team: FmTeam,
  id: number,
  which: "live" | "trashed" | "any" = "live",
): Promise<FileRow> => {
  const [row] = await db
    .select({ file: stored, link: owned })
    .from(owned)
    .innerJoin(stored, eq(stored.id, owned.fileId))
    .where(and(eq(owned.fileId, id), eq(owned.teamId, team.teamId)));
  if (!row) throw notFound("That file");
  if (which === "live" && row.link.deletedAt) throw notFound("That file");
  if (which === "trashed" && !row.link.deletedAt) throw badRequest(FILE_MANAGER_MESSAGES.notInTrash);
  return row;
};

/** A live folder of the team as a move's or upload's target (null = the top level). */
export const targetFolder = async (db: HubDb | HubTx, team: FmTeam, id: number | null | undefined) => {
  if (id === null || id === undefined) return null;
  return (await folderOf(db, team, id, "live")).id;
};

/** `parent_id = x` or `parent_id is null`. */
export const isParent = (column: SQL | typeof folders.parentId, id: number | null): SQL =>
  id === null ? sql`${column} is null` : sql`${column} = ${id}`;
export const liveFolders = (teamId: number) => and(eq(folders.teamId, teamId), isNull(folders.deletedAt));

/**
 * The versions of the team's products whose tabs use a file: the Files and Images tabs by `fileId`,
 * construction details by a step's `imageFileId` (jsonb containment on pd_tech_pack_parts).
 */
export const usesFile = (id: SQL | number): SQL => {
  const fileId = sql`(${id})::int`;
  return sql`(
  (parts.tab = 'files' and parts.data->'files' @> jsonb_build_array(jsonb_build_object('fileId', ${fileId})))
  or (parts.tab = 'images' and parts.data->'images' @> jsonb_build_array(jsonb_build_object('fileId', ${fileId})))
  or (parts.tab = 'constructionDetails' and parts.data->'steps' @> jsonb_build_array(jsonb_build_object('imageFileId', ${fileId})))
)`;
};

/** How many of the team's products use a file (any version), as a correlated subquery on `fileId`. */
export const usedByCount = (teamId: number, fileId: SQL): SQL<number> => sql<number>`(
  select count(distinct packs.product_id)::int from pd_tech_pack_parts parts
  join pd_tech_packs packs on packs.id = parts.tech_pack_id
  join pd_products products on products.id = packs.product_id
  where products.team_id = ${teamId} and ${usesFile(fileId)}
)`;

export { storageOf } from "../files/team-storage";

export const iso = (d: Date | string | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/** A raw entry row (the listing's union, the trash, the dashboard) as the contract's entry. */
export type EntryRow = {
  kind: "folder" | "file";
  id: number;
  name: string;
  folder_id: number | null;
  content_type: string | null;
  size_bytes: number | string | null;
  updated_at: Date | string;
  uploaded_by: string | null;
  used_by: number | string;
  deleted_at: Date | string | null;
  match?: string | null;
};
export const toEntry = (r: EntryRow): TFmEntry => ({
  key: `${r.kind}-${r.id}`,
  kind: r.kind,
  id: Number(r.id),
  name: r.name,
  folderId: r.folder_id === null ? null : Number(r.folder_id),
  contentType: r.content_type,
  sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
  updatedAt: iso(r.updated_at) ?? new Date().toISOString(),
  uploadedBy: r.uploaded_by,
  usedBy: Number(r.used_by),
  deletedAt: iso(r.deleted_at),
  match: r.match ?? null,
});

/** The select list of a file entry over `tf` (pd_team_files), `s` (stored_files) and `u` (users). */
export const fileEntryColumns = (teamId: number): SQL => sql`'file'::text as kind, s.id, s.file_name as name,
  tf.folder_id, s.content_type, s.size_bytes::bigint as size_bytes, s.created_at as updated_at,
  u.user_name as uploaded_by, ${usedByCount(teamId, sql`s.id`)} as used_by, tf.deleted_at`;
export const fileEntryFrom = sql`pd_team_files tf join stored_files s on s.id = tf.file_id
  left join users u on u.user_id = s.uploaded_by`;
