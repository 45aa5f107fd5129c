import { createHash } from "node:crypto";
import {
  type DatabaseHandle,
  databaseTemplatePath,
  type HubDb,
  type HubTx,
  openDatabase,
  pgliteOf,
  runNamedOnPglite,
  seedDemoData,
  seedReferenceData,
} from "@hub/db";
import {
  type Column,
  fillPlaceholders,
  getTableColumns,
  getTableName,
  type Query,
  type SQL,
  sql,
  type Table,
} from "drizzle-orm";
import { PgDialect, PgTransaction } from "drizzle-orm/pg-core";
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

/**
 * A table's rows in a hand-written statement, for the hot paths where building the statement with
 * Drizzle's query builder costs more than running it (placing an order: docs/adr/0003-orders.md).
 * Worked out once per table:
 * - `insert(rows, fixed)`: `insert into t (columns) select … from json_populate_recordset(null::t, $1)`:
 *   the rows travel as one JSON parameter, whatever their number; the columns are the rows' keys (all
 *   rows have the same keys), and `fixed` gives columns an SQL value shared by every row. Its parts,
 *   for a statement built once (`preparedStatement`): `keysOf(row)`, `jsonOf(rows, keys)` and
 *   `insertFrom(keys, json, fixed)` with the JSON's placeholder.
 * - `columns(from, prefix, onlyWhen)`: every column of `from` (the table or a CTE of its rows) under
 *   `prefix` + key (only in the rows where `onlyWhen` holds, when given).
 * - `read(raw, prefix)`: a result row back to the row Drizzle would answer (its types mapped as Drizzle maps them).
 */
export const rowShape = <T extends Table>(table: T) => {
  const cols = Object.entries(getTableColumns(table)) as [string, Column][];
  const byKey = new Map(cols);
  const name = getTableName(table);
  const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
  /** `columns`' lists, made once each (a hot path asks for the same few on every call). */
  const columnLists = new Map<string, string>();
  type Fixed = Partial<Record<keyof T["$inferInsert"], SQL>>;
  /** The keys of a row that are columns of the table and not given by `fixed`. */
  const keysOf = (row: Partial<T["$inferInsert"]>, fixed: Fixed = {}): string[] =>
    Object.keys(row).filter((k) => byKey.has(k) && !(k in fixed));
  /**
   * The rows' `keys` as the JSON `insertFrom` reads: dates as ISO text, a custom type's value as its
   * driver's text (a tsvector's words), JSON and arrays as themselves.
   */
  const jsonOf = (rows: readonly Partial<T["$inferInsert"]>[], keys: readonly string[]): string =>
    JSON.stringify(
      rows.map((row) => {
        const out: Record<string, unknown> = {};
        for (const k of keys) {
          const value = (row as Record<string, unknown>)[k];
          const column = byKey.get(k) as Column;
          out[column.name] =
            value instanceof Date
              ? value.toISOString()
              : value != null && column.columnType === "PgCustomColumn"
                ? column.mapToDriverValue(value)
                : (value ?? null);
        }
        return out;
      }),
    );
  /** The insert of the rows in `json` (a value holding `jsonOf`'s text), their `keys` and the `fixed` columns. */
  const insertFrom = (keys: readonly string[], json: SQL, fixed: Fixed = {}): SQL => {
    const fixedKeys = Object.keys(fixed).filter((k) => byKey.has(k));
    const target = [...fixedKeys, ...keys].map((k) => ident((byKey.get(k) as Column).name)).join(", ");
    const source = sql.join(
      [
        ...fixedKeys.map((k) => fixed[k as keyof typeof fixed] as SQL),
        ...keys.map((k) => sql.raw(`x.${ident((byKey.get(k) as Column).name)}`)),
      ],
      sql`, `,
    );
    return sql`insert into ${sql.raw(ident(name))} (${sql.raw(target)}) select ${source} from json_populate_recordset(null::${sql.raw(ident(name))}, ${json}::json) as x`;
  };
  return {
    insert: (rows: readonly Partial<T["$inferInsert"]>[], fixed: Fixed = {}) => {
      const keys = keysOf(rows[0] ?? {}, fixed);
      return insertFrom(keys, sql`${jsonOf(rows, keys)}`, fixed);
    },
    keysOf,
    jsonOf,
    insertFrom,
    /**
     * With `onlyWhen` (a condition of the statement's own, written by hand), the columns hold their
     * values only in the rows where it holds, null elsewhere: a parent's columns beside its children's
     * rows, read once (the rows' other copies would each be parsed and mapped for nothing).
     */
    columns: (from: string, prefix = "", onlyWhen?: string) => {
      const key = `${from}\u0000${prefix}\u0000${onlyWhen ?? ""}`;
      let text = columnLists.get(key);
      if (text === undefined) {
        text = cols
          .map(([key, c]) => {
            const value = `${ident(from)}.${ident(c.name)}`;
            return `${onlyWhen ? `case when ${onlyWhen} then ${value} end` : value} as ${ident(prefix + key)}`;
          })
          .join(", ");
        columnLists.set(key, text);
      }
      return sql.raw(text);
    },
    read: (raw: Record<string, unknown>, prefix = ""): T["$inferSelect"] => {
      const out: Record<string, unknown> = {};
      for (const [key, c] of cols) {
        const value = raw[prefix + key];
        out[key] = value === null || value === undefined ? null : c.mapFromDriverValue(value);
      }
      return out as T["$inferSelect"];
    },
  };
};

