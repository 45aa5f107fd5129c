import { USER_TYPES } from "@hub/contracts/access/user-types";
import type { TOrder } from "@hub/contracts/orders/orders";
import { Alert, Button, Card, CardContent, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink, useLocation, useParams } from "react-router";
import { toast } from "react-toastify";
import { PageLoader } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { RecordWorkspace } from "../../../components/record-workspace";
import { ApiError, messageOf } from "../../../lib/api-error";
import { useAuth } from "../../../lib/auth/auth-context";
import { OrderShipments } from "../../shipping/order-shipments";
import { parseOrderId, useChargeOrder, useOrder } from "../api";
import { dateTime, money } from "../format";
import { ORDER_TABS, type OrderTabContext } from "./context";
import { CancelDialog, CompleteDialog, RefundDialog } from "./dialogs";
import { OrderActions, type OrderDialog } from "./order-actions";
import { OrderHeader } from "./order-header";
import { PaymentResult } from "./payment-result";

export { default as CommentsTab } from "./comments-tab";
export { default as CostTab } from "./cost-tab";
export { default as HistoryTab } from "./history-tab";
export { default as IssuesTab } from "./issues-tab";
export { default as LinesTab } from "./lines-tab";
export { default as PaymentsTab } from "./payments-tab";
export { default as UnitsTab } from "./units-tab";

/**
 * Order details (/orders/:orderId/{lines|comments|issues|history|payments|units}; /orders/:orderId
 * opens the lines): the header and its actions, the payment result, the order's fields and
 * shipments, then the tabs (ORDER_TABS), each its own route.
 */
export default function OrderDetailsPage() {
  const id = parseOrderId(useParams().orderId);
  const order = useOrder(id);
  if (id === null) return <OrderNotFound />;
  if (order.isPending) return <PageLoader />;
  if (order.isError)
    return order.error instanceof ApiError && order.error.status === 404 ? (
      <OrderNotFound />
    ) : (
      <Alert severity="error">{messageOf(order.error)}</Alert>
    );
  return <Details order={order.data} />;
}

function OrderNotFound() {
  return (
    <>
      <PageHeader title="Order not found" />
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2 }}>This order does not exist, or it is not one you may see.</Typography>
          <Button component={RouterLink} to="/orders" variant="contained">
            Back to orders
          </Button>
        </CardContent>
      </Card>
    </>
  );
}

function Details({ order }: { order: TOrder }) {
  // Read once: /orders/:orderId goes on to its first tab without Order Entry's "placed" state.
  const placedState = useLocation().state as { placed?: boolean } | null;
  const [justPlaced] = useState(() => Boolean(placedState?.placed));
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const charge = useChargeOrder(order.id);
  const chargeAgain = async () => {
    try {
      const after = await charge.mutateAsync(undefined);
      if (after.paymentState === "paid") toast.success(`${money(after.totalCents)} was charged.`);
      else toast.error(after.paymentMessage ?? "The charge did not go through.");
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const { user } = useAuth();
  const type = USER_TYPES.find((t) => t.name === user?.userType);
  // The Cost tab shows costs and margins: facility users and internal admins only.
  const seesCost = Boolean(type?.isInternal || type?.isFacility);
  const tabs = ORDER_TABS.filter((t) => t.path !== "cost" || seesCost).map((t) =>
    t.path === "lines" ? { ...t, label: `Lines (${order.items.length})` } : t,
  );
  const context: OrderTabContext = { order };

  return (
    <RecordWorkspace
      label="Order"
      title={`Order ${order.orderNumber}`}
      subtitle={`${order.clientName} · placed ${dateTime(order.placedAt)} by ${order.placedBy}`}
      actions={<OrderActions order={order} onOpen={setDialog} />}
      tabs={tabs}
      context={context}
      framed
      lead={
        <>
          <PaymentResult order={order} justPlaced={justPlaced} onCharge={chargeAgain} charging={charge.isPending} />
          <OrderHeader order={order} />
          <OrderShipments orderId={order.id} />
          {dialog === "complete" ? <CompleteDialog order={order} onClose={() => setDialog(null)} /> : null}
          {dialog === "cancel" ? <CancelDialog order={order} onClose={() => setDialog(null)} /> : null}
          {dialog === "refund" ? <RefundDialog order={order} onClose={() => setDialog(null)} /> : null}
        </>
      }
    />
  );
}
