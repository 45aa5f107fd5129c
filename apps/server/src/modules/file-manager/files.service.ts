import {
  FILE_MANAGER_TRASH_DAYS,
  FM_SORT_FIELDS,
  parseSort,
  type TFmEntry,
  type TFmList,
  type TFmListQuery,
  type TFmTrash,
  type TFmUpdateFile,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { rowsOf } from "../../platform/database";
import { badRequest } from "../../platform/errors";
import type { FilesAdapter } from "../../platform/files";
import { containsPattern } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { pathOf, productsUsing, refuseInUse } from "./folders.service";
import {
  type EntryRow,
  type FmTeam,
  fileEntryColumns,
  fileEntryFrom,
  fileOf,
  fmTeamOf,
  folderOf,
  folders,
  isParent,
  owned,
  stored,
  targetFolder,
  teamOfFile,
  toEntry,
  usedByCount,
  usesFile,
} from "./scope";

/** Files of the File Manager: a folder's contents, rename and move, the trash and its purge. */

const SORT_SQL: Record<(typeof FM_SORT_FIELDS)[number], string> = {
  name: "lower(e.name)",
  sizeBytes: "e.size_bytes",
  updatedAt: "e.updated_at",
};

/**
 * A folder's contents, folders first, then files; with a search, every folder and file of the team
 * whose name contains it. Sorted by name, size or date; paged.
 */
export const listFolder = async (db: HubDb, files: FilesAdapter, p: Principal, q: TFmListQuery): Promise<TFmList> => {
  const team = await fmTeamOf(db, p, q.teamId);
  await purgeExpiredQuietly(db, files, team);
  const folderId = q.folderId === undefined ? null : (await folderOf(db, team, q.folderId)).id;
  const sort = parseSort(q.sort) ?? { field: "name", dir: "asc" as const };
  const by = SORT_SQL[sort.field as keyof typeof SORT_SQL];
  if (!by)
    throw badRequest(`You can sort by ${FM_SORT_FIELDS.join(", ")}.`, { sort: `Unknown sort field "${sort.field}"` });
  const search = q.searchString?.trim();
  const folderWhere = search
    ? sql`lower(f.name) like lower(${containsPattern(search)})`
    : isParent(sql`f.parent_id`, folderId);
  // A search matches a file's name or, for a PDF, its text (kept when it was stored); a text match
  // carries the words around it, so the person sees why the file is listed.
  const byName = search ? sql`lower(s.file_name) like lower(${containsPattern(search)})` : sql`false`;
  const byText = search ? sql`lower(tf.text_content) like lower(${containsPattern(search)})` : sql`false`;
  const fileWhere = search ? sql`(${byName} or ${byText})` : isParent(sql`tf.folder_id`, folderId);
  const match = search
    ? sql`case when not ${byName} and ${byText} then regexp_replace(substr(tf.text_content,
        greatest(1, strpos(lower(tf.text_content), lower(${search})) - 60), ${search.length + 120}), '[[:space:]]+', ' ', 'g')
        end`
    : sql`null::text`;
  // The page is chosen first; how many products use each file (a correlated count over the tech
  // packs' documents) is worked out for its rows only, not for every file of the folder.
  const union = sql`
    select 'folder'::text as kind, f.id, f.name, f.parent_id as folder_id, null::text as content_type,
      null::bigint as size_bytes, f.updated_at, f.created_by as uploaded_by, f.deleted_at, null::text as match
    from pd_file_folders f where f.team_id = ${team.teamId} and f.deleted_at is null and ${folderWhere}
    union all
    select 'file'::text, s.id, s.file_name, tf.folder_id, s.content_type, s.size_bytes::bigint, s.created_at,
      u.user_name, tf.deleted_at, ${match}
    from ${fileEntryFrom}
    where tf.team_id = ${team.teamId} and tf.deleted_at is null and ${fileWhere}`;
  const order = sql`(e.kind = 'folder') desc, ${sql.raw(by)} ${sql.raw(sort.dir)} nulls last, e.id`;
  const withUsedBy = (page: SQL) => sql`select e.*,
        case when e.kind = 'file' then ${usedByCount(team.teamId, sql`e.id`)} else 0 end as used_by
      from (${page}) e order by ${order}`;
  // Without a search the total needs neither the names nor the join: two counts on the folder's own index.
  const counts = async () => {
    const [row] = rowsOf<{ folders: number; files: number }>(
      await db.execute(sql`select
        (select count(*) from pd_file_folders f where f.team_id = ${team.teamId} and f.deleted_at is null
          and ${folderWhere})::int as folders,
        (select count(*) from pd_team_files tf where tf.team_id = ${team.teamId} and tf.deleted_at is null
          and ${fileWhere})::int as files`),
    );
    return { folders: Number(row?.folders ?? 0), files: Number(row?.files ?? 0) };
  };
  let rows: EntryRow[];
  let total: number;
  const offset = q.page * q.size;
  if (!search && sort.field === "name") {
    // A folder by name (the default): its folders (few) first, then its files read in name order
    // from `pd_team_files_name_idx` (name_key, kept by triggers), never sorting the whole folder.
    const n = await counts();
    total = n.folders + n.files;
    const dir = sql.raw(sort.dir);
    const folderPage =
      offset < n.folders
        ? sql`select 'folder'::text as kind, f.id, f.name, f.parent_id as folder_id, null::text as content_type,
            null::bigint as size_bytes, f.updated_at, f.created_by as uploaded_by, f.deleted_at, null::text as match
          from pd_file_folders f where f.team_id = ${team.teamId} and f.deleted_at is null and ${folderWhere}
          order by lower(f.name) ${dir}, f.id limit ${q.size} offset ${offset}`
        : null;
    const foldersShown = Math.max(0, Math.min(q.size, n.folders - offset));
    const fileLimit = q.size - foldersShown;
    const filePage =
      fileLimit > 0
        ? sql`select * from (select 'file'::text as kind, s.id, s.file_name as name, tf.folder_id, s.content_type,
            s.size_bytes::bigint as size_bytes, s.created_at as updated_at, u.user_name as uploaded_by, tf.deleted_at,
            null::text as match
          from ${fileEntryFrom}
          where tf.team_id = ${team.teamId} and tf.deleted_at is null and ${fileWhere}
          order by tf.name_key ${dir}, tf.file_id limit ${fileLimit} offset ${Math.max(0, offset - n.folders)}) files`
        : null;
    const parts = [folderPage, filePage].filter((x): x is SQL => x !== null).map((x) => sql`(${x})`);
    rows = parts.length === 0 ? [] : rowsOf<EntryRow>(await db.execute(withUsedBy(sql.join(parts, sql` union all `))));
  } else {
    // A search's matches are counted by the same read that pages them (a window over the union), not a
    // second scan; a folder's other sorts keep their top-N sort (a window would sort every row).
    const page = await db.execute(
      withUsedBy(
        sql`select *${search ? sql`, count(*) over ()::int as total_count` : sql``} from (${union}) e order by ${order} limit ${q.size} offset ${offset}`,
      ),
    );
    rows = rowsOf<EntryRow & { total_count: number }>(page);
    if (search) {
      const first = (rows[0] as (EntryRow & { total_count?: number }) | undefined)?.total_count;
      const [row] =
        first !== undefined
          ? [{ n: first }]
          : rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${union}) e`));
      total = Number(row?.n ?? 0);
    } else {
      const n = await counts();
      total = n.folders + n.files;
    }
  }
  return {
    items: rows.map(toEntry),
    total,
    page: q.page,
    size: q.size,
    teamId: team.teamId,
    folderId,
    path: await pathOf(db, folderId),
  };
};

/** One file as a listing row. */
export const fileEntry = async (db: HubDb | HubTx, team: FmTeam, fileId: number): Promise<TFmEntry> => {
  const [row] = rowsOf<EntryRow>(
    await db.execute(sql`select ${fileEntryColumns(team.teamId)} from ${fileEntryFrom}
      where tf.team_id = ${team.teamId} and tf.file_id = ${fileId}`),
  );
  if (!row) throw new Error("file entry missing");
  return toEntry(row);
};

/** Rename (the name people see; the stored object keeps its key) and move to a live folder or the top level. */
export const updateFile = async (db: HubDb, p: Principal, id: number, body: TFmUpdateFile): Promise<TFmEntry> => {
  const team = await teamOfFile(db, p, id);
  return db.transaction(async (tx) => {
    const { file, link } = await fileOf(tx, team, id);
    if (body.name !== undefined) await tx.update(stored).set({ fileName: body.name }).where(eq(stored.id, file.id));
    if (body.folderId !== undefined) {
      const folderId = await targetFolder(tx, team, body.folderId);
      await tx.update(owned).set({ folderId }).where(eq(owned.fileId, file.id));
    }
    await recordAudit(tx, {
      actor: p.userName,
      action: "fileManager.file.update",
      subject: `team:${team.teamId}`,
      detail: { fileId: file.id, from: { name: file.fileName, folderId: link.folderId }, to: body },
    });
    return fileEntry(tx, team, file.id);
  });
};

export const trashFile = async (db: HubDb, p: Principal, id: number): Promise<{ ok: true }> => {
  const team = await teamOfFile(db, p, id);
  await db.transaction(async (tx) => {
    const { file } = await fileOf(tx, team, id);
    refuseInUse(await productsUsing(tx, team, [file.id]));
    await tx.update(owned).set({ deletedAt: new Date() }).where(eq(owned.fileId, file.id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "fileManager.file.trash",
      subject: `team:${team.teamId}`,
      detail: { fileId: file.id, name: file.fileName },
    });
  });
  return { ok: true };
};

/** Back from the trash; to the top level when its folder is in the trash or gone. */
export const restoreFile = async (db: HubDb, p: Principal, id: number): Promise<TFmEntry> => {
  const team = await teamOfFile(db, p, id);
  return db.transaction(async (tx) => {
    const { file, link } = await fileOf(tx, team, id, "trashed");
    let folderId = link.folderId;
    if (folderId !== null) {
      const [folder] = await tx.select().from(folders).where(eq(folders.id, folderId));
      if (!folder || folder.deletedAt) folderId = null;
    }
    await tx.update(owned).set({ deletedAt: null, folderId }).where(eq(owned.fileId, file.id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "fileManager.file.restore",
      subject: `team:${team.teamId}`,
      detail: { fileId: file.id, name: file.fileName },
    });
    return fileEntry(tx, team, file.id);
  });
};

/**
 * What is in the trash: each folder trashed on its own (not with its parent) and each file trashed
 * on its own (not with its folder), newest first. Purges what has been there 30 days first.
 */
export const listTrash = async (db: HubDb, files: FilesAdapter, p: Principal, teamId?: number): Promise<TFmTrash> => {
  const team = await fmTeamOf(db, p, teamId);
  await purgeExpiredQuietly(db, files, team);
  const rows = rowsOf<EntryRow>(
    await db.execute(sql`select * from (
      select 'folder'::text as kind, f.id, f.name, f.parent_id as folder_id, null::text as content_type,
        null::bigint as size_bytes, f.updated_at, f.created_by as uploaded_by, 0 as used_by, f.deleted_at
      from pd_file_folders f left join pd_file_folders parent on parent.id = f.parent_id
      where f.team_id = ${team.teamId} and f.deleted_at is not null
        and (parent.id is null or parent.deleted_at is distinct from f.deleted_at)
      union all
      select ${fileEntryColumns(team.teamId)} from ${fileEntryFrom}
      left join pd_file_folders folder on folder.id = tf.folder_id
      where tf.team_id = ${team.teamId} and tf.deleted_at is not null
        and (folder.id is null or folder.deleted_at is distinct from tf.deleted_at)
    ) e order by e.deleted_at desc, e.kind, e.id limit 500`),
  );
  return { teamId: team.teamId, trashDays: FILE_MANAGER_TRASH_DAYS, items: rows.map(toEntry) };
};

/**
 * Removes for good what has been in the team's trash 30 days: the stored objects, the file rows,
 * then the folders. A file a product has come to use meanwhile is kept (in the trash).
 */
export const purgeExpired = async (db: HubDb, files: FilesAdapter, team: FmTeam, now = new Date()) => {
  const before = new Date(now.getTime() - FILE_MANAGER_TRASH_DAYS * 24 * 60 * 60 * 1000);
  const expired = rowsOf<{ id: number; storage_key: string }>(
    await db.execute(sql`select s.id, s.storage_key from pd_team_files tf join stored_files s on s.id = tf.file_id
      where tf.team_id = ${team.teamId} and tf.deleted_at < ${before.toISOString()}
        and not exists (select 1 from pd_tech_pack_parts parts join pd_tech_packs packs on packs.id = parts.tech_pack_id
          join pd_products products on products.id = packs.product_id
          where products.team_id = ${team.teamId} and ${usesFile(sql`s.id`)})`),
  );
  let purged = 0;
  for (const r of expired) {
    // One at a time: a file another record still holds (a foreign key) stays, the rest go.
    const gone = await db
      .delete(stored)
      .where(eq(stored.id, Number(r.id)))
      .returning({ id: stored.id })
      .catch(() => []);
    if (gone.length === 0) continue;
    purged += 1;
    await files.remove(r.storage_key).catch(() => undefined);
  }
  await db.delete(folders).where(and(eq(folders.teamId, team.teamId), lt(folders.deletedAt, before)));
  return purged;
};

/** Purge on read: a failure here never fails the listing. */
const purgeExpiredQuietly = async (db: HubDb, files: FilesAdapter, team: FmTeam) => {
  await purgeExpired(db, files, team).catch(() => undefined);
};
