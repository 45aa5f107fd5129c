import type { TFmDashboard } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { type EntryRow, fileEntryColumns, fileEntryFrom, fmTeamOf, storageOf, toEntry } from "./scope";

/** The Files Dashboard: storage used against the plan's quota, recent uploads, the largest files, unused files. */
export const filesDashboard = async (db: HubDb, p: Principal, teamId?: number): Promise<TFmDashboard> => {
  const team = await fmTeamOf(db, p, teamId);
  const storage = await storageOf(db, team);
  const entries = async (where: SQL, order: SQL, limit = 10) =>
    rowsOf<EntryRow>(
      await db.execute(sql`select * from (select ${fileEntryColumns(team.teamId)} from ${fileEntryFrom}
        where tf.team_id = ${team.teamId} and tf.deleted_at is null) e where ${where} order by ${order} limit ${limit}`),
    ).map(toEntry);
  const [counts] = rowsOf<{ files: number; folders: number }>(
    await db.execute(sql`select
      (select count(*)::int from pd_team_files where team_id = ${team.teamId} and deleted_at is null) as files,
      (select count(*)::int from pd_file_folders where team_id = ${team.teamId} and deleted_at is null) as folders`),
  );
  return {
    teamId: team.teamId,
    ...storage,
    fileCount: Number(counts?.files ?? 0),
    folderCount: Number(counts?.folders ?? 0),
    recent: await entries(sql`true`, sql`e.updated_at desc, e.id desc`),
    largest: await entries(sql`true`, sql`e.size_bytes desc, e.id`),
    unused: await entries(sql`e.used_by = 0`, sql`e.size_bytes desc, e.id`, 20),
  };
};
