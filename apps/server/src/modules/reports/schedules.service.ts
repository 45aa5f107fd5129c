import {
  REPORT_MESSAGES,
  REPORTS,
  type TReportKey,
  type TReportSchedule,
  type TReportScheduleRequest,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { forbidden, notFound } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import type { Principal } from "../../platform/principal";
import { canRequest, storedFilters } from "./catalogue";
import { type DownloadRow, queueDownload, REPORT_QUEUE, type ReportDeps } from "./downloads.service";

/**
 * Repeated downloads: a schedule makes a download at once and then daily or weekly (the
 * `reports.schedules` job looks for due ones every 15 minutes); when a scheduled download is ready
 * its requester is emailed a link to Report Downloads. A person sees and deletes only their own.
 */

export const REPORT_SCHEDULES_QUEUE = "reports.schedules";

const sch = schema.reportSchedules;
type ScheduleRow = typeof sch.$inferSelect;

const every = (frequency: "daily" | "weekly") => sql`make_interval(days => ${frequency === "daily" ? 1 : 7})`;

const toSchedule = (r: ScheduleRow): TReportSchedule => ({
  id: r.id,
  report: r.report as TReportKey,
  title: REPORTS[r.report as TReportKey]?.title ?? r.report,
  format: r.format,
  filters: (r.filters ?? {}) as Record<string, unknown>,
  frequency: r.frequency,
  nextRunAt: r.nextRunAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

export const createSchedule = async (
  deps: ReportDeps,
  p: Principal,
  body: TReportScheduleRequest,
): Promise<TReportSchedule> => {
  const { download, frequency } = body;
  if (!canRequest(p, download.report)) throw forbidden(REPORT_MESSAGES.notAllowed);
  const filters = storedFilters(download.report, download.filters);
  await deps.jobs.ready();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sch)
      .values({
        userId: p.userId,
        sessionClientId: p.isInternal ? p.sessionClientId : null,
        report: download.report,
        format: download.format,
        filters,
        frequency,
        nextRunAt: sql`now() + ${every(frequency)}`,
      })
      .returning();
    if (!created) throw new Error("report schedule insert returned nothing");
    // The first file is made now.
    await queueDownload(deps, tx, {
      userId: p.userId,
      userName: p.userName,
      sessionClientId: created.sessionClientId,
      report: download.report,
      format: download.format,
      filters,
      scheduleId: created.id,
    });
    return created;
  });
  deps.jobs.wake(REPORT_QUEUE);
  return toSchedule(row);
};

export const listSchedules = async (deps: ReportDeps, p: Principal) => ({
  items: (await deps.db.select().from(sch).where(eq(sch.userId, p.userId)).orderBy(asc(sch.id))).map(toSchedule),
});

export const deleteSchedule = async (deps: ReportDeps, p: Principal, id: number): Promise<TReportSchedule> => {
  const [row] = await deps.db
    .delete(sch)
    .where(and(eq(sch.id, id), eq(sch.userId, p.userId)))
    .returning();
  if (!row) throw notFound("That schedule");
  return toSchedule(row);
};

/** Every 15 minutes: each due schedule makes its download and moves to its next run. */
export const runDueSchedules = async (deps: ReportDeps & { log: FastifyBaseLogger }): Promise<void> => {
  const due = await deps.db.select().from(sch).where(lte(sch.nextRunAt, sql`now()`)).limit(200);
  for (const s of due) {
    const [user] = await deps.db
      .select({ userName: schema.users.userName })
      .from(schema.users)
      .where(eq(schema.users.userId, s.userId));
    await deps.db.transaction(async (tx) => {
      // Moved first, and only while still due: two instances never run one schedule twice.
      const [moved] = await tx
        .update(sch)
        .set({ nextRunAt: sql`greatest(${sch.nextRunAt} + ${every(s.frequency)}, now())` })
        .where(and(eq(sch.id, s.id), eq(sch.nextRunAt, s.nextRunAt)))
        .returning({ id: sch.id });
      if (!moved) return;
      await queueDownload(deps, tx, {
        userId: s.userId,
        userName: user?.userName ?? "schedule",
        sessionClientId: s.sessionClientId,
        report: s.report as TReportKey,
        format: s.format,
        filters: (s.filters ?? {}) as Record<string, unknown>,
        scheduleId: s.id,
      });
    });
  }
  if (due.length > 0) deps.jobs.wake(REPORT_QUEUE);
};

/** A scheduled download is ready: its requester gets a link to Report Downloads. */
export const mailReady = async (
  deps: ReportDeps & { mailer: Mailer; publicUrl: string },
  row: DownloadRow,
): Promise<void> => {
  const [user] = await deps.db
    .select({ email: schema.users.email, firstName: schema.users.firstName })
    .from(schema.users)
    .where(eq(schema.users.userId, row.userId));
  if (!user?.email) return;
  const title = REPORTS[row.report as TReportKey]?.title ?? row.report;
  const link = `${deps.publicUrl.replace(/\/+$/, "")}/reportDownloads`;
  await deps.mailer.send({
    to: user.email,
    subject: `Your ${title} report is ready`,
    text: `Hello ${user.firstName ?? ""},\n\nYour scheduled ${title} report (${row.format.toUpperCase()}, ${row.rowsWritten} rows) is ready. Download it within 7 days at ${link}\n`,
  });
};
