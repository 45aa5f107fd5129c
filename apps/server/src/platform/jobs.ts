import type { HubDb, HubTx } from "@hub/db";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import type { HubConfig } from "./config";
import { loadOnce } from "./load-once";

/**
 * Background jobs (ARCHITECTURE.md "Background jobs"): pg-boss 12 on the Hub's own database, the
 * PostgreSQL server (its own small pool on the same connection string) or the embedded PGlite
 * (the app's instance, through `fromPglite`). A job is a row in pg-boss's schema, so it survives a
 * restart and is claimed by one worker (SKIP LOCKED): it runs once; a worker that dies mid-job
 * stops sending heartbeats and the job is retried.
 *
 * pg-boss starts on first need: at start-up when its schema exists (jobs may be waiting), else at
 * the first `ready()` (a process that never queues a job never installs or polls anything, so test
 * apps that need no jobs start and close as before). Areas register their workers and schedules
 * while the app is built; they are applied whenever pg-boss starts.
 */

export type JobInfo = { id: string; retryCount: number; signal: AbortSignal };
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export type QueueSettings = {
  /** Retries after a failure or a lost worker (default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job not finished (or, with heartbeats, not heard from) in this time is retried. */
  expireInSeconds?: number;
  heartbeatSeconds?: number;
};

export type Jobs = {
  /** Registers a queue's worker (while the app is built): one job at a time per process. */
  work: <T extends object>(queue: string, handler: JobHandler<T>, settings?: QueueSettings) => void;
  /** Registers a recurring job (cron, UTC) on a queue with a worker. */
  schedule: (queue: string, cron: string, data?: object) => void;
  /** Starts pg-boss if it has not started. Call it before a transaction that sends (PGlite has one connection). */
  ready: () => Promise<void>;
  /** Queues a job; with `tx` it commits or rolls back with that transaction. Call `ready()` first. */
  send: (
    queue: string,
    data: object,
    options?: { tx?: HubTx; singletonKey?: string; startAfterSeconds?: number },
  ) => Promise<string>;
  /** Wakes this process's worker of `queue` at once (after the sending transaction committed). */
  wake: (queue: string) => void;
  /** Runs the registered work: starts pg-boss when jobs may be waiting (its schema exists). */
  resume: () => Promise<void>;
  close: () => Promise<void>;
};

/** pg-boss's schema: one per database, beside the Hub's tables. */
export const JOBS_SCHEMA = "pgboss";

type Registered = { handler: JobHandler<object>; settings: QueueSettings };

const loadPgBoss = loadOnce(() => import("pg-boss"));

type PgliteClient = Parameters<typeof import("pg-boss").fromPglite>[0];
type PoolLike = { options: { connectionString?: string } };

