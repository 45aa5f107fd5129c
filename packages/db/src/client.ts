import {
  closeSync,
  constants,
  cpSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { hostname } from "node:os";
import { dirname, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Pool as PgPool } from "pg";
import { trackTransactions } from "./pglite-named";
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
  /**
   * Runs `work` (migrating and seeding) while no other process starting on the same database does:
   * a PostgreSQL advisory lock held on a connection of its own, so instances starting together
   * migrate one after another (the later ones find nothing left to do). The embedded database has
   * one process by its folder lock, so there it just runs.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** The advisory lock key instances take while they migrate and seed (any constant 64-bit number). */
export const STARTUP_LOCK_KEY = 4_816_230_117;

/**
 * This package's folder, found by name rather than from this file's own place, so that it is the
 * same when the server runs from its bundle (apps/server/dist) as from the TypeScript sources.
 */
export const DB_PACKAGE_DIR = dirname(createRequire(import.meta.url).resolve("@hub/db/package.json"));
export const MIGRATIONS_FOLDER = join(DB_PACKAGE_DIR, "migrations");

export type OpenOptions =
  /** A PostgreSQL server. */
  | {
      url: string;
      poolSize?: number;
      /**
       * Told of an error on an idle pooled connection (the server restarted, failed over, or cut it).
       * The pool drops that connection and opens a new one for the next query; without a listener
       * the error would be unhandled and end the process.
       */
      onConnectionError?: (error: Error) => void;
    }
  /**
   * Embedded PGlite persisted in a folder (locked against a second process), or in memory. A new
   * folder starts as a copy of `template` (a prepared data folder, see template.ts) when one is given
   * and exists.
   */
  | {
      dataDir: string | null;
      template?: string | null | (() => string | null);
      /** fsync on (the default): a commit is on the disk when acknowledged. Off only to measure its cost. */
      durable?: boolean;
    }
  /** Embedded PGlite in memory, loaded from a dump of a prepared database (see ensureDatabaseTemplateDump). */
  | { dataDir: null; dump: string };

export class DatabaseLockedError extends Error {}

/**
 * pg's pool listens for a connection's 'error' only while the connection is idle in the pool. One
 * checked out between two statements (a transaction, while the server works out the next) that
 * the server drops emits 'error' to nobody, and an 'error' event nobody hears ends the process: the
 * Hub would die with its database instead of answering 503 until it is back. Every connection gets a
 * listener of its own for its whole life; the statement that next uses it fails and is answered as
 * any lost connection is, and pg does not give it back to the pool.
 */
export const keepConnectionErrors = (pool: PgPool): void => {
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
};

/** PostgreSQL extensions the migrations use, loaded into the embedded database. */
export const EXTENSIONS = { pg_trgm };

type LockBinding = { tryLock: (fd: number) => boolean };

/**
 * PGlite does not lock its data folder, and two processes on one folder corrupt it, so the Hub
 * holds an exclusive OS lock (an open file description lock, fcntl F_OFD_SETLK on Linux, flock on
 * macOS, LockFileEx on Windows) on `<folder>.lock` beside it for as long as the database is open.
 * The kernel keeps it, so it holds against a process in another PID namespace or of another user
 * (a container sharing the volume), it ends with its process however that process ends (kill -9
 * included: there is no stale lock to judge), and a second open in the same process is refused
 * too. The file's text (pid, host, time) is only there to name the holder in the error.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  const lockPath = join(dataDir, "..", `${dataDir.split(/[\\/]/).pop() ?? "pgdata"}.lock`);
  // A native addon, loaded only when an embedded folder is opened (not for memory or a server).
  const { tryLock } = createRequire(import.meta.url)("fs-native-extensions") as LockBinding;
  for (let attempt = 0; ; attempt++) {
    const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o644);
    let locked = false;
    try {
      locked = tryLock(fd);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    if (!locked) {
      closeSync(fd);
      let holder = "";
      try {
        holder = readFileSync(lockPath, "utf8").trim();
      } catch {}
      throw new DatabaseLockedError(
        `The database folder ${dataDir} is in use by another Hub process${holder ? ` (${holder})` : ""}. ` +
          `Stop it first, or set DATA_DIR to another folder. If no Hub is running on it, delete ${lockPath} and start again.`,
      );
    }
    // The holder before us may have deleted the file as it let go: a lock on a file no longer at
    // the path keeps nobody out, so take it again on the file that is there now.
    const current = (() => {
      try {
        return statSync(lockPath);
      } catch {
        return null;
      }
    })();
    if (!current || current.ino !== fstatSync(fd).ino || current.dev !== fstatSync(fd).dev) {
      closeSync(fd);
      if (attempt < 10) continue;
      throw new DatabaseLockedError(`The lock file ${lockPath} keeps changing; another Hub is starting on ${dataDir}.`);
    }
    ftruncateSync(fd, 0);
    writeSync(fd, `pid ${process.pid} on ${hostname()}, since ${new Date().toISOString()}`, 0);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Deleted while still held, then let go: the next one to lock finds the path empty or new.
      rmSync(lockPath, { force: true });
      closeSync(fd);
    };
  }
};

/**
 * The embedded database's durability. PGlite starts PostgreSQL with fsync off (`-F`), and its Node
 * file system does not pass fsync on to the disk at all. A persisted folder turns fsync on, syncs
 * the WAL with fsync (PGlite's fdatasync does nothing), and gives the file system an fsync that
 * reaches the disk: a commit is acknowledged once its WAL is on the disk.
 *
 * It also remembers each open file's size. PostgreSQL asks a relation's size (a seek to its end)
 * before many reads and every extension, and the Node file system answers each with an `fstat`:
 * 7.5 % of the embedded Hub's time placing orders. The folder is this process's alone (the lock
 * above), so the size it wrote is the size: a write past the end raises it, a truncate forgets it.
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (mod: unknown) => {
        const nodefs = (mod as { NODEFS: EmscriptenNodeFs }).NODEFS;
        const ops = nodefs.stream_ops;
        ops.fsync = (stream) => nodefs.tryFSOperation(() => fsyncSync(stream.nfd));
        rememberSizes(nodefs);
      },
    ];
    return result;
  }
}
type EmscriptenNode = object;
type EmscriptenStream = { nfd: number; node: EmscriptenNode };
type EmscriptenNodeFs = {
  stream_ops: {
    fsync?: (stream: EmscriptenStream) => unknown;
    write: (stream: EmscriptenStream, buffer: Uint8Array, offset: number, length: number, position: number) => number;
    llseek: (stream: EmscriptenStream, offset: number, whence: number) => number;
    setattr: (stream: EmscriptenStream, attr: { size?: number }) => unknown;
  };
  node_ops: { setattr: (node: EmscriptenNode, attr: { size?: number }) => unknown };
  tryFSOperation: (operation: () => unknown) => unknown;
};

/** The Node file system's seeks to a file's end from the sizes it wrote (DurableNodeFS). */
const rememberSizes = (nodefs: EmscriptenNodeFs) => {
  const SEEK_END = 2;
  const sizes = new WeakMap<EmscriptenNode, number>();
  const ops = nodefs.stream_ops;
  const { write, llseek, setattr } = ops;
  const nodeSetattr = nodefs.node_ops.setattr;
  ops.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END) return llseek(stream, offset, whence);
    const known = sizes.get(stream.node);
    if (known !== undefined && known + offset >= 0) return known + offset;
    const end = llseek(stream, 0, SEEK_END);
    sizes.set(stream.node, end);
    return end + offset >= 0 ? end + offset : llseek(stream, offset, whence);
  };
  ops.write = (stream, buffer, offset, length, position) => {
    const written = write(stream, buffer, offset, length, position);
    const known = sizes.get(stream.node);
    if (known !== undefined && position + written > known) sizes.set(stream.node, position + written);
    return written;
  };
  ops.setattr = (stream, attr) => {
    if (attr.size !== undefined) sizes.delete(stream.node);
    return setattr(stream, attr);
  };
  nodefs.node_ops.setattr = (node, attr) => {
    if (attr.size !== undefined) sizes.delete(node);
    return nodeSetattr(node, attr);
  };
};
const durableStartParams = () => [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  "-c",
  "wal_sync_method=fsync",
];

