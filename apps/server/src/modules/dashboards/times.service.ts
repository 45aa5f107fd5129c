import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { TTimesDashboard } from "@hub/contracts/dashboards/times";
import { UNIT_OPEN_STATUSES } from "@hub/contracts/floor/units";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { orderScope } from "../orders/scope";
import { FLOOR_NAMES, floorWhere, namesOf } from "./floor-figures";
import { cmp, n, rangeOf } from "./range";
import { grainFigure, readCovered } from "./rollups";

/**
 * Times: a unit's stay in a state runs from the event that put it there to the next one (by id);
 * the stays that ended in the range are counted by the state left and by the station of the event
 * that ended them, from the floor rollup's stays (floor-grains.ts `floorStays`: per day, state,
 * station and length bucket; rolled days from the rollup, the rest from the source, ADR 0014). The
 * average is exact; p50 and p90 are read from the buckets (`staysFigures`). Slowest orders:
 * released, units still open, oldest placing first.
 */

const u = schema.floorUnits;
const o = schema.orders;

type StayRow = { key: string; bucket: number; stays: number; seconds: number; lo: number; hi: number };
const STAYS = (key: string) =>
  sql.raw(`select ${key} as key, g.bucket, sum(g.stays)::bigint as stays, sum(g.seconds) as seconds,
    min(g.min_seconds) as lo, max(g.max_seconds) as hi`);

/**
 * A key's count, average and p50/p90 in hours from its buckets (rolled and live rows of a bucket
 * merged): percentile_cont's rank q(n - 1), the value at a rank spread evenly over its bucket's
 * shortest to longest stay, so exact when a bucket's stays are of one length.
 */
export const staysFigures = (rows: readonly StayRow[]) => {
  const buckets = new Map<number, { stays: number; seconds: number; lo: number; hi: number }>();
  for (const r of rows) {
    const b = buckets.get(r.bucket);
    if (b) {
      b.stays += r.stays;
      b.seconds += r.seconds;
      b.lo = Math.min(b.lo, r.lo);
      b.hi = Math.max(b.hi, r.hi);
    } else buckets.set(r.bucket, { stays: r.stays, seconds: r.seconds, lo: r.lo, hi: r.hi });
  }
  const sorted = [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
  const stays = sorted.reduce((t, b) => t + b.stays, 0);
  const at = (k: number) => {
    let start = 0;
    for (const b of sorted) {
      if (k < start + b.stays) return b.stays > 1 ? b.lo + ((b.hi - b.lo) * (k - start)) / (b.stays - 1) : b.lo;
      start += b.stays;
    }
    return sorted.at(-1)?.hi ?? 0;
  };
  const percentile = (q: number) => {
    const r = q * (stays - 1);
    const k = Math.floor(r);
    return at(k) + (r - k) * (at(Math.min(k + 1, stays - 1)) - at(k));
  };
  const hours = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;
  return {
    stays,
    avgHours: stays === 0 ? null : hours(sorted.reduce((t, b) => t + b.seconds, 0) / stays),
    p50Hours: stays === 0 ? null : hours(percentile(0.5)),
    p90Hours: stays === 0 ? null : hours(percentile(0.9)),
  };
};

const stayRows = (rows: readonly unknown[]): StayRow[] =>
  (rows as Record<string, unknown>[]).map((r) => ({
    key: String(r.key),
    bucket: Number(r.bucket),
    stays: n(r.stays),
    seconds: Number(r.seconds),
    lo: Number(r.lo),
    hi: Number(r.hi),
  }));

const byKey = (rows: readonly StayRow[]) => {
  const keys = new Map<string, StayRow[]>();
  for (const r of rows) {
    const list = keys.get(r.key);
    if (list) list.push(r);
    else keys.set(r.key, [r]);
  }
  return keys;
};

export const timesDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TTimesDashboard> => {
  const r = rangeOf(q);
  const stays = readCovered(db, r.from, r.to, (cov) => [
    grainFigure(
      "floorStays",
      r.from,
      r.to,
      cov,
      floorWhere(p, q),
      (rows) => sql`${STAYS("g.from_status")} from (${rows}) g where g.from_status is not null group by 1, 2`,
    ),
    grainFigure(
      "floorStays",
      r.from,
      r.to,
      cov,
      floorWhere(p, q),
      (rows) => sql`${STAYS("g.station_id")} from (${rows}) g where g.station_id is not null group by 1, 2`,
    ),
    FLOOR_NAMES,
  ]);
  const openUnits = sql<number>`(select count(*)::int from ${u} where ${col(u.orderId)} = ${col(o.id)} and ${col(u.status)} in (${sql.join(
    UNIT_OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
  const due = o.dueDate;
  const [[stateRows, stationRows, nameRows], slowest] = await Promise.all([
    stays,
    db
      .select({
        orderId: o.id,
        orderNumber: o.orderNumber,
        clientName: o.clientName,
        placedAt: o.placedAt,
        daysOpen: sql<string>`extract(epoch from now() - ${o.placedAt}) / 86400`,
        openUnits,
        dueDate: sql<string>`${due}::text`,
      })
      .from(o)
      .where(
        and(
          orderScope(p),
          q.clientId ? eq(o.clientId, q.clientId) : undefined,
          isNotNull(o.releasedAt),
          sql`${openUnits} > 0`,
        ),
      )
      .orderBy(asc(o.placedAt), o.id)
      .limit(25),
  ]);
  const oneDecimal = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  const names = namesOf(nameRows ?? []);
  const states = [...byKey(stayRows(stateRows ?? []))].map(([name, rows]) => ({ name, ...staysFigures(rows) }));
  // By station (a station no longer listed is left out, two of one name stay two), slowest first.
  const stations = [...byKey(stayRows(stationRows ?? []))]
    .flatMap(([id, rows]) => {
      const name = names.station.get(Number(id));
      return name === undefined ? [] : [{ name, ...staysFigures(rows) }];
    })
    .sort((a, b) => (b.avgHours ?? 0) - (a.avgHours ?? 0) || cmp(a.name, b.name))
    .slice(0, 30);
  const order = UNIT_OPEN_STATUSES as readonly string[];
  return {
    range: r,
    byState: states.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)),
    byStation: stations,
    slowestOrders: slowest.map((s) => ({
      ...s,
      placedAt: s.placedAt.toISOString(),
      daysOpen: oneDecimal(s.daysOpen) ?? 0,
      openUnits: n(s.openUnits),
    })),
  };
};
