import {
  CUTTING_MESSAGES,
  type TCutTicket,
  type TCutTicketDetail,
  type TCutTicketListQuery,
  type TMarkCutResponse,
  type TPage,
  type TUnitStatus,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAudit } from "../../platform/audit";
import { rowsOf } from "../../platform/database";
import { conflict, notFound } from "../../platform/errors";
import { countOf, orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope } from "../../platform/resource/owners";
import { col } from "../../platform/resource/resource";
import { unitFabricUse } from "../inventory/fabric-use";
import { consumeReservations, releaseReservations } from "../inventory/reservations";
import { consumeForLines, consumeLayWaste } from "./cut-waste";
import { CUTTABLE, fb, iso, st, sy, tk, u } from "./cutting-rows";
import { followOrder } from "./follow";
import { unitsFrom } from "./pull.service";
import { findScan, keepScan, retryOnScanRace } from "./scans";
import { applyUnitAction } from "./state";

/** Cut tickets: one per lay, marked cut (fabric consumed from stock) by click or scan, or cancelled. */

export const marker = schema.styleMarkers;
const markerStyle = alias(sy, "marker_style");
export const cutter = alias(st, "cutter");

const ticketColumns = {
  id: tk.id,
  ticketNumber: tk.ticketNumber,
  planId: tk.planId,
  factoryId: tk.factoryId,
  fabricId: tk.fabricId,
  fabricCode: fb.fabricCode,
  colour: tk.colour,
  styleCode: markerStyle.code,
  markerId: tk.markerId,
  markerName: marker.name,
  ratio: tk.ratio,
  plies: tk.plies,
  lengthInches: sql<string>`${tk.lengthInches}::text`,
  utilisationPct: sql<string | null>`${tk.utilisationPct}::text`,
  cutterStationId: tk.cutterStationId,
  cutterName: cutter.name,
  status: sql<TCutTicket["status"]>`${tk.status}`,
  units: sql<number>`(select count(*)::int from ${u} where ${col(u.cutTicketId)} = ${col(tk.id)})`,
  cutAt: tk.cutAt,
  cutBy: tk.cutBy,
  createdAt: tk.createdAt,
};

const ticketsFrom = (db: HubDb | HubTx) =>
  db
    .select(ticketColumns)
    .from(tk)
    .leftJoin(fb, eq(fb.id, tk.fabricId))
    .leftJoin(marker, eq(marker.id, tk.markerId))
    .leftJoin(markerStyle, eq(markerStyle.id, marker.styleId))
    .leftJoin(cutter, eq(cutter.id, tk.cutterStationId));

type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketsFrom>["where"]>>[number];
const toTicket = (r: TicketRow): TCutTicket => ({ ...r, cutAt: iso(r.cutAt), createdAt: r.createdAt.toISOString() });

const ticketWhere = (p: Principal, q: Partial<TCutTicketListQuery>) =>
  and(
    facilityScope(p, tk.factoryId),
    q.status === undefined ? undefined : eq(tk.status, q.status),
    q.cutterStationId === undefined ? undefined : eq(tk.cutterStationId, q.cutterStationId),
    q.planId === undefined ? undefined : eq(tk.planId, q.planId),
    searchAny(q.searchString, [tk.ticketNumber, fb.fabricCode, tk.colour, marker.name]),
  );

export const listTickets = async (db: HubDb, p: Principal, q: TCutTicketListQuery): Promise<TPage<TCutTicket>> => {
  const where = ticketWhere(p, q);
  const order = orderByFor(
    q.sort,
    { ticketNumber: tk.id, createdAt: tk.createdAt, cutAt: tk.cutAt, plies: tk.plies, status: tk.status },
    ["ticketNumber", "asc"],
    tk.id,
  );
  const rows = await ticketsFrom(db)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await countOf(db, ticketsFrom(db).where(where));
  return toPage(rows.map(toTicket), total?.n ?? 0, q);
};

