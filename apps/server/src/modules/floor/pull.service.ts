import {
  CUTTING_MESSAGES,
  type TFabricStatus,
  type TPage,
  type TPullQuery,
  type TPullRequest,
  type TPullResponse,
  type TQueuedUnit,
  type TUnitStatus,
  ZPullRequestSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { badRequest, conflict } from "../../platform/errors";
import { countOf, orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope } from "../../platform/resource/owners";
import { releaseReservations, reserveUnits, unitFabricStatuses } from "../inventory/reservations";
import { cutterWhere } from "./cutters.service";
import { CUTTABLE, c, cuttable, fb, garmentColumns, o, st, statusLabel, sy, tk, u } from "./cutting-rows";

/** The pull queue: queued units waiting to be cut, pulled onto the table and put back. */

export const unitColumns = {
  id: u.id,
  barcode: u.barcode,
  status: sql<TUnitStatus>`${u.status}`,
  orderId: u.orderId,
  orderNumber: o.orderNumber,
  clientId: u.clientId,
  clientName: c.clientName,
  ...garmentColumns,
  dueDate: u.dueDate,
  priority: u.priority,
  attempt: u.attempt,
  stationId: u.stationId,
  stationName: st.name,
  cutTicketId: u.cutTicketId,
  ticketNumber: tk.ticketNumber,
};

/** A unit's row as its lists read it: the queue's columns and, for the cut sheet, when and by whom its ticket was cut. */
const unitRowColumns = { ...unitColumns, cutAt: tk.cutAt, cutBy: tk.cutBy, ticketStatus: tk.status };

/**
 * Units with their order, client, style, fabric, station and ticket: the pull queue, a ticket's
 * units and the cut sheet (answers keep the columns their schema names).
 */
export const unitsFrom = (db: HubDb | HubTx) =>
  db
    .select(unitRowColumns)
    .from(u)
    .innerJoin(o, eq(o.id, u.orderId))
    .innerJoin(c, eq(c.clientId, u.clientId))
    .leftJoin(sy, eq(sy.id, u.styleId))
    .leftJoin(fb, eq(fb.id, u.fabricId))
    .leftJoin(st, eq(st.id, u.stationId))
    .leftJoin(tk, eq(tk.id, u.cutTicketId));

/** A page of units: the rows `where` matches in `order`, and how many match. */
export const unitsPage = async (db: HubDb, where: SQL | undefined, order: SQL[], q: { page: number; size: number }) => {
  const rows = await unitsFrom(db)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await countOf(db, unitsFrom(db).where(where));
  return { rows, total: total?.n ?? 0 };
};

/** The pull queue's order: recuts and higher priority first, then the earliest due date. */
export const RANK = [desc(u.priority), sql`${u.dueDate} asc nulls last`, asc(u.id)];

const pullWhere = (p: Principal, q: Omit<TPullQuery, "page" | "size" | "sort">): SQL | undefined =>
  and(
    facilityScope(p, u.factoryId),
    cuttable,
    q.fabricId === undefined ? undefined : eq(u.fabricId, q.fabricId),
    q.styleId === undefined ? undefined : eq(u.styleId, q.styleId),
    q.clientId === undefined ? undefined : eq(u.clientId, q.clientId),
    q.cutterStationId === undefined ? undefined : eq(u.stationId, q.cutterStationId),
    q.pulled === "pulled" ? isNotNull(u.stationId) : q.pulled === "unpulled" ? isNull(u.stationId) : undefined,
    searchAny(q.searchString, [u.barcode, o.orderNumber, sy.code, c.clientName, u.size, u.colour, fb.fabricCode]),
  );

const PULL_SORT = {
  dueDate: u.dueDate,
  priority: u.priority,
  barcode: u.barcode,
  orderNumber: o.orderNumber,
  styleCode: sy.code,
  size: u.size,
  colour: u.colour,
  fabricCode: fb.fabricCode,
  clientName: c.clientName,
};

/** GET /floor/pull: each unit with whether its fabric is there (in stock, reserved, or waiting with the PO). */
export const listPullQueue = async (db: HubDb, p: Principal, q: TPullQuery): Promise<TPage<TQueuedUnit>> => {
  const where = pullWhere(p, q);
  const order = q.sort ? orderByFor(q.sort, PULL_SORT, ["dueDate", "asc"], u.id) : RANK;
  const { rows, total } = await unitsPage(db, where, order, q);
  const statuses = await fabricStatusesOf(
    db,
    rows.map((x) => x.id),
  );
  return toPage(
    rows.map((x) => ({ ...x, fabricStatus: statuses.get(x.id) })),
    total,
    q,
  );
};

/**
 * The fabric status of each unit, as the queue shows it (each batch of ids judged in the whole
 * queue's order, so batching changes no answer). Batches of 5,000 keep every statement's parameters
 * under PostgreSQL's limit; an export of the 50,000 the CSV allows reads the waiting queue ten times.
 */
const STATUS_BATCH = 5_000;
const fabricStatusesOf = async (db: HubDb, ids: number[]) => {
  const out = new Map<number, TFabricStatus>();
  for (let i = 0; i < ids.length; i += STATUS_BATCH) {
    const owners = await db
      .select({ id: u.id, factoryId: u.factoryId })
      .from(u)
      .where(inArray(u.id, ids.slice(i, i + STATUS_BATCH)));
    for (const [id, status] of await unitFabricStatuses(db, owners)) out.set(id, status);
  }
  return out;
};

/** Every row of the filter in the queue's order, with its fabric status, for export.csv (at most 50,000). */
export const exportPullQueue = async (db: HubDb, p: Principal, q: TPullQuery) => {
  const rows = await unitsFrom(db)
    .where(pullWhere(p, q))
    .orderBy(...RANK)
    .limit(50_000);
  const statuses = await fabricStatusesOf(
    db,
    rows.map((x) => x.id),
  );
  return rows.map((x) => ({ ...x, fabricStatus: statuses.get(x.id) }));
};

/**
 * The answer a key already got (floor_scans, shared with the floor's scans): a retry of a pull
 * with the same Idempotency-Key answers it again and pulls nothing more. The row is claimed first,
 * so a concurrent twin waits for this transaction and then reads its answer.
 */
const claimKey = async (tx: HubTx, factoryId: number, key: string, action: string) => {
  const claimed = await tx
    .insert(schema.floorScans)
    .values({ factoryId, scanId: `${action}:${key}`, action, response: {} })
    .onConflictDoNothing()
    .returning({ scanId: schema.floorScans.scanId });
  if (claimed.length > 0) return null;
  const [row] = await tx
    .select({ response: schema.floorScans.response })
    .from(schema.floorScans)
    .where(and(eq(schema.floorScans.factoryId, factoryId), eq(schema.floorScans.scanId, `${action}:${key}`)));
  return row?.response ?? null;
};
const storeKey = (tx: HubTx, factoryId: number, key: string, action: string, response: unknown) =>
  tx
    .update(schema.floorScans)
    .set({ response })
    .where(and(eq(schema.floorScans.factoryId, factoryId), eq(schema.floorScans.scanId, `${action}:${key}`)));

/** POST /floor/pull: units into a cutter's batch (their station), in one transaction. */
export const pullUnits = async (
  db: HubDb,
  p: Principal,
  raw: TPullRequest,
  key: string | undefined,
): Promise<TPullResponse> => {
  const body = ZPullRequestSchema.parse(raw);
  return db.transaction(async (tx) => {
    const [station] = await tx
      .select({ id: st.id, factoryId: st.factoryId, name: st.name })
      .from(st)
      .where(and(cutterWhere(p), eq(st.id, body.cutterStationId)));
    if (!station) throw badRequest(CUTTING_MESSAGES.notCutter, { cutterStationId: CUTTING_MESSAGES.notCutter });
    if (key) {
      const seen = await claimKey(tx, station.factoryId, key, "pull");
      // An answer kept before reservations had no `waiting`.
      if (seen && Object.keys(seen).length > 0) return { waiting: [], ...(seen as Omit<TPullResponse, "waiting">) };
    }
    let ids: number[];
    if (body.unitIds) {
      const rows = await tx
        .select({ id: u.id, barcode: u.barcode, status: u.status, factoryId: u.factoryId, cutTicketId: u.cutTicketId })
        .from(u)
        .where(and(inArray(u.id, body.unitIds), facilityScope(p, u.factoryId)))
        .orderBy(asc(u.id))
        .for("update");
      const found = new Set(rows.map((r) => r.id));
      const missing = body.unitIds.find((id) => !found.has(id));
      if (missing !== undefined)
        throw badRequest("A chosen unit does not exist.", { unitIds: `Unknown unit ${missing}` });
      for (const r of rows) {
        if (r.factoryId !== station.factoryId)
          throw badRequest(CUTTING_MESSAGES.notCutter, { cutterStationId: CUTTING_MESSAGES.notCutter });
        if (!CUTTABLE.includes(r.status as TUnitStatus))
          throw conflict(CUTTING_MESSAGES.notPlannable(r.barcode, statusLabel(r.status)), { status: r.status });
        if (r.cutTicketId !== null)
          throw conflict(`Unit ${r.barcode} is already on a cut ticket.`, { unitIds: r.barcode });
      }
      ids = [...new Set(body.unitIds)];
    } else {
      const rows = await tx
        .select({ id: u.id })
        .from(u)
        .where(
          and(
            eq(u.factoryId, station.factoryId),
            cuttable,
            isNull(u.stationId),
            body.fabricId === undefined ? undefined : eq(u.fabricId, body.fabricId),
            body.styleId === undefined ? undefined : eq(u.styleId, body.styleId),
            body.clientId === undefined ? undefined : eq(u.clientId, body.clientId),
          ),
        )
        .orderBy(...RANK)
        .limit(body.count ?? 0)
        .for("update", { skipLocked: true });
      ids = rows.map((r) => r.id);
      if (ids.length === 0) throw conflict(CUTTING_MESSAGES.nothingToPull);
    }
    const held = await reserveUnits(tx, p, station.factoryId, ids, body.overrideReason);
    const first = held.waiting[0];
    if (held.reserved.length === 0 && first) {
      const barcode = (await tx.select({ b: u.barcode }).from(u).where(eq(u.id, first.unitId)))[0]?.b ?? "";
      throw conflict(CUTTING_MESSAGES.refusedForFabric(barcode, first.fabricStatus.label), {
        fabric: first.fabricStatus.label,
      });
    }
    ids = held.reserved;
    for (let i = 0; i < ids.length; i += 1000) {
      await tx
        .update(u)
        .set({ stationId: station.id, updatedAt: new Date() })
        .where(inArray(u.id, ids.slice(i, i + 1000)));
    }
    const barcodes = new Map<number, string>();
    const named = [...held.waiting.map((w) => w.unitId), ...held.overridden];
    if (named.length > 0)
      for (const x of await tx.select({ id: u.id, b: u.barcode }).from(u).where(inArray(u.id, named)))
        barcodes.set(x.id, x.b);
    await recordAudit(tx, {
      actor: p.userName,
      action: "floor.pull",
      subject: `station:${station.id}`,
      detail: { units: ids.length, waiting: held.waiting.length },
    });
    if (held.overridden.length > 0)
      await recordAudit(tx, {
        actor: p.userName,
        action: "floor.pull.override",
        subject: `station:${station.id}`,
        detail: { reason: body.overrideReason, units: held.overridden.map((id) => barcodes.get(id) ?? String(id)) },
      });
    const answer: TPullResponse = {
      cutterStationId: station.id,
      unitIds: ids,
      message:
        held.waiting.length > 0
          ? CUTTING_MESSAGES.pulledSomeWaiting(ids.length, station.name, held.waiting.length)
          : CUTTING_MESSAGES.pulled(ids.length, station.name),
      waiting: held.waiting.map((w) => ({ ...w, barcode: barcodes.get(w.unitId) ?? "" })),
    };
    if (key) await storeKey(tx, station.factoryId, key, "pull", answer);
    return answer;
  });
};

/** POST /floor/pull/release: pulled units (not on a ticket) back to the unpulled queue, their fabric released. */
export const unpullUnits = async (db: HubDb, p: Principal, unitIds: number[]) =>
  db.transaction(async (tx) => {
    const rows = await tx
      .update(u)
      .set({ stationId: null, updatedAt: new Date() })
      .where(and(inArray(u.id, unitIds), facilityScope(p, u.factoryId), isNull(u.cutTicketId)))
      .returning({ id: u.id });
    await releaseReservations(
      tx,
      rows.map((x) => x.id),
    );
    return { released: rows.length };
  });
