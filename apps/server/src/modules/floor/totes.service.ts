import {
  FACTORY_CONFIG_MESSAGES,
  FACTORY_SETTINGS_DEFAULTS,
  FLOOR_MESSAGES,
  TOTE_BARCODE_PATTERN,
  type TTote,
  type TToteDetail,
  type TToteListQuery,
  type TToteResult,
  type TToteStatus,
  type TUnitStatus,
  toteBarcode,
  UNIT_OPEN_STATUSES,
  UNIT_STATUS_LABELS,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, HttpError } from "../../platform/errors";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope, resolveFacility } from "../../platform/resource/owners";
import { readFactorySettings } from "../factory-config/factory-config.service";
import { keepScan, keepScanSql, retryOnScanRace, ScanRace, type StoredScan } from "./scans";
import { actorOf, checkStation, lockUnit, unitViews } from "./units.service";

/**
 * Totes (spec 7: tote clear, assign, start transit, active tote by barcode): plastic crates with a
 * barcode that carry the units of one order between stations. Assign refuses a unit of another
 * order while the tote holds any; clear refuses while the tote holds units not packed; start transit
 * marks a tote that holds units as on its way. Each is one short transaction that locks the tote
 * (and the unit), idempotent under a repeated scan id.
 */

const t = schema.floorTotes;
const u = schema.floorUnits;
const o = schema.orders;
const st = schema.floorStations;

/** Units in these states may stay in a tote that is cleared: packed into a box, gone, or never to be made. */
const CLEARABLE: readonly string[] = ["packed", "shipped", "cancelled"];

const toteBarcodeOf = (code: string): string => {
  const trimmed = code.trim();
  if (!TOTE_BARCODE_PATTERN.test(trimmed))
    throw badRequest(FLOOR_MESSAGES.notATote(trimmed), { barcode: FLOOR_MESSAGES.notATote(trimmed) });
  return trimmed.toUpperCase();
};

const toteColumns = {
  id: t.id,
  barcode: t.barcode,
  factoryId: t.factoryId,
  status: t.status,
  orderId: t.orderId,
  orderNumber: o.orderNumber,
  clientName: o.clientName,
  stationId: t.stationId,
  stationCode: st.code,
  transitStartedAt: t.transitStartedAt,
  unitCount: sql<number>`(select count(*)::int from ${u} where ${u.toteId} = ${t.id})`,
  updatedAt: t.updatedAt,
};

const toteRows = (db: HubDb | HubTx, where: SQL | undefined) =>
  db.select(toteColumns).from(t).leftJoin(o, eq(o.id, t.orderId)).leftJoin(st, eq(st.id, t.stationId)).where(where);

