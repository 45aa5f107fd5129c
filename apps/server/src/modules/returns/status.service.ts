import { randomUUID } from "node:crypto";
import type { TReturn, TReturnRefundRequest, TReturnStatus } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { and, asc, eq, sql } from "drizzle-orm";
import { conflict, HttpError, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { type OrderDeps, placeRemakeOrder, refund } from "../orders/orders.service";
import { detailOf } from "./read.service";
import { lockOrder, lockReturn, o, oi, r, returnRowFor, rl } from "./returns-rows";
import { checkReturnTransition, transitionReturn } from "./state";

/** A return's life: receive, refund (through the orders' refund path), remake, cancel. */

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
