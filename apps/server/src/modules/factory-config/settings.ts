import { FACTORY_SETTINGS_DEFAULTS, type TFactorySettings } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A facility's settings as the rest of the Hub reads them (the floor's cut planner and totes, the
 * payment's release): its `factory_settings` row, or FACTORY_SETTINGS_DEFAULTS when it never saved
 * any. This area imports no other area; the floor and the orders area import this file.
 */

const fs = schema.factorySettings;
const f = schema.factories;

export type StoredSettings = {
  settings: TFactorySettings;
  savedAt: Date | null;
  savedBy: string | null;
};

type Row = typeof fs.$inferSelect;

/** The settings of a stored row (or the defaults), with the facility's labour rate. */
export const settingsOf = (row: Row | undefined, labourCentsPerMinute: number): TFactorySettings => {
  if (!row) return { ...FACTORY_SETTINGS_DEFAULTS, labourCentsPerMinute };
  const { factoryId: _factoryId, updatedAt: _updatedAt, updatedBy: _updatedBy, ...stored } = row;
  return {
    ...stored,
    workingDays: stored.workingDays as TFactorySettings["workingDays"],
    shippingLabelFormat: stored.shippingLabelFormat as TFactorySettings["shippingLabelFormat"],
    unitLabelFormat: stored.unitLabelFormat as TFactorySettings["unitLabelFormat"],
    labelSymbology: stored.labelSymbology as TFactorySettings["labelSymbology"],
    labelPaper: stored.labelPaper as TFactorySettings["labelPaper"],
    defaultCarrier: stored.defaultCarrier as TFactorySettings["defaultCarrier"],
    labourCentsPerMinute,
  };
};

/** A facility's settings now (in the caller's transaction when given one); null for a facility that does not exist. */
export const readFactorySettings = async (db: HubDb | HubTx, factoryId: number): Promise<StoredSettings | null> => {
  const [row] = await db
    .select({ labour: f.labourCentsPerMinute, stored: fs })
    .from(f)
    .leftJoin(fs, eq(fs.factoryId, f.factoryId))
    .where(eq(f.factoryId, factoryId));
  if (!row) return null;
  return {
    settings: settingsOf(row.stored ?? undefined, row.labour),
    savedAt: row.stored?.updatedAt ?? null,
    savedBy: row.stored?.updatedBy ?? null,
  };
};

/**
 * SQL: whether the facility in `factoryId` (a column of the statement's row, written qualified so the
 * correlated subquery cannot mistake it for its own) releases paid orders itself: its setting, or
 * FACTORY_SETTINGS_DEFAULTS.autoRelease for a facility that never saved its settings.
 */
export const autoReleaseOf = (factoryId: PgColumn): SQL => {
  const outer = sql.raw(`"${getTableName(factoryId.table)}"."${factoryId.name}"`);
  const s = sql.identifier("fs_auto");
  return sql`coalesce((select ${s}.${sql.identifier(fs.autoRelease.name)} from ${fs} ${s} where ${s}.${sql.identifier(fs.factoryId.name)} = ${outer}), ${sql.raw(String(FACTORY_SETTINGS_DEFAULTS.autoRelease))})`;
};
