import {
  closeSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema/index";

export type HubSchema = typeof schema;
/** The one database type services take: the same on the embedded and the server driver. */
export type HubDb = PgDatabase<PgQueryResultHKT, HubSchema>;
/** A transaction, or the database itself: services that write several rows accept either. */
export type HubTx = Parameters<Parameters<HubDb["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: HubDb;
  driver: "pglite" | "postgres";
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * This package's folder, found by name rather than from this file's own place, so that it is the
 * same when the server runs from its bundle (apps/server/dist) as from the TypeScript sources.
 */
export const DB_PACKAGE_DIR = dirname(createRequire(import.meta.url).resolve("@hub/db/package.json"));
export const MIGRATIONS_FOLDER = join(DB_PACKAGE_DIR, "migrations");

export type OpenOptions =
  /** A PostgreSQL server. */
  | { url: string; poolSize?: number }
  /**
   * Embedded PGlite persisted in a folder (locked against a second process), or in memory. A new
   * folder starts as a copy of `template` (a prepared data folder, see template.ts) when one is given
   * and exists.
   */
  | { dataDir: string | null; template?: string | null | (() => string | null) }
  /** Embedded PGlite in memory, loaded from a dump of a prepared database (see ensureDatabaseTemplateDump). */
  | { dataDir: null; dump: string };

export class DatabaseLockedError extends Error {}

/** PostgreSQL extensions the migrations use, loaded into the embedded database. */
export const EXTENSIONS = { pg_trgm };

/**
 * PGlite does not lock its data folder, and two processes on one folder corrupt it, so the Hub
 * takes a lock file and refuses a second server on the same folder. A lock left by a process that
 * no longer runs is taken over.
 */
const lockDataDir = (dataDir: string): (() => void) => {
  const lockPath = join(dataDir, "..", `${dataDir.split(/[\\/]/).pop() ?? "pgdata"}.lock`);
  const take = (): number => openSync(lockPath, "wx");
  let fd: number;
  try {
    fd = take();
  } catch {
    const holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    let alive = false;
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid) {
      try {
        process.kill(holder, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (alive) {
      throw new DatabaseLockedError(
        `The database folder ${dataDir} is in use by another Hub process (pid ${holder}). Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    rmSync(lockPath, { force: true });
    fd = take();
  }
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockPath, { force: true });
};

export const openDatabase = async (options: OpenOptions): Promise<DatabaseHandle> => {
  if ("url" in options) {
    // The server driver loads only when it is used: an embedded start does without it.
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db: db as unknown as HubDb,
      driver: "postgres",
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  let unlock = () => {};
  let client: PGlite;
  if (options.dataDir) {
    const dir = resolve(options.dataDir);
    mkdirSync(dirname(dir), { recursive: true });
    unlock = lockDataDir(dir);
    try {
      const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
      // Only a new folder needs the template, so its path (a hash of its sources) is worked out only then.
      const template = fresh ? (typeof options.template === "function" ? options.template() : options.template) : null;
      if (template && existsSync(join(template, "PG_VERSION"))) {
        // A copy of files is far quicker than initdb, or than loading a dump through PGlite. It is
        // made aside and renamed into place, so a start cut short never leaves half a database.
        const partial = `${dir}.${process.pid}.partial`;
        rmSync(partial, { recursive: true, force: true });
        cpSync(template, partial, { recursive: true, mode: constants.COPYFILE_FICLONE });
        rmSync(dir, { recursive: true, force: true });
        renameSync(partial, dir);
      } else if (!existsSync(dir)) {
        mkdirSync(dir, { recursive: true });
      }
      client = await PGlite.create({ dataDir: dir, extensions: EXTENSIONS });
    } catch (error) {
      unlock();
      throw error;
    }
  } else if ("dump" in options) {
    client = await PGlite.create({ extensions: EXTENSIONS, loadDataDir: new Blob([readFileSync(options.dump)]) });
  } else {
    client = await PGlite.create({ extensions: EXTENSIONS });
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as HubDb,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
};
