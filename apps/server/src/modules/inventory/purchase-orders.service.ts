import type { TPage, TPo, TPoDetail, TPoStatus, ZPoRequestSchema, ZReceiveRequestSchema } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { recordAudit } from "../../platform/audit";
import { rowsOf } from "../../platform/database";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope as factoryScope, resolveFacility as resolveOwnerFactory } from "../../platform/resource/owners";
import { col } from "../../platform/resource/resource";
import { getMaterials, materialOf, materialValues } from "./materials";
import { receiveIntoStock } from "./stock.service";

/**
 * Purchase orders (docs/adr/0004-inventory.md): lines of fabrics and parts, received partly or
 * wholly into the stock ledger. Every status change goes through `transitionPurchaseOrder`.
 */

type Body = z.output<typeof ZPoRequestSchema>;
type ReceiveBody = z.output<typeof ZReceiveRequestSchema>;
type Query = {
  page: number;
  size: number;
  sort?: string;
  searchString?: string;
  status?: TPoStatus;
  supplierId?: number;
};

const po = schema.purchaseOrders;
const ln = schema.purchaseOrderLines;
const sup = schema.suppliers;

const LABEL: Record<TPoStatus, string> = {
  open: "open",
  partially_received: "partially received",
  received: "received",
  closed: "closed",
  cancelled: "cancelled",
};

/** The moves a purchase order may make; the last three are final. */
const ALLOWED: Record<TPoStatus, readonly TPoStatus[]> = {
  open: ["partially_received", "received", "cancelled"],
  partially_received: ["partially_received", "received", "closed"],
  received: [],
  closed: [],
  cancelled: [],
};

type PoRow = typeof po.$inferSelect;

/** 409 naming the current status, for a move or an action the status does not allow. */
const notNow = (row: PoRow, what: string) =>
  conflict(`Purchase order ${row.number} is ${LABEL[row.status]}: it cannot ${what}.`, { status: row.status });

/** The one way a purchase order's status changes: checks the move and writes the history row. */
export const transitionPurchaseOrder = async (
  tx: HubTx,
  p: Principal,
  row: PoRow,
  to: TPoStatus,
  reason: string | null = null,
): Promise<void> => {
  if (!ALLOWED[row.status].includes(to)) throw notNow(row, `become ${LABEL[to]}`);
  if (row.status === to) return;
  await tx.update(po).set({ status: to, updatedAt: new Date() }).where(eq(po.id, row.id));
  await tx.insert(schema.poStatusHistory).values({
    poId: row.id,
    fromStatus: row.status,
    toStatus: to,
    reason,
    actorId: p.userId || null,
    actorName: p.userName,
  });
};

const totalCents = sql<string>`(select coalesce(sum(round(${ln.quantity} * ${ln.unitCostCents})), 0)::text from ${ln} where ${col(ln.poId)} = ${col(po.id)})`;
const listColumns = {
  id: po.id,
  factoryId: po.factoryId,
  number: po.number,
  supplierId: po.supplierId,
  supplierName: sup.name,
  status: po.status,
  expectedDate: po.expectedDate,
  lineCount: sql<number>`(select count(*)::int from ${ln} where ${col(ln.poId)} = ${col(po.id)})`,
  totalCents,
  createdByName: po.createdByName,
  createdAt: po.createdAt,
};
type ListRow = {
  lineCount: number;
  totalCents: string;
  createdAt: Date;
  expectedDate: string | null;
} & Omit<TPo, "lineCount" | "totalCents" | "createdAt" | "expectedDate">;
const toPo = (r: ListRow): TPo => ({
  ...r,
  lineCount: Number(r.lineCount),
  totalCents: Number(r.totalCents),
  createdAt: r.createdAt.toISOString(),
});

