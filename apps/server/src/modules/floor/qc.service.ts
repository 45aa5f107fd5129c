import {
  describeMeasurement,
  type TQcInspectRequest,
  type TRecutRequest,
  type TRecutResult,
  type TUnitActionResult,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { badRequest, conflict } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { followOrder, unitMoveFollows } from "./follow";
import { checkMeasurements, measurementReasonOf, measurementsToHistory } from "./qc-measure";
import { keepScan, retryOnScanRace } from "./scans";
import { applyUnitAction } from "./state";
import {
  actorOf,
  checkStation,
  latestAttemptOf,
  lockUnitForScan,
  scanUnit,
  type UnitRef,
  unitView,
} from "./units.service";

/**
 * QC and recuts (issue 11). Inspecting a unit records pass (mark inspected) or fail with one of the
 * facility's reason codes and the station (floor_qc_inspections + the qc_fail move to failed). A
 * failed unit then goes to a recut or back to a step (redo steps). A recut closes the original as
 * failed and makes the next attempt of the same line instance, high priority so that it leads the
 * queue, in one transaction; the order follows.
 */

const u = schema.floorUnits;
const r = schema.floorQcReasons;

/** A recut jumps the queue: cut lists order by priority, then due date. */
export const RECUT_PRIORITY = 10;

const reasonOf = async (tx: HubTx, factoryId: number, reasonId: number) => {
  const [row] = await tx
    .select({ id: r.id, code: r.code, name: r.name })
    .from(r)
    .where(and(eq(r.id, reasonId), eq(r.factoryId, factoryId), eq(r.archived, false)));
  if (!row) throw badRequest("Choose one of this floor's reason codes.", { reasonId: "Unknown reason" });
  return row;
};

/** POST /floor/qc/units/barcode/:barcode (and /floor/qc/units/:id): pass or fail a unit at QC. */
export const inspectUnit = (
  db: HubDb,
  p: Principal,
  ref: UnitRef,
  body: TQcInspectRequest,
): Promise<TUnitActionResult> =>
  scanUnit(db, p, ref, body, async (tx, { unit, station, who }) => {
    // A unit made from a tech pack is measured at its critical points; one out of tolerance fails it.
    const measured = await checkMeasurements(tx, unit, body.passed, body.measurements);
    const out = measured?.filter((m) => !m.withinTolerance) ?? [];
    const passed = body.passed && out.length === 0;
    const reason = passed
      ? null
      : out.length > 0 && body.passed
        ? await measurementReasonOf(tx, unit.factoryId)
        : body.reasonId === undefined
          ? null
          : await reasonOf(tx, unit.factoryId, body.reasonId);
    const note = out.length > 0 ? out.map(describeMeasurement).join("; ") : (body.note ?? null);
    // The reason once, as people read it ("Stain", "Stain: coffee on the sleeve"); its code is in the inspection row.
    const why = reason ? `${reason.name}${note ? `: ${note}` : ""}` : note;
    const message = passed
      ? `${unit.barcode} passed QC.`
      : `${unit.barcode} failed QC: ${reason?.name ?? "no reason"}${out.length > 0 ? ` (${out.map((m) => m.code).join(", ")} out of tolerance)` : ""}. Recut it or send it back a step.`;
    const qc = schema.floorQcInspections;
    // The inspection row and the scan's answer go in the move's own statement.
    const to = await applyUnitAction(tx, unit, passed ? "mark_inspected" : "qc_fail", who, {
      reason: why,
      also: [
        sql`insert into ${qc} (unit_id, station_id, passed, reason_id, note, measurements, actor)
            values (${unit.id}, ${station?.id ?? null}, ${passed}, ${reason?.id ?? null}, ${note}, ${measured ? JSON.stringify(measured) : null}::jsonb, ${p.userName})`,
      ],
      keep: {
        factoryId: unit.factoryId,
        scanId: body.scanId,
        action: passed ? "qc_pass" : "qc_fail",
        answer: () => ({ message, ids: { unit: unit.id } }),
      },
    });
    if (unitMoveFollows(unit.status, to)) await followOrder(tx, unit.orderId, p.userName);
    if (measured) await measurementsToHistory(tx, unit, passed, measured, p.userName);
    return message;
  });

/** POST /floor/recut/units/barcode/:barcode (and /floor/recut/units/:id): close the unit as failed and make its recut. */
export const recutUnit = async (db: HubDb, p: Principal, ref: UnitRef, body: TRecutRequest): Promise<TRecutResult> => {
  const out = await retryOnScanRace(() =>
    db.transaction(async (tx) => {
      const { unit, before } = await lockUnitForScan(tx, p, ref, body.scanId);
      if (before)
        return {
          message: before.message,
          replayed: true,
          originalId: unit.id,
          recutId: before.ids.recut ?? unit.id,
        };
      const latest = await latestAttemptOf(tx, unit);
      if (latest && latest.id !== unit.id)
        throw conflict(`${unit.barcode} was already recut as ${latest.barcode}.`, { status: unit.status });
      const station = await checkStation(tx, unit.factoryId, body.stationId);
      const reason = await reasonOf(tx, unit.factoryId, body.reasonId);
      const who = actorOf(p, station?.id ?? null);
      const why = `${reason.name}${body.note ? `: ${body.note}` : ""}`;
      // Closes the original (failed, if it was not already) and writes its event; refuses a queued unit.
      await applyUnitAction(tx, unit, "recut", who, { reason: `Recut: ${why}` });
      await tx.update(u).set({ failReason: why, toteId: null, updatedAt: new Date() }).where(eq(u.id, unit.id));
      const [made] = await tx
        .insert(u)
        .values({
          factoryId: unit.factoryId,
          clientId: unit.clientId,
          orderId: unit.orderId,
          itemId: unit.itemId,
          instance: unit.instance,
          attempt: unit.attempt + 1,
          recutOfId: unit.id,
          status: "queued",
          styleId: unit.styleId,
          size: unit.size,
          colour: unit.colour,
          fabricId: unit.fabricId,
          printFileId: unit.printFileId,
          dueDate: unit.dueDate,
          priority: Math.max(unit.priority, RECUT_PRIORITY),
        })
        .returning({ id: u.id, barcode: u.barcode });
      if (!made) throw new Error("recut insert failed");
      await tx.insert(schema.floorUnitEvents).values({
        unitId: made.id,
        action: "recut",
        fromStatus: null,
        toStatus: "queued",
        stationId: station?.id ?? null,
        reason: `Recut of ${unit.barcode}: ${why}`,
        actor: who.actor,
        actorUserId: who.userId,
      });
      await followOrder(tx, unit.orderId, p.userName);
      const message = `${unit.barcode} is closed as failed (${reason.name}); its recut ${made.barcode} leads the queue.`;
      await keepScan(tx, unit.factoryId, body.scanId, "recut", {
        message,
        ids: { unit: unit.id, recut: made.id },
      });
      return { message, replayed: false, originalId: unit.id, recutId: made.id };
    }),
  );
  const [original, recut] = await Promise.all([unitView(db, out.originalId), unitView(db, out.recutId)]);
  return { message: out.message, replayed: out.replayed, original, recut };
};
