import { DatabaseLockedError } from "@hub/db";
import { demoListenNote, loadConfig } from "./platform/config";
import { openHubDatabase } from "./platform/database";

const started = performance.now();
const config = loadConfig();

const main = async () => {
  // The app's code loads while the database opens and migrates.
  const [database, { buildApp }] = await Promise.all([openHubDatabase(config), import("./app")]);
  const appStarted = performance.now();
  const app = await buildApp({ config, db: database.db, logger: true });
  const appMs = Math.round(performance.now() - appStarted);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.driver === "pglite" ? `embedded (${config.databaseDir})` : "postgresql",
      demoMode: config.demoMode,
      network: demoListenNote(config) ?? undefined,
      startupMs: Math.round(performance.now() - started),
      startupSteps: { ...database.timings, appMs },
    },
    `Hub is ready at http://localhost:${config.port}`,
  );
};

main().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error("The Hub could not start:", error);
  }
  process.exit(1);
});
