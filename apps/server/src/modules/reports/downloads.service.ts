import {
  REPORT_KEEP_DAYS,
  REPORT_MESSAGES,
  REPORTS,
  type TReportDownload,
  type TReportDownloadList,
  type TReportDownloadRequest,
  type TReportKey,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { conflict, forbidden, notFound } from "../../platform/errors";
import type { FilesAdapter } from "../../platform/files";
import type { Jobs } from "../../platform/jobs";
import type { Principal } from "../../platform/principal";
import { canRequest, storedFilters } from "./catalogue";

/**
 * Report Downloads: a person's requests. A request writes its row and queues its job in one
 * transaction (both or neither), then wakes this process's worker; the worker (worker.ts) writes
 * the file. A person sees, cancels and downloads only their own (others' answer 404).
 */

export const REPORT_QUEUE = "reports.download";

export type ReportDeps = {
  db: HubDb;
  /** Where a report's rows are read (the read replica when there is one); its own row is always `db`. */
  readDb: HubDb;
  files: FilesAdapter;
  jobs: Jobs;
};

const d = schema.reportDownloads;
export type DownloadRow = typeof d.$inferSelect;

const isoOrNull = (x: Date | null) => x?.toISOString() ?? null;

export const toDownload = (r: DownloadRow): TReportDownload => ({
  id: r.id,
  report: r.report as TReportKey,
  title: REPORTS[r.report as TReportKey]?.title ?? r.report,
  format: r.format,
  filters: (r.filters ?? {}) as Record<string, unknown>,
  status: r.status,
  rowsWritten: r.rowsWritten,
  errorMessage: r.errorMessage,
  fileName: r.fileName,
  sizeBytes: r.sizeBytes,
  createdAt: r.createdAt.toISOString(),
  startedAt: isoOrNull(r.startedAt),
  finishedAt: isoOrNull(r.finishedAt),
  expiresAt: r.expiresAt.toISOString(),
});

/** The caller's own download, still kept; 404 otherwise. */
const ownRow = async (db: HubDb, p: Principal, id: number): Promise<DownloadRow> => {
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.id, id), eq(d.userId, p.userId), gt(d.expiresAt, sql`now()`)));
  if (!row) throw notFound("That download");
  return row;
};

/** What a download is made from: a person's request, or a schedule's run. */
export type DownloadSpec = {
  userId: number;
  userName: string;
  sessionClientId: number | null;
  report: TReportKey;
  format: "csv" | "xlsx";
  filters: Record<string, unknown>;
  scheduleId: number | null;
};

/** Writes a download's row and queues its job in the caller's transaction (call `jobs.ready()` first). */
export const queueDownload = async (deps: ReportDeps, tx: HubTx, spec: DownloadSpec): Promise<DownloadRow> => {
  const [created] = await tx
    .insert(d)
    .values({
      userId: spec.userId,
      sessionClientId: spec.sessionClientId,
      report: spec.report,
      format: spec.format,
      filters: spec.filters,
      scheduleId: spec.scheduleId,
      expiresAt: sql`now() + make_interval(days => ${REPORT_KEEP_DAYS})`,
    })
    .returning();
  if (!created) throw new Error("report download insert returned nothing");
  const jobId = await deps.jobs.send(REPORT_QUEUE, { downloadId: created.id }, { tx });
  const [withJob] = await tx.update(d).set({ jobId }).where(eq(d.id, created.id)).returning();
  await recordAudit(tx, {
    actor: spec.userName,
    action: spec.scheduleId ? "reports.scheduledRun" : "reports.request",
    subject: `reportDownload:${created.id}`,
    detail: { report: spec.report, format: spec.format, filters: spec.filters, scheduleId: spec.scheduleId },
  });
  return withJob ?? created;
};

export const requestDownload = async (
  deps: ReportDeps,
  p: Principal,
  body: TReportDownloadRequest,
): Promise<TReportDownload> => {
  if (!canRequest(p, body.report)) throw forbidden(REPORT_MESSAGES.notAllowed);
  const filters = storedFilters(body.report, body.filters);
  // pg-boss starts (installing its schema the first time) before the transaction: PGlite has one connection.
  await deps.jobs.ready();
  const row = await deps.db.transaction((tx) =>
    queueDownload(deps, tx, {
      userId: p.userId,
      userName: p.userName,
      sessionClientId: p.isInternal ? p.sessionClientId : null,
      report: body.report,
      format: body.format,
      filters,
      scheduleId: null,
    }),
  );
  deps.jobs.wake(REPORT_QUEUE);
  return toDownload(row);
};

/** The caller's downloads of the last 7 days, newest first. */
export const listDownloads = async (db: HubDb, p: Principal): Promise<TReportDownloadList> => {
  const rows = await db
    .select()
    .from(d)
    .where(and(eq(d.userId, p.userId), gt(d.expiresAt, sql`now()`)))
    .orderBy(desc(d.id))
    .limit(200);
  return { items: rows.map(toDownload) };
};

export const getDownload = async (db: HubDb, p: Principal, id: number): Promise<TReportDownload> =>
  toDownload(await ownRow(db, p, id));

/** Cancels a queued or running download: the worker stops at its next page and keeps no file. */
export const cancelDownload = async (db: HubDb, p: Principal, id: number): Promise<TReportDownload> => {
  const row = await ownRow(db, p, id);
  const [cancelled] = await db
    .update(d)
    .set({ status: "cancelled", finishedAt: sql`now()` })
    .where(and(eq(d.id, row.id), inArray(d.status, ["queued", "running"])))
    .returning();
  if (!cancelled) throw conflict(REPORT_MESSAGES.notCancellable);
  return toDownload(cancelled);
};

/** The finished file's row and bytes; 409 until it is done. */
export const downloadFile = async (deps: ReportDeps, p: Principal, id: number) => {
  const row = await ownRow(deps.db, p, id);
  if (row.status !== "done" || !row.fileKey) throw conflict(REPORT_MESSAGES.notReady);
  const stream = await deps.files.get(row.fileKey);
  if (!stream) throw notFound("That file's contents");
  return { row, stream };
};
