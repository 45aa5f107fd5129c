import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import { unitScope } from "../shipping/scope";
import type { TenantTable } from "./grain-sql";
import { n, sumBy } from "./range";

/**
 * What Production Overview and Quality History share to read the floor rollup (floor-grains.ts):
 * the caller's units as a condition over a rollup table and over the source, the names of stations
 * and reasons (read with the live rows, so a rename shows at once), and active hours from the
 * hours' bit masks.
 */

const u = schema.floorUnits;

/** The caller's units (the tenant rule), narrowed to `clientId` when asked. */
export const unitsOf = (p: Principal, q: Pick<TDashboardQuery, "clientId">) =>
  and(unitScope(p), q.clientId ? eq(u.clientId, q.clientId) : undefined);

/** The caller's units over a floor rollup table (the same tenant rule) and over the source's tables. */
export const floorWhere = (p: Principal, q: Pick<TDashboardQuery, "clientId">) => ({
  rolled: (t: TenantTable) =>
    and(
      tenantScope(p, { clientId: t.clientId, factoryId: t.factoryId }),
      q.clientId ? eq(t.clientId, q.clientId) : undefined,
    ),
  source: unitsOf(p, q),
});

/** The stations' and reasons' names: a figure with a live part only (a few rows a facility). */
export const FLOOR_NAMES = {
  rolled: undefined,
  live: sql`select 'station' as kind, "id", "name" from "floor_stations"
    union all select 'reason' as kind, "id", "name" from "floor_qc_reasons"`,
};
export const namesOf = (rows: readonly unknown[]) => {
  const station = new Map<number, string>();
  const reason = new Map<number, string>();
  for (const r of rows as { kind: string; id: number; name: string }[])
    (r.kind === "station" ? station : reason).set(Number(r.id), r.name);
  return { station, reason };
};

const bits = (mask: number) => {
  let c = 0;
  for (let x = mask >>> 0; x !== 0; x &= x - 1) c++;
  return c;
};

/**
 * Scans and active hours (distinct UTC hours with a scan) per key, from rows per key and day with
 * the day's hours as a bit mask: a day's masks are merged first (the current day is in both the
 * rolled part and the live part), then the days' hours added up.
 */
export const scanRates = <K extends string | number>(
  rows: readonly unknown[],
  key: (r: Record<string, unknown>) => K,
): { key: K; scans: number; hours: number }[] => {
  const days = sumBy(
    (rows as Record<string, unknown>[]).map((r) => ({
      key: key(r),
      day: String(r.day),
      scans: n(r.scans),
      mask: n(r.hours),
    })),
    (r) => `${r.key}\u0000${r.day}`,
    (into, r) => {
      into.scans += r.scans;
      into.mask |= r.mask;
    },
  );
  return sumBy(
    days.map((d) => ({ key: d.key, scans: d.scans, hours: bits(d.mask) })),
    (d) => d.key,
    (into, d) => {
      into.scans += d.scans;
      into.hours += d.hours;
    },
  );
};
