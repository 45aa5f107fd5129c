import {
  type DatabaseHandle,
  databaseTemplatePath,
  type HubDb,
  type HubTx,
  openDatabase,
  seedDemoData,
  seedReferenceData,
} from "@hub/db";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { HubConfig } from "./config";
import { hashPassword } from "./password";

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
    // Instances starting together on one PostgreSQL migrate and seed one at a time.
    const timings = await handle.exclusively(async () => {
      await handle.migrate();
      const migrateMs = lap();
      await seedReferenceData(handle.db);
      if (config.demoMode) await seedDemoData(handle.db, hashPassword);
      return { openMs, migrateMs, seedMs: lap() };
    });
    return { ...handle, timings };
  } catch (error) {
    await handle.close();
    throw error;
  }
};

/**
 * Awaits several queries: side by side on the pool, one after another in a transaction, whose one
 * connection runs one statement at a time (pg 8 queues them with a deprecation warning; pg 9 will
 * refuse). Drizzle's query builders run when awaited, so nothing starts before its turn.
 */
export const allQueries = async <T extends readonly unknown[]>(
  db: HubDb | HubTx,
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> => {
  if (!(db instanceof PgTransaction)) return Promise.all(queries) as never;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as never;
};

/**
 * The rows of a raw statement's result (`db.execute(sql`…`)`), typed as the statement selects them:
 * both drivers answer `{ rows }`. The one place that cast is written.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
