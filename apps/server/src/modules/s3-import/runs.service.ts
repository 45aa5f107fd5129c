import type { TPage, TS3ImportRun } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, desc, eq } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { actingClientId } from "../integrations/scope";

/** Recent S3 imports (issue 20): the acting client's files, newest first; another client's file is a 404. */
const r = schema.s3OrderImports;

const toRun = (row: typeof r.$inferSelect): TS3ImportRun => ({
  id: row.id,
  fileName: row.fileName,
  objectKey: row.objectKey,
  sizeBytes: row.sizeBytes,
  status: row.status === "processed" ? "processed" : row.status === "failed" ? "failed" : "importing",
  ordersPlaced: row.ordersPlaced,
  alreadyPlaced: row.alreadyPlaced,
  rowsRefused: row.rowsRefused,
  message: row.message,
  movedTo: row.movedTo,
  hasReport: row.report !== null,
  claimedAt: row.claimedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export const listS3Runs = async (
  db: HubDb,
  p: Principal,
  q: { page: number; size: number },
): Promise<TPage<TS3ImportRun>> => {
  const clientId = actingClientId(p);
  const [rows, total] = await allQueries(db, [
    db
      .select()
      .from(r)
      .where(eq(r.clientId, clientId))
      .orderBy(desc(r.claimedAt), desc(r.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(r).where(eq(r.clientId, clientId)),
  ] as const);
  return { items: rows.map(toRun), total: total[0]?.n ?? 0, page: q.page, size: q.size };
};

/** The report CSV kept for one file, and the name to download it as. */
export const s3RunReport = async (db: HubDb, p: Principal, id: number): Promise<{ fileName: string; csv: string }> => {
  const clientId = actingClientId(p);
  const [row] = await db
    .select({ fileName: r.fileName, report: r.report })
    .from(r)
    .where(and(eq(r.id, id), eq(r.clientId, clientId)));
  if (!row?.report) throw notFound("That report");
  return { fileName: `${row.fileName.replace(/[^\w.\- ]/g, "_")}.report.csv`, csv: row.report };
};
