import { PLATFORM_ORDER_MESSAGES, PLATFORM_PUSH_LABELS, type TOrder } from "@hub/contracts";
import { Button, Stack, Typography } from "@mui/material";
import { toast } from "react-toastify";
import { messageOf } from "../../../lib/api-error";
import { useRedoPlatformOrder } from "../api";
import { dateTime } from "../format";

/**
 * The order's copy on its client's shipping platform (spec 7, "redo shipping-platform order"):
 * whether it was sent, as which platform order and when, or why not; "Redo shipping-platform
 * order" sends it again now (the platform keeps one copy per order, so a repeat only updates it).
 */
export function ShippingPlatformField({ order }: { order: TOrder }) {
  const redo = useRedoPlatformOrder(order.id);
  const p = order.shippingPlatform;
  if (!p) return null;
  const state = p.state === null ? "Not sent yet" : PLATFORM_PUSH_LABELS[p.state];
  return (
    <Stack spacing={0.5} data-testid="shipping-platform">
      <Typography variant="caption" sx={{ color: "text.secondary" }}>
        Shipping platform
      </Typography>
      <Typography component="div">
        {p.state === "sent" && p.platformOrderId
          ? `Sent as order ${p.platformOrderId}${p.sentAt ? ` on ${dateTime(p.sentAt)}` : ""}`
          : state}
      </Typography>
      {p.error && p.state === "failed" ? (
        <Typography variant="body2" sx={{ color: "error.main" }}>
          {p.error}
        </Typography>
      ) : null}
      {p.connected ? (
        <div>
          <Button
            size="small"
            variant="outlined"
            loading={redo.isPending}
            onClick={() =>
              redo.mutate(undefined, {
                onSuccess: (o) =>
                  o.shippingPlatform?.state === "sent"
                    ? toast.success(PLATFORM_ORDER_MESSAGES.redone(o.orderNumber))
                    : toast.error(o.shippingPlatform?.error ?? "The order was not sent to the shipping platform."),
                onError: (e) => toast.error(messageOf(e)),
              })
            }
          >
            Redo shipping-platform order
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
