import type { TOrderStatus, TPaymentState } from "./orders";

/**
 * Days from placing to an order's due date when it asks for no ship-by date (the floor's due date,
 * `floorDueOf` in packages/db/src/schema/orders.ts, the same number).
 */
export const ORDER_LEAD_DAYS = 14;
/**
 * Orders that need attention (the home page's numbers and the orders list's `attention` filter):
 * - late: its due date (the ship-by date, else placing + ORDER_LEAD_DAYS) is before today (UTC)
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
export const ORDER_LATE_RULE = `Late: the ship-by date (or ${ORDER_LEAD_DAYS} days after placing when none was asked for) has passed and the order has not shipped.`;
/** The statuses of an order that has not shipped yet (late counts among these). */
export const ORDER_NOT_SHIPPED: readonly TOrderStatus[] = ["placed", "in_production", "partially_shipped"];
/** Payment states that still wait for money. */
export const PAYMENT_AWAITING: readonly TPaymentState[] = ["unpaid", "pending", "failed"];
