import type { TProductionDashboard } from "@hub/contracts/dashboards/production";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import { type TUnitStatus, UNIT_OPEN_STATUSES } from "@hub/contracts/floor/units";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, desc, eq, gt, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { orderScope } from "../orders/scope";
import { shipmentScope, unitScope } from "../shipping/scope";
import { firstPassFigures, firstPassQuery } from "./quality.service";
import { bucketOf, n, pct, rangeOf, within } from "./range";

/**
 * Production Overview's figures, each one aggregate in SQL over what the caller may see (units
 * and shipments by the tenant rule, orders by `orderScope`): work in progress now, and over the
 * range throughput per step, lead time placed-to-shipped (p50/p90, on time), late orders, QC
 * first-pass yield, defects per hundred units, fails by reason and operation (the QC station),
 * recuts, scans per station and per operator per hour.
 */

const u = schema.floorUnits;
const e = schema.floorUnitEvents;
const qi = schema.floorQcInspections;
const o = schema.orders;
const s = schema.shipments;
const st = schema.floorStations;
const reasons = schema.floorQcReasons;

/** The forward steps a unit reaches (throughput counts arrivals at each). */
const STEPS: TUnitStatus[] = ["printed", "cut", "sewn", "inspected", "packed", "shipped"];
const TOP = 30;
const LATE_SHOWN = 50;

/** Between two dates (UTC, both included) for an expression that is not a column. */
const between = (x: SQL, from: string, to: string): SQL =>
  sql`${x} >= ${from}::date::timestamptz and ${x} < (${to}::date + 1)::timestamptz`;
const count = () => sql<number>`count(*)::int`;
const floorDue = o.dueDate;

