/// <reference path="./pg-utils.d.ts" />
import { PGlite, parse, protocol, type Results, type Transaction, types } from "@electric-sql/pglite";
import { prepareValue } from "pg/lib/utils";

/**
 * Named prepared statements on the embedded database (issue 21). PGlite runs every query as an
 * unnamed statement, so PostgreSQL parses and plans placing's large statements again at every call,
 * and its `query` answers them in six calls into the database (parse, describe, bind, describe,
 * execute, sync). A hot path's named statement (`preparedStatement` in the server's
 * `platform/database.ts`) runs here instead: parsed once for the database's one session, then one
 * call a run (bind, describe, execute, sync), with its generic plan (`plan_cache_mode`, set when
 * the database opens). Values are prepared by node-postgres's own `prepareValue`, as it sends them
 * to a server, so a statement behaves the same on both.
 */

/** The transactions of each open database (set by `trackTransactions`): a statement in one runs inside it. */
const rootOfTransaction = new WeakMap<object, PGlite>();
/** The statement names each database has parsed. */
const parsedNames = new WeakMap<PGlite, Set<string>>();

/** Makes the database's transactions known to `pgliteOf` (called once, when it opens). */
export const trackTransactions = (pg: PGlite): void => {
  const transaction = pg.transaction.bind(pg);
  pg.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      rootOfTransaction.set(tx, pg);
      return callback(tx);
    });
};

/** The embedded database behind a Drizzle session's client, and whether the client is a transaction of it. */
export const pgliteOf = (client: unknown): { pg: PGlite; inTransaction: boolean } | undefined => {
  if (client instanceof PGlite) return { pg: client, inTransaction: false };
  const pg = typeof client === "object" && client !== null ? rootOfTransaction.get(client) : undefined;
  return pg ? { pg, inTransaction: true } : undefined;
};

/** Dates and intervals as PostgreSQL writes them (Drizzle's columns map them), as Drizzle's PGlite driver reads them. */
const asText = (value: string) => value;
const PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * Runs statement `name` (text `text`) with `params` on the embedded database, parsing it first the
 * first time. Outside a transaction it waits its turn like every other query; inside one it runs in it.
 * A statement that fails leaves the session as a failed query does (its error, then ready: the
 * same batch ends with Sync).
 */
export const runNamedOnPglite = async (
  target: { pg: PGlite; inTransaction: boolean },
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<Results> => {
  const { pg, inTransaction } = target;
  const run = async () => {
    let names = parsedNames.get(pg);
    if (!names) {
      names = new Set();
      parsedNames.set(pg, names);
    }
    const message = concat([
      ...(names.has(name) ? [] : [protocol.serialize.parse({ name, text, types: [] })]),
      protocol.serialize.bind({ statement: name, values: params.map((v) => prepareValue(v)) }),
      protocol.serialize.describe({ type: "P" }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const { messages } = await pg.execProtocol(message, { throwOnError: false, syncToFs: !inTransaction });
    // Parsed even when the run failed after it (a key violated): the name is taken from then on.
    if (messages.some((m) => m.name === "parseComplete")) names.add(name);
    const failure = messages.find((m) => m instanceof protocol.messages.DatabaseError);
    if (failure) throw failure;
    const [result] = parse.parseResults(messages, pg.parsers, { rowMode: "object", parsers: PARSERS });
    return result ?? { rows: [], fields: [] };
  };
  // PGlite's own locks: a transaction's statements take the query lock; every other one waits for the
  // transaction's too (as its `query` does), so it never runs inside someone else's transaction.
  return inTransaction ? pg._runExclusiveQuery(run) : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run));
};