/**
 * Session settings of every connection the Hub opens to a PostgreSQL server. `plan_cache_mode`:
 * a named statement (the hot paths' few: placing's, the sign-in check's) is planned once a
 * connection, not again at every call (custom plans cost 0.3-1 ms each of placing's statements,
 * about a fifth of the database's work for an order: issue 21, ADR 0003). Every such statement
 * finds its rows by key, where the one plan is the right one for every value. PostgreSQL applies
 * the setting to every statement with parameters, named or not (an unnamed one is planned at each
 * call, but without its values): a statement whose plan should depend on its values runs where
 * `plan_cache_mode` is `force_custom_plan` for its transaction, as the order search's do
 * (`withPlan`, apps/server/src/modules/orders/search-plan.ts).
 */
export const HUB_SESSION_OPTIONS =
  "-c jit=off -c max_parallel_workers_per_gather=0 -c plan_cache_mode=force_generic_plan";

export const openDatabase = async (options: OpenOptions): Promise<DatabaseHandle> => {
  if ("url" in options) {
    // The server driver loads only when it is used: an embedded start does without it.
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    // The Hub's queries are short and many run at once: no JIT (PostgreSQL's default compiled a broad
    // order search for up to 0.4 s that then ran in milliseconds) and no parallel workers (starting
    // them cost a capped count 30 ms); docs/adr/0003-orders.md.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: HUB_SESSION_OPTIONS,
      // While the server is down or starting, a request fails in seconds (a 503) instead of waiting.
      connectionTimeoutMillis: 5_000,
    });
    pool.on("error", (error) => {
      if (options.onConnectionError) options.onConnectionError(error);
      else console.warn(`A database connection was lost: ${error.message}`);
    });
    keepConnectionErrors(pool);
    const db = drizzleNodePg({ client: pool, schema });
    let ending: Promise<void> | undefined;
    return {
      db: db as unknown as HubDb,
      driver: "postgres",
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      exclusively: async (work) => {
        const holder = await pool.connect();
        try {
          await holder.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await holder.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
          }
        } finally {
          // A connection that failed under us is not given back to the pool (ended with the lock).
          holder.release();
        }
      },
      close: () => {
        ending ??= pool.end();
        return ending;
      },
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
      client = await PGlite.create(
        options.durable === false
          ? { dataDir: dir, extensions: EXTENSIONS }
          : { fs: new DurableNodeFS(dir), startParams: durableStartParams(), extensions: EXTENSIONS },
      );
    } catch (error) {
      unlock();
      throw error;
    }
  } else if ("dump" in options) {
    client = await PGlite.create({ extensions: EXTENSIONS, loadDataDir: new Blob([readFileSync(options.dump)]) });
  } else {
    client = await PGlite.create({ extensions: EXTENSIONS });
  }
  // The hot paths' named statements (pglite-named.ts): their transactions known, their plans generic.
  trackTransactions(client);
  await client.exec("set plan_cache_mode = force_generic_plan");
  const db = drizzlePglite({ client, schema });
  let closing: Promise<void> | undefined;
  return {
    db: db as unknown as HubDb,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusively: (work) => work(),
    // Closing twice (a signal during a close) waits for the one close.
    close: () => {
      closing ??= (async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      })();
      return closing;
    },
  };
};
