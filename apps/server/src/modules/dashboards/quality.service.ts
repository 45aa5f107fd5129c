import { QC_NONE, type TQualityHistory } from "@hub/contracts/dashboards/quality";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { FLOOR_NAMES, floorWhere, namesOf, unitsOf } from "./floor-figures";
import { bucketOfDay, bucketsOf, cmp, n, pct, rangeOf, sumBy, within } from "./range";
import { grainFigure, readCovered } from "./rollups";

/**
 * Quality History: the QC inspections of the range on units the caller sees (the tenant rule over
 * the unit's client and facility), counted by bucket, reason, style, station and operator from the
 * floor rollup; first-pass yield's rule, which the home page reads from the source for today.
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

const total = sql<number>`count(*)::int`;

export { unitsOf };

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

/** Ordered as the charts show them: most fails first, then most inspections, then by name. */
const byFails = (a: Group, b: Group) => b.fails - a.fails || b.inspections - a.inspections || cmp(a.name, b.name);
type Group = { name: string; inspections: number; fails: number };
const SUM = (column: string) => sql.raw(`coalesce(sum(g.${column}), 0)::bigint`);

/**
 * Every figure from the floor rollup's QC grains (floor-grains.ts: rolled days from the rollup, the
 * rest from the source; ADR 0014), each summed here by the name the chart shows (a reason, a style
 * code, a station, as named now): series by bucket, the Pareto of reasons, by style, station and
 * inspector, first-pass yield. The style codes are read after (the styles of the rows only).
 */
export const qualityHistory = async (db: HubDb, p: Principal, q: TDashboardQuery): Promise<TQualityHistory> => {
  const r = rangeOf(q);
  const sums = sql`${SUM("inspections")} as inspections, ${SUM("fails")} as fails`;
  const read = await readCovered(db, r.from, r.to, (cov) => {
    const figure = (statement: (rows: SQL) => SQL) =>
      grainFigure("floorQc", r.from, r.to, cov, floorWhere(p, q), statement);
    return [
      figure((rows) => sql`select ${bucketOfDay(r.bucket)} as name, ${sums} from (${rows}) g group by 1`),
      figure((rows) => sql`select g.reason_id as id, ${sums} from (${rows}) g group by 1`),
      figure((rows) => sql`select g.style_id as id, ${sums} from (${rows}) g group by 1`),
      figure((rows) => sql`select g.station_id as id, ${sums} from (${rows}) g group by 1`),
      figure((rows) => sql`select g.actor as name, ${sums} from (${rows}) g group by 1`),
      figure(
        (rows) => sql`select ${SUM("first_inspected")} as "firstInspected", ${SUM("first_passed")} as "firstPass"
        from (${rows}) g`,
      ),
      FLOOR_NAMES,
    ];
  });
  type Row = { id?: number | null; name?: string; inspections: unknown; fails: unknown };
  const [series, reasonRows, styleRows, stationRows, operatorRows, firstRows, nameRows] = read as [
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    { firstInspected: unknown; firstPass: unknown }[],
    unknown[],
  ];
  const names = namesOf(nameRows);
  const styleIds = [...new Set(styleRows.flatMap((x) => (x.id === null || x.id === undefined ? [] : [Number(x.id)])))];
  const styleCodes = new Map(
    styleIds.length === 0
      ? []
      : (await db.select({ id: styles.id, code: styles.code }).from(styles).where(inArray(styles.id, styleIds))).map(
          (x) => [x.id, x.code] as const,
        ),
  );
  const groups = (rows: Row[], name: (x: Row) => string): Group[] =>
    sumBy(
      rows.map((x) => ({ name: name(x), inspections: n(x.inspections), fails: n(x.fails) })),
      (x) => x.name,
      (into, x) => {
        into.inspections += x.inspections;
        into.fails += x.fails;
      },
    ).sort(byFails);
  const named = (map: Map<number, string>, none: string) => (x: Row) =>
    (x.id === null || x.id === undefined ? undefined : map.get(Number(x.id))) ?? none;
  const buckets = groups(series, (x) => String(x.name));
  const inspections = buckets.reduce((t, x) => t + x.inspections, 0);
  const fails = buckets.reduce((t, x) => t + x.fails, 0);
  const first = {
    firstInspected: firstRows.reduce((t, x) => t + n(x.firstInspected), 0),
    firstPass: firstRows.reduce((t, x) => t + n(x.firstPass), 0),
  };
  const byBucket = new Map(buckets.map((b) => [b.name, b]));
  let running = 0;
  const group = (g: Group) => ({
    name: g.name,
    inspections: g.inspections,
    fails: g.fails,
    failRatePct: pct(g.fails, g.inspections),
  });
  return {
    range: r,
    inspections,
    fails,
    ...firstPassFigures(first),
    series: bucketsOf(r).map((b) => {
      const s = byBucket.get(b);
      const inspections = s?.inspections ?? 0;
      const fails = s?.fails ?? 0;
      return { bucket: b, inspections, fails, passRatePct: pct(inspections - fails, inspections) };
    }),
    pareto: groups(reasonRows, named(names.reason, QC_NONE.reason))
      .filter((x) => x.fails > 0)
      .sort((a, b) => b.fails - a.fails || cmp(a.name, b.name))
      .map((x) => {
        running += x.fails;
        return { name: x.name, fails: x.fails, cumulativePct: pct(running, fails) ?? 0 };
      }),
    byStyle: groups(styleRows, named(styleCodes, QC_NONE.style)).slice(0, TOP).map(group),
    byOperation: groups(stationRows, named(names.station, QC_NONE.operation)).slice(0, TOP).map(group),
    byOperator: groups(operatorRows, (x) => String(x.name))
      .slice(0, TOP)
      .map(group),
  };
};
