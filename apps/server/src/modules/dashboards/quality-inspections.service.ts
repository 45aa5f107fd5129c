import type { TQualityInspectionPage, TQualityInspectionQuery } from "@hub/contracts/dashboards/quality";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { allQueries } from "../../platform/database";
import { searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { reasonName, stationName, styleName, unitsOf } from "./quality.service";
import { rangeOf, within } from "./range";

/**
 * The QC inspections Quality History counts (its click-throughs' list): the same units (the tenant
 * rule, the client asked for), the same range of days, and a chart's bar as a filter by the very
 * name the chart groups by (reason, style, station, operator), so the list's total is the bar's figure.
 */

const u = schema.floorUnits;
const qi = schema.floorQcInspections;
const o = schema.orders;
const reasons = schema.floorQcReasons;
const styles = schema.styles;
const st = schema.floorStations;

const whereOf = (p: Principal, q: TQualityInspectionQuery, from: string, to: string): SQL | undefined =>
  and(
    unitsOf(p, q),
    within(qi.at, from, to),
    q.result ? eq(qi.passed, q.result === "pass") : undefined,
    q.reason ? eq(reasonName, q.reason) : undefined,
    q.style ? eq(styleName, q.style) : undefined,
    q.operation ? eq(stationName, q.operation) : undefined,
    q.operator ? eq(qi.actor, q.operator) : undefined,
    // The search: an order number, a unit's barcode, an operator.
    searchAny(q.searchString, [o.orderNumber, u.barcode, qi.actor]),
  );

export const listQualityInspections = async (
  db: HubDb,
  p: Principal,
  q: TQualityInspectionQuery,
): Promise<TQualityInspectionPage> => {
  const r = rangeOf(q);
  const where = whereOf(p, q, r.from, r.to);
  const [rows, [total]] = await allQueries(db, [
    db
      .select({
        id: qi.id,
        at: qi.at,
        unitId: u.id,
        barcode: u.barcode,
        orderId: o.id,
        orderNumber: o.orderNumber,
        clientName: o.clientName,
        style: styleName,
        operation: stationName,
        operator: qi.actor,
        passed: qi.passed,
        reason: reasons.name,
      })
      .from(qi)
      .innerJoin(u, eq(u.id, qi.unitId))
      .innerJoin(o, eq(o.id, u.orderId))
      .leftJoin(reasons, eq(reasons.id, qi.reasonId))
      .leftJoin(styles, eq(styles.id, u.styleId))
      .leftJoin(st, eq(st.id, qi.stationId))
      .where(where)
      .orderBy(desc(qi.at), desc(qi.id))
      .limit(q.size)
      .offset(q.page * q.size),
    // The same joins: every name filter reads one of them (a left join each: a missing one is QC_NONE's name).
    db
      .select({ n: count() })
      .from(qi)
      .innerJoin(u, eq(u.id, qi.unitId))
      .innerJoin(o, eq(o.id, u.orderId))
      .leftJoin(reasons, eq(reasons.id, qi.reasonId))
      .leftJoin(styles, eq(styles.id, u.styleId))
      .leftJoin(st, eq(st.id, qi.stationId))
      .where(where),
  ] as const);
  return {
    range: r,
    items: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
};
