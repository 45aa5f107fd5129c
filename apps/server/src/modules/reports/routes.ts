import { reportsApi as api } from "@hub/contracts/reports/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { sendStoredFile } from "../files/send-file";
import {
  CONTENT_TYPES,
  cancelDownload,
  catalogueFor,
  createSchedule,
  deleteSchedule,
  downloadFile,
  getDownload,
  listDownloads,
  listSchedules,
  REPORT_CLEANUP_QUEUE,
  REPORT_QUEUE,
  REPORT_RETRY_LIMIT,
  REPORT_SCHEDULES_QUEUE,
  removeExpiredDownloads,
  requestDownload,
  runDownload,
  runDueSchedules,
} from "./reports.service";

/** Report Downloads' handlers (issue 18) and its background work; who may call each is in `reportsApi`. */
export const reportsRoutes =
  ({ db, readDb, files, jobs, mailer, config }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db, readDb, files, jobs };
    let stopping = false;
    app.addHook("preClose", () => {
      stopping = true;
    });
    const workerDeps = { ...deps, log: app.log, stopping: () => stopping, mailer, publicUrl: config.publicUrl };
    // A report is read page by page; heartbeats let a crashed process's job be retried within a minute.
    jobs.work<{ downloadId: number }>(REPORT_QUEUE, (data, job) => runDownload(workerDeps, data.downloadId, job), {
      heartbeatSeconds: 30,
      expireInSeconds: 60 * 60,
      retryLimit: REPORT_RETRY_LIMIT,
    });
    jobs.work(REPORT_CLEANUP_QUEUE, () => removeExpiredDownloads(workerDeps), { retryLimit: 0 });
    jobs.schedule(REPORT_CLEANUP_QUEUE, "17 3 * * *");
    jobs.work(REPORT_SCHEDULES_QUEUE, () => runDueSchedules(workerDeps), { retryLimit: 0 });
    jobs.schedule(REPORT_SCHEDULES_QUEUE, "*/15 * * * *");

    register(app, api.catalogue, async (request) => catalogueFor(principalOf(request)));
    register(app, api.list, async (request) => listDownloads(db, principalOf(request)));
    register(app, api.request, async (request, reply) =>
      reply.status(201).send(await requestDownload(deps, principalOf(request), request.body)),
    );
    register(app, api.get, async (request) => getDownload(db, principalOf(request), request.params.id));
    register(app, api.cancel, async (request) => cancelDownload(db, principalOf(request), request.params.id));
    register(app, api.listSchedules, async (request) => listSchedules(deps, principalOf(request)));
    register(app, api.createSchedule, async (request, reply) =>
      reply.status(201).send(await createSchedule(deps, principalOf(request), request.body)),
    );
    register(app, api.deleteSchedule, async (request) => deleteSchedule(deps, principalOf(request), request.params.id));
    register(app, api.file, async (request, reply) => {
      const { row, stream } = await downloadFile(deps, principalOf(request), request.params.id);
      const name = (row.fileName ?? `report-${row.id}.${row.format}`).replace(/[^\x20-\x7e]|"/g, "_");
      return sendStoredFile(reply, { contentType: CONTENT_TYPES[row.format], sizeBytes: row.sizeBytes ?? 0 }, stream, {
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "private, no-store",
      });
    });
  };