export const createJobs = (db: HubDb, config: HubConfig, log: FastifyBaseLogger): Jobs => {
  const queues = new Map<string, Registered>();
  const schedules: { queue: string; cron: string; data: object }[] = [];
  const workerIds = new Map<string, string>();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let closed = false;
  let poll: ReturnType<typeof setInterval> | undefined;
  const client = (db as unknown as { $client: unknown }).$client;
  const embedded = typeof (client as { listen?: unknown }).listen === "function";

  const build = async (): Promise<PgBoss> => {
    const { PgBoss, fromPglite } = await loadPgBoss();
    const common = {
      schema: JOBS_SCHEMA,
      // Registered instances and queue statistics are for dashboards the Hub does not have.
      registerInstance: false,
      openTelemetry: { enabled: false },
      // A process that runs no jobs (a web instance) neither maintains the queues nor fires the
      // schedules: the workers do, and pg-boss makes a schedule fire once among them.
      supervise: config.jobWorkers,
      superviseIntervalSeconds: config.jobsSuperviseSeconds,
      monitorIntervalSeconds: config.jobsSuperviseSeconds,
      schedule: config.jobWorkers,
    } as const;
    if (embedded) return new PgBoss({ ...common, db: fromPglite(client as PgliteClient), backend: "pglite" });
    const connectionString = config.databaseUrl ?? (client as PoolLike).options?.connectionString;
    if (!connectionString) throw new Error("background jobs need the database's connection string");
    return new PgBoss({ ...common, connectionString, max: 3, application_name: "hub-jobs" });
  };

  const startWorkers = async (b: PgBoss) => {
    for (const [queue, { settings }] of queues) {
      await b.createQueue(queue, {
        retryLimit: settings.retryLimit ?? 2,
        retryDelay: settings.retryDelaySeconds ?? 5,
        expireInSeconds: settings.expireInSeconds ?? 15 * 60,
        ...(settings.heartbeatSeconds ? { heartbeatSeconds: settings.heartbeatSeconds } : {}),
      });
      // pg-boss reads a queue's row once and keeps it; reading it now (outside any transaction)
      // means a send inside one never needs a second connection (PGlite has only one).
      await b.getBlockedKeys(queue).catch(() => undefined);
    }
    for (const { queue, cron, data } of schedules) await b.schedule(queue, cron, data, { tz: "UTC" });
    if (!config.jobWorkers) return;
    for (const [queue, { handler }] of queues) {
      const id = await b.work<object>(queue, { pollingIntervalSeconds: 2, localConcurrency: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data, { id: job.id, retryCount: job.retryCount, signal: job.signal });
      });
      workerIds.set(queue, id);
    }
  };

  const start = (): Promise<PgBoss> => {
    if (closed) return Promise.reject(new Error("background jobs are stopped"));
    starting ??= (async () => {
      const b = await build();
      b.on("error", (error) => log.error({ err: error }, "background jobs: an error"));
      await b.start();
      boss = b;
      await startWorkers(b);
      log.info({ queues: [...queues.keys()] }, "background jobs started");
      return b;
    })().catch((error: unknown) => {
      starting = null;
      throw error;
    });
    return starting;
  };

  /** Whether pg-boss's schema is installed: jobs may be waiting, or schedules due. */
  const installed = async (): Promise<boolean> => {
    const { rows } = (await db.execute(sql`select to_regnamespace(${JOBS_SCHEMA}) is not null as "exists"`)) as {
      rows: { exists: boolean }[];
    };
    return rows[0]?.exists === true;
  };

  return {
    work: (queue, handler, settings = {}) => {
      if (queues.has(queue)) throw new Error(`queue ${queue} has a worker already`);
      queues.set(queue, { handler: handler as JobHandler<object>, settings });
    },
    schedule: (queue, cron, data = {}) => {
      schedules.push({ queue, cron, data });
    },
    ready: async () => {
      await start();
    },
    send: async (queue, data, options = {}) => {
      if (!boss) throw new Error("call jobs.ready() before sending");
      if (!queues.has(queue)) throw new Error(`no worker is registered for queue ${queue}`);
      const { fromDrizzle } = await loadPgBoss();
      const id = await boss.send(queue, data, {
        ...(options.tx ? { db: fromDrizzle(options.tx as never, sql as never) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      if (!id) throw new Error(`queue ${queue} refused the job`);
      return id;
    },
    wake: (queue) => {
      const id = workerIds.get(queue);
      if (boss && id) boss.notifyWorker(id);
    },
    resume: async () => {
      if (queues.size === 0 && schedules.length === 0) return;
      // A worker is there to run jobs: it installs pg-boss if need be and waits for them at once.
      if (config.role === "worker" || (await installed())) {
        await start();
        return;
      }
      // Another instance on the server may install it (its first job): look now and then, unref'd.
      if (!embedded && config.jobWorkers) {
        poll = setInterval(() => {
          if (boss || starting) return clearInterval(poll);
          installed()
            .then((yes) => (yes ? start() : undefined))
            .catch((error: unknown) => log.warn({ err: error }, "background jobs: could not look for work"));
        }, 30_000);
        poll.unref();
      }
    },
    close: async () => {
      closed = true;
      clearInterval(poll);
      const b = await starting?.catch(() => null);
      // Running jobs get a moment to finish (a report stops at its next page and is retried later).
      if (b) await b.stop({ graceful: true, timeout: 5_000, close: true });
      boss = null;
    },
  };
};
