import type { TOrderStatus, TPaymentState } from "./orders";

/**
 * Orders that need attention (the home page's numbers and the orders list's `attention` filter):
 * - late: its due date (`orders.due_date`: the ship-by date, else the facility's lead time in working
 *   days after placing, Factory Config) is before today (UTC)
 *   and it has not shipped: placed, in production or partially shipped;
 * - awaitingPayment: unpaid, pending or failed, and not cancelled.
 */
export const ORDER_ATTENTION = ["late", "awaitingPayment"] as const;
export type TOrderAttention = (typeof ORDER_ATTENTION)[number];
export const ORDER_ATTENTION_LABELS: Record<TOrderAttention, string> = {
  late: "Late",
  awaitingPayment: "Awaiting payment",
};
/** What "late" means, said once for every screen that shows it. */
export const ORDER_LATE_RULE =
  "Late: the ship-by date (or, when none was asked for, the facility's lead time in working days after placing) has passed and the order has not shipped.";
/** The statuses of an order that has not shipped yet (late counts among these). */
export const ORDER_NOT_SHIPPED: readonly TOrderStatus[] = ["placed", "in_production", "partially_shipped"];
/** Payment states that still wait for money. */
export const PAYMENT_AWAITING: readonly TPaymentState[] = ["unpaid", "pending", "failed"];
