import type { HubDb, HubTx } from "@hub/db";
import type { SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Principal } from "../../../platform/principal";
import type { LibraryTable } from "../resource";

/** What a row of text becomes: typed input for the resource's own request schema. */
export type Cell = (column: string) => string;
export type Problem = (column: string, message: string) => void;
/** Codes of the facility's library that rows may name (machine, option and style codes). */
export type Refs = {
  machines: Map<string, number>;
  options: Map<string, number>;
  styles: Map<string, number>;
  fabrics: Map<string, number>;
  parts: Map<string, number>;
};
export type Req = Record<string, unknown>;

/** What every importable resource says: how a row of text becomes its request, and how rows are told apart. */
type CommonDef = {
  schema: z.ZodType;
  /** Request field → CSV column, for messages. */
  columnOf: Record<string, string>;
  toInput: (cell: Cell, refs: Refs, problem: Problem) => Req;
  /** The row's identity in the facility (lower-case code): the same key twice in a file is refused, an existing one updates. */
  keyOf: (req: Req) => string;
  /** The problem of a row whose key an earlier line of the file has. */
  twice: (req: Req, earlierLine: number) => { column: string; message: string };
};

/** A library table with a code per facility (most resources). */
export type RowsDef = CommonDef & {
  table: LibraryTable;
  codeColumn: PgColumn;
  /** Threads and BMC threads share a table. */
  filter?: SQL;
  /** The row's columns (factoryId added by the caller). */
  toRow: (req: Req, names: Map<string, number>) => Record<string, unknown>;
  /** Fabric types and part categories named by rows, made when missing. */
  named?: { field: string; table: LibraryTable & { name: PgColumn } };
  /** Link rows written after the rows (an attribute's options). */
  links?: (tx: HubTx, rows: { id: number; req: Req }[]) => Promise<void>;
};

/** Rows of another shape (style price tiers): they say which keys exist and write themselves. */
export type CustomDef = CommonDef & {
  existing: (tx: HubDb | HubTx, factoryId: number) => Promise<Set<string>>;
  /** `p` is who applies the file (rows that write ledgers name their actor). */
  write: (tx: HubTx, factoryId: number, rows: Req[], p: Principal) => Promise<{ created: number; updated: number }>;
};

export type ImportDef = RowsDef | CustomDef;