export const listPurchaseOrders = async (db: HubDb, p: Principal, q: Query): Promise<TPage<TPo>> => {
  const where: SQL | undefined = and(
    factoryScope(p, po.factoryId),
    q.status ? eq(po.status, q.status) : undefined,
    q.supplierId ? eq(po.supplierId, q.supplierId) : undefined,
    searchAny(q.searchString, [po.number, sup.name, sup.code]),
  );
  const order = orderByFor(
    q.sort,
    {
      number: po.number,
      status: po.status,
      expectedDate: po.expectedDate,
      createdAt: po.createdAt,
      supplier: sup.name,
    },
    ["createdAt", "desc"],
    po.id,
  );
  const rows = await db
    .select(listColumns)
    .from(po)
    .innerJoin(sup, eq(sup.id, po.supplierId))
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(po)
    .innerJoin(sup, eq(sup.id, po.supplierId))
    .where(where);
  return toPage(rows.map(toPo), Number(total?.n ?? 0), q);
};

const getRow = async (db: HubDb | HubTx, p: Principal, id: number, lock = false): Promise<PoRow> => {
  const q = db
    .select()
    .from(po)
    .where(and(eq(po.id, id), factoryScope(p, po.factoryId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("That purchase order");
  return row;
};

export const getPurchaseOrder = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TPoDetail> => {
  await getRow(db, p, id);
  const [head] = await db
    .select({ ...listColumns, notes: po.notes })
    .from(po)
    .innerJoin(sup, eq(sup.id, po.supplierId))
    .where(eq(po.id, id));
  if (!head) throw notFound("That purchase order");
  const lines = await db
    .select({
      id: ln.id,
      lineNo: ln.lineNo,
      fabricId: ln.fabricId,
      partId: ln.partId,
      code: sql<string>`coalesce(${schema.fabrics.fabricCode}, ${schema.parts.partCode})`,
      name: sql<string>`coalesce(${schema.fabrics.fabricName}, ${schema.parts.name})`,
      unit: sql<string>`coalesce(${schema.fabrics.unit}, ${schema.parts.unit})`,
      quantity: sql<string>`${ln.quantity}::text`,
      unitCostCents: ln.unitCostCents,
      expectedDate: ln.expectedDate,
      receivedAmt: sql<string>`${ln.receivedAmt}::text`,
      cancelledAmt: sql<string>`${ln.cancelledAmt}::text`,
      outstanding: sql<string>`(${ln.quantity} - ${ln.receivedAmt} - ${ln.cancelledAmt})::text`,
    })
    .from(ln)
    .leftJoin(schema.fabrics, eq(schema.fabrics.id, ln.fabricId))
    .leftJoin(schema.parts, eq(schema.parts.id, ln.partId))
    .where(eq(ln.poId, id))
    .orderBy(asc(ln.lineNo));
  const h = schema.poStatusHistory;
  const history = await db
    .select({ fromStatus: h.fromStatus, toStatus: h.toStatus, reason: h.reason, actorName: h.actorName, at: h.at })
    .from(h)
    .where(eq(h.poId, id))
    .orderBy(asc(h.at), asc(h.id));
  return {
    ...toPo(head),
    notes: head.notes,
    lines: lines.map(({ fabricId, partId, ...rest }) => {
      const m = materialOf({ fabricId, partId });
      return { ...rest, materialKind: m.kind, materialId: m.id };
    }),
    history: history.map((r) => ({
      ...r,
      fromStatus: r.fromStatus as TPoStatus | null,
      toStatus: r.toStatus as TPoStatus,
      at: r.at.toISOString(),
    })),
  };
};

/** The supplier must be the facility's own, and active for a new order. */
const checkSupplier = async (tx: HubTx, supplierId: number, factoryId: number) => {
  const [s] = await tx
    .select({ id: sup.id, active: sup.active })
    .from(sup)
    .where(and(eq(sup.id, supplierId), eq(sup.factoryId, factoryId)));
  if (!s) throw badRequest("That supplier does not exist in this facility.", { supplierId: "Unknown supplier" });
  if (!s.active) throw badRequest("That supplier is inactive.", { supplierId: "Inactive supplier" });
};

const writeLines = async (tx: HubTx, poId: number, factoryId: number, body: Body) => {
  await getMaterials(
    tx,
    factoryId,
    body.lines.map((l, n) => ({ kind: l.materialKind, id: l.materialId, field: `lines.${n}.materialId` })),
  );
  await tx.delete(ln).where(eq(ln.poId, poId));
  await tx.insert(ln).values(
    body.lines.map((l, n) => ({
      poId,
      lineNo: n + 1,
      ...materialValues({ kind: l.materialKind, id: l.materialId }),
      quantity: l.quantity,
      unitCostCents: l.unitCostCents,
      expectedDate: l.expectedDate ?? null,
    })),
  );
};

const numberTaken = (error: unknown): never => {
  if (isUniqueViolation(error))
    throw conflict("A purchase order with this number already exists.", { number: "This number is already used" });
  throw error;
};

export const createPurchaseOrder = async (db: HubDb, p: Principal, body: Body): Promise<TPoDetail> =>
  db
    .transaction(async (tx) => {
      const factoryId = await resolveOwnerFactory(tx, p, body.factoryId);
      await checkSupplier(tx, body.supplierId, factoryId);
      const [row] = await tx
        .insert(po)
        .values({
          factoryId,
          supplierId: body.supplierId,
          number:
            body.number ??
            sql`'PO-' || lpad(currval(pg_get_serial_sequence('inv_purchase_orders', 'id'))::text, 6, '0')`,
          expectedDate: body.expectedDate ?? null,
          notes: body.notes,
          createdBy: p.userId || null,
          createdByName: p.userName,
        })
        .returning();
      if (!row) throw new Error("purchase order insert returned nothing");
      await tx.insert(schema.poStatusHistory).values({
        poId: row.id,
        fromStatus: null,
        toStatus: "open",
        actorId: p.userId || null,
        actorName: p.userName,
      });
      await writeLines(tx, row.id, factoryId, body);
      await recordAudit(tx, { actor: p.userName, action: "inventory.po.create", subject: `purchaseOrder:${row.id}` });
      return getPurchaseOrder(tx, p, row.id);
    })
    .catch(numberTaken);

/** PUT: header and lines replaced whole, only while the order is open (nothing received yet). */
export const updatePurchaseOrder = async (db: HubDb, p: Principal, id: number, body: Body): Promise<TPoDetail> =>
  db
    .transaction(async (tx) => {
      const row = await getRow(tx, p, id, true);
      if (row.status !== "open") throw notNow(row, "be edited (only an open order can)");
      if (body.factoryId !== undefined && body.factoryId !== row.factoryId)
        throw badRequest("A purchase order stays with its facility.", { factoryId: "Cannot change" });
      if (body.supplierId !== row.supplierId) await checkSupplier(tx, body.supplierId, row.factoryId);
      await tx
        .update(po)
        .set({
          supplierId: body.supplierId,
          ...(body.number ? { number: body.number } : {}),
          expectedDate: body.expectedDate ?? null,
          notes: body.notes,
          updatedAt: new Date(),
        })
        .where(eq(po.id, id));
      await writeLines(tx, id, row.factoryId, body);
      await recordAudit(tx, { actor: p.userName, action: "inventory.po.update", subject: `purchaseOrder:${id}` });
      return getPurchaseOrder(tx, p, id);
    })
    .catch(numberTaken);

/**
 * POST /:id/receive: in one transaction, with the order locked, a receipt row (keyed by the
 * Idempotency-Key), a ledger receipt and the new average cost per line, the lines' received
 * amounts and the status. More than a line's outstanding amount is refused and nothing is written.
 * A repeat of the key answers the first receipt again and writes nothing.
 */
export const receivePurchaseOrder = async (
  db: HubDb,
  p: Principal,
  id: number,
  body: ReceiveBody,
  idempotencyKey: string | undefined,
): Promise<{ receiptId: number; replayed: boolean; purchaseOrder: TPoDetail }> =>
  db.transaction(async (tx) => {
    const row = await getRow(tx, p, id, true);
    const r = schema.poReceipts;
    if (idempotencyKey) {
      const [seen] = await tx
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.poId, id), eq(r.idempotencyKey, idempotencyKey)));
      if (seen) return { receiptId: seen.id, replayed: true, purchaseOrder: await getPurchaseOrder(tx, p, id) };
    }
    if (!ALLOWED[row.status].includes("received")) throw notNow(row, "receive goods");
    const lines = await tx
      .select({
        id: ln.id,
        lineNo: ln.lineNo,
        fabricId: ln.fabricId,
        partId: ln.partId,
        unitCostCents: ln.unitCostCents,
        outstanding: sql<string>`(${ln.quantity} - ${ln.receivedAmt} - ${ln.cancelledAmt})::text`,
      })
      .from(ln)
      .where(
        and(
          eq(ln.poId, id),
          inArray(
            ln.id,
            body.lines.map((l) => l.lineId),
          ),
        ),
      );
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const [n, want] of body.lines.entries()) {
      const line = byId.get(want.lineId);
      if (!line)
        throw badRequest(`Line ${want.lineId} is not a line of ${row.number}.`, {
          [`lines.${n}.lineId`]: "Unknown line",
        });
      const [fit] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`select ${want.receivedAmt}::numeric <= ${line.outstanding}::numeric as ok`),
      );
      if (!(fit?.ok === true || fit?.ok === "t"))
        throw badRequest(`Line ${line.lineNo} has only ${line.outstanding} outstanding.`, {
          [`lines.${n}.receivedAmt`]: `At most ${line.outstanding}`,
        });
    }
    const [receipt] = await tx
      .insert(r)
      .values({ poId: id, idempotencyKey: idempotencyKey ?? null, actorId: p.userId || null, actorName: p.userName })
      .returning({ id: r.id });
    if (!receipt) throw new Error("receipt insert returned nothing");
    const materials = await getMaterials(
      tx,
      row.factoryId,
      lines.map((l) => {
        const m = materialOf(l);
        return { ...m, field: "lines" };
      }),
    );
    for (const want of body.lines) {
      const line = byId.get(want.lineId);
      if (!line) continue;
      const ref = materialOf(line);
      const m = materials.get(`${ref.kind}:${ref.id}`);
      if (!m) throw new Error("material vanished");
      await receiveIntoStock(tx, p, m, {
        quantity: want.receivedAmt,
        unitCostCents: line.unitCostCents,
        poLineId: line.id,
        receiptId: receipt.id,
      });
      await tx
        .update(ln)
        .set({ receivedAmt: sql`${ln.receivedAmt} + ${want.receivedAmt}::numeric` })
        .where(eq(ln.id, line.id));
    }
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ln)
      .where(and(eq(ln.poId, id), sql`${ln.receivedAmt} + ${ln.cancelledAmt} < ${ln.quantity}`));
    await transitionPurchaseOrder(tx, p, row, Number(left?.n ?? 0) === 0 ? "received" : "partially_received");
    await recordAudit(tx, {
      actor: p.userName,
      action: "inventory.po.receive",
      subject: `purchaseOrder:${id}`,
      detail: { receiptId: receipt.id, lines: body.lines },
    });
    return { receiptId: receipt.id, replayed: false, purchaseOrder: await getPurchaseOrder(tx, p, id) };
  });