export const getTicket = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TCutTicketDetail> => {
  const [row] = await ticketsFrom(db).where(and(eq(tk.id, id), facilityScope(p, tk.factoryId)));
  if (!row) throw notFound("That cut ticket");
  const unitList = await unitsFrom(db).where(eq(u.cutTicketId, id)).orderBy(asc(u.size), asc(u.id));
  const l = schema.stockLedger;
  const consumption = await db
    .select({
      fabricId: sql<number>`${l.fabricId}`,
      fabricCode: fb.fabricCode,
      unit: fb.unit,
      quantity: sql<string>`(-sum(${l.quantity}))::numeric(20,4)::text`,
    })
    .from(l)
    .innerJoin(fb, eq(fb.id, l.fabricId))
    .where(and(eq(l.kind, "consumption"), eq(l.reference, row.ticketNumber), eq(l.factoryId, row.factoryId)))
    .groupBy(l.fabricId, fb.fabricCode, fb.unit)
    .orderBy(asc(fb.fabricCode));
  return { ...toTicket(row), unitList, consumption };
};

/**
 * POST /floor/cutTickets/:id/cut: in one transaction, with the ticket and its units locked, each
 * queued or printed unit is marked cut (applyUnitAction "mark_cut", an event each, at the ticket's
 * cutter), their fabric is consumed from the stock ledger (one consumption row per fabric, the
 * units' style fabric dependencies summed in SQL numeric, referenced by the ticket number), and
 * the affected orders follow their units. A ticket already cut answers the same, changing nothing.
 */
export const markTicketCut = async (
  db: HubDb,
  p: Principal,
  id: number,
  scanId?: string,
): Promise<TMarkCutResponse> => {
  const result = await retryOnScanRace(() => cutInTransaction(db, p, id, scanId));
  const detail = await getTicket(db, p, id);
  return {
    ticket: detail,
    alreadyCut: result.alreadyCut,
    unitsCut: result.unitsCut,
    message: result.alreadyCut
      ? CUTTING_MESSAGES.alreadyCut(result.number)
      : CUTTING_MESSAGES.markedCut(result.number, result.unitsCut),
  };
};

/**
 * The cut itself. With a scan id (a scanned ticket, issue 22), a repeat of that id answers what
 * the first scan answered ("marked cut, N units"), found under the ticket's lock; the first scan's
 * answer is kept in the same transaction.
 */
const cutInTransaction = (db: HubDb, p: Principal, id: number, scanId: string | undefined) =>
  db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({
        id: tk.id,
        number: tk.ticketNumber,
        status: tk.status,
        cutterStationId: tk.cutterStationId,
        factoryId: tk.factoryId,
      })
      .from(tk)
      .where(and(eq(tk.id, id), facilityScope(p, tk.factoryId)))
      .for("update");
    if (!ticket) throw notFound("That cut ticket");
    const seen = await findScan(tx, ticket.factoryId, scanId);
    if (seen) return { alreadyCut: false, unitsCut: seen.ids.unitsCut ?? 0, number: ticket.number };
    if (ticket.status === "cut") return { alreadyCut: true, unitsCut: 0, number: ticket.number };
    if (ticket.status !== "queued")
      throw conflict(CUTTING_MESSAGES.ticketCancelled(ticket.number), { status: ticket.status });
    const units = await tx
      .select({ id: u.id, barcode: u.barcode, status: u.status, orderId: u.orderId })
      .from(u)
      .where(eq(u.cutTicketId, ticket.id))
      .orderBy(asc(u.id))
      .for("update");
    const who = { actor: p.userName, userId: p.userId || null, stationId: ticket.cutterStationId };
    // Units cancelled or cut on their own meanwhile are skipped. The fabric is consumed first (the
    // ledger rows and the units' reservations → consumed), then the units move.
    const toCut = units.filter((x) => CUTTABLE.includes(x.status as TUnitStatus));
    const cutIds = toCut.map((x) => x.id);
    if (cutIds.length > 0) await consumeFabric(tx, p, ticket, cutIds);
    for (const x of toCut) await applyUnitAction(tx, x, "mark_cut", who, { reason: ticket.number });
    // The lay's fabric beyond its garments' own, shared among its order lines (cut-waste.ts).
    await consumeLayWaste(tx, p, ticket, cutIds);
    await tx.update(tk).set({ status: "cut", cutAt: new Date(), cutBy: p.userName }).where(eq(tk.id, ticket.id));
    for (const orderId of [...new Set(units.map((x) => x.orderId))].sort((a, b) => a - b)) {
      await followOrder(tx, orderId, p.userName);
    }
    await recordAudit(tx, {
      actor: p.userName,
      action: "floor.cutTicket.cut",
      subject: `cutTicket:${ticket.id}`,
      detail: { ticket: ticket.number, units: cutIds.length },
    });
    // The answer is rebuilt from the ticket and its count of units cut.
    await keepScan(tx, ticket.factoryId, scanId, "cut_ticket", {
      message: CUTTING_MESSAGES.markedCut(ticket.number, cutIds.length),
      ids: { ticket: ticket.id, unitsCut: cutIds.length },
    });
    return { alreadyCut: false, unitsCut: cutIds.length, number: ticket.number };
  });

