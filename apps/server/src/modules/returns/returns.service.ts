import { randomUUID } from "node:crypto";
import {
  RETURN_MESSAGES,
  type TCreateReturnRequest,
  type TReturn,
  type TReturnable,
  type TReturnListItem,
  type TReturnListQuery,
  type TReturnReason,
  type TReturnRefundRequest,
  type TReturnStatus,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { conflict, HttpError, notFound } from "../../platform/errors";
import { dateRange, orderByFor, searchStored } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { col } from "../../platform/resource/resource";
import {
  type ItemRow,
  type OrderDeps,
  type OrderRow,
  orderRowFor,
  placeRemakeOrder,
  refund,
} from "../orders/orders.service";
import { clientScope } from "../orders/scope";
import { checkReturnTransition, transitionReturn } from "./state";

/** Returns (RMA, issue 10). The model: docs/adr/0003-orders.md, "Returns". */

const r = schema.returns;
const rl = schema.returnLines;
const rh = schema.returnStatusHistory;
const o = schema.orders;
const oi = schema.orderItems;

type ReturnRow = typeof r.$inferSelect;

const iso = (d: Date) => d.toISOString();

/** The return row a caller may see; 404 otherwise (another tenant's return is not found). */
const returnRowFor = async (db: HubDb | HubTx, p: Principal, id: number): Promise<ReturnRow> => {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.id, id), clientScope(p, r.clientId)));
  if (!row) throw notFound("That return");
  return row;
};

const lockReturn = async (tx: HubTx, id: number): Promise<ReturnRow> => {
  const [row] = await tx.select().from(r).where(eq(r.id, id)).for("update");
  if (!row) throw notFound("That return");
  return row;
};

const lockOrder = async (tx: HubTx, id: number): Promise<OrderRow> => {
  const [row] = await tx.select().from(o).where(eq(o.id, id)).for("update");
  if (!row) throw notFound("That order");
  return row;
};

/** How many of each line of an order are on returns that are not cancelled (optionally leaving one out). */
const alreadyReturned = async (db: HubDb | HubTx, orderId: number): Promise<Map<number, number>> => {
  const rows = await db
    .select({ itemId: rl.itemId, n: sql<number>`sum(${rl.quantity})::int` })
    .from(rl)
    .innerJoin(r, eq(r.id, rl.returnId))
    .where(and(eq(r.orderId, orderId), ne(r.status, "cancelled")))
    .groupBy(rl.itemId);
  return new Map(rows.map((x) => [x.itemId, x.n]));
};

/**
 * How many pieces of each line of an order have shipped: only those can come back. A unit that
 * shipped is never recut (a recut starts from an earlier state), so shipped units are pieces. A
 * line the floor never made units for (history from before the floor, as in the demo's order book)
 * counts as shipped in full once it is shipped or completed.
 */
const shippedPieces = async (db: HubDb | HubTx, items: readonly ItemRow[]): Promise<Map<number, number>> => {
  const u = schema.floorUnits;
  const orderIds = [...new Set(items.map((i) => i.orderId))];
  const rows =
    orderIds.length === 0
      ? []
      : await db
          .select({
            itemId: u.itemId,
            units: sql<number>`count(*)::int`,
            shipped: sql<number>`(count(*) filter (where ${u.status} = 'shipped'))::int`,
          })
          .from(u)
          .where(inArray(u.orderId, orderIds))
          .groupBy(u.itemId);
  const byItem = new Map(rows.map((x) => [x.itemId, x] as const));
  return new Map(
    items.map((item) => {
      const made = byItem.get(item.id);
      if (made) return [item.id, made.shipped] as const;
      return [item.id, item.status === "shipped" || item.status === "completed" ? item.quantity : 0] as const;
    }),
  );
};

const unitValue = (item: Pick<ItemRow, "unitPriceCents" | "upchargeCents">) => item.unitPriceCents + item.upchargeCents;

/**
 * The value of returned lines: Σ quantity × (unit price + upcharge), less their share of the
 * order's discount (floor of the share, so the rounding is in the client's favour). BigInt: a
 * share of a large order would pass 2^53.
 */
export const returnValueOf = (gross: number, order: Pick<OrderRow, "subtotalCents" | "discountCents">): number => {
  if (order.subtotalCents <= 0 || order.discountCents <= 0) return gross;
  const share = (BigInt(gross) * BigInt(order.discountCents)) / BigInt(order.subtotalCents);
  return Math.max(0, gross - Number(share));
};

/* ---------- reading ---------- */

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

