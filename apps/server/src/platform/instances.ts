import type { TErrorResponse } from "@hub/contracts";
import { type HubDb, openReadReplica } from "@hub/db";
import type { FastifyInstance } from "fastify";
import type { HubConfig } from "./config";
import { isDatabaseUnavailable } from "./db-errors";

/**
 * The Hub as several processes (ARCHITECTURE.md "Growing past one machine"): web instances
 * (HUB_ROLE=web) serve the app and the API and queue jobs; workers (HUB_ROLE=worker, `npm run hub --
 * worker`) run the jobs and the schedules; a read replica may serve the lagging reads.
 */

/** The only path a worker answers: a load balancer or an orchestrator's health check. */
const WORKER_PATHS = new Set(["/api/health"]);

/**
 * A worker runs the background jobs and answers its health check, nothing else: a request that a
 * misconfigured load balancer sends it gets a clear 404 instead of being served by the wrong kind
 * of process (its routes are still built, since the jobs are registered with them).
 */
export const installWorkerGate = (app: FastifyInstance) => {
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (WORKER_PATHS.has(path)) return;
    return reply.status(404).send({
      error: "NOT_FOUND",
      message: "This is a Hub worker: it runs background jobs and serves no pages or API calls.",
    } satisfies TErrorResponse);
  });
};

/**
 * The database the lagging reads use: the read replica when DATABASE_REPLICA_URL is set (closed
 * with the app; a replica found unreachable sends its reads to the primary for 30 s at a time), else
 * the primary itself.
 */
export const openReplicaFor = async (app: FastifyInstance, config: HubConfig, primary: HubDb): Promise<HubDb> => {
  if (!config.databaseReplicaUrl) return primary;
  const replica = await openReadReplica({
    url: config.databaseReplicaUrl,
    primary,
    isUnavailable: isDatabaseUnavailable,
    onFallback: (error) =>
      app.log.warn(
        { err: error },
        "the read replica is unreachable: its reads go to the primary (trying the replica again in 30 s)",
      ),
  });
  app.addHook("onClose", () => replica.close());
  return replica.db;
};
