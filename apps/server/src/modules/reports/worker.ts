import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPORT_MESSAGES, REPORTS, type TReportKey } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable } from "../../platform/db-errors";
import { HttpError } from "../../platform/errors";
import type { JobInfo } from "../../platform/jobs";
import type { Mailer } from "../../platform/mail";
import { loadPrincipal, type Principal } from "../../platform/principal";
import { sendMessage } from "../messages/send";
import { canRequest, filtersOf, REPORT_SOURCES } from "./catalogue";
import type { DownloadRow, ReportDeps } from "./downloads.service";
import { mailReady } from "./schedules.service";
import { CONTENT_TYPES, reportWriter } from "./writers";

/**
 * The background worker of a download (queue `reports.download`): claims its row (queued, or
 * running after a crashed attempt), reads the report in keyset pages as the requester, now (a
 * person who lost the list's card or the plan gets a failure, not a file), writes each page to the
 * file and moves `rows_written`, and stores the file through the files adapter. A cancel is seen at
 * the next page; the app closing puts the row back to queued and lets pg-boss retry the job.
 */

const d = schema.reportDownloads;

export type WorkerDeps = ReportDeps & {
  log: FastifyBaseLogger;
  stopping: () => boolean;
  mailer: Mailer;
  publicUrl: string;
};

class Interrupted extends Error {}

/** Rows read a page: a list's keyset page, larger (a file is read to its end, a page's round trips add up). */
export const REPORT_PAGE_ROWS = 5_000;

/** How many times pg-boss tries a download again after an interrupted attempt (its queue's retryLimit). */
export const REPORT_RETRY_LIMIT = 2;

/** The requester as they are now, in the scope they asked in (an internal user's session client). */
const requesterOf = async (deps: WorkerDeps, row: DownloadRow): Promise<Principal | null> => {
  const [user] = await deps.db
    .select({ userName: schema.users.userName })
    .from(schema.users)
    .where(eq(schema.users.userId, row.userId));
  const p = user ? await loadPrincipal(deps.db, user.userName) : null;
  if (!p) return null;
  const key = row.report as TReportKey;
  const planOk = p.userType !== "client" || (p.planLevel ?? 0) >= 2;
  if (!(key in REPORTS) || !p.cards.has("reportDownloads") || !planOk || !canRequest(p, key)) return null;
  return p.isInternal ? { ...p, sessionClientId: row.sessionClientId } : p;
};

const fail = async (deps: WorkerDeps, id: number, message: string) => {
  await deps.db
    .update(d)
    .set({ status: "failed", errorMessage: message, finishedAt: sql`now()` })
    .where(and(eq(d.id, id), eq(d.status, "running")));
};

