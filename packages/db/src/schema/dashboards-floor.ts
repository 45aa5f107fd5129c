import { date, doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The floor's daily rollups (issue 18, docs/adr/0014-dashboard-aggregates.md "The floor rollup"):
 * per UTC day of the unit event, QC inspection or unit, per facility and client of the unit (the
 * tenant columns, so the units' scope applies to them as it does to units), the counts Production
 * Overview and Quality History show. Written by the same refresh as the sales rollups
 * (apps/server/src/modules/dashboards/rollups.ts) from the grains of floor-grains.ts; dirty days
 * are marked by the triggers of the floor tables (migration 0047). Ids, not names, are kept
 * (station, reason, style): names are read when a dashboard is shown, so a rename marks nothing.
 * No primary key (the station, reason and style may be null); rebuilt by day.
 */

const day = () => date("day", { mode: "string" }).notNull();
const tenant = {
  factoryId: integer("factory_id").notNull(),
  clientId: integer("client_id").notNull(),
};

/**
 * Unit events (scans and every other transition) by the state reached, station and operator: how
 * many, and the UTC hours of the day that had one (bit h set: an event in hour h), so "active
 * hours" (distinct hours with a scan) add up across days and merge across rows of the same day.
 */
export const floorDailyEvents = pgTable(
  "floor_daily_events",
  {
    day: day(),
    ...tenant,
    toStatus: text("to_status").notNull(),
    stationId: integer("station_id"),
    actor: text("actor").notNull(),
    events: integer("events").notNull(),
    hours: integer("hours").notNull(),
  },
  (t) => [index("floor_daily_events_day_idx").on(t.day, t.factoryId, t.clientId)],
);

/**
 * QC inspections by station, reason, the unit's style and inspector: inspections, fails, and of
 * those that were their unit's first inspection (by id), how many and how many passed.
 */
export const floorDailyQc = pgTable(
  "floor_daily_qc",
  {
    day: day(),
    ...tenant,
    stationId: integer("station_id"),
    reasonId: integer("reason_id"),
    styleId: integer("style_id"),
    actor: text("actor").notNull(),
    inspections: integer("inspections").notNull(),
    fails: integer("fails").notNull(),
    firstInspected: integer("first_inspected").notNull(),
    firstPassed: integer("first_passed").notNull(),
  },
  (t) => [index("floor_daily_qc_day_idx").on(t.day, t.factoryId, t.clientId)],
);

/**
 * Units inspected, for "distinct units inspected in a range": each inspection counted by the day
 * of its unit's previous inspection (`since`; 0001-01-01 when it has none), leaving out those whose
 * previous one was the same day. A range [from, to] has as many distinct units as the rows of its
 * days with `since` < from.
 */
export const floorDailyQcUnits = pgTable(
  "floor_daily_qc_units",
  {
    day: day(),
    ...tenant,
    since: date("since", { mode: "string" }).notNull(),
    units: integer("units").notNull(),
  },
  (t) => [index("floor_daily_qc_units_day_idx").on(t.day, t.factoryId, t.clientId)],
);

/** Recuts: units made again (attempt above 1), by the day they were created. */
export const floorDailyRecuts = pgTable(
  "floor_daily_recuts",
  {
    day: day(),
    ...tenant,
    recuts: integer("recuts").notNull(),
  },
  (t) => [index("floor_daily_recuts_day_idx").on(t.day, t.factoryId, t.clientId)],
);

/**
 * Stays in a floor state (Times): a unit's stay runs from one of its events to the next (by id),
 * counted on the day it ended, by the state left (`from_status` of the event that ended it) and
 * that event's station, and by the stay's length on a log scale (`bucket` = floor(8 ln(1 + s)),
 * s in seconds: about 13 % wide), with the bucket's count, total, shortest and longest seconds, so
 * a range's average is exact and its p50/p90 are read from the buckets (exact when a bucket's
 * stays are all of one length, else within its width). Dirty days: migrations 0047 and 0048.
 */
export const floorDailyStays = pgTable(
  "floor_daily_stays",
  {
    day: day(),
    ...tenant,
    fromStatus: text("from_status"),
    stationId: integer("station_id"),
    bucket: integer("bucket").notNull(),
    stays: integer("stays").notNull(),
    seconds: doublePrecision("seconds").notNull(),
    minSeconds: doublePrecision("min_seconds").notNull(),
    maxSeconds: doublePrecision("max_seconds").notNull(),
  },
  (t) => [index("floor_daily_stays_day_idx").on(t.day, t.factoryId, t.clientId)],
);

/**
 * Units by state, as insert-only deltas (Production Overview's work in progress): statement
 * triggers on `floor_units` (migration 0053) add +n for the units that entered a (facility, client,
 * state) and −n for those that left it, in the writing transaction, so the sum per key is the
 * count of units in that state at every moment, and no two scans wait on one counter row. The
 * rollups' refresh compacts the rows to one per key (`compactWip`, rollups.ts).
 */
export const floorWip = pgTable("floor_wip", {
  ...tenant,
  status: text("status").notNull(),
  units: integer("units").notNull(),
});
