import type { TOrder } from "@hub/contracts/orders/orders";
import { Alert, Button } from "@mui/material";
import { money } from "../format";
import { canCharge } from "./context";

/** The payment result: charged, the clear failure with "Charge again", a charge still being made, or invoiced. */
export function PaymentResult({
  order,
  justPlaced,
  onCharge,
  charging,
}: {
  order: TOrder;
  justPlaced: boolean;
  onCharge: () => void;
  charging: boolean;
}) {
  const action = canCharge(order) ? (
    <Button color="inherit" size="small" onClick={onCharge} loading={charging}>
      Charge again
    </Button>
  ) : undefined;
  if (order.paymentState === "failed")
    return (
      <Alert severity="error" sx={{ mb: 2 }} action={action} data-testid="payment-result">
        {order.paymentMessage ?? "The charge of the order failed."}
      </Alert>
    );
  // A charge cut off (a crash, a provider that did not answer): resumed with its own key, never made twice.
  if (order.paymentState === "pending" && order.status !== "cancelled")
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        data-testid="payment-result"
        action={
          order.hasPaymentMethod ? (
            <Button color="inherit" size="small" onClick={onCharge} loading={charging}>
              Check the charge
            </Button>
          ) : undefined
        }
      >
        {order.paymentMessage ??
          "The charge is being made with the payment provider. It is checked again within a minute, and never made twice."}
      </Alert>
    );
  if (!justPlaced && !action) return null;
  if (order.paymentState === "paid")
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="payment-result">
        {`Order placed and ${money(order.chargedCents)} charged to the client's payment method.`}
      </Alert>
    );
  return (
    <Alert severity="info" sx={{ mb: 2 }} action={action} data-testid="payment-result">
      {order.paymentMessage ?? (justPlaced ? "Order placed; it is unpaid." : "This order is unpaid.")}
    </Alert>
  );
}
