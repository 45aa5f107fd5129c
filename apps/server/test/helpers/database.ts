import { randomBytes } from "node:crypto";
import { type DatabaseHandle, type HubDb, openDatabase, seedDemoData, seedReferenceData } from "@hub/db";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import "./provided";
import { hashPassword } from "../../src/modules/identity/password";

/** A fresh, migrated and seeded database that only one test file uses. */
export type TestDatabase = {
  db: HubDb;
  driver: DatabaseHandle["driver"];
  /** The database's name on the PostgreSQL server; null for the in-memory embedded database. */
  name: string | null;
  close: () => Promise<void>;
};

/**
 * The server named by DATABASE_URL when it is set (each caller gets its own database there, dropped
 * on close), else an in-memory PGlite. Either way: migrated, reference data and the demo organisation.
 * PGlite starts from the dump the global setup prepared; the migrations and the seed then run as at
 * every start, finding nothing left to do there. On the run's PostgreSQL server the database is a
 * copy of the global setup's template, already migrated and seeded.
 */
export const openTestDatabase = async (
  serverUrl: string | undefined = process.env.DATABASE_URL?.trim(),
): Promise<TestDatabase> => {
  let handle: DatabaseHandle;
  let name: string | null = null;
  let drop = async () => {};
  let fromTemplate = false;
  if (serverUrl) {
    name = `hub_t_${randomBytes(6).toString("hex")}`;
    // The global setup's migrated, seeded copy, when this is the run's own server.
    const template = process.env.VITEST && serverUrl === process.env.DATABASE_URL?.trim() ? inject("pgTemplate") : "";
    fromTemplate = Boolean(template);
    const admin = await openDatabase({ url: serverUrl, poolSize: 1 });
    try {
      await admin.db.execute(sql.raw(`create database "${name}"${template ? ` template "${template}"` : ""}`));
    } finally {
      await admin.close();
    }
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ url: url.toString(), poolSize: 5 });
    const dbName = name;
    drop = async () => {
      const dropper = await openDatabase({ url: serverUrl, poolSize: 1 });
      try {
        // The pool's connections may still be saying goodbye: wait for them rather than killing them
        // (a killed connection reports an error into the test run), and force only as a last resort.
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.db.execute(
              sql.raw(`drop database if exists "${dbName}"${attempt >= 40 ? " with (force)" : ""}`),
            );
            break;
          } catch (error) {
            const inUse =
              (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
            if (inUse !== "55006" || attempt >= 40) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      } finally {
        await dropper.close();
      }
    };
  } else {
    // Under vitest the global setup has made the dump; elsewhere (npm run bench) migrate and seed.
    const dump = process.env.VITEST ? inject("pgliteDump") : undefined;
    handle = await openDatabase(dump ? { dataDir: null, dump } : { dataDir: null });
  }
  try {
    if (!fromTemplate) {
      await handle.migrate();
      await seedReferenceData(handle.db);
      await seedDemoData(handle.db, hashPassword);
    }
  } catch (error) {
    await handle.close();
    await drop();
    throw error;
  }
  return {
    db: handle.db,
    driver: handle.driver,
    name,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
};