const detailOf = async (db: HubDb, id: number): Promise<TReturn> => {
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
    clientScope(p, r.clientId),
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
  return rows.map((x) => [
    x.rmaNumber,
    iso(x.createdAt),
    x.orderNumber,
    x.clientName,
    x.status,
    x.reasonCode,
    x.quantity,
    x.refundedCents,
    x.requestedBy,
  ]);
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

/* ---------- createReturn ---------- */

/**
 * POST /returns (returns/createReturn): chosen lines and quantities of one order the caller sees.
 * Only shipped pieces come back: an order with nothing shipped is a 409; under the order's row lock
 * (two returns of one order are counted one after the other), each line must be on the order, not
 * cancelled, and at most what has shipped minus what other returns (not cancelled) already take;
 * every refusal names its line and nothing is written.
 */
export const createReturn = async (db: HubDb, p: Principal, body: TCreateReturnRequest): Promise<TReturn> => {
  const visible = await orderRowFor(db, p, body.orderId);
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, visible.id);
    if (order.status === "cancelled")
      throw conflict(`Order ${order.orderNumber} is cancelled, so nothing on it can be returned.`, {
        orderId: `Order ${order.orderNumber} is cancelled`,
      });
    const rows = await tx.select().from(oi).where(eq(oi.orderId, order.id));
    const items = new Map(rows.map((item) => [item.id, item] as const));
    const shipped = await shippedPieces(tx, rows);
    if (![...shipped.values()].some((n) => n > 0))
      throw conflict(RETURN_MESSAGES.nothingShipped(order.orderNumber), {
        orderId: `Nothing on order ${order.orderNumber} has shipped yet`,
      });
    const returned = await alreadyReturned(tx, order.id);
    const fields: Record<string, string> = {};
    const messages: string[] = [];
    const seen = new Set<number>();
    const refuse = (i: number, field: "itemId" | "quantity", message: string, who: string) => {
      fields[`lines.${i}.${field}`] = message;
      messages.push(`${who}: ${message}`);
    };
    for (const [i, line] of body.lines.entries()) {
      const item = items.get(line.itemId);
      if (!item) {
        refuse(i, "itemId", `Not a line of order ${order.orderNumber}.`, `Line ${i + 1}`);
        continue;
      }
      const who = `Line ${item.lineNumber} (${item.sku})`;
      if (seen.has(item.id)) refuse(i, "itemId", "This line is already in the return.", who);
      else if (item.status === "cancelled")
        refuse(i, "itemId", "This line was cancelled, so it cannot be returned.", who);
      else {
        seen.add(item.id);
        const already = returned.get(item.id) ?? 0;
        const out = shipped.get(item.id) ?? 0;
        const left = out - already;
        if (line.quantity > left)
          refuse(
            i,
            "quantity",
            out === 0
              ? RETURN_MESSAGES.lineNotShipped
              : left <= 0
                ? `Nothing is left to return (${out} shipped, ${already} already returned).`
                : `At most ${left} can be returned (${out} shipped, ${already} already returned).`,
            who,
          );
      }
    }
    if (messages.length > 0)
      throw new HttpError(
        400,
        "VALIDATION",
        messages.length === 1
          ? (messages[0] as string)
          : `${messages.length} lines cannot be returned: ${messages.join(" ")}`,
        fields,
      );
    const [ret] = await tx
      .insert(r)
      .values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        clientId: order.clientId,
        clientName: order.clientName,
        factoryId: order.factoryId,
        reasonCode: body.reasonCode,
        note: body.note ?? null,
        requestedBy: p.userName,
      })
      .returning({ id: r.id });
    if (!ret) throw new Error("return insert failed");
    await tx.insert(rl).values(
      body.lines.map((line) => {
        const item = items.get(line.itemId) as ItemRow;
        return { returnId: ret.id, itemId: item.id, quantity: line.quantity, unitValueCents: unitValue(item) };
      }),
    );
    await tx.insert(rh).values({
      returnId: ret.id,
      fromStatus: null,
      toStatus: "requested",
      reason: body.note ?? null,
      actor: p.userName,
    });
    return ret.id;
  });
  return detailOf(db, id);
};

/* ---------- status changes ---------- */

const simpleMove = async (db: HubDb, p: Principal, id: number, to: TReturnStatus, reason: string | null) => {
  await returnRowFor(db, p, id);
  await db.transaction(async (tx) => transitionReturn(tx, await lockReturn(tx, id), to, p.userName, reason));
  return detailOf(db, id);
};

/** POST /returns/:id/receive: the goods came back (requested → received). */
export const receiveReturn = (db: HubDb, p: Principal, id: number, reason: string | null) =>
  simpleMove(db, p, id, "received", reason);

/** POST /returns/:id/cancel: withdrawn before anything came back (requested → cancelled). */
export const cancelReturn = (db: HubDb, p: Principal, id: number, reason: string | null) =>
  simpleMove(db, p, id, "cancelled", reason);

