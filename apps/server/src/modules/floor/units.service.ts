import {
  FLOOR_MESSAGES,
  type TFloorUnit,
  type TFloorUnitDetail,
  type TUnitAction,
  type TUnitActionBody,
  type TUnitActionResult,
  type TUnitEvent,
  type TUnitPrintFileList,
  type TUnitStatus,
  UNIT_ACTION_LABELS,
  UNIT_ACTION_RULES,
  UNIT_ACTIONS,
  UNIT_BARCODE_PATTERN,
  UNIT_STATUS_LABELS,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { badRequest, HttpError } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { facilityScope } from "../../platform/resource/owners";
import { followOrder, unitMoveFollows } from "./follow";
import { retryOnScanRace, type StoredScan } from "./scans";
import { applyUnitAction, type UnitActor } from "./state";
import { UNIT_ACTION_EFFECTS } from "./unit-action-effects";

/**
 * A unit's actions by id or by scanned barcode (issue 11): one short transaction each, locking the
 * unit row (select … for update), moving it only through applyUnitAction (state.ts), with what the
 * action does besides (unit-action-effects.ts), letting the
 * order follow (follow.ts), and idempotent under a repeated client scan id (scans.ts). Facility
 * users reach their facilities' units only (others answer 404, as if they did not exist);
 * internal admins every facility's.
 */

const u = schema.floorUnits;
const o = schema.orders;
const oi = schema.orderItems;
const t = schema.floorTotes;
const f = schema.storedFiles;
const st = schema.floorStations;
const ev = schema.floorUnitEvents;

export type UnitRef = { id: number } | { barcode: string };

const notFoundMessage = (message: string) => new HttpError(404, "NOT_FOUND", message);

/** The unit's barcode as the database spells it (U-00000412), or a 400 saying what it is not. */
export const unitBarcodeOf = (code: string): string => {
  const trimmed = code.trim();
  if (!UNIT_BARCODE_PATTERN.test(trimmed))
    throw badRequest(FLOOR_MESSAGES.notAUnit(trimmed), { barcode: FLOOR_MESSAGES.notAUnit(trimmed) });
  return trimmed.toUpperCase();
};

const refWhere = (ref: UnitRef): SQL => ("id" in ref ? eq(u.id, ref.id) : eq(u.barcode, unitBarcodeOf(ref.barcode)));
const refText = (ref: UnitRef) => ("id" in ref ? `#${ref.id}` : ref.barcode.trim());

export type LockedUnit = typeof u.$inferSelect;

/** The unit, locked for this transaction, if the caller's facility owns it; 404 otherwise. */
export const lockUnit = async (tx: HubTx, p: Principal, ref: UnitRef): Promise<LockedUnit> => {
  const [row] = await tx
    .select()
    .from(u)
    .where(and(refWhere(ref), facilityScope(p, u.factoryId)))
    .for("update");
  if (!row) throw notFoundMessage(FLOOR_MESSAGES.unitNotFound(refText(ref)));
  return row;
};

/**
 * A scan's first step, in one query: the unit locked for the scan's transaction and the answer
 * already given to the same client scan id on its floor, if any (a repeated scan replays it).
 */
export const lockUnitForScan = async (
  tx: HubTx,
  p: Principal,
  ref: UnitRef,
  scanId: string | undefined,
): Promise<{ unit: LockedUnit; before: StoredScan | null }> => {
  if (!scanId) return { unit: await lockUnit(tx, p, ref), before: null };
  const s = schema.floorScans;
  const [row] = await tx
    .select({ unit: u, response: s.response })
    .from(u)
    .leftJoin(s, and(eq(s.factoryId, u.factoryId), eq(s.scanId, scanId)))
    .where(and(refWhere(ref), facilityScope(p, u.factoryId)))
    .for("update", { of: u });
  if (!row) throw notFoundMessage(FLOOR_MESSAGES.unitNotFound(refText(ref)));
  return { unit: row.unit, before: row.response ? (row.response as StoredScan) : null };
};

/** A station of the unit's facility, or a 400 naming the field. */
export const checkStation = async (tx: HubTx | HubDb, factoryId: number, stationId: number | undefined) => {
  if (stationId === undefined) return null;
  const [row] = await tx
    .select({ id: st.id, code: st.code })
    .from(st)
    .where(and(eq(st.id, stationId), eq(st.factoryId, factoryId)));
  if (!row) throw badRequest("That station is not on this floor.", { stationId: "Unknown station" });
  return row;
};

export const actorOf = (p: Principal, stationId: number | null): UnitActor => ({
  actor: p.userName,
  userId: p.userId || null,
  stationId,
});

export const allowedActionsOf = (status: string): TUnitAction[] =>
  UNIT_ACTIONS.filter((a) => UNIT_ACTION_RULES[a].from.includes(status as TUnitStatus));

const unitColumns = {
  id: u.id,
  barcode: u.barcode,
  factoryId: u.factoryId,
  orderId: u.orderId,
  orderNumber: o.orderNumber,
  clientName: o.clientName,
  itemId: u.itemId,
  lineNumber: oi.lineNumber,
  styleCode: oi.styleCode,
  styleName: oi.styleName,
  sku: oi.sku,
  instance: u.instance,
  attempt: u.attempt,
  recutOfId: u.recutOfId,
  status: u.status,
  size: u.size,
  colour: u.colour,
  fabricId: u.fabricId,
  printFileId: u.printFileId,
  printFileName: f.fileName,
  dueDate: u.dueDate,
  priority: u.priority,
  swatchesInspectedAt: u.swatchesInspectedAt,
  toteId: u.toteId,
  toteBarcode: t.barcode,
  failReason: u.failReason,
  updatedAt: u.updatedAt,
};

/** Units as the floor shows them, in barcode order. */
export const unitViews = async (db: HubDb | HubTx, where: SQL | undefined): Promise<TFloorUnit[]> => {
  const rows = await db
    .select(unitColumns)
    .from(u)
    .innerJoin(o, eq(o.id, u.orderId))
    .innerJoin(oi, eq(oi.id, u.itemId))
    .leftJoin(f, eq(f.id, u.printFileId))
    .leftJoin(t, eq(t.id, u.toteId))
    .where(where)
    .orderBy(asc(u.id));
  return rows.map((r) => ({
    ...r,
    status: r.status as TUnitStatus,
    swatchesInspectedAt: r.swatchesInspectedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
    allowedActions: allowedActionsOf(r.status),
  }));
};

export const unitView = async (db: HubDb | HubTx, id: number): Promise<TFloorUnit> => {
  const [view] = await unitViews(db, eq(u.id, id));
  if (!view) throw notFoundMessage(FLOOR_MESSAGES.unitNotFound(`#${id}`));
  return view;
};

export const eventsOf = async (db: HubDb | HubTx, unitIds: number[]): Promise<(TUnitEvent & { unitId: number })[]> => {
  if (unitIds.length === 0) return [];
  const rows = await db
    .select({
      id: ev.id,
      unitId: ev.unitId,
      action: ev.action,
      fromStatus: ev.fromStatus,
      toStatus: ev.toStatus,
      stationId: ev.stationId,
      stationCode: st.code,
      reason: ev.reason,
      actor: ev.actor,
      at: ev.at,
    })
    .from(ev)
    .leftJoin(st, eq(st.id, ev.stationId))
    .where(inArray(ev.unitId, unitIds))
    .orderBy(asc(ev.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
};

/** GET /floor/units/:id and /floor/units/barcode/:barcode: the unit, what may be done to it, its history. */
export const getUnit = async (db: HubDb, p: Principal, ref: UnitRef): Promise<TFloorUnitDetail> => {
  const [view] = await unitViews(db, and(refWhere(ref), facilityScope(p, u.factoryId)));
  if (!view) throw notFoundMessage(FLOOR_MESSAGES.unitNotFound(refText(ref)));
  const events = await eventsOf(db, [view.id]);
  return { ...view, events: events.reverse().map(({ unitId: _, ...e }) => e) };
};

/** The print files of a unit's client: what "Change print file" may choose (the facility's units only). */
export const unitPrintFiles = async (db: HubDb, p: Principal, ref: UnitRef): Promise<TUnitPrintFileList> => {
  const [unit] = await db
    .select({ clientId: u.clientId })
    .from(u)
    .where(and(refWhere(ref), facilityScope(p, u.factoryId)));
  if (!unit) throw notFoundMessage(FLOOR_MESSAGES.unitNotFound(refText(ref)));
  const rows = await db
    .select({ id: f.id, fileName: f.fileName, createdAt: f.createdAt })
    .from(f)
    .where(and(eq(f.clientId, unit.clientId), eq(f.area, "print")))
    .orderBy(desc(f.createdAt), desc(f.id))
    .limit(200);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
};

const lower = (s: TUnitStatus) => UNIT_STATUS_LABELS[s].toLowerCase();

/** What the screen says after an action. */
const doneMessage = (barcode: string, action: TUnitAction, from: TUnitStatus, to: TUnitStatus) =>
  from === to
    ? `${barcode}: ${UNIT_ACTION_LABELS[action].toLowerCase()} recorded (${lower(to)}).`
    : `${barcode} is ${lower(to)} (was ${lower(from)}).`;

/**
 * One unit action in one short transaction: lock, replay a repeated scan, check the station, move
 * the unit through the state machine (writing its event), let the order follow, keep the answer.
 */
export const runUnitAction = (
  db: HubDb,
  p: Principal,
  ref: UnitRef,
  action: TUnitAction,
  body: TUnitActionBody,
): Promise<TUnitActionResult> =>
  scanUnit(db, p, ref, body, async (tx, { unit, who }) => {
    const from = unit.status as TUnitStatus;
    const effect = UNIT_ACTION_EFFECTS[action];
    const prepared = effect?.prepare ? await effect.prepare(tx, unit, body) : null;
    const answer = (to: TUnitStatus) => ({
      message: prepared?.message ?? doneMessage(unit.barcode, action, from, to),
      ids: { unit: unit.id },
    });
    const to = await applyUnitAction(tx, unit, action, who, {
      to: body.to,
      reason: prepared?.reason ?? body.reason ?? null,
      printed: unit.printFileId !== null,
      keep: { factoryId: unit.factoryId, scanId: body.scanId, action, answer },
    });
    await effect?.after?.(tx, unit, body, to);
    if (unitMoveFollows(from, to)) await followOrder(tx, unit.orderId, p.userName);
    return answer(to).message;
  });

type ScannedUnit = Awaited<ReturnType<typeof lockUnitForScan>>["unit"];
type ScanStation = Awaited<ReturnType<typeof checkStation>>;

/**
 * One scan of a unit in one short transaction (unit actions and QC): lock the unit, answer a
 * repeated scan id with its first answer, check the station, then `move` writes the change and
 * says its message; the answer carries the unit as it is now.
 */
export const scanUnit = async (
  db: HubDb,
  p: Principal,
  ref: UnitRef,
  scan: { scanId?: string | undefined; stationId?: number | undefined },
  move: (tx: HubTx, at: { unit: ScannedUnit; station: ScanStation; who: UnitActor }) => Promise<string>,
): Promise<TUnitActionResult> => {
  const out = await retryOnScanRace(() =>
    db.transaction(async (tx) => {
      const { unit, before } = await lockUnitForScan(tx, p, ref, scan.scanId);
      if (before) return { message: before.message, replayed: true, unitId: unit.id };
      const station = await checkStation(tx, unit.factoryId, scan.stationId);
      const message = await move(tx, { unit, station, who: actorOf(p, station?.id ?? null) });
      return { message, replayed: false, unitId: unit.id };
    }),
  );
  return { message: out.message, replayed: out.replayed, unit: await unitView(db, out.unitId) };
};

/** The facility's open units, newest first (for the unit screen's picker and tests). */
export const unitsOfOrder = (db: HubDb | HubTx, orderId: number) => unitViews(db, eq(u.orderId, orderId));

/** The latest attempt of a unit's instance (a recut's original is not it). */
export const latestAttemptOf = async (tx: HubTx, unit: { itemId: number; instance: number }) => {
  const [row] = await tx
    .select({ id: u.id, barcode: u.barcode, attempt: u.attempt })
    .from(u)
    .where(and(eq(u.itemId, unit.itemId), eq(u.instance, unit.instance)))
    .orderBy(desc(u.attempt))
    .limit(1);
  return row;
};

export const unitCountSql = sql<number>`count(*)::int`;