const asTote = (r: Awaited<ReturnType<typeof toteRows>>[number]): TTote => ({
  ...r,
  status: r.status as TToteStatus,
  unitCount: Number(r.unitCount),
  transitStartedAt: r.transitStartedAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

const toteDetail = async (db: HubDb | HubTx, id: number): Promise<TToteDetail> => {
  const [row] = await toteRows(db, eq(t.id, id));
  if (!row) throw new HttpError(404, "NOT_FOUND", "That tote was not found.");
  return { ...asTote(row), units: await unitViews(db, eq(u.toteId, id)) };
};

/** GET /floor/totes/barcode/:barcode: the active tote by barcode, with its order and units (find order by tote). */
export const getToteByBarcode = async (db: HubDb, p: Principal, code: string): Promise<TToteDetail> => {
  const barcode = toteBarcodeOf(code);
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(sql`lower(${t.barcode}) = lower(${barcode})`, facilityScope(p, t.factoryId)));
  if (!row) throw new HttpError(404, "NOT_FOUND", FLOOR_MESSAGES.toteNotFound(barcode));
  return toteDetail(db, row.id);
};

/**
 * A tote scan's first step, in one query: the tote locked for the scan's transaction, how many units
 * it holds, and the answer already given to the same client scan id on its floor, if any.
 */
const lockToteForScan = async (tx: HubTx, p: Principal, code: string, scanId: string | undefined) => {
  const barcode = toteBarcodeOf(code);
  const s = schema.floorScans;
  const [row] = await tx
    .select({
      tote: t,
      held: sql<number>`(select count(*)::int from ${u} where ${u.toteId} = ${t.id})`,
      response: scanId ? s.response : sql<null>`null`,
    })
    .from(t)
    .leftJoin(s, scanId ? and(eq(s.factoryId, t.factoryId), eq(s.scanId, scanId)) : sql`false`)
    .where(and(sql`lower(${t.barcode}) = lower(${barcode})`, facilityScope(p, t.factoryId)))
    .for("update", { of: t });
  if (!row) throw new HttpError(404, "NOT_FOUND", FLOOR_MESSAGES.toteNotFound(barcode));
  return { tote: row.tote, held: Number(row.held), before: row.response ? (row.response as StoredScan) : null };
};

type ToteRun = { message: string; replayed: boolean; toteId: number };

const toteScan = async (db: HubDb, run: (tx: HubTx) => Promise<ToteRun>): Promise<TToteResult> => {
  const out = await retryOnScanRace(() => db.transaction(run));
  return { message: out.message, replayed: out.replayed, tote: await toteDetail(db, out.toteId) };
};

const stateOf = (s: string) => UNIT_STATUS_LABELS[s as TUnitStatus]?.toLowerCase() ?? s;

/**
 * POST /floor/totes/barcode/:barcode/units: a scanned unit goes into the tote. The tote holds units
 * of one order: a unit of another order is refused (naming both orders) while the tote holds any.
 * A unit in another tote moves (that tote empties when it was the last). Closed units are refused.
 */
export const assignToTote = async (
  db: HubDb,
  p: Principal,
  toteCode: string,
  body: { scanId?: string | undefined; unitBarcode: string; stationId?: number | undefined },
): Promise<TToteResult> =>
  toteScan(db, async (tx) => {
    const { tote, held: holds, before } = await lockToteForScan(tx, p, toteCode, body.scanId);
    if (before) return { message: before.message, replayed: true, toteId: tote.id };
    const unit = await lockUnit(tx, p, { barcode: body.unitBarcode });
    if (unit.factoryId !== tote.factoryId)
      throw conflict(`${unit.barcode} is not made on the floor of tote ${tote.barcode}.`, {
        unitBarcode: "Other floor",
      });
    if (!UNIT_OPEN_STATUSES.includes(unit.status as TUnitStatus))
      throw conflict(`${unit.barcode} is ${stateOf(unit.status)}, so it cannot go into a tote.`, {
        status: unit.status,
      });
    const station = await checkStation(tx, tote.factoryId, body.stationId);
    if (unit.toteId === tote.id) {
      const message = `${unit.barcode} is already in tote ${tote.barcode}.`;
      await keepScan(tx, tote.factoryId, body.scanId, "assign_tote", { message, ids: { tote: tote.id } });
      return { message, replayed: false, toteId: tote.id };
    }
    if (holds > 0 && tote.orderId !== null && tote.orderId !== unit.orderId) {
      // One query: a transaction's connection runs one statement at a time.
      const numbers = await tx
        .select({ id: o.id, n: o.orderNumber })
        .from(o)
        .where(inArray(o.id, [tote.orderId, unit.orderId]));
      const numberOf = (id: number) => numbers.find((x) => x.id === id)?.n ?? "?";
      throw conflict(
        `Tote ${tote.barcode} holds units of order ${numberOf(tote.orderId)}; ${unit.barcode} belongs to order ${numberOf(unit.orderId)}. Use another tote.`,
        { unitBarcode: "Another order" },
      );
    }
    const message = `${unit.barcode} is in tote ${tote.barcode} (${holds + 1} unit${holds === 0 ? "" : "s"}).`;
    const who = actorOf(p, station?.id ?? null);
    const ev = schema.floorUnitEvents;
    // One statement: the tote it leaves (emptied when this was its last unit), the unit, this tote,
    // the unit's history note and the scan's answer.
    const parts: SQL[] = [];
    if (unit.toteId !== null)
      parts.push(sql`left_tote as (
        update ${t} set status = 'empty', order_id = null, transit_started_at = null, updated_at = now()
        where ${t.id} = ${unit.toteId}
          and not exists (select 1 from ${u} where ${u.toteId} = ${unit.toteId} and ${u.id} <> ${unit.id})
      )`);
    parts.push(
      sql`moved as (update ${u} set tote_id = ${tote.id}, updated_at = now() where ${u.id} = ${unit.id})`,
      sql`filled as (
        update ${t} set status = 'in_use', order_id = ${unit.orderId}, transit_started_at = null,
          station_id = coalesce(${station?.id ?? null}::int, ${t.stationId}), updated_at = now()
        where ${t.id} = ${tote.id}
      )`,
      sql`noted as (
        insert into ${ev} (unit_id, action, from_status, to_status, station_id, reason, actor, actor_user_id)
        values (${unit.id}, 'assign_tote', ${unit.status}, ${unit.status}, ${who.stationId}, ${`Tote ${tote.barcode}`}, ${who.actor}, ${who.userId})
      )`,
    );
    if (body.scanId)
      parts.push(
        sql`kept as (${keepScanSql(tote.factoryId, body.scanId, "assign_tote", { message, ids: { tote: tote.id } })})`,
      );
    const result = rowsOf<{ kept: number }>(
      await tx.execute(
        sql`with ${sql.join(parts, sql`, `)} select ${body.scanId ? sql`(select count(*) from kept)::int` : sql`1`} as kept`,
      ),
    );
    if (body.scanId && Number(result[0]?.kept ?? 0) === 0) throw new ScanRace();
    return { message, replayed: false, toteId: tote.id };
  });

/** POST /floor/totes/barcode/:barcode/clear: empties a tote after packing; refused while it holds units not packed. */
export const clearTote = async (
  db: HubDb,
  p: Principal,
  toteCode: string,
  body: { scanId?: string | undefined },
): Promise<TToteResult> =>
  toteScan(db, async (tx) => {
    const { tote, before } = await lockToteForScan(tx, p, toteCode, body.scanId);
    if (before) return { message: before.message, replayed: true, toteId: tote.id };
    const held = await tx
      .select({ id: u.id, barcode: u.barcode, status: u.status })
      .from(u)
      .where(eq(u.toteId, tote.id))
      .orderBy(asc(u.id))
      .for("update");
    const waiting = held.filter((x) => !CLEARABLE.includes(x.status));
    if (waiting.length > 0) {
      const named = waiting
        .slice(0, 5)
        .map((x) => `${x.barcode} (${stateOf(x.status)})`)
        .join(", ");
      throw conflict(
        `Tote ${tote.barcode} still holds ${waiting.length} unit${waiting.length === 1 ? "" : "s"} not packed: ${named}${waiting.length > 5 ? ", …" : ""}.`,
        { barcode: "Units not packed" },
      );
    }
    if (held.length > 0)
      await tx
        .update(u)
        .set({ toteId: null, updatedAt: new Date() })
        .where(
          inArray(
            u.id,
            held.map((x) => x.id),
          ),
        );
    await tx
      .update(t)
      .set({ status: "empty", orderId: null, transitStartedAt: null, stationId: null, updatedAt: new Date() })
      .where(eq(t.id, tote.id));
    const message =
      held.length === 0
        ? `Tote ${tote.barcode} is empty.`
        : `Tote ${tote.barcode} is cleared (${held.length} unit${held.length === 1 ? "" : "s"} out).`;
    await keepScan(tx, tote.factoryId, body.scanId, "clear_tote", { message, ids: { tote: tote.id } });
    return { message, replayed: false, toteId: tote.id };
  });

/** POST /floor/totes/barcode/:barcode/startTransit: a tote that holds units is on its way (to a station). */
export const startTransit = async (
  db: HubDb,
  p: Principal,
  toteCode: string,
  body: { scanId?: string | undefined; stationId?: number | undefined },
): Promise<TToteResult> =>
  toteScan(db, async (tx) => {
    const { tote, held, before } = await lockToteForScan(tx, p, toteCode, body.scanId);
    if (before) return { message: before.message, replayed: true, toteId: tote.id };
    const station = await checkStation(tx, tote.factoryId, body.stationId);
    if (held === 0)
      throw conflict(`Tote ${tote.barcode} is empty, so there is nothing to move.`, { status: tote.status });
    await tx
      .update(t)
      .set({
        status: "in_transit",
        transitStartedAt: new Date(),
        ...(station ? { stationId: station.id } : {}),
        updatedAt: new Date(),
      })
      .where(eq(t.id, tote.id));
    const message = `Tote ${tote.barcode} is in transit${station ? ` to ${station.code}` : ""}.`;
    await keepScan(tx, tote.factoryId, body.scanId, "start_transit", { message, ids: { tote: tote.id } });
    return { message, replayed: false, toteId: tote.id };
  });

const SORTABLE = { barcode: t.id, status: t.status, updatedAt: t.updatedAt };

const toteListWhere = (p: Principal, q: TToteListQuery) =>
  and(
    facilityScope(p, t.factoryId),
    q.status ? eq(t.status, q.status) : undefined,
    searchAny(q.searchString, [t.barcode, o.orderNumber]),
  );

/** GET /floor/totes: the facility's totes, with search (barcode, order) and a status filter. */
export const listTotes = async (db: HubDb, p: Principal, q: TToteListQuery) => {
  const where = toteListWhere(p, q);
  const [rows, [total]] = await Promise.all([
    toteRows(db, where)
      .orderBy(...orderByFor(q.sort, SORTABLE, ["barcode", "asc"], t.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(t).leftJoin(o, eq(o.id, t.orderId)).where(where),
  ]);
  return toPage(rows.map(asTote), Number(total?.n ?? 0), q);
};

/** GET /floor/totes/export.csv: every tote the list's search and filter find (at most 50,000), as TOTE_CSV_HEADER. */
export const exportTotes = async (db: HubDb, p: Principal, q: TToteListQuery): Promise<unknown[][]> => {
  const rows = await toteRows(db, toteListWhere(p, q))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["barcode", "asc"], t.id))
    .limit(50_000);
  return rows
    .map(asTote)
    .map((x) => [x.barcode, x.status, x.orderNumber, x.clientName, x.unitCount, x.stationCode, x.updatedAt]);
};

/**
 * POST /floor/totes: new totes with the next barcodes of the facility's tote range (Factory Config:
 * prefix, first and last number; by default T-0001 up): one past the highest number of the range
 * in use, and never past its last number (409 saying how many are left).
 */
export const createTotes = async (
  db: HubDb,
  p: Principal,
  body: { count: number; factoryId?: number | undefined },
): Promise<{ totes: TTote[] }> => {
  const factoryId = await resolveFacility(db, p, body.factoryId);
  const ids = await db.transaction(async (tx) => {
    // One creator at a time per facility: the next numbers are read and taken under the lock.
    await tx.execute(sql`select pg_advisory_xact_lock(4711, ${factoryId})`);
    const range = (await readFactorySettings(tx, factoryId))?.settings ?? FACTORY_SETTINGS_DEFAULTS;
    const prefix = range.toteBarcodePrefix;
    const number = sql`substring(${t.barcode} from ${prefix.length + 1}::int)`;
    const [max] = await tx
      .select({ n: sql<number>`coalesce(max(${number}::bigint), 0)::bigint` })
      .from(t)
      .where(
        and(
          eq(t.factoryId, factoryId),
          like(t.barcode, `${prefix}%`),
          sql`${number} ~ '^[0-9]{1,10}$'`,
          sql`${number}::bigint between ${range.toteBarcodeFirst} and ${range.toteBarcodeLast}`,
        ),
      );
    const start = Math.max(Number(max?.n ?? 0) + 1, range.toteBarcodeFirst);
    const left = Math.max(range.toteBarcodeLast - start + 1, 0);
    if (body.count > left)
      throw conflict(
        FACTORY_CONFIG_MESSAGES.rangeFull(
          left,
          toteBarcode(prefix, range.toteBarcodeFirst),
          toteBarcode(prefix, range.toteBarcodeLast),
        ),
        { count: `At most ${left}` },
      );
    const rows = Array.from({ length: body.count }, (_, i) => ({
      factoryId,
      barcode: toteBarcode(prefix, start + i),
    }));
    try {
      return await tx.insert(t).values(rows).returning({ id: t.id });
    } catch (error) {
      // A tote outside the range's numbering already has one of these barcodes (another prefix wrote it).
      if (isUniqueViolation(error)) throw conflict(FACTORY_CONFIG_MESSAGES.barcodeTaken);
      throw error;
    }
  });
  const rows = await toteRows(
    db,
    inArray(
      t.id,
      ids.map((x) => x.id),
    ),
  ).orderBy(asc(t.id));
  return { totes: rows.map(asTote) };
};

/** The totes of a facility by id (tote labels). */
export const totesByIds = async (db: HubDb, p: Principal, ids: number[] | null) =>
  toteRows(db, and(facilityScope(p, t.factoryId), ids ? inArray(t.id, ids) : undefined))
    .orderBy(asc(t.id))
    .limit(2000);