/**
 * POST /returns/:id/remake (received → remade): in one transaction, a new order of the returned
 * lines and quantities at zero price, placed through the orders service (source "remake", linked
 * from the return), and the return's transition.
 */
export const remakeReturn = async (db: HubDb, p: Principal, id: number, reason: string | null) => {
  await returnRowFor(db, p, id);
  await db.transaction(async (tx) => {
    const ret = await lockReturn(tx, id);
    checkReturnTransition(ret, "remade");
    const order = await lockOrder(tx, ret.orderId);
    const lines = await tx
      .select({ item: oi, quantity: rl.quantity })
      .from(rl)
      .innerJoin(oi, eq(oi.id, rl.itemId))
      .where(eq(rl.returnId, ret.id))
      .orderBy(asc(oi.lineNumber));
    const why = `Remake of ${order.orderNumber} for return ${ret.rmaNumber}`;
    const remade = await placeRemakeOrder(tx, order, lines, { actor: p.userName, reason: why });
    await transitionReturn(tx, ret, "remade", p.userName, reason ?? `Remade as ${remade.orderNumber}`, {
      remakeOrderId: remade.id,
    });
  });
  return detailOf(db, id);
};

/**
 * POST /returns/:id/refund (received → refunded): refunds the returned lines' value (or a smaller
 * amount) through the orders' refund path (billing adapter, ledger, order payment state), capped at
 * min(value, what the order has left to refund). Once per return: the first request claims the
 * refund (its billing key and amount are stored on the return), so a retry, a double click or a
 * concurrent request reuses that key and the adapter answers the first ledger entry without moving
 * money again. A repeat of a finished refund with the same Idempotency-Key answers the return.
 */
export const refundReturn = async (
  deps: OrderDeps,
  p: Principal,
  id: number,
  body: TReturnRefundRequest,
  idempotencyKey: string | undefined,
): Promise<TReturn> => {
  const { db } = deps;
  const row = await returnRowFor(db, p, id);
  const headerKey = idempotencyKey ? `return-${row.id}-${idempotencyKey}` : undefined;
  if (row.status === "refunded" && headerKey !== undefined && row.refundKey === headerKey) return detailOf(db, id);
  checkReturnTransition(row, "refunded");
  const detail = await detailOf(db, id);
  let key = row.refundKey;
  let amount = row.refundAmountCents;
  if (key === null || amount === null) {
    const cap = detail.refundCapCents;
    amount = body.amountCents ?? cap;
    if (cap <= 0)
      throw conflict(
        `Nothing is left to refund for return ${row.rmaNumber}: order ${row.orderNumber} has ${detail.orderRefundableCents} cents charged and not refunded.`,
        { amountCents: "Nothing to refund" },
      );
    if (amount > cap)
      throw conflict(`At most ${cap} cents can be refunded for return ${row.rmaNumber}.`, {
        amountCents: `At most ${cap} cents`,
      });
    const wanted = headerKey ?? `return-${row.id}-${randomUUID()}`;
    const [claimed] = await db
      .update(r)
      .set({ refundKey: wanted, refundAmountCents: amount, updatedAt: new Date() })
      .where(and(eq(r.id, row.id), eq(r.status, "received"), sql`${r.refundKey} is null`))
      .returning({ key: r.refundKey, amount: r.refundAmountCents });
    if (claimed) {
      key = wanted;
    } else {
      // Someone else claimed it meanwhile: finish their refund (same key: no money moves twice).
      const [now] = await db.select().from(r).where(eq(r.id, row.id));
      if (!now?.refundKey || now.refundAmountCents === null) {
        if (now) checkReturnTransition(now, "refunded");
        throw conflict(`Return ${row.rmaNumber} changed meanwhile; try again.`);
      }
      key = now.refundKey;
      amount = now.refundAmountCents;
    }
  }
  const [order] = await db.select().from(o).where(eq(o.id, row.orderId));
  if (!order) throw notFound("That order");
  try {
    await refund(deps, p, order, amount, key, `return ${row.rmaNumber}`);
  } catch (error) {
    // A refused or failed refund moved no money: release the claim so a new attempt gets a new key.
    if (error instanceof HttpError)
      await db
        .update(r)
        .set({ refundKey: null, refundAmountCents: null })
        .where(and(eq(r.id, row.id), eq(r.refundKey, key), eq(r.status, "received")));
    throw error;
  }
  const finalAmount = amount;
  await db.transaction(async (tx) => {
    const ret = await lockReturn(tx, id);
    if (ret.status === "refunded") return; // a concurrent request with the same claim finished first
    await transitionReturn(tx, ret, "refunded", p.userName, body.reason ?? `Refunded ${finalAmount} cents`, {
      refundedCents: finalAmount,
    });
  });
  return detailOf(db, id);
};
