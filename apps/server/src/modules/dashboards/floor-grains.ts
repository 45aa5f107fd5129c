import { schema } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";
import { andExtra, type GrainDef, inDays, type SourceDays, UTC_DAY } from "./grain-sql";

/**
 * The floor's grains (ADR 0014 "The floor rollup"), each over the unit's facility and client (the
 * units' scope): unit events by the state reached, station and operator (counts, and the UTC hours
 * that had one as a bit mask); QC inspections by station, reason, style and inspector (with the
 * unit's first inspection, by id, for first-pass yield); inspections by the day of their unit's
 * previous one (distinct units inspected in a range); stays in a state by the day they ended and
 * their length's bucket (Times); recuts by the day the unit was made.
 */

const EVENT_AT = sql.raw(`"floor_unit_events"."at"`);
const QC_AT = sql.raw(`"floor_qc_inspections"."at"`);
const UNIT_CREATED = sql.raw(`"floor_units"."created_at"`);
const TENANT = sql.raw(`"floor_units"."factory_id", "floor_units"."client_id"`);

/** An inspection that is its unit's first (no earlier one by id): first-pass yield's rule. */
const FIRST = sql.raw(`not exists (select 1 from "floor_qc_inspections" q2
  where q2.unit_id = "floor_qc_inspections"."unit_id" and q2.id < "floor_qc_inspections"."id")`);

/** A stay's bucket: floor(8 ln(1 + seconds)), a negative length (moments out of order) as 0. */
export const STAY_BUCKET = sql.raw("floor(8 * ln(1 + greatest(prev.s, 0)))::int");
/** The shortest and longest seconds of a bucket (its bounds). */
export const bucketBounds = (bucket: number): [number, number] => [
  Math.exp(bucket / 8) - 1,
  Math.exp((bucket + 1) / 8) - 1,
];

/** Before any inspection: `since` of a unit's first inspection. */
export const NO_EARLIER_INSPECTION = "0001-01-01";

export const FLOOR_GRAINS = {
  floorEvents: {
    table: schema.floorDailyEvents,
    columns: "day, factory_id, client_id, to_status, station_id, actor, events, hours",
    first: sql`(select min("at") from "floor_unit_events")`,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${UTC_DAY(EVENT_AT)} as day, ${TENANT}, "floor_unit_events"."to_status",
        "floor_unit_events"."station_id", "floor_unit_events"."actor", count(*)::int as events,
        bit_or(1 << extract(hour from ${EVENT_AT} at time zone 'UTC')::int) as hours
      from "floor_unit_events" join "floor_units" on "floor_units"."id" = "floor_unit_events"."unit_id"
      where ${andExtra(inDays(EVENT_AT, days), extra)}
      group by 1, 2, 3, 4, 5, 6`,
  },
  floorQc: {
    table: schema.floorDailyQc,
    columns:
      "day, factory_id, client_id, station_id, reason_id, style_id, actor, inspections, fails, first_inspected, first_passed",
    first: sql`(select min("at") from "floor_qc_inspections")`,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${UTC_DAY(QC_AT)} as day, ${TENANT}, "floor_qc_inspections"."station_id",
        "floor_qc_inspections"."reason_id", "floor_units"."style_id", "floor_qc_inspections"."actor",
        count(*)::int as inspections,
        (count(*) filter (where not "floor_qc_inspections"."passed"))::int as fails,
        (count(*) filter (where ${FIRST}))::int as first_inspected,
        (count(*) filter (where "floor_qc_inspections"."passed" and ${FIRST}))::int as first_passed
      from "floor_qc_inspections" join "floor_units" on "floor_units"."id" = "floor_qc_inspections"."unit_id"
      where ${andExtra(inDays(QC_AT, days), extra)}
      group by 1, 2, 3, 4, 5, 6, 7`,
  },
  floorQcUnits: {
    table: schema.floorDailyQcUnits,
    columns: "day, factory_id, client_id, since, units",
    first: sql`(select min("at") from "floor_qc_inspections")`,
    // The previous inspection of the same unit by (at, id); one the same day never starts a unit's count.
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${UTC_DAY(QC_AT)} as day, ${TENANT},
        coalesce((prev.at at time zone 'UTC')::date, ${NO_EARLIER_INSPECTION}::date) as since, count(*)::int as units
      from "floor_qc_inspections" join "floor_units" on "floor_units"."id" = "floor_qc_inspections"."unit_id"
        left join lateral (select q2.at from "floor_qc_inspections" q2
          where q2.unit_id = "floor_qc_inspections"."unit_id"
            and (q2.at, q2.id) < ("floor_qc_inspections"."at", "floor_qc_inspections"."id")
          order by q2.at desc, q2.id desc limit 1) prev on true
      where ${andExtra(
        sql`${inDays(QC_AT, days)} and (prev.at is null or (prev.at at time zone 'UTC')::date < ${UTC_DAY(QC_AT)})`,
        extra,
      )}
      group by 1, 2, 3, 4`,
  },
  floorStays: {
    table: schema.floorDailyStays,
    columns: "day, factory_id, client_id, from_status, station_id, bucket, stays, seconds, min_seconds, max_seconds",
    first: sql`(select min("at") from "floor_unit_events")`,
    // The stay an event ends: since the unit's previous event by id (an index probe each).
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${UTC_DAY(EVENT_AT)} as day, ${TENANT}, "floor_unit_events"."from_status",
        "floor_unit_events"."station_id", ${STAY_BUCKET} as bucket, count(*)::int as stays,
        sum(prev.s) as seconds, min(prev.s) as min_seconds, max(prev.s) as max_seconds
      from "floor_unit_events" join "floor_units" on "floor_units"."id" = "floor_unit_events"."unit_id"
        cross join lateral (select extract(epoch from ${EVENT_AT} - p.at)::float8 as s from "floor_unit_events" p
          where p.unit_id = "floor_unit_events"."unit_id" and p.id < "floor_unit_events"."id"
          order by p.id desc limit 1) prev
      where ${andExtra(inDays(EVENT_AT, days), extra)}
      group by 1, 2, 3, 4, 5, 6`,
  },
  floorRecuts: {
    table: schema.floorDailyRecuts,
    columns: "day, factory_id, client_id, recuts",
    first: sql`(select min("created_at") from "floor_units" where "attempt" > 1)`,
    source: (days: SourceDays, extra: SQL | undefined) =>
      sql`select ${UTC_DAY(UNIT_CREATED)} as day, ${TENANT}, count(*)::int as recuts
      from "floor_units" where ${andExtra(sql`${inDays(UNIT_CREATED, days)} and "floor_units"."attempt" > 1`, extra)}
      group by 1, 2, 3`,
  },
} satisfies Record<string, GrainDef>;
