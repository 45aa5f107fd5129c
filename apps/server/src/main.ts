import { DatabaseLockedError } from "@hub/db";
import type { HubApp } from "./app";
import { demoListenNote, loadConfig } from "./platform/config";
import { openHubDatabase } from "./platform/database";

const started = performance.now();
const config = loadConfig();

let opening: ReturnType<typeof openHubDatabase> | undefined;
let app: HubApp | undefined;
let stopping: Promise<void> | undefined;

/**
 * Stops the HTTP server: idle keep-alive connections close at once (and each busy one as soon as
 * its request is answered), requests in flight get `shutdownGraceMs` to finish, then every
 * connection left is cut.
 */
const closeServer = async (server: HubApp, graceMs: number) => {
  const sweep = setInterval(() => server.server.closeIdleConnections(), 100);
  const cut = setTimeout(() => {
    server.log.warn({ graceMs }, "requests still in flight after the grace; closing their connections");
    server.server.closeAllConnections();
  }, graceMs);
  try {
    server.server.closeIdleConnections();
    await server.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
};

/**
 * The one way out, whatever the reason (a signal, during start-up too, or a failed start): stop
 * the server if it listens, close the database once it is open (exactly once), exit. A last timer
 * exits anyway should closing hang, well inside a container's stop window.
 */
const stop = (code: number, reason: string): Promise<void> => {
  stopping ??= (async () => {
    setTimeout(() => {
      console.error("The Hub did not stop in time; exiting without closing the database.");
      process.exit(code || 1);
    }, config.shutdownGraceMs + 10_000).unref();
    if (app) app.log.info({ reason }, "shutting down");
    else console.error(`Stopping (${reason}).`);
    try {
      if (app) await closeServer(app, config.shutdownGraceMs);
    } catch (error) {
      console.error("Closing the HTTP server failed:", error);
    }
    // A start-up cut short waits for the database to open (a failed open has closed itself).
    const database = await opening?.catch(() => null);
    try {
      await database?.close();
    } catch (error) {
      console.error("Closing the database failed:", error);
      code ||= 1;
    }
    process.exit(code);
  })();
  return stopping;
};

// Before the database opens, so that a signal during start-up still closes it.
process.on("SIGINT", () => void stop(0, "SIGINT"));
process.on("SIGTERM", () => void stop(0, "SIGTERM"));

const main = async () => {
  // The app's code loads while the database opens and migrates.
  opening = openHubDatabase(config);
  const [database, { buildApp }] = await Promise.all([opening, import("./app")]);
  if (stopping) return;
  const appStarted = performance.now();
  const built = await buildApp({ config, db: database.db, logger: true });
  if (stopping) return;
  app = built;
  const appMs = Math.round(performance.now() - appStarted);
  await app.listen({ port: config.port, host: config.host });
  if (stopping) return;
  app.log.info(
    {
      database: database.driver === "pglite" ? `embedded (${config.databaseDir})` : "postgresql",
      role: config.role,
      jobWorkers: config.jobWorkers,
      readReplica: config.databaseReplicaUrl ? true : undefined,
      demoMode: config.demoMode,
      network: demoListenNote(config) ?? undefined,
      startupMs: Math.round(performance.now() - started),
      startupSteps: { ...database.timings, appMs },
    },
    config.role === "all"
      ? `Hub is ready at http://localhost:${config.port}`
      : `Hub is ready at http://localhost:${config.port} (a ${config.role} instance)`,
  );
};

main().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error("The Hub could not start:", error);
  }
  // A listen failure (the port taken) closes the database like every other way out.
  void stop(1, "start-up failed");
});