export const runDownload = async (deps: WorkerDeps, downloadId: number, job: JobInfo): Promise<void> => {
  const [row] = await deps.db
    .update(d)
    .set({
      status: "running",
      attempts: sql`${d.attempts} + 1`,
      startedAt: sql`now()`,
      rowsWritten: 0,
      errorMessage: null,
    })
    .where(and(eq(d.id, downloadId), inArray(d.status, ["queued", "running"]), sql`${d.expiresAt} > now()`))
    .returning();
  // Cancelled, finished or expired meanwhile: nothing to do.
  if (!row) return;
  const p = await requesterOf(deps, row);
  if (!p) return fail(deps, row.id, REPORT_MESSAGES.lostAccess);

  const key = row.report as TReportKey;
  const source = REPORT_SOURCES[key];
  const path = join(tmpdir(), `hub-report-${process.pid}-${row.id}-${randomBytes(4).toString("hex")}.${row.format}`);
  let stored: string | null = null;
  let written = 0;
  try {
    const filters = filtersOf(key, row.filters) as never;
    const writer = await reportWriter(row.format, path, source.header, REPORTS[key].title);
    // The next page is read while this one is written (the database and the writer overlap).
    const read = (after: number) => {
      const page = source.page(deps.readDb, p, filters, after, REPORT_PAGE_ROWS);
      page.catch(() => undefined); // awaited below; a page left unread by a cancel must not go unhandled
      return page;
    };
    let next = read(0);
    try {
      for (;;) {
        if (deps.stopping() || job.signal.aborted) throw new Interrupted("the Hub is stopping");
        const page = await next;
        const more = page.last !== null && page.rows.length === REPORT_PAGE_ROWS;
        if (more && page.last !== null) next = read(page.last);
        await writer.add(page.rows);
        written += page.rows.length;
        const [still] = await deps.db
          .update(d)
          .set({ rowsWritten: written })
          .where(and(eq(d.id, row.id), eq(d.status, "running")))
          .returning({ id: d.id });
        if (!still) {
          writer.abort();
          return;
        }
        if (!more) break;
      }
      await writer.finish();
    } catch (error) {
      writer.abort();
      throw error;
    }
    const { size } = await stat(path);
    const fileKey = `reports/${row.userId}/${row.id}-${randomBytes(8).toString("hex")}.${row.format}`;
    const body = createReadStream(path);
    // A storage that refuses the file before reading it must not leave the stream to fail on its own.
    body.on("error", () => undefined);
    try {
      await deps.files.put(fileKey, body, { contentType: CONTENT_TYPES[row.format], size });
    } finally {
      body.destroy();
    }
    stored = fileKey;
    const day = new Date().toISOString().slice(0, 10);
    const [done] = await deps.db
      .update(d)
      .set({
        status: "done",
        fileKey,
        fileName: `${key}-${day}-${row.id}.${row.format}`,
        sizeBytes: size,
        finishedAt: sql`now()`,
      })
      .where(and(eq(d.id, row.id), eq(d.status, "running")))
      .returning({ id: d.id });
    // Cancelled while the file was being stored: it is not kept.
    if (!done) await deps.files.remove(fileKey).catch(() => undefined);
    stored = null;
    // The person who asked gets a message (the bell; by email if they asked for it).
    if (done)
      await sendMessage(
        deps.db,
        {
          kind: "report.ready",
          title: `Your report ${REPORTS[key].title} is ready`,
          body: `${written.toLocaleString("en-US")} row${written === 1 ? "" : "s"} as ${row.format.toUpperCase()}, to download for 7 days.`,
          link: "/reportDownloads",
        },
        sql`select ${row.userId}::int`,
      ).catch((error: unknown) =>
        deps.log.warn({ err: error, downloadId: row.id }, "the report-ready message was not written"),
      );
    if (done && row.scheduleId !== null) {
      await mailReady(deps, { ...row, rowsWritten: written }).catch((error: unknown) =>
        deps.log.warn({ err: error, downloadId: row.id }, "the report-ready email could not be sent"),
      );
    }
  } catch (error) {
    if (stored) await deps.files.remove(stored).catch(() => undefined);
    if ((error instanceof Interrupted || isDatabaseUnavailable(error)) && job.retryCount < REPORT_RETRY_LIMIT) {
      // Tried again by pg-boss (after a restart, by whichever process runs the queue then).
      await deps.db
        .update(d)
        .set({ status: "queued", rowsWritten: 0 })
        .where(and(eq(d.id, row.id), eq(d.status, "running")))
        .catch(() => undefined);
      throw error;
    }
    deps.log.error({ err: error, downloadId: row.id, report: key }, "a report download failed");
    await fail(
      deps,
      row.id,
      error instanceof HttpError && error.status < 500 ? error.message : REPORT_MESSAGES.writeFailed,
    );
  } finally {
    await unlink(path).catch(() => undefined);
  }
};

export const REPORT_CLEANUP_QUEUE = "reports.cleanup";

/** Daily: downloads past their 7 days lose their file and their row. */
export const removeExpiredDownloads = async (deps: ReportDeps & { log: FastifyBaseLogger }): Promise<void> => {
  for (;;) {
    const rows = await deps.db
      .select({ id: d.id, fileKey: d.fileKey })
      .from(d)
      .where(lt(d.expiresAt, sql`now()`))
      .limit(500);
    if (rows.length === 0) return;
    for (const r of rows) if (r.fileKey) await deps.files.remove(r.fileKey).catch(() => undefined);
    await deps.db.delete(d).where(
      inArray(
        d.id,
        rows.map((r) => r.id),
      ),
    );
    deps.log.info({ removed: rows.length }, "expired report downloads removed");
  }
};
