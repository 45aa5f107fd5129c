import { type DatabaseHandle, databaseTemplatePath, openDatabase, seedDemoData, seedReferenceData } from "@hub/db";
import { hashPassword } from "../modules/identity/password";
import type { HubConfig } from "./config";

/** How long each step of opening took, in ms: the start-up log reports them. */
export type OpenTimings = { openMs: number; migrateMs: number; seedMs: number };

/** Opens the configured database, applies the migrations, and seeds what the mode wants. */
export const openHubDatabase = async (config: HubConfig): Promise<DatabaseHandle & { timings: OpenTimings }> => {
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  // A new embedded folder starts as a copy of the mode's template when `npm start` made one (packages/db/src/template.ts).
  const handle = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl })
    : await openDatabase({
        dataDir: config.databaseDir,
        template: () => databaseTemplatePath(config.demoMode ? "demo" : "empty"),
      });
  try {
    const openMs = lap();
    await handle.migrate();
    const migrateMs = lap();
    await seedReferenceData(handle.db);
    if (config.demoMode) await seedDemoData(handle.db, hashPassword);
    return { ...handle, timings: { openMs, migrateMs, seedMs: lap() } };
  } catch (error) {
    await handle.close();
    throw error;
  }
};
