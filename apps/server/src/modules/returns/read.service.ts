import type {
  TReturn,
  TReturnable,
  TReturnListItem,
  TReturnListQuery,
  TReturnReason,
  TReturnStatus,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { and, asc, count, eq, gt, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../platform/errors";
import { dateRange, type KeysetPage, orderByFor, searchStored } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import { tenantScope } from "../../platform/tenant-scope";
import { orderRowFor } from "../orders/orders.service";
import {
  alreadyReturned,
  iso,
  o,
  oi,
  r,
  returnRowFor,
  returnValueOf,
  rh,
  rl,
  shippedPieces,
  unitValue,
} from "./returns-rows";

/** Reading returns: one return, the list and its CSV, and what an order has left to return. */

const listColumns = {
  id: r.id,
  rmaNumber: r.rmaNumber,
  orderId: r.orderId,
  orderNumber: r.orderNumber,
  clientId: r.clientId,
  clientName: r.clientName,
  status: r.status,
  reasonCode: r.reasonCode,
  // Qualified: drizzle leaves columns bare when a query reads one table, and a bare "id" in the
  // subquery would be the return line's.
  quantity: sql<number>`coalesce((select sum(${col(rl.quantity)}) from ${rl} where ${col(rl.returnId)} = ${col(r.id)}), 0)::int`,
  refundedCents: r.refundedCents,
  remakeOrderId: r.remakeOrderId,
  requestedBy: r.requestedBy,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
};
type ListRow = { [K in keyof typeof listColumns]: unknown } & {
  createdAt: Date;
  updatedAt: Date;
  status: string;
  reasonCode: string;
};

const toListItem = (x: ListRow): TReturnListItem => ({
  ...(x as unknown as TReturnListItem),
  status: x.status as TReturnStatus,
  reasonCode: x.reasonCode as TReturnReason,
  createdAt: iso(x.createdAt),
  updatedAt: iso(x.updatedAt),
});

export const detailOf = async (db: HubDb, id: number): Promise<TReturn> => {
  const [row] = await db.select(listColumns).from(r).where(eq(r.id, id));
  const [ret] = await db.select().from(r).where(eq(r.id, id));
  if (!row || !ret) throw notFound("That return");
  const [order] = await db.select().from(o).where(eq(o.id, ret.orderId));
  if (!order) throw notFound("That order");
  const lines = await db
    .select({
      id: rl.id,
      itemId: rl.itemId,
      lineNumber: oi.lineNumber,
      sku: oi.sku,
      styleCode: oi.styleCode,
      styleName: oi.styleName,
      quantity: rl.quantity,
      unitValueCents: rl.unitValueCents,
    })
    .from(rl)
    .innerJoin(oi, eq(oi.id, rl.itemId))
    .where(eq(rl.returnId, id))
    .orderBy(asc(oi.lineNumber));
  const history = await db.select().from(rh).where(eq(rh.returnId, id)).orderBy(asc(rh.id));
  let remakeOrderNumber: string | null = null;
  if (ret.remakeOrderId !== null) {
    const [remade] = await db.select({ n: o.orderNumber }).from(o).where(eq(o.id, ret.remakeOrderId));
    remakeOrderNumber = remade?.n ?? null;
  }
  const gross = lines.reduce((s, l) => s + l.quantity * l.unitValueCents, 0);
  const valueCents = returnValueOf(gross, order);
  const orderRefundableCents = Math.max(0, order.chargedCents - order.refundedCents);
  return {
    ...toListItem(row as ListRow),
    note: ret.note,
    remakeOrderNumber,
    lines: lines.map((l) => ({ ...l, valueCents: l.quantity * l.unitValueCents })),
    valueCents,
    orderRefundableCents,
    refundCapCents: ret.status === "received" ? Math.min(valueCents, orderRefundableCents) : 0,
    history: history.map((x) => ({
      id: x.id,
      fromStatus: x.fromStatus,
      toStatus: x.toStatus,
      reason: x.reason,
      actor: x.actor,
      at: iso(x.at),
    })),
  };
};

export const getReturn = async (db: HubDb, p: Principal, id: number): Promise<TReturn> => {
  await returnRowFor(db, p, id);
  return detailOf(db, id);
};

const listWhere = (p: Principal, q: TReturnListQuery): SQL | undefined => {
  return and(
    tenantScope(p, { clientId: r.clientId }),
    searchStored(q.searchString, r.searchText),
    q.status ? eq(r.status, q.status) : undefined,
    q.clientId ? eq(r.clientId, q.clientId) : undefined,
    q.orderId ? eq(r.orderId, q.orderId) : undefined,
    dateRange(r.createdAt, q.from, q.to),
  );
};

const SORTABLE = {
  rmaNumber: r.id,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  orderNumber: r.orderId,
  clientName: r.clientName,
  status: r.status,
  reasonCode: r.reasonCode,
  refundedCents: r.refundedCents,
};

export const listReturns = async (db: HubDb, p: Principal, q: TReturnListQuery) => {
  const where = listWhere(p, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(r)
      .where(where)
      .orderBy(...orderByFor(q.sort, SORTABLE, ["createdAt", "desc"], r.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(r).where(where),
  ]);
  return { items: rows.map((x) => toListItem(x as ListRow)), total: total?.n ?? 0, page: q.page, size: q.size };
};

export const RETURN_CSV_HEADER = [
  "rmaNumber",
  "createdAt",
  "orderNumber",
  "client",
  "status",
  "reasonCode",
  "quantity",
  "refundedCents",
  "requestedBy",
];

/** Every return of the filter (no paging), for the CSV export. */
export const exportReturns = async (db: HubDb, p: Principal, q: TReturnListQuery): Promise<unknown[][]> => {
  const rows = await db
    .select(listColumns)
    .from(r)
    .where(listWhere(p, q))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["createdAt", "desc"], r.id))
    .limit(1_000_000);
  return rows.map(returnCsvRow);
};

/** One return as a row of the CSV export and the Returns report (RETURN_CSV_HEADER's columns). */
type CsvFields =
  | "rmaNumber"
  | "orderNumber"
  | "clientName"
  | "status"
  | "reasonCode"
  | "quantity"
  | "refundedCents"
  | "requestedBy";
const returnCsvRow = (x: Record<CsvFields, unknown> & { createdAt: Date }): unknown[] => [
  x.rmaNumber,
  iso(x.createdAt),
  x.orderNumber,
  x.clientName,
  x.status,
  x.reasonCode,
  x.quantity,
  x.refundedCents,
  x.requestedBy,
];

/** The Returns report (Report Downloads): the list's returns for the caller and filter, by id after `after`. */
export const returnReportPage = async (
  db: HubDb,
  p: Principal,
  q: TReturnListQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await db
    .select(listColumns)
    .from(r)
    .where(and(listWhere(p, q), gt(r.id, after)))
    .orderBy(asc(r.id))
    .limit(limit);
  return { rows: rows.map(returnCsvRow), last: rows.at(-1)?.id ?? null };
};

/** GET /returns/returnable?orderId: an order's lines with what is left to return of each. */
export const returnableOf = async (db: HubDb, p: Principal, orderId: number): Promise<TReturnable> => {
  const order = await orderRowFor(db, p, orderId);
  const items = await db.select().from(oi).where(eq(oi.orderId, order.id)).orderBy(asc(oi.lineNumber));
  const returned = await alreadyReturned(db, order.id);
  const shipped = await shippedPieces(db, items);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    clientName: order.clientName,
    lines: items.map((item) => {
      const already = returned.get(item.id) ?? 0;
      const out = shipped.get(item.id) ?? 0;
      return {
        itemId: item.id,
        lineNumber: item.lineNumber,
        sku: item.sku,
        styleName: item.styleName,
        status: item.status,
        ordered: item.quantity,
        shipped: out,
        alreadyReturned: already,
        returnable: item.status === "cancelled" || order.status === "cancelled" ? 0 : Math.max(0, out - already),
        unitValueCents: unitValue(item),
      };
    }),
  };
};
