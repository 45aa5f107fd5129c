import type { Pool, PoolClient } from "pg";
import { HUB_SESSION_OPTIONS, type HubDb, keepConnectionErrors } from "./client";
import * as schema from "./schema/index";

/**
 * A read replica of the primary (DATABASE_REPLICA_URL): a `HubDb` for reads that may lag the
 * primary by a moment (the dashboards, the report jobs; ARCHITECTURE.md "Several instances"). A
 * read the replica cannot serve because it is unreachable (`isUnavailable` says which errors mean
 * that) runs on the primary instead, and for `downForMs` after such a failure every read goes to
 * the primary at once, so a lost replica costs one failed attempt, not a time-out on every read.
 * A read that fails on its own merits (bad SQL, a cancel) fails as it would on the primary.
 */
export type ReadReplica = {
  db: HubDb;
  /** Whether reads go to the replica now (false while it is held down after a failure). */
  healthy: () => boolean;
  close: () => Promise<void>;
};

export type ReplicaOptions = {
  url: string;
  /** The primary's database: its pool serves the reads while the replica is down. */
  primary: HubDb;
  isUnavailable: (error: unknown) => boolean;
  /** Told once each time the replica is found down (for the log). */
  onFallback?: (error: unknown) => void;
  downForMs?: number;
  poolSize?: number;
};

export const openReadReplica = async (options: ReplicaOptions): Promise<ReadReplica> => {
  const [{ default: pg }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const primaryPool = (options.primary as unknown as { $client: Pool }).$client;
  if (!(primaryPool instanceof pg.Pool)) throw new Error("a read replica needs a PostgreSQL primary");
  const downForMs = options.downForMs ?? 30_000;
  let downUntil = 0;
  const down = () => Date.now() < downUntil;
  const markDown = (error: unknown) => {
    if (!down()) options.onFallback?.(error);
    downUntil = Date.now() + downForMs;
  };

  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: HUB_SESSION_OPTIONS,
    // A replica that does not answer is given up on quickly: the primary is there.
    connectionTimeoutMillis: 2_000,
  });

  /**
   * The replica's pool answers from the primary's while the replica is down. Drizzle sends a plain
   * read through `query` (its promise form) and takes a client with `connect()` for a transaction
   * (it knows a pool by its class, so this stays a `pg.Pool`); both fall back. The callback forms
   * (pg's own `query` takes its client through `connect(callback)`) are left as they are.
   */
  type Call = (...args: unknown[]) => unknown;
  const fallBack = <T>(onReplica: () => Promise<T>, onPrimary: () => Promise<T>): Promise<T> =>
    down()
      ? onPrimary()
      : onReplica().catch((error: unknown) => {
          if (!options.isUnavailable(error)) throw error;
          markDown(error);
          return onPrimary();
        });
  const replicaQuery = pool.query.bind(pool) as Call;
  const replicaConnect = pool.connect.bind(pool) as Call;
  const query: Call = (...args) =>
    typeof args.at(-1) === "function"
      ? replicaQuery(...args)
      : fallBack(
          () => replicaQuery(...args) as Promise<unknown>,
          () => (primaryPool.query as Call)(...args) as Promise<unknown>,
        );
  const connect: Call = (...args) =>
    args.length > 0
      ? replicaConnect(...args)
      : fallBack(
          () => replicaConnect() as Promise<PoolClient>,
          () => primaryPool.connect(),
        );
  Object.assign(pool, { query, connect });
  pool.on("error", (error) => markDown(error));
  keepConnectionErrors(pool);
  let ending: Promise<void> | undefined;
  return {
    db: drizzle({ client: pool, schema }) as unknown as HubDb,
    healthy: () => !down(),
    close: () => {
      ending ??= pool.end();
      return ending;
    },
  };
};