/** POST /:id/close: the rest of every line is cancelled; only after something was received. */
export const closePurchaseOrder = async (db: HubDb, p: Principal, id: number, reason: string | null) =>
  db.transaction(async (tx) => {
    const row = await getRow(tx, p, id, true);
    await transitionPurchaseOrder(tx, p, row, "closed", reason);
    await tx
      .update(ln)
      .set({ cancelledAmt: sql`${ln.quantity} - ${ln.receivedAmt}` })
      .where(eq(ln.poId, id));
    await recordAudit(tx, { actor: p.userName, action: "inventory.po.close", subject: `purchaseOrder:${id}` });
    return getPurchaseOrder(tx, p, id);
  });

/** POST /:id/cancel: only while nothing was received (open). */
export const cancelPurchaseOrder = async (db: HubDb, p: Principal, id: number, reason: string | null) =>
  db.transaction(async (tx) => {
    const row = await getRow(tx, p, id, true);
    await transitionPurchaseOrder(tx, p, row, "cancelled", reason);
    await tx
      .update(ln)
      .set({ cancelledAmt: sql`${ln.quantity} - ${ln.receivedAmt}` })
      .where(eq(ln.poId, id));
    await recordAudit(tx, { actor: p.userName, action: "inventory.po.cancel", subject: `purchaseOrder:${id}` });
    return getPurchaseOrder(tx, p, id);
  });

export const exportPurchaseOrders = async (db: HubDb, p: Principal, q: Query) =>
  (await listPurchaseOrders(db, p, { ...q, page: 0, size: 50_000 })).items;
