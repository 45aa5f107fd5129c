import type { TOrder } from "@hub/contracts/orders/orders";
import { useOutletContext } from "react-router";

/** The tabs of an order's details (/orders/:orderId/{tab}); /orders/:orderId opens the first. */
export const ORDER_TABS = [
  { path: "lines", label: "Lines" },
  { path: "comments", label: "Comments" },
  { path: "issues", label: "Issues" },
  { path: "history", label: "History" },
  { path: "payments", label: "Payments" },
  { path: "units", label: "Units" },
  /** Facility users and internal admins only (the page leaves it out for clients). */
  { path: "cost", label: "Cost" },
] as const;

/** What every tab of an order's details gets from the page (react-router's outlet context). */
export type OrderTabContext = { order: TOrder };

/** The order the tab shows, as the page loaded it. */
export const useOrderTab = (): TOrder => useOutletContext<OrderTabContext>().order;

/** Whether an order can still be cancelled: placed or in production. */
export const isOpen = (o: TOrder) => o.status === "placed" || o.status === "in_production";
/** What is left to refund: charged less refunded. */
export const refundable = (o: TOrder) => Math.max(0, o.chargedCents - o.refundedCents);
/** Whether "Charge again" is offered: not cancelled, a payment method on file, unpaid or failed. */
export const canCharge = (o: TOrder) =>
  o.status !== "cancelled" && o.hasPaymentMethod && (o.paymentState === "unpaid" || o.paymentState === "failed");
