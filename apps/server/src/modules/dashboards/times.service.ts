import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import { STAY_LOOKBACK_DAYS, type TTimesDashboard } from "@hub/contracts/dashboards/times";
import { UNIT_OPEN_STATUSES } from "@hub/contracts/floor/units";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { orderScope } from "../orders/scope";
import { unitScope } from "../shipping/scope";
import { n, rangeOf } from "./range";

/**
 * Times: a unit's stay in a state runs from the event that put it there to the next one (`lag`
 * over the unit's events, in SQL); the stays that ended in the range are summed by the state left
 * and by the station of the event that ended them. Events up to STAY_LOOKBACK_DAYS before the range
 * are read so a stay that began earlier still counts. Slowest orders: released, units still open,
 * oldest placing first.
 */

const u = schema.floorUnits;
const e = schema.floorUnitEvents;
const st = schema.floorStations;
const o = schema.orders;

export const timesDashboard = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TTimesDashboard> => {
  const r = rangeOf(q);
  const stays = db
    .select({
      fromStatus: e.fromStatus,
      stationId: e.stationId,
      at: e.at,
      prevAt: sql<Date>`lag(${e.at}) over (partition by ${e.unitId} order by ${e.id})`.as("prev_at"),
    })
    .from(e)
    .innerJoin(u, eq(u.id, e.unitId))
    .where(
      and(
        unitScope(p),
        q.clientId ? eq(u.clientId, q.clientId) : undefined,
        sql`${e.at} >= (${r.from}::date - ${STAY_LOOKBACK_DAYS}::int)::timestamptz`,
        sql`${e.at} < (${r.to}::date + 1)::timestamptz`,
      ),
    )
    .as("stays");
  const hoursOf = sql`extract(epoch from ${stays.at} - ${stays.prevAt}) / 3600`;
  const figures = {
    stays: sql<number>`count(*)::int`,
    avg: sql<string | null>`avg(${hoursOf})`,
    p50: sql<string | null>`percentile_cont(0.5) within group (order by ${hoursOf})`,
    p90: sql<string | null>`percentile_cont(0.9) within group (order by ${hoursOf})`,
  };
  const ended = and(isNotNull(stays.prevAt), sql`${stays.at} >= ${r.from}::date::timestamptz`);
  const openUnits = sql<number>`(select count(*)::int from ${u} where ${col(u.orderId)} = ${col(o.id)} and ${col(u.status)} in (${sql.join(
    UNIT_OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
  const due = o.dueDate;
  const [byState, byStation, slowest] = await allQueries(db, [
    db
      .select({ name: sql<string>`${stays.fromStatus}`, ...figures })
      .from(stays)
      .where(and(ended, isNotNull(stays.fromStatus)))
      .groupBy(stays.fromStatus),
    db
      .select({ name: sql<string>`coalesce(max(${st.name}), 'Station')`, ...figures })
      .from(stays)
      .innerJoin(st, eq(st.id, stays.stationId))
      .where(ended)
      .groupBy(stays.stationId)
      .orderBy(sql`avg(${hoursOf}) desc`)
      .limit(30),
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
  ] as const);
  const oneDecimal = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  const stay = (x: { name: string; stays: number; avg: string | null; p50: string | null; p90: string | null }) => ({
    name: x.name,
    stays: n(x.stays),
    avgHours: oneDecimal(x.avg),
    p50Hours: oneDecimal(x.p50),
    p90Hours: oneDecimal(x.p90),
  });
  const order = UNIT_OPEN_STATUSES as readonly string[];
  return {
    range: r,
    byState: byState.map(stay).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)),
    byStation: byStation.map(stay),
    slowestOrders: slowest.map((s) => ({
      ...s,
      placedAt: s.placedAt.toISOString(),
      daysOpen: oneDecimal(s.daysOpen) ?? 0,
      openUnits: n(s.openUnits),
    })),
  };
};