/**
 * The fabric the cut units used (inventory's `unitFabricUse`: per unit, its style's fabric
 * dependencies that apply to its variant), summed per order line and fabric in SQL numeric; one
 * consumption ledger row per line and fabric, at the fabric's weighted average cost then and tagged
 * with the line, so an order's actual fabric cost is its ledger rows (issue 22, orders/cost.service.ts);
 * the units' fabric reservations become `consumed` in the same transaction.
 */
const consumeFabric = async (
  tx: HubTx,
  p: Principal,
  ticket: { number: string; factoryId: number },
  unitIds: number[],
) => {
  const rows = rowsOf<{ item_id: number; fabric_id: number; quantity: string }>(
    await tx.execute(sql`with ${unitFabricUse(inArray(u.id, unitIds))}
    select cu.item_id, uf.fabric_id, sum(uf.consumption)::numeric(20,4)::text as quantity
    from unit_fabric uf join ${u} cu on cu.id = uf.unit_id
    group by cu.item_id, uf.fabric_id order by uf.fabric_id, cu.item_id`),
  );
  // Stock is never counted twice: the reservations leave `reserved` as the ledger rows take it off hand.
  await consumeReservations(tx, unitIds);
  await consumeForLines(tx, p, ticket, rows, "Cut");
};

/** POST /floor/cutTickets/scan: a ticket's barcode (CT-000042, or its id) marks it cut. */
export const scanTicketCut = async (
  db: HubDb,
  p: Principal,
  code: string,
  scanId?: string,
): Promise<TMarkCutResponse> => {
  const text = code.trim().toUpperCase();
  const [row] = await db
    .select({ id: tk.id })
    .from(tk)
    .where(and(eq(tk.ticketNumber, text), facilityScope(p, tk.factoryId)));
  if (!row) throw notFound(`Cut ticket ${text}`);
  return markTicketCut(db, p, row.id, scanId);
};

/** POST /floor/cutTickets/:id/cancel: a queued ticket is cancelled and its units go back to the (unpulled) queue. */
export const cancelTicket = async (db: HubDb, p: Principal, id: number): Promise<TCutTicketDetail> => {
  await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: tk.id, number: tk.ticketNumber, status: tk.status })
      .from(tk)
      .where(and(eq(tk.id, id), facilityScope(p, tk.factoryId)))
      .for("update");
    if (!ticket) throw notFound("That cut ticket");
    if (ticket.status === "cancelled") return;
    if (ticket.status !== "queued")
      throw conflict(`${ticket.number} is ${ticket.status}, so it cannot be cancelled.`, { status: ticket.status });
    // Its units go back to the unpulled queue and their fabric reservations are released: a unit
    // pulled again reserves anew (docs/adr/0004-inventory.md).
    const back = await tx
      .update(u)
      .set({ cutTicketId: null, stationId: null, updatedAt: new Date() })
      .where(eq(u.cutTicketId, ticket.id))
      .returning({ id: u.id });
    await releaseReservations(
      tx,
      back.map((x) => x.id),
    );
    await tx.update(tk).set({ status: "cancelled" }).where(eq(tk.id, ticket.id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "floor.cutTicket.cancel",
      subject: `cutTicket:${ticket.id}`,
      detail: { ticket: ticket.number },
    });
  });
  return getTicket(db, p, id);
};
