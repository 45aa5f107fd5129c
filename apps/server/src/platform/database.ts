import { type DatabaseHandle, databaseTemplatePath, openDatabase, seedDemoData, seedReferenceData } from "@hub/db";
import { hashPassword } from "../modules/identity/password";
import type { HubConfig } from "./config";

/** Opens the configured database, applies the migrations, and seeds what the mode wants. */
export const openHubDatabase = async (config: HubConfig): Promise<DatabaseHandle> => {
  // A new embedded folder starts from the prepared template when `npm start` made one (packages/db/src/template.ts).
  const handle = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl })
    : await openDatabase({ dataDir: config.databaseDir, template: databaseTemplatePath() });
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
    if (config.demoMode) await seedDemoData(handle.db, hashPassword);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
};
