import type { TFloorBoard, TFloorBoardQuery } from "@hub/contracts/dashboards/floor-board";
import { type TUnitStatus, UNIT_PROGRESS } from "@hub/contracts/floor/units";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { within } from "./range";

/**
 * 3100, one facility's floor board for today (UTC): per forward step, actual = units that reached
 * it today (unit events), target = actual + the facility's units due today or earlier that are
 * still before that step (open: not shipped, failed or cancelled). A facility user sees its own
 * facilities only (another's is a 404); internal admins any.
 */

const u = schema.floorUnits;
const e = schema.floorUnitEvents;
const f = schema.factories;
const STEPS = UNIT_PROGRESS.filter((s) => s !== "queued");
const BEFORE: readonly TUnitStatus[] = UNIT_PROGRESS.filter((s) => s !== "shipped");

export const floorBoard = async (
  db: HubDb,
  p: Principal,
  q: TFloorBoardQuery,
  now = new Date(),
): Promise<TFloorBoard> => {
  if (!p.isInternal && !p.isFacility) throw notFound("That facility");
  if (p.isFacility && q.factoryId !== undefined && !p.factoryIds.includes(q.factoryId)) throw notFound("That facility");
  const [factory] = await db
    .select({ factoryId: f.factoryId, name: f.name })
    .from(f)
    .where(
      q.factoryId !== undefined
        ? eq(f.factoryId, q.factoryId)
        : p.isFacility
          ? inArray(f.factoryId, p.factoryIds.length ? p.factoryIds : [0])
          : undefined,
    )
    .orderBy(asc(f.factoryId))
    .limit(1);
  if (!factory) throw notFound("That facility");
  const day = now.toISOString().slice(0, 10);
  const today = and(eq(u.factoryId, factory.factoryId), within(e.at, day, day));
  const hour = sql<number>`extract(hour from ${e.at} at time zone 'UTC')::int`;
  const [actual, behind, hourly] = await allQueries(db, [
    db
      .select({ step: e.toStatus, units: sql<number>`count(*)::int` })
      .from(e)
      .innerJoin(u, eq(u.id, e.unitId))
      .where(and(today, inArray(e.toStatus, STEPS)))
      .groupBy(e.toStatus),
    db
      .select({ status: u.status, units: sql<number>`count(*)::int` })
      .from(u)
      .where(and(eq(u.factoryId, factory.factoryId), inArray(u.status, [...BEFORE]), sql`${u.dueDate} <= ${day}::date`))
      .groupBy(u.status),
    db
      .select({ hour, scans: sql<number>`count(*)::int` })
      .from(e)
      .innerJoin(u, eq(u.id, e.unitId))
      .where(and(today, sql`${e.stationId} is not null`))
      .groupBy(hour)
      .orderBy(hour),
  ] as const);
  const done = new Map(actual.map((a) => [a.step, Number(a.units)]));
  return {
    factoryId: factory.factoryId,
    factoryName: factory.name,
    day,
    asOf: now.toISOString(),
    steps: STEPS.map((step) => {
      const at = UNIT_PROGRESS.indexOf(step);
      const still = behind
        .filter((b) => UNIT_PROGRESS.indexOf(b.status as TUnitStatus) < at)
        .reduce((s, b) => s + Number(b.units), 0);
      const reached = done.get(step) ?? 0;
      return { step, actual: reached, target: reached + still };
    }),
    hourly: hourly.map((h) => ({ hour: Number(h.hour), scans: Number(h.scans) })),
  };
};
