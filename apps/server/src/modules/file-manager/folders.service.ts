import {
  FILE_MANAGER_MESSAGES,
  type TFmCreateFolder,
  type TFmFolder,
  type TFmFolderTree,
  type TFmUpdateFolder,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { rowsOf } from "../../platform/database";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import {
  type FmTeam,
  type FolderRow,
  fmTeamOf,
  folderOf,
  folders,
  liveFolders,
  owned,
  targetFolder,
  teamOfFolder,
  usesFile,
} from "./scope";

/** Folders of the File Manager: the tree, create, rename, move (never into itself), trash and restore. */

const toFolder = (r: FolderRow): TFmFolder => ({ id: r.id, parentId: r.parentId, name: r.name });

export const folderTree = async (db: HubDb, p: Principal, teamId?: number): Promise<TFmFolderTree> => {
  const team = await fmTeamOf(db, p, teamId);
  const rows = await db
    .select()
    .from(folders)
    .where(liveFolders(team.teamId))
    .orderBy(sql`lower(${folders.name})`, asc(folders.id));
  return { teamId: team.teamId, folders: rows.map(toFolder) };
};

/** The folder and every folder below it (any state), by a recursive walk. */
export const subtreeIds = async (db: HubDb | HubTx, folderId: number): Promise<number[]> =>
  rowsOf<{ id: number }>(
    await db.execute(sql`
      with recursive tree(id) as (
        select id from pd_file_folders where id = ${folderId}
        union
        select f.id from pd_file_folders f join tree on f.parent_id = tree.id
      )
      select id from tree`),
  ).map((r) => Number(r.id));

/** From the top level down to the folder: its breadcrumb. */
export const pathOf = async (db: HubDb | HubTx, folderId: number | null): Promise<{ id: number; name: string }[]> => {
  if (folderId === null) return [];
  const rows = rowsOf<{ id: number; name: string; depth: number }>(
    await db.execute(sql`
      with recursive up(id, name, parent_id, depth) as (
        select id, name, parent_id, 0 from pd_file_folders where id = ${folderId}
        union all
        select f.id, f.name, f.parent_id, up.depth + 1 from pd_file_folders f join up on f.id = up.parent_id
        where up.depth < 200
      )
      select id, name, depth from up order by depth desc`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
};

const nameTaken = (error: unknown, name: string) => {
  if (isUniqueViolation(error))
    return conflict(FILE_MANAGER_MESSAGES.folderTaken(name), { name: FILE_MANAGER_MESSAGES.folderTaken(name) });
  return error;
};

export const createFolder = async (db: HubDb, p: Principal, body: TFmCreateFolder): Promise<TFmFolder> => {
  const team = await fmTeamOf(db, p, body.teamId);
  const name = body.name.trim();
  return db.transaction(async (tx) => {
    const parentId = await targetFolder(tx, team, body.parentId ?? null);
    try {
      const [row] = await tx
        .insert(folders)
        .values({ teamId: team.teamId, parentId, name, createdBy: p.userName })
        .returning();
      if (!row) throw new Error("folder insert failed");
      await recordAudit(tx, {
        actor: p.userName,
        action: "fileManager.folder.create",
        subject: `team:${team.teamId}`,
        detail: { folderId: row.id, name },
      });
      return toFolder(row);
    } catch (error) {
      throw nameTaken(error, name);
    }
  });
};

export const updateFolder = async (db: HubDb, p: Principal, id: number, body: TFmUpdateFolder): Promise<TFmFolder> => {
  const team = await teamOfFolder(db, p, id);
  return db.transaction(async (tx) => {
    const folder = await folderOf(tx, team, id);
    const set: Partial<FolderRow> = { updatedAt: new Date() };
    if (body.name !== undefined) set.name = body.name.trim();
    if (body.parentId !== undefined) {
      const parentId = await targetFolder(tx, team, body.parentId);
      if (parentId !== null && (await subtreeIds(tx, folder.id)).includes(parentId))
        throw badRequest(FILE_MANAGER_MESSAGES.cycle, { parentId: FILE_MANAGER_MESSAGES.cycle });
      set.parentId = parentId;
    }
    try {
      const [row] = await tx.update(folders).set(set).where(eq(folders.id, folder.id)).returning();
      if (!row) throw new Error("folder update failed");
      await recordAudit(tx, {
        actor: p.userName,
        action: "fileManager.folder.update",
        subject: `team:${team.teamId}`,
        detail: { folderId: row.id, from: { name: folder.name, parentId: folder.parentId }, to: set },
      });
      return toFolder(row);
    } catch (error) {
      throw nameTaken(error, set.name ?? folder.name);
    }
  });
};

/** The names of the team's products using any of these files (for the refusal's message). */
export const productsUsing = async (db: HubDb | HubTx, team: FmTeam, fileIds: number[]): Promise<string[]> => {
  if (fileIds.length === 0) return [];
  const ids = sql.join(
    fileIds.map((f) => sql`${f}`),
    sql`, `,
  );
  const rows = rowsOf<{ code: string }>(
    await db.execute(sql`
      select distinct products.code from pd_tech_pack_parts parts
      join pd_tech_packs packs on packs.id = parts.tech_pack_id
      join pd_products products on products.id = packs.product_id
      join pd_team_files tf on tf.team_id = ${team.teamId} and tf.file_id in (${ids})
      where products.team_id = ${team.teamId} and ${usesFile(sql`tf.file_id`)}
      order by products.code limit 6`),
  );
  return rows.map((r) => r.code);
};
export const refuseInUse = (codes: string[]) => {
  if (codes.length === 0) return;
  const named = codes.length > 5 ? `${codes.slice(0, 5).join(", ")} and more` : codes.join(", ");
  throw conflict(FILE_MANAGER_MESSAGES.inUse(named));
};

/** To the trash with everything in it (one `deletedAt`, so they come back together); refused while a product uses a file in it. */
export const trashFolder = async (db: HubDb, p: Principal, id: number): Promise<{ ok: true }> => {
  const team = await teamOfFolder(db, p, id);
  await db.transaction(async (tx) => {
    const folder = await folderOf(tx, team, id);
    const ids = await subtreeIds(tx, folder.id);
    const liveFiles = await tx
      .select({ id: owned.fileId })
      .from(owned)
      .where(and(eq(owned.teamId, team.teamId), inArray(owned.folderId, ids), sql`${owned.deletedAt} is null`));
    refuseInUse(
      await productsUsing(
        tx,
        team,
        liveFiles.map((f) => f.id),
      ),
    );
    const now = new Date();
    await tx
      .update(folders)
      .set({ deletedAt: now })
      .where(and(inArray(folders.id, ids), sql`${folders.deletedAt} is null`));
    await tx
      .update(owned)
      .set({ deletedAt: now })
      .where(and(eq(owned.teamId, team.teamId), inArray(owned.folderId, ids), sql`${owned.deletedAt} is null`));
    await recordAudit(tx, {
      actor: p.userName,
      action: "fileManager.folder.trash",
      subject: `team:${team.teamId}`,
      detail: { folderId: folder.id, name: folder.name, folders: ids.length, files: liveFiles.length },
    });
  });
  return { ok: true };
};

/** Back from the trash with what went with it; to the top level when its parent is in the trash or gone. */
export const restoreFolder = async (db: HubDb, p: Principal, id: number): Promise<TFmFolder> => {
  const team = await teamOfFolder(db, p, id);
  return db.transaction(async (tx) => {
    const folder = await folderOf(tx, team, id, "trashed");
    const when = folder.deletedAt as Date;
    let parentId = folder.parentId;
    if (parentId !== null) {
      const [parent] = await tx.select().from(folders).where(eq(folders.id, parentId));
      if (!parent || parent.deletedAt) parentId = null;
    }
    const ids = await subtreeIds(tx, folder.id);
    try {
      await tx.update(folders).set({ deletedAt: null, parentId }).where(eq(folders.id, folder.id));
      await tx
        .update(folders)
        .set({ deletedAt: null })
        .where(and(inArray(folders.id, ids), eq(folders.deletedAt, when)));
    } catch (error) {
      throw nameTaken(error, folder.name);
    }
    await tx
      .update(owned)
      .set({ deletedAt: null })
      .where(and(eq(owned.teamId, team.teamId), inArray(owned.folderId, ids), eq(owned.deletedAt, when)));
    await recordAudit(tx, {
      actor: p.userName,
      action: "fileManager.folder.restore",
      subject: `team:${team.teamId}`,
      detail: { folderId: folder.id, name: folder.name },
    });
    return toFolder({ ...folder, parentId, deletedAt: null });
  });
};
