import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { created } from "./columns";
import { users } from "./users";

/**
 * Report Downloads (issue 18): one row per requested file. The request writes it and queues its
 * background job (pg-boss, platform/jobs.ts) in one transaction; the worker streams the report's
 * rows into a CSV or XLSX file through the files adapter, moving `rows_written` as it goes. A row
 * and its file live 7 days (`expires_at`); a person sees only their own.
 *
 *   queued → running → done | failed | cancelled   (queued → cancelled too)
 */
export const REPORT_DOWNLOAD_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;

/**
 * A repeated download (daily or weekly): at each run the schedule makes a download like a request
 * does, and its requester gets an email with a link once the file is ready.
 */
export const reportSchedules = pgTable(
  "report_schedules",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    sessionClientId: integer("session_client_id").references(() => clients.clientId, { onDelete: "cascade" }),
    report: text("report").notNull(),
    format: text("format", { enum: ["csv", "xlsx"] }).notNull(),
    filters: jsonb("filters").notNull().default({}),
    frequency: text("frequency", { enum: ["daily", "weekly"] }).notNull(),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
    createdAt: created(),
  },
  (t) => [index("report_schedules_user_idx").on(t.userId), index("report_schedules_due_idx").on(t.nextRunAt)],
);

export const reportDownloads = pgTable(
  "report_downloads",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    /** An internal user's session client when they asked (their scope then); null otherwise. */
    sessionClientId: integer("session_client_id").references(() => clients.clientId, { onDelete: "cascade" }),
    /** The catalogue's key (orders, orderLines, …). */
    report: text("report").notNull(),
    format: text("format", { enum: ["csv", "xlsx"] }).notNull(),
    /** The report's filters, as its list takes them. */
    filters: jsonb("filters").notNull().default({}),
    status: text("status", { enum: REPORT_DOWNLOAD_STATUSES }).notNull().default("queued"),
    rowsWritten: integer("rows_written").notNull().default(0),
    /** What a person reads when it failed. */
    errorMessage: text("error_message"),
    /** The file in the files adapter once done; the download's name. */
    fileKey: text("file_key"),
    fileName: text("file_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** How many times a worker started it (a retry after a crash counts again). */
    attempts: integer("attempts").notNull().default(0),
    jobId: text("job_id"),
    /** The schedule that made it (its requester is emailed when it is ready); null for a request. */
    scheduleId: integer("schedule_id").references(() => reportSchedules.id, { onDelete: "set null" }),
    createdAt: created(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("report_downloads_user_idx").on(t.userId, t.createdAt),
    index("report_downloads_expires_idx").on(t.expiresAt),
  ],
);