export const productionDashboard = async (
  db: HubDb,
  p: Principal,
  q: TDashboardQuery,
  now = new Date(),
): Promise<TProductionDashboard> => {
  const r = rangeOf(q, now);
  const units = and(unitScope(p), q.clientId ? eq(u.clientId, q.clientId) : undefined);
  const orders = and(orderScope(p), q.clientId ? eq(o.clientId, q.clientId) : undefined);
  const events = and(units, within(e.at, r.from, r.to));
  const inspections = and(units, within(qi.at, r.from, r.to));
  const day = bucketOf(e.at, r.bucket);
  const hour = sql`date_trunc('hour', ${e.at})`;
  const scans = and(events, isNotNull(e.stationId));

  const lastShipped = db
    .select({ orderId: s.orderId, shipped: sql<Date>`max(${s.shippedAt})`.as("shipped") })
    .from(s)
    .where(and(shipmentScope(p), eq(s.status, "shipped")))
    .groupBy(s.orderId)
    .having(between(sql`max(${s.shippedAt})`, r.from, r.to))
    .as("last_shipped");
  const leadDays = sql`extract(epoch from ${lastShipped.shipped} - ${o.placedAt}) / 86400`;
  // Correlated: columns named with their tables (`col`), as drizzle leaves them bare when a query reads one table.
  const openUnits = sql<number>`(select count(*)::int from ${u} where ${col(u.orderId)} = ${col(o.id)} and ${col(u.status)} in (${sql.join(
    UNIT_OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

  const lateWhere = and(
    orders,
    isNotNull(o.releasedAt),
    sql`${openUnits} > 0`,
    sql`${floorDue} < ${now.toISOString().slice(0, 10)}::date`,
  );
  const [
    wip,
    throughput,
    [lead],
    late,
    [lateCount],
    [qc],
    [first],
    [recuts],
    byReason,
    byOperation,
    byStation,
    byOperator,
  ] = await allQueries(db, [
    db
      .select({ status: u.status, units: count() })
      .from(u)
      .where(and(units, inArray(u.status, [...UNIT_OPEN_STATUSES])))
      .groupBy(u.status),
    db
      .select({ day, step: e.toStatus, units: count() })
      .from(e)
      .innerJoin(u, eq(u.id, e.unitId))
      .where(and(events, inArray(e.toStatus, STEPS)))
      .groupBy(day, e.toStatus)
      .orderBy(day),
    db
      .select({
        shippedOrders: count(),
        p50: sql<string | null>`percentile_cont(0.5) within group (order by ${leadDays})`,
        p90: sql<string | null>`percentile_cont(0.9) within group (order by ${leadDays})`,
        onTime: sql<number>`(count(*) filter (where (${lastShipped.shipped} at time zone 'UTC')::date <= ${floorDue}))::int`,
      })
      .from(o)
      .innerJoin(lastShipped, eq(lastShipped.orderId, o.id))
      .where(orders),
    db
      .select({
        orderId: o.id,
        orderNumber: o.orderNumber,
        clientName: o.clientName,
        dueDate: sql<string>`${floorDue}::text`,
        daysLate: sql<number>`(${now.toISOString().slice(0, 10)}::date - ${floorDue})::int`,
        status: o.status,
        openUnits,
      })
      .from(o)
      .where(lateWhere)
      .orderBy(asc(floorDue), o.id)
      .limit(LATE_SHOWN),
    db.select({ n: count() }).from(o).where(lateWhere),
    db
      .select({
        inspections: count(),
        fails: sql<number>`(count(*) filter (where not ${qi.passed}))::int`,
        unitsInspected: sql<number>`count(distinct ${qi.unitId})::int`,
      })
      .from(qi)
      .innerJoin(u, eq(u.id, qi.unitId))
      .where(inspections),
    firstPassQuery(db, p, q, r),
    db
      .select({ recuts: count() })
      .from(u)
      .where(and(units, gt(u.attempt, 1), within(u.createdAt, r.from, r.to))),
    db
      .select({ name: sql<string>`coalesce(${reasons.name}, 'No reason')`, fails: count() })
      .from(qi)
      .innerJoin(u, eq(u.id, qi.unitId))
      .leftJoin(reasons, eq(reasons.id, qi.reasonId))
      .where(and(inspections, eq(qi.passed, false)))
      .groupBy(sql`coalesce(${reasons.name}, 'No reason')`)
      .orderBy(desc(count()))
      .limit(TOP),
    db
      .select({ name: sql<string>`coalesce(${st.name}, 'No station')`, fails: count() })
      .from(qi)
      .innerJoin(u, eq(u.id, qi.unitId))
      .leftJoin(st, eq(st.id, qi.stationId))
      .where(and(inspections, eq(qi.passed, false)))
      .groupBy(sql`coalesce(${st.name}, 'No station')`)
      .orderBy(desc(count()))
      .limit(TOP),
    db
      .select({
        name: sql<string>`coalesce(max(${st.name}), 'Station')`,
        scans: count(),
        hours: sql<number>`count(distinct ${hour})::int`,
      })
      .from(e)
      .innerJoin(u, eq(u.id, e.unitId))
      .leftJoin(st, eq(st.id, e.stationId))
      .where(scans)
      .groupBy(e.stationId)
      .orderBy(desc(count()))
      .limit(TOP),
    db
      .select({ name: e.actor, scans: count(), hours: sql<number>`count(distinct ${hour})::int` })
      .from(e)
      .innerJoin(u, eq(u.id, e.unitId))
      .where(scans)
      .groupBy(e.actor)
      .orderBy(desc(count()))
      .limit(TOP),
  ] as const);

  const shippedOrders = n(lead?.shippedOrders);
  const onTime = n(lead?.onTime);
  const oneDecimal = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  const rate = (x: { name: string; scans: number; hours: number }) => ({
    name: x.name,
    scans: n(x.scans),
    activeHours: n(x.hours),
    perHour: n(x.hours) === 0 ? 0 : Math.round((n(x.scans) / n(x.hours)) * 10) / 10,
  });
  const fails = n(qc?.fails);
  const unitsInspected = n(qc?.unitsInspected);
  return {
    range: r,
    asOf: now.toISOString(),
    wip: UNIT_OPEN_STATUSES.map((status) => ({
      status,
      units: n(wip.find((w) => w.status === status)?.units),
    })),
    throughput: throughput.map((t) => ({ day: t.day, step: t.step as TUnitStatus, units: n(t.units) })),
    leadTime: {
      shippedOrders,
      p50Days: oneDecimal(lead?.p50),
      p90Days: oneDecimal(lead?.p90),
      onTime,
      onTimePct: pct(onTime, shippedOrders),
    },
    lateOrderCount: n(lateCount?.n),
    lateOrders: late.map((l) => ({ ...l, daysLate: n(l.daysLate), openUnits: n(l.openUnits) })),
    quality: {
      inspections: n(qc?.inspections),
      fails,
      unitsInspected,
      ...firstPassFigures(first),
      defectsPerHundred: pct(fails, unitsInspected),
      recuts: n(recuts?.recuts),
    },
    failsByReason: byReason.map((f) => ({ name: f.name, fails: n(f.fails) })),
    failsByOperation: byOperation.map((f) => ({ name: f.name, fails: n(f.fails) })),
    scansByStation: byStation.map(rate),
    scansByOperator: byOperator.map(rate),
  };
};