const dialect = new PgDialect();
const statementNames = new Map<string, string>();
/** At most this many named statement texts: a hot path's statements are a handful; more means a text that varies. */
const MAX_NAMED = 64;

/**
 * Runs a hot path's hand-written statement as a named prepared statement (placing's few, issue 21):
 * node-postgres parses it once a connection, and PostgreSQL plans it once when its generic plan is
 * as good as a fresh one, instead of parsing and planning it on every call (1-4 ms each for
 * placing's largest). The name is the text's hash, so the text must not vary with the values: every
 * value a parameter, never `sql.raw`. A text past the first 64 runs unnamed, as `db.execute` runs
 * it. On the embedded database the same names hold (`runNamedOnPglite`, packages/db).
 */
/**
 * How many statement texts have a name, by `executeNamed` or `preparedStatement` (a test checks
 * placing's stay a handful, whatever the order).
 */
export const namedStatementCount = (): number => statementNames.size + preparedNames.size;

export const executeNamed = (db: HubDb | HubTx, query: SQL): Promise<unknown> => {
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `hub_${createHash("sha1").update(built.sql).digest("hex").slice(0, 20)}`;
    statementNames.set(built.sql, name);
  }
  return runNamed(db, built, name);
};

/**
 * Runs a built statement named `name` (unnamed when undefined): on a server through Drizzle's
 * driver, which names it per connection; on the embedded database parsed once and run in one call
 * (`runNamedOnPglite`), since PGlite's own queries are all unnamed.
 */
const runNamed = (db: HubDb | HubTx, query: Query, name: string | undefined, values?: Record<string, unknown>) => {
  const lite = pgliteOf((db._.session as unknown as { client?: unknown }).client);
  if (lite && name !== undefined)
    return runNamedOnPglite(lite, name, query.sql, fillPlaceholders(query.params, values ?? {}));
  return db._.session.prepareQuery(query, undefined, name, false).execute(values);
};

/** The names of the statements `preparedStatement` has built. */
const preparedNames = new Set<string>();

/** A prepared statement's values by their placeholders' names (see `preparedStatement`). */
export type Slots<K extends string> = { readonly [name in K]: SQL };

/**
 * A hot path's statement built once (placing's, and the reads every request makes: issue 21): `build` writes it with a placeholder
 * for every value (`v.name`, an SQL fragment like every value in a template), and each call runs the
 * built text with its values, named as `executeNamed` names its statements. Building a large
 * statement's text and parameters (Drizzle's walk over its every fragment) cost more than half a
 * millisecond a call; a built one costs nothing. A statement of several shapes is one of these per
 * shape. Values are passed to the driver as they are: JSON as text, numbers, strings, null.
 */
export const preparedStatement = <K extends string>(names: readonly K[], build: (v: Slots<K>) => SQL) => {
  let built: { query: Query; name: string } | undefined;
  return (db: HubDb | HubTx, values: { readonly [name in K]: unknown }): Promise<unknown> => {
    if (!built) {
      const slots = Object.fromEntries(names.map((k) => [k, sql`${sql.placeholder(k)}`])) as Slots<K>;
      const query = dialect.sqlToQuery(build(slots));
      built = { query, name: `hub_${createHash("sha1").update(query.sql).digest("hex").slice(0, 20)}` };
      preparedNames.add(built.name);
    }
    return runNamed(db, built.query, built.name, values);
  };
};

/**
 * A statement of several shapes (a column list that varies, a CTE present or not), each built once
 * by `preparedStatement` the first time it is asked for: `keyOf` names a shape, `build` writes it.
 */
export const preparedStatements = <S, K extends string>(
  names: readonly K[],
  keyOf: (shape: S) => string,
  build: (v: Slots<K>, shape: S) => SQL,
) => {
  const byShape = new Map<string, ReturnType<typeof preparedStatement<K>>>();
  return (shape: S) => {
    const key = keyOf(shape);
    let statement = byShape.get(key);
    if (!statement) {
      statement = preparedStatement(names, (v) => build(v, shape));
      byShape.set(key, statement);
    }
    return statement;
  };
};
