import type { TProductionDashboard } from "@hub/contracts/dashboards/production";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import { type TUnitStatus, UNIT_OPEN_STATUSES } from "@hub/contracts/floor/units";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { tenantScope } from "../../platform/tenant-scope";
import { orderScope } from "../orders/scope";
import { shipmentScope } from "../shipping/scope";
import { FLOOR_NAMES, floorWhere, namesOf, scanRates } from "./floor-figures";
import { firstPassFigures } from "./quality.service";
import { bucketOfDay, cmp, n, pct, rangeOf, sumBy } from "./range";
import { type Grain, grainFigure, readCovered } from "./rollups";

/**
 * Production Overview's figures, each aggregated in SQL over what the caller may see (units and
 * shipments by the tenant rule, orders by `orderScope`). Over the range, from the floor rollup
 * (floor-grains.ts; rolled days from the rollup, the rest from the source, ADR 0014): throughput
 * per step, QC inspections, fails, units inspected, first-pass yield, defects per hundred units,
 * fails by reason and operation (the QC station), recuts, scans per station and per operator per
 * active hour. Work in progress now from the units' state deltas (`floor_wip`, kept in the writing
 * transaction: a handful of rows, not a count of the open units). From the source, as they are not
 * sums of days: lead time placed-to-shipped (p50/p90, on time: percentiles of the range's orders) and
 * late orders (as of today).
 */

const u = schema.floorUnits;
const o = schema.orders;
const s = schema.shipments;
const w = schema.floorWip;

/** The forward steps a unit reaches (throughput counts arrivals at each). */
const STEPS: TUnitStatus[] = ["printed", "cut", "sewn", "inspected", "packed", "shipped"];
const TOP = 30;
const LATE_SHOWN = 50;

/** Between two dates (UTC, both included) for an expression that is not a column. */
const between = (x: SQL, from: string, to: string): SQL =>
  sql`${x} >= ${from}::date::timestamptz and ${x} < (${to}::date + 1)::timestamptz`;
const count = () => sql<number>`count(*)::int`;
const floorDue = o.dueDate;
const SUM = (column: string) => sql.raw(`coalesce(sum(g.${column}), 0)::bigint`);
const byFails = (a: { name: string; fails: number }, b: { name: string; fails: number }) =>
  b.fails - a.fails || cmp(a.name, b.name);
const byScans = (a: { name: string; scans: number }, b: { name: string; scans: number }) =>
  b.scans - a.scans || cmp(a.name, b.name);

