import { QC_NONE, type TQualityHistory } from "@hub/contracts/dashboards/quality";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { unitScope } from "../shipping/scope";
import { bucketOf, bucketsOf, n, pct, rangeOf, within } from "./range";

/**
 * Quality History: the QC inspections of the range on units the caller sees (the tenant rule over
 * the unit's client and facility), counted in SQL by bucket, reason, style, station and operator.
 */

const u = schema.floorUnits;
const qi = schema.floorQcInspections;
const st = schema.floorStations;
const reasons = schema.floorQcReasons;
const styles = schema.styles;
const TOP = 30;

/** The names the charts group by (and the inspections list filters by): a missing one is QC_NONE's. */
export const reasonName = sql<string>`coalesce(${reasons.name}, ${sql.raw(`'${QC_NONE.reason}'`)})`;
export const styleName = sql<string>`coalesce(${styles.code}, ${sql.raw(`'${QC_NONE.style}'`)})`;
export const stationName = sql<string>`coalesce(${st.name}, ${sql.raw(`'${QC_NONE.operation}'`)})`;

const failed = sql<number>`(count(*) filter (where not ${qi.passed}))::int`;
const total = sql<number>`count(*)::int`;

/** The caller's units (the tenant rule), narrowed to `clientId` when asked. */
export const unitsOf = (p: Principal, q: Pick<TDashboardQuery, "clientId">) =>
  and(unitScope(p), q.clientId ? eq(u.clientId, q.clientId) : undefined);

/** An inspection that is its unit's first (no earlier one of the same unit). */
const firstInspection = sql`not exists (select 1 from ${qi} q2 where q2.unit_id = ${col(qi.unitId)} and q2.id < ${col(qi.id)})`;

/**
 * First-pass yield (docs/glossary.md): of the units whose first QC inspection fell in the range
 * (UTC days), how many passed it. One query, for a batch (`allQueries`): Quality History,
 * Production Overview and the home page read it here, so the three cannot disagree.
 */
export const firstPassQuery = (db: HubDb, p: Principal, q: TDashboardQuery, r = rangeOf(q)) =>
  db
    .select({ firstInspected: total, firstPass: sql<number>`(count(*) filter (where ${qi.passed}))::int` })
    .from(qi)
    .innerJoin(u, eq(u.id, qi.unitId))
    .where(and(unitsOf(p, q), within(qi.at, r.from, r.to), firstInspection));

export const firstPassFigures = (row: { firstInspected: number; firstPass: number } | undefined) => ({
  firstInspected: n(row?.firstInspected),
  firstPassUnits: n(row?.firstPass),
  firstPassYieldPct: pct(n(row?.firstPass), n(row?.firstInspected)),
});

/** First-pass yield over a range, for the caller's units. */
export const firstPassYield = async (db: HubDb, p: Principal, q: TDashboardQuery) => {
  const [row] = await firstPassQuery(db, p, q);
  return firstPassFigures(row);
};

export const qualityHistory = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TQualityHistory> => {
  const r = rangeOf(q);
  const where = and(unitsOf(p, q), within(qi.at, r.from, r.to));
  const bucket = bucketOf(qi.at, r.bucket);
  const grouped = (name: SQL<string>, join?: "style" | "station") => {
    const from = db.select({ name, inspections: total, fails: failed }).from(qi).innerJoin(u, eq(u.id, qi.unitId));
    const joined =
      join === "style"
        ? from.leftJoin(styles, eq(styles.id, u.styleId))
        : join === "station"
          ? from.leftJoin(st, eq(st.id, qi.stationId))
          : from;
    return joined.where(where).groupBy(name).orderBy(desc(failed), desc(total)).limit(TOP);
  };
  const [[totals], [first], series, pareto, byStyle, byOperation, byOperator] = await allQueries(db, [
    db.select({ inspections: total, fails: failed }).from(qi).innerJoin(u, eq(u.id, qi.unitId)).where(where),
    firstPassQuery(db, p, q, r),
    db
      .select({ bucket, inspections: total, fails: failed })
      .from(qi)
      .innerJoin(u, eq(u.id, qi.unitId))
      .where(where)
      .groupBy(bucket),
    db
      .select({ name: reasonName, fails: total })
      .from(qi)
      .innerJoin(u, eq(u.id, qi.unitId))
      .leftJoin(reasons, eq(reasons.id, qi.reasonId))
      .where(and(where, eq(qi.passed, false)))
      .groupBy(reasonName)
      .orderBy(desc(total)),
    grouped(styleName, "style"),
    grouped(stationName, "station"),
    grouped(sql<string>`${qi.actor}`),
  ] as const);

  const fails = n(totals?.fails);
  const byBucket = new Map(series.map((s) => [s.bucket, s]));
  let running = 0;
  const group = (g: { name: string; inspections: number; fails: number }) => ({
    name: g.name,
    inspections: n(g.inspections),
    fails: n(g.fails),
    failRatePct: pct(n(g.fails), n(g.inspections)),
  });
  return {
    range: r,
    inspections: n(totals?.inspections),
    fails,
    ...firstPassFigures(first),
    series: bucketsOf(r).map((b) => {
      const s = byBucket.get(b);
      const inspections = n(s?.inspections);
      return { bucket: b, inspections, fails: n(s?.fails), passRatePct: pct(inspections - n(s?.fails), inspections) };
    }),
    pareto: pareto.map((x) => {
      running += n(x.fails);
      return { name: x.name, fails: n(x.fails), cumulativePct: pct(running, fails) ?? 0 };
    }),
    byStyle: byStyle.map(group),
    byOperation: byOperation.map(group),
    byOperator: byOperator.map(group),
  };
};
