import { type Column, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * What a grain of the dashboard rollups is (ADR 0014; grains.ts lists them): a GROUP BY over its
 * source for a range of days, written once and used twice, by the refresh (INSERT … SELECT into its
 * rollup table) and by the dashboards (the same SELECT over the days the rollup does not cover).
 * Tables are named in full (no aliases), so drizzle's qualified columns (the tenant scope, over the
 * source's tables) match.
 */

/** The days of the source a grain reads: [from, to), as SQL dates or moments (constants, or the refresh's range). */
export type SourceDays = { from: SQL; to: SQL };

/** A rollup table's tenant columns, for the tenant scope. */
export type TenantTable = { clientId: Column; factoryId: Column };

export type GrainDef = {
  /** Its rollup table (tenant columns for the scope). */
  table: PgTable & TenantTable;
  /** The rollup table's columns, in the order `source` selects them. */
  columns: string;
  /** The source's rows of the days, grouped as the table's key, with the caller's condition. */
  source: (days: SourceDays, extra: SQL | undefined) => SQL;
  /** The source's first moment (where a first refresh starts). */
  first: SQL;
};

/** The UTC day of a moment. */
export const UTC_DAY = (ts: SQL) => sql`(${ts} at time zone 'UTC')::date`;

/** A moment column within the days. */
export const inDays = (at: SQL, days: SourceDays): SQL =>
  sql`${at} >= ${days.from}::timestamptz and ${at} < ${days.to}::timestamptz`;

/** `where` and the caller's condition. */
export const andExtra = (where: SQL, extra: SQL | undefined): SQL => (extra ? sql`${where} and ${extra}` : where);
