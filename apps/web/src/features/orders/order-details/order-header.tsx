import { ordersApi } from "@hub/contracts/orders/api";
import type { TOrder } from "@hub/contracts/orders/orders";
import { Box, Card, CardContent, Grid, Link, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { toast } from "react-toastify";
import { pathTo } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { downloadFile } from "../../../lib/transfer";
import { addressLines, dateTime, money, PaymentChip, SOURCE_LABELS, StatusChip } from "../format";
import { ShippingPlatformField } from "./shipping-platform";

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" sx={{ color: "text.secondary" }}>
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

/** What an order is, whatever the tab: client, PO, source, ship-to, dates, status and money. */
export function OrderHeader({ order }: { order: TOrder }) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={1.5}>
              <Field label="Client">{order.clientName}</Field>
              <Field label="PO number">{order.poNumber ?? "—"}</Field>
              {order.poFileId !== null ? (
                <Field label="PO file">
                  <Link
                    component="button"
                    type="button"
                    onClick={() =>
                      downloadFile(
                        pathTo(ordersApi.poFile, { params: { id: order.id } }),
                        order.poFileName ?? `${order.orderNumber}-po`,
                      ).catch((e) => toast.error(messageOf(e)))
                    }
                  >
                    {order.poFileName ?? "Download"}
                  </Link>
                </Field>
              ) : null}
              <Field label="Source">
                {SOURCE_LABELS[order.source]}
                {order.externalOrderId ? ` (${order.externalOrderId})` : ""}
              </Field>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={1.5}>
              <Field label="Ship to">
                {addressLines(order.shipTo).map((l) => (
                  <div key={l}>{l}</div>
                ))}
              </Field>
              {order.customerEmail ? <Field label="Customer email">{order.customerEmail}</Field> : null}
              <Field label="Requested ship date">{order.requestedShipDate ?? "—"}</Field>
              <Field label="Due">{order.dueDate}</Field>
              <Field label="Placed">{dateTime(order.placedAt)}</Field>
              <ShippingPlatformField order={order} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1}>
                <StatusChip status={order.status} />
                <PaymentChip state={order.paymentState} />
              </Stack>
              {order.paymentMessage && order.paymentState !== "failed" ? (
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {order.paymentMessage}
                </Typography>
              ) : null}
              <Field label="Subtotal">{money(order.subtotalCents)}</Field>
              {order.discountCents > 0 ? (
                <Field label={`Discount${order.couponCode ? ` (${order.couponCode})` : ""}`}>
                  {`−${money(order.discountCents)}`}
                </Field>
              ) : null}
              <Field label="Total">
                <strong data-testid="order-total">{money(order.totalCents)}</strong>
              </Field>
              {order.chargedCents > 0 ? (
                <Field label="Charged / refunded">{`${money(order.chargedCents)} / ${money(order.refundedCents)}`}</Field>
              ) : null}
            </Stack>
          </Grid>
          {order.notes ? (
            <Grid size={12}>
              <Field label="Notes">
                <Box sx={{ whiteSpace: "pre-line" }}>{order.notes}</Box>
              </Field>
            </Grid>
          ) : null}
        </Grid>
      </CardContent>
    </Card>
  );
}
