import {
  describeMeasurement,
  gradePoint,
  QC_MEASURE_MESSAGES,
  type TQcMeasured,
  type TQcMeasurement,
  type TQcPoints,
  withinTolerance,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { badRequest } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { readPart } from "../products/tech-pack-parts";
import { getUnit, type LockedUnit } from "./units.service";

/**
 * Critical measurements at QC (issue 19): a unit whose style was made from a tech pack is measured at
 * the points of measure the designer marked critical, each at its graded value for the unit's size
 * with the point's tolerance (from the version the style follows). The inspector types the values;
 * one out of tolerance fails the unit with the reason "Measurement" (the facility's MEAS reason,
 * made if it has none). The measurements are kept in the inspection row and written to the order's
 * history beside the line.
 */

type UnitLike = Pick<LockedUnit, "id" | "factoryId" | "styleId" | "size">;

/**
 * The tech pack's size of a unit: its size as written on the unit (the size attribute's code) when
 * the sizing has it, else the name of the facility's attribute with that code ("SZ-M" → "M").
 */
const packSizeOf = async (db: HubDb | HubTx, unit: UnitLike, sizes: string[]): Promise<string | null> => {
  if (unit.size === null) return null;
  if (sizes.includes(unit.size)) return unit.size;
  const a = schema.attributes;
  const [row] = await db
    .select({ name: a.name })
    .from(a)
    .where(and(eq(a.factoryId, unit.factoryId), sql`lower(${a.code}) = lower(${unit.size})`));
  return row && sizes.includes(row.name) ? row.name : null;
};

/** The critical points of a unit's size, and the product and version they come from (null: no source). */
export const criticalPointsOf = async (db: HubDb | HubTx, unit: UnitLike): Promise<Omit<TQcPoints, "barcode">> => {
  const none = { unitId: unit.id, size: unit.size, unit: "cm" as const, source: null, points: [] };
  if (unit.styleId === null) return none;
  const src = schema.libStyleSources;
  const [row] = await db
    .select({
      techPackId: src.techPackId,
      version: schema.pdTechPacks.version,
      code: schema.pdProducts.code,
      name: schema.pdProducts.name,
    })
    .from(src)
    .innerJoin(schema.pdTechPacks, eq(schema.pdTechPacks.id, src.techPackId))
    .innerJoin(schema.pdProducts, eq(schema.pdProducts.id, src.productId))
    .where(eq(src.styleId, unit.styleId));
  if (!row) return none;
  const [sizing, spec] = await Promise.all([
    readPart(db, row.techPackId, "sizing"),
    readPart(db, row.techPackId, "gradedSpec"),
  ]);
  const size = (await packSizeOf(db, unit, sizing.sizes)) ?? "";
  const points = size
    ? spec.points
        .filter((pt) => pt.critical)
        .map((pt) => ({
          code: pt.code,
          description: pt.description,
          howToMeasure: pt.howToMeasure,
          target: gradePoint(pt.baseValue, pt.gradeRules, sizing.sizes, sizing.baseSize)[size] ?? pt.baseValue,
          tolPlus: pt.tolPlus,
          tolMinus: pt.tolMinus,
        }))
    : [];
  return {
    unitId: unit.id,
    size: size || unit.size,
    unit: spec.unit,
    source: { productCode: row.code, productName: row.name, version: row.version },
    points,
  };
};

/** GET /floor/qc/units/barcode/:barcode/points */
export const readQcPoints = async (db: HubDb, p: Principal, barcode: string): Promise<TQcPoints> => {
  const view = await getUnit(db, p, { barcode });
  const [unit] = await db
    .select({
      id: schema.floorUnits.id,
      factoryId: schema.floorUnits.factoryId,
      barcode: schema.floorUnits.barcode,
      styleId: schema.floorUnits.styleId,
      size: schema.floorUnits.size,
    })
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.id, view.id));
  if (!unit) throw new Error("unit vanished");
  return { barcode: unit.barcode, ...(await criticalPointsOf(db, unit)) };
};

/**
 * The typed measurements checked against the unit's critical points: every critical point must be
 * measured once when any is given or the unit passes (400 naming the missing or unknown ones).
 * Null when the unit has no critical points and nothing was typed.
 */
export const checkMeasurements = async (
  tx: HubTx,
  unit: UnitLike,
  passed: boolean,
  typed: TQcMeasurement[] | undefined,
): Promise<TQcMeasured[] | null> => {
  const spec = await criticalPointsOf(tx, unit);
  if (spec.points.length === 0) {
    if (typed && typed.length > 0)
      throw badRequest(QC_MEASURE_MESSAGES.noPoints, { measurements: QC_MEASURE_MESSAGES.noPoints });
    return null;
  }
  if (!typed && !passed) return null;
  const byCode = new Map<string, number>();
  for (const m of typed ?? []) {
    const point = spec.points.find((pt) => pt.code.toLowerCase() === m.code.toLowerCase());
    if (!point)
      throw badRequest(QC_MEASURE_MESSAGES.unknown(m.code), { measurements: QC_MEASURE_MESSAGES.unknown(m.code) });
    byCode.set(point.code, m.value);
  }
  const missing = spec.points.filter((pt) => !byCode.has(pt.code)).map((pt) => pt.code);
  if (missing.length > 0)
    throw badRequest(QC_MEASURE_MESSAGES.missing(missing), { measurements: QC_MEASURE_MESSAGES.missing(missing) });
  return spec.points.map((pt) => {
    const measured = byCode.get(pt.code) ?? 0;
    return {
      code: pt.code,
      description: pt.description,
      size: spec.size ?? "",
      unit: spec.unit,
      target: pt.target,
      tolPlus: pt.tolPlus,
      tolMinus: pt.tolMinus,
      measured,
      withinTolerance: withinTolerance(measured, pt.target, pt.tolPlus, pt.tolMinus),
    };
  });
};

/** The facility's "Measurement" reason (its MEAS code), made if it has none. */
export const measurementReasonOf = async (tx: HubTx, factoryId: number) => {
  const r = schema.floorQcReasons;
  const find = () =>
    tx
      .select({ id: r.id, code: r.code, name: r.name })
      .from(r)
      .where(and(eq(r.factoryId, factoryId), sql`lower(${r.code}) = lower(${QC_MEASURE_MESSAGES.reasonCode})`));
  const [found] = await find();
  if (found) return found;
  await tx
    .insert(r)
    .values({ factoryId, code: QC_MEASURE_MESSAGES.reasonCode, name: QC_MEASURE_MESSAGES.reasonName })
    .onConflictDoNothing();
  const [made] = await find();
  if (!made) throw new Error("measurement reason missing");
  return made;
};

/** The order's history: the measurements beside the unit's line (its status unchanged). */
export const measurementsToHistory = async (
  tx: HubTx,
  unit: Pick<LockedUnit, "orderId" | "itemId" | "barcode">,
  passed: boolean,
  measured: TQcMeasured[],
  actor: string,
): Promise<void> => {
  const [line] = await tx
    .select({ status: schema.orderItems.status })
    .from(schema.orderItems)
    .where(eq(schema.orderItems.id, unit.itemId));
  const status = line?.status ?? "open";
  await tx.insert(schema.orderStatusHistory).values({
    orderId: unit.orderId,
    itemId: unit.itemId,
    fromStatus: status,
    toStatus: status,
    reason: `QC ${unit.barcode} ${passed ? "passed" : "failed"}; measured: ${measured.map(describeMeasurement).join("; ")}`,
    actor,
  });
};
