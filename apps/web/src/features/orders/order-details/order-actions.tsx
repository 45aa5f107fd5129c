import { USER_TYPES } from "@hub/contracts/access/user-types";
import { orderCompletable, type TOrder } from "@hub/contracts/orders/orders";
import { orderHasShipped } from "@hub/contracts/returns/returns";
import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../../lib/auth/auth-context";
import { OrderDocuments } from "../documents";
import { ReleaseButton } from "../order-units";
import { isOpen, refundable } from "./context";

export type OrderDialog = "complete" | "cancel" | "refund";

/** The header's actions: documents, release, return, edit lines, refund, complete and cancel, each when it applies. */
export function OrderActions({ order, onOpen }: { order: TOrder; onOpen: (dialog: OrderDialog) => void }) {
  const editable = order.status === "placed" && order.items.some((i) => i.status === "open");
  // Completing is the factory's (or an internal admin's), once every line has shipped or was cancelled.
  const { user } = useAuth();
  const type = USER_TYPES.find((t) => t.name === user?.userType);
  const canComplete = Boolean(type?.isInternal || type?.isFacility) && orderCompletable(order);
  return (
    <>
      <OrderDocuments orderId={order.id} orderNumber={order.orderNumber} />
      <ReleaseButton order={order} />
      {orderHasShipped(order.status) ? (
        <Button component={RouterLink} to={`/returns/new?orderId=${order.id}`}>
          Return items
        </Button>
      ) : null}
      {editable ? (
        <Button component={RouterLink} to={`/orders/${order.id}/itemEdit`}>
          Edit lines
        </Button>
      ) : null}
      {refundable(order) > 0 ? <Button onClick={() => onOpen("refund")}>Refund part</Button> : null}
      {canComplete ? (
        <Button variant="outlined" onClick={() => onOpen("complete")}>
          Complete
        </Button>
      ) : null}
      {isOpen(order) ? (
        <Button variant="outlined" color="error" onClick={() => onOpen("cancel")}>
          Cancel order
        </Button>
      ) : null}
    </>
  );
}
