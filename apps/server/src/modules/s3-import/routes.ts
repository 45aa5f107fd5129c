import type { TS3ImportSettings } from "@hub/contracts";
import { s3ImportApi as api } from "@hub/contracts/integrations/s3-import-api";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { listS3Runs, s3RunReport } from "./runs.service";
import { readS3Settings, removeS3Settings, saveS3Settings, setS3Enabled, testS3Settings } from "./settings.service";
import { runS3OrderImports, S3_IMPORT_QUEUE } from "./watcher";

/** S3 order import (issue 20): settings and recent imports under Account Integration; the watcher runs every minute on the workers. */
export const s3ImportRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, jobs } = deps;
    // One run at a time per process; a run that overlaps another (two workers) imports each file once (the claim).
    jobs.work(
      S3_IMPORT_QUEUE,
      async () => {
        const result = await runS3OrderImports(deps);
        if (result.errors.length > 0) throw new Error(`S3 order import: ${result.errors.join("; ")}`);
      },
      { retryLimit: 0 },
    );
    jobs.schedule(S3_IMPORT_QUEUE, "* * * * *");

    // pg-boss starts on first need (platform/jobs.ts): an import switched on is one, so its schedule is installed
    // and fires on the workers even where no job was ever queued. A failure here leaves the settings saved.
    const watch = async (settings: TS3ImportSettings, request: FastifyRequest) => {
      if (settings.enabled)
        await jobs
          .ready()
          .catch((error: unknown) => request.log.warn({ err: error }, "S3 order import: jobs not started"));
      return settings;
    };

    register(app, api.settings, async (request) => readS3Settings(db, config, principalOf(request)));
    register(app, api.save, async (request) =>
      watch(await saveS3Settings(db, config, principalOf(request), request.body), request),
    );
    register(app, api.setEnabled, async (request) =>
      watch(await setS3Enabled(db, config, principalOf(request), request.body.enabled), request),
    );
    register(app, api.remove, async (request, reply) => {
      await removeS3Settings(db, principalOf(request));
      return reply.status(204).send(null);
    });
    register(app, api.test, async (request) => testS3Settings(db, config, principalOf(request)));
    register(app, api.runs, async (request) => listS3Runs(db, principalOf(request), request.query));
    register(app, api.report, async (request, reply) => {
      const { fileName, csv } = await s3RunReport(db, principalOf(request), request.params.id);
      return sendCsv(reply, fileName, csv);
    });
  };
