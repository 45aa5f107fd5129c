import type { TItemStatus, TOrderSource, TOrderStatus, TPaymentState } from "@hub/contracts/orders/orders";
import { Chip } from "@mui/material";

export { money } from "../library/resources/format";

export const STATUS_LABELS: Record<TOrderStatus, string> = {
  placed: "Placed",
  in_production: "In production",
  partially_shipped: "Partially shipped",
  shipped: "Shipped",
  completed: "Completed",
  cancelled: "Cancelled",
};
const STATUS_COLOURS: Record<TOrderStatus, "default" | "info" | "success" | "error"> = {
  placed: "info",
  in_production: "default",
  partially_shipped: "info",
  shipped: "success",
  completed: "success",
  cancelled: "error",
};
export const PAYMENT_LABELS: Record<TPaymentState, string> = {
  unpaid: "Unpaid",
  pending: "Charging",
  paid: "Paid",
  failed: "Payment failed",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
};
const PAYMENT_COLOURS: Record<TPaymentState, "default" | "warning" | "success" | "error" | "info"> = {
  unpaid: "warning",
  pending: "info",
  paid: "success",
  failed: "error",
  partially_refunded: "info",
  refunded: "default",
};
export const SOURCE_LABELS: Record<TOrderSource, string> = {
  entry: "Order entry",
  web: "Web (store)",
  portal: "Portal",
  import: "Import",
  remake: "Remake (return)",
};
/** A line's production state, until the floor exists: "Not started" while it is open. */
export const ITEM_STATUS_LABELS: Record<TItemStatus, string> = {
  open: "Not started",
  in_production: "In production",
  partially_shipped: "Partially shipped",
  shipped: "Shipped",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const StatusChip = ({ status }: { status: TOrderStatus }) => (
  <Chip size="small" label={STATUS_LABELS[status]} color={STATUS_COLOURS[status]} data-testid="order-status" />
);
export const PaymentChip = ({ state }: { state: TPaymentState }) => (
  <Chip
    size="small"
    variant="outlined"
    label={PAYMENT_LABELS[state]}
    color={PAYMENT_COLOURS[state]}
    data-testid="payment-state"
  />
);

export const dateTime = (iso: string) => new Date(iso).toLocaleString();
export const date = (iso: string) => new Date(iso).toLocaleDateString();

/** An address on a few lines, for a header or a picker: the Hub's one address formatter. */
export { addressLines } from "@hub/contracts/common/address";
