import type { ResourceApi } from "@hub/contracts/common/resource-api";
import type { HubDb, HubTx } from "@hub/db";
import { and, type Column, eq, getTableName, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { badRequest } from "../errors";
import type { Principal } from "../principal";
import type { Owner } from "./owners";

/**
 * The list/detail pattern, built once (issue 4 "Rules"). A resource's operations are declared in
 * contracts with `resourceApi(...)` (common/resource-api.ts: paths, schemas, access); here a
 * resource names that declaration, its owner, its table, its list columns and joins, what may be
 * searched and sorted, how a request becomes column values, which codes must be unique per owner,
 * and what refuses a delete. `resourceService` gives the plain functions, `resourceRoutes`
 * registers each declared operation over them.
 *
 * Every read is limited to the owner's scope for the caller (others' rows answer 404), writes to
 * its write scope, and a new row's owner comes from `owner.resolve`. Audit actions are
 * `{audit}.create|update|delete|archive|restore` with subject `{key}:{id}`.
 */

export type Row = Record<string, unknown>;

export type BaseTable = PgTable & { id: PgColumn; archived?: PgColumn; updatedAt?: PgColumn };

/** A resource's table: an id, the owner column named by the owner's key, and optionally archived/updatedAt. */
export type ResourceTable<K extends string = string> = BaseTable & { [P in K]: PgColumn };

/** A code unique within one owner's rows; `extra` narrows the rows compared (markers: per style). */
export type UniqueRule<TReq = Row> = {
  field: string;
  column: PgColumn;
  message: string;
  extra?: (req: TReq) => SQL | undefined;
};

/**
 * The declaration a resource is registered from, typed by its request. Its answers stay untyped
 * here (a generic detail cannot be resolved against its schema); the serializer checks each one.
 */
export type ResourceApiOf<TReq> = ResourceApi<{ request: z.ZodType<TReq>; page: z.ZodType; detail: z.ZodType }>;

/**
 * What a resource is, independent of who owns it. `_TDetail` names the detail its service's
 * `get` answers (ResourceDef passes it on); the declaration's schema is what checks it on the wire.
 */
export type ResourceSpec<TReq, _TDetail = Row, K extends string = string> = {
  /** Its declared operations (contracts): paths, schemas and who may call each. */
  api: ResourceApiOf<TReq>;
  /** For messages: "That fabric was not found." */
  noun: string;
  table: ResourceTable<K>;
  /** The list's columns (every item field). */
  columns: SelectedFields;
  /** Left joins the columns need. */
  joins?: (q: PgSelect) => PgSelect;
  /** What a select shows for a row. */
  label: SQL;
  sortable: Record<string, Column | SQL>;
  defaultSort: [string, "asc" | "desc"];
  search: (Column | SQL)[];
  /**
   * A stored lower-cased text of the searched columns with a trigram index (large tables): the
   * search is then one LIKE on it, which the index serves, instead of ILIKE on each column.
   */
  searchText?: PgColumn;
  /** A fixed filter (threads: their kind; client-owned addresses: not a user's own). */
  filter?: SQL;
  /**
   * Who reads beside the owner's scope (styles let client users read what is offered to them):
   * rows it returns are added to the owner's read scope; undefined adds none.
   */
  readScope?: (p: Principal) => SQL | undefined;
  /** The columns a request writes (the owner column excluded). */
  values: (tx: HubTx, req: TReq, ownerId: number, p: Principal) => Promise<Row>;
  /** Runs in an update's transaction before the row changes, seeing it as it was (a rename carried to the rows that name it). */
  beforeUpdate?: (tx: HubTx, id: number, req: TReq, ownerId: number) => Promise<void>;
  /** Link tables to rewrite after the row is written (option attributes, profile members). */
  links?: (tx: HubTx, id: number, req: TReq, ownerId: number) => Promise<void>;
  /** Codes unique within one owner's rows (case-insensitive). */
  unique: UniqueRule<TReq>[];
  /** Extra fields of the detail. */
  detail?: (db: HubDb | HubTx, row: Row) => Promise<Row>;
  /** Why a delete is refused: null when nothing uses the row. */
  usedBy?: (db: HubDb | HubTx, id: number) => Promise<string | null>;
  csv: { header: string; value: (item: Row) => unknown }[];
  /**
   * Keeps each change in its owner's own history as well as the audit log (a facility's stations and
   * QC reason codes: Factory Config's history), in the change's transaction: `describe` reads a row
   * as people read it (null: no such row), before and after; a change that reads the same is not kept.
   */
  history?: {
    describe: (tx: HubTx, id: number) => Promise<string | null>;
    record: (
      tx: HubTx,
      change: { ownerId: number; actor: string; from: string | null; to: string | null },
    ) => Promise<void>;
  };
};

/**
 * How a wider list query (the design library's spec-7 userId and teamId, declared as the
 * resource's listQuery) narrows the owner's scope (the current team). Applies to the list, the
 * CSV export and the lookup.
 */
export type ResourceNarrow = (db: HubDb, p: Principal, query: Record<string, unknown>) => Promise<SQL | undefined>;

/** A resource with its owner. */
export type ResourceDef<TReq, TDetail = Row, K extends string = string> = ResourceSpec<TReq, TDetail, K> & {
  owner: Owner<K>;
  /** Audit action prefix: "library.fabrics" gives library.fabrics.create, … */
  audit: string;
  narrow?: ResourceNarrow;
};

/** A resource's key (the last segment of its base path): the audit subject's and the CSV file's name. */
export const resourceKey = (api: ResourceApi): string =>
  api.lookup.path.slice(0, -"/lookup".length).split("/").at(-1) ?? "";

/**
 * A column written with its table's name, for correlated subqueries: drizzle leaves columns bare
 * when a query reads one table, and a bare "id" inside a subquery names the subquery's own table.
 */
export const col = (column: PgColumn): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** "styles TEE-100, HOOD-200 and 3 more" */
export const nameList = (names: string[], total: number): string => {
  const shown = names.slice(0, 5).join(", ");
  return total > names.slice(0, 5).length ? `${shown} and ${total - Math.min(5, names.length)} more` : shown;
};

/**
 * Referenced ids must be rows of the same owner (`ownerColumn` = `ownerId`): otherwise a 400
 * naming the field ("Fabric 7 does not exist in this library.").
 */
export const ensureOwnedRefs = async (
  db: HubDb | HubTx,
  ref: { table: PgTable & { id: PgColumn }; ownerColumn: PgColumn; ownerId: number },
  ids: readonly number[],
  field: string,
  what: string,
  where = "here",
): Promise<void> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: ref.table.id })
    .from(ref.table)
    .where(and(inArray(ref.table.id, unique), eq(ref.ownerColumn, ref.ownerId)));
  if (found.length !== unique.length) {
    const known = new Set(found.map((r) => r.id));
    const missing = unique.filter((id) => !known.has(id));
    throw badRequest(`${what} ${missing.join(", ")} ${missing.length === 1 ? "does" : "do"} not exist ${where}.`, {
      [field]: `Unknown ${what.toLowerCase()}`,
    });
  }
};
