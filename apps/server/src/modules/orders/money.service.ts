import type { TOrder, TPaymentState } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { conflict, HttpError } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { payOrder } from "./payment.service";
import { getOrder, orderRowFor } from "./read.service";
import { h, type OrderDeps, type OrderRow, o } from "./rows";

const ledger = schema.billingLedger;

/** Charging again (payment.service.ts does the charging) and refunds. */

/**
 * POST /orders/:id/charge: charge again. A failed or unpaid order gets a new attempt; a pending one
 * (a charge cut off by a crash or an unanswered provider) is resumed with its own key, so the
 * provider answers the charge it made rather than making another; a paid one is left as it is.
 */
export const chargeOrder = async (deps: OrderDeps, p: Principal, id: number): Promise<TOrder> => {
  const row = await orderRowFor(deps.db, p, id);
  if (row.status === "cancelled")
    throw conflict(`Order ${row.orderNumber} is cancelled, so it cannot be charged.`, { status: row.status });
  await payOrder(deps, row.id, p.userId || null);
  return getOrder(deps, p, id);
};

const paymentAfterRefund = (charged: number, refunded: number): TPaymentState =>
  refunded >= charged ? "refunded" : "partially_refunded";

/** "$12.50" for the history's text. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Refunds part of what was charged (at most what is left), through the billing adapter, and moves
 * the order's payment state. Returns (RMA) refund through this too. The order's status history gets
 * a row (status unchanged) saying who refunded how much and why, so the order's history explains
 * its payment state; a replay of the same key (the adapter answers the first entry) writes none.
 */
export const refund = async (
  deps: OrderDeps,
  p: Principal,
  row: OrderRow,
  amountCents: number,
  key: string,
  why: string | null,
) => {
  const { entry, replayed } = await deps.billing.refund(
    { clientId: row.clientId, clientName: row.clientName },
    {
      clientId: row.clientId,
      orderId: row.orderNumber,
      amountCents,
      actorUserId: p.userId || null,
      idempotencyKey: key,
    },
  );
  if (entry.status !== "succeeded")
    throw new HttpError(402, "BAD_REQUEST", entry.failureMessage ?? "The refund failed.");
  const ledger = await deps.billing.ledger(row.clientId, row.orderNumber);
  const sum = (kind: "charge" | "refund") =>
    ledger.filter((e) => e.kind === kind && e.status === "succeeded").reduce((s, e) => s + e.amountCents, 0);
  const charged = sum("charge");
  const refunded = sum("refund");
  await deps.db.transaction(async (tx) => {
    await tx
      .update(o)
      .set({ refundedCents: refunded, paymentState: paymentAfterRefund(charged, refunded), updatedAt: new Date() })
      .where(eq(o.id, row.id));
    if (!replayed)
      await tx.insert(h).values({
        orderId: row.id,
        fromStatus: row.status,
        toStatus: row.status,
        reason: `Refunded ${dollars(entry.amountCents)}${why ? `: ${why}` : ""}`,
        actor: p.userName,
      });
  });
};

export const refundOrder = async (
  deps: OrderDeps,
  p: Principal,
  id: number,
  amountCents: number,
  reason: string | null,
  idempotencyKey: string | undefined,
): Promise<TOrder> => {
  const row = await orderRowFor(deps.db, p, id);
  const left = row.chargedCents - row.refundedCents;
  // A retry of a refund that went through (same Idempotency-Key, this order) is answered by the
  // billing adapter's replay, not refused by the cap its own refund has used up.
  const retry =
    idempotencyKey !== undefined &&
    (
      await deps.db
        .select({ id: ledger.id })
        .from(ledger)
        .where(
          and(
            eq(ledger.clientId, row.clientId),
            eq(ledger.kind, "refund"),
            eq(ledger.idempotencyKey, idempotencyKey),
            eq(ledger.orderId, row.orderNumber),
          ),
        )
        .limit(1)
    ).length > 0;
  if (!retry && amountCents > left)
    throw conflict(`At most ${left} cents can be refunded for order ${row.orderNumber}.`, {
      amountCents: `At most ${left} cents`,
    });
  await refund(
    deps,
    p,
    row,
    amountCents,
    idempotencyKey ?? `order-${row.id}-refund-${row.refundedCents}-${amountCents}`,
    reason,
  );
  return getOrder(deps, p, id);
};