export const productionDashboard = async (
  db: HubDb,
  p: Principal,
  q: TDashboardQuery,
  now = new Date(),
): Promise<TProductionDashboard> => {
  const r = rangeOf(q, now);
  const orders = and(orderScope(p), q.clientId ? eq(o.clientId, q.clientId) : undefined);
  const floor = readCovered(db, r.from, r.to, (cov) => {
    const figure = (grain: Grain, statement: (rows: SQL) => SQL) =>
      grainFigure(grain, r.from, r.to, cov, floorWhere(p, q), statement);
    return [
      figure(
        "floorEvents",
        (rows) => sql`select ${bucketOfDay(r.bucket)} as day, g.to_status as step, ${SUM("events")} as units
        from (${rows}) g where g.to_status in (${sql.join(
          STEPS.map((x) => sql`${x}`),
          sql`, `,
        )}) group by 1, 2`,
      ),
      figure(
        "floorEvents",
        (
          rows,
        ) => sql`select g.station_id as "stationId", g.day::text as day, ${SUM("events")} as scans, bit_or(g.hours) as hours
        from (${rows}) g where g.station_id is not null group by 1, 2`,
      ),
      figure(
        "floorEvents",
        (rows) => sql`select g.actor, g.day::text as day, ${SUM("events")} as scans, bit_or(g.hours) as hours
        from (${rows}) g where g.station_id is not null group by 1, 2`,
      ),
      figure(
        "floorQc",
        (
          rows,
        ) => sql`select g.reason_id as "reasonId", g.station_id as "stationId", ${SUM("inspections")} as inspections,
          ${SUM("fails")} as fails, ${SUM("first_inspected")} as "firstInspected", ${SUM("first_passed")} as "firstPass"
        from (${rows}) g group by 1, 2`,
      ),
      figure(
        "floorQcUnits",
        (rows) => sql`select ${SUM("units")} as units from (${rows}) g where g.since < ${r.from}::date`,
      ),
      figure("floorRecuts", (rows) => sql`select ${SUM("recuts")} as recuts from (${rows}) g`),
      FLOOR_NAMES,
    ];
  });

  const lastShipped = db
    .select({ orderId: s.orderId, shipped: sql<Date>`max(${s.shippedAt})`.as("shipped") })
    .from(s)
    // A last shipment in the range is a shipment on or after its first day: the orders read are those
    // shipped since then (an index range), and the latest of theirs is their last.
    .where(and(shipmentScope(p), eq(s.status, "shipped"), sql`${s.shippedAt} >= ${r.from}::date::timestamptz`))
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
  const [[wip, [lead], late], read] = await Promise.all([
    allQueries(db, [
      // The deltas of migration 0053 (one row per key once compacted), not the units themselves.
      db
        .select({ status: w.status, units: sql<number>`sum(${w.units})::int` })
        .from(w)
        .where(
          and(
            tenantScope(p, { clientId: w.clientId, factoryId: w.factoryId }),
            q.clientId ? eq(w.clientId, q.clientId) : undefined,
            inArray(w.status, [...UNIT_OPEN_STATUSES]),
          ),
        )
        .groupBy(w.status),
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
          // Before the limit: how many late orders in all, in the same statement.
          lateCount: sql<number>`(count(*) over ())::int`,
        })
        .from(o)
        .where(lateWhere)
        .orderBy(asc(floorDue), o.id)
        .limit(LATE_SHOWN),
    ] as const),
    floor,
  ]);
  const [throughputRows, stationRows, operatorRows, qcRows, unitRows, recutRows, nameRows] = read as [
    { day: string; step: string; units: unknown }[],
    unknown[],
    unknown[],
    {
      reasonId: number | null;
      stationId: number | null;
      inspections: unknown;
      fails: unknown;
      firstInspected: unknown;
      firstPass: unknown;
    }[],
    { units: unknown }[],
    { recuts: unknown }[],
    unknown[],
  ];
  const names = namesOf(nameRows);
  const throughput = sumBy(
    throughputRows.map((t) => ({ day: t.day, step: t.step, units: n(t.units) })),
    (t) => `${t.day}\u0000${t.step}`,
    (into, t) => {
      into.units += t.units;
    },
  ).sort((a, b) => cmp(a.day, b.day) || STEPS.indexOf(a.step as TUnitStatus) - STEPS.indexOf(b.step as TUnitStatus));
  const qcs = qcRows.map((x) => ({
    reasonId: x.reasonId === null ? null : Number(x.reasonId),
    stationId: x.stationId === null ? null : Number(x.stationId),
    inspections: n(x.inspections),
    fails: n(x.fails),
    firstInspected: n(x.firstInspected),
    firstPass: n(x.firstPass),
  }));
  const total = (k: "inspections" | "fails" | "firstInspected" | "firstPass") => qcs.reduce((t, x) => t + x[k], 0);
  const failsBy = (name: (x: (typeof qcs)[number]) => string) =>
    sumBy(
      qcs.filter((x) => x.fails > 0).map((x) => ({ name: name(x), fails: x.fails })),
      (x) => x.name,
      (into, x) => {
        into.fails += x.fails;
      },
    )
      .sort(byFails)
      .slice(0, TOP);
  const qc = { inspections: total("inspections"), fails: total("fails") };
  const first = { firstInspected: total("firstInspected"), firstPass: total("firstPass") };
  const byReason = failsBy((x) => (x.reasonId === null ? undefined : names.reason.get(x.reasonId)) ?? "No reason");
  const byOperation = failsBy(
    (x) => (x.stationId === null ? undefined : names.station.get(x.stationId)) ?? "No station",
  );
  const rates = <K extends string | number>(
    rows: unknown[],
    key: (r: Record<string, unknown>) => K,
    name: (k: K) => string,
  ) =>
    scanRates(rows, key)
      .map((x) => ({ name: name(x.key), scans: x.scans, hours: x.hours }))
      .sort(byScans)
      .slice(0, TOP);
  // By station (two stations of the same name stay two), named as the station is now.
  const byStation = rates(
    stationRows,
    (x) => Number(x.stationId),
    (id) => names.station.get(id) ?? "Station",
  );
  const byOperator = rates(
    operatorRows,
    (x) => String(x.actor),
    (actor) => actor,
  );
  const recuts = { recuts: recutRows.reduce((t, x) => t + n(x.recuts), 0) };
  const unitsInspected = unitRows.reduce((t, x) => t + n(x.units), 0);

  const shippedOrders = n(lead?.shippedOrders);
  const onTime = n(lead?.onTime);
  const oneDecimal = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  const rate = (x: { name: string; scans: number; hours: number }) => ({
    name: x.name,
    scans: n(x.scans),
    activeHours: n(x.hours),
    perHour: n(x.hours) === 0 ? 0 : Math.round((n(x.scans) / n(x.hours)) * 10) / 10,
  });
  const fails = qc.fails;
  return {
    range: r,
    asOf: now.toISOString(),
    wip: UNIT_OPEN_STATUSES.map((status) => ({
      status,
      units: n(wip.find((w) => w.status === status)?.units),
    })),
    throughput: throughput.map((t) => ({ day: t.day, step: t.step as TUnitStatus, units: t.units })),
    leadTime: {
      shippedOrders,
      p50Days: oneDecimal(lead?.p50),
      p90Days: oneDecimal(lead?.p90),
      onTime,
      onTimePct: pct(onTime, shippedOrders),
    },
    lateOrderCount: n(late[0]?.lateCount),
    lateOrders: late.map(({ lateCount: _, ...l }) => ({ ...l, daysLate: n(l.daysLate), openUnits: n(l.openUnits) })),
    quality: {
      inspections: qc.inspections,
      fails,
      unitsInspected,
      ...firstPassFigures(first),
      defectsPerHundred: pct(fails, unitsInspected),
      recuts: recuts.recuts,
    },
    failsByReason: byReason.map((f) => ({ name: f.name, fails: n(f.fails) })),
    failsByOperation: byOperation.map((f) => ({ name: f.name, fails: n(f.fails) })),
    scansByStation: byStation.map(rate),
    scansByOperator: byOperator.map(rate),
  };
};
