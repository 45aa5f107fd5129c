import type { TReturn } from "@hub/contracts/returns/returns";
import {
  Alert,
  Button,
  Card,
  CardContent,
  Grid,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadingScreen } from "../../components/loading-screen";
import { MoneyInput } from "../../components/money-input";
import { OfOrderSubtitle, PageHeader } from "../../components/page-header";
import { TitledCard } from "../../components/titled-card";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { type ReturnAction, useRefundReturn, useReturn, useReturnAction } from "./api";
import { money, ReturnStatusChip, reasonLabel, SkuCell } from "./labels";

/** Receiving, refunding and remaking are the facility's and internal admins' (the server says so too). */
const HANDLERS = ["icreate", "manufacturer", "factory"];

type Dialog = null | "receive" | "cancel" | "remake" | "refund";

/** /returns/:id: a return's lines, money, actions (Receive, Refund, Remake, Cancel) and history. */
export default function ReturnDetailPage() {
  const id = Number(useParams().id);
  const ret = useReturn(id);
  if (ret.error) return <Alert severity="error">{messageOf(ret.error)}</Alert>;
  if (!ret.data) return <LoadingScreen />;
  return <ReturnDetail ret={ret.data} />;
}

function ReturnDetail({ ret }: { ret: TReturn }) {
  const { user } = useAuth();
  const handles = user ? HANDLERS.includes(user.userType) : false;
  const action = useReturnAction(ret.id);
  const refund = useRefundReturn(ret.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [amount, setAmount] = useState<number | null>(ret.refundCapCents);
  const [refundKey, setRefundKey] = useState(() => crypto.randomUUID());
  const run = (a: ReturnAction) => async () => {
    await action.mutateAsync({ action: a });
  };
  const openRefund = () => {
    setAmount(ret.refundCapCents);
    setRefundKey(crypto.randomUUID());
    setDialog("refund");
  };
  const amountError =
    amount === null || amount < 1
      ? "Enter an amount"
      : amount > ret.refundCapCents
        ? `At most ${money(ret.refundCapCents)}`
        : undefined;

  return (
    <>
      <PageHeader
        title={`Return ${ret.rmaNumber}`}
        subtitle={
          <OfOrderSubtitle
            chip={<ReturnStatusChip status={ret.status} />}
            word="on"
            orderId={ret.orderId}
            orderNumber={ret.orderNumber}
            clientName={ret.clientName}
          />
        }
        actions={
          <Stack direction="row" spacing={1}>
            {ret.status === "requested" && handles ? (
              <Button variant="contained" onClick={() => setDialog("receive")}>
                Receive
              </Button>
            ) : null}
            {ret.status === "received" && handles ? (
              <>
                <Button variant="contained" onClick={openRefund} disabled={ret.refundCapCents <= 0}>
                  Refund
                </Button>
                <Button variant="outlined" onClick={() => setDialog("remake")}>
                  Remake
                </Button>
              </>
            ) : null}
            {ret.status === "requested" ? (
              <Button color="error" onClick={() => setDialog("cancel")}>
                Cancel return
              </Button>
            ) : null}
          </Stack>
        }
      />
      {ret.status === "received" && handles && ret.refundCapCents <= 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nothing was charged for {ret.orderNumber} that is not refunded already, so this return can only be remade.
        </Alert>
      ) : null}
      {ret.remakeOrderId !== null ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Remade as{" "}
          <Link component={RouterLink} to={`/orders/${ret.remakeOrderId}`}>
            {ret.remakeOrderNumber}
          </Link>
          .
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TitledCard title="Lines">
            <Table size="small" aria-label="Returned lines">
              <TableHead>
                <TableRow>
                  <TableCell>Line</TableCell>
                  <TableCell>SKU</TableCell>
                  <TableCell align="right">Quantity</TableCell>
                  <TableCell align="right">Unit value</TableCell>
                  <TableCell align="right">Value</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ret.lines.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell>{l.lineNumber}</TableCell>
                    <SkuCell sku={l.sku} styleName={l.styleName} />
                    <TableCell align="right">{l.quantity}</TableCell>
                    <TableCell align="right">{money(l.unitValueCents)}</TableCell>
                    <TableCell align="right">{money(l.valueCents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TitledCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Stack spacing={1}>
                <Typography variant="h6">Details</Typography>
                <Typography>Reason: {reasonLabel(ret.reasonCode)}</Typography>
                {ret.note ? <Typography>Note: {ret.note}</Typography> : null}
                <Typography>Requested by {ret.requestedBy}</Typography>
                <Typography>Value of the returned lines: {money(ret.valueCents)}</Typography>
                <Typography data-testid="return-refunded">Refunded: {money(ret.refundedCents)}</Typography>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <TitledCard title="History">
            <Table size="small" aria-label="Return history">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>From</TableCell>
                  <TableCell>To</TableCell>
                  <TableCell>Why</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ret.history.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>{new Date(h.at).toLocaleString()}</TableCell>
                    <TableCell>{h.actor}</TableCell>
                    <TableCell>{h.fromStatus ?? "—"}</TableCell>
                    <TableCell>{h.toStatus}</TableCell>
                    <TableCell>{h.reason ?? ""}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TitledCard>
        </Grid>
      </Grid>

      <ConfirmDialog
        open={dialog === "receive"}
        title={`Receive ${ret.rmaNumber}?`}
        message="The returned pieces have arrived at the facility."
        confirmLabel="Receive"
        onConfirm={run("receive")}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === "cancel"}
        title={`Cancel ${ret.rmaNumber}?`}
        message="The return is withdrawn; its pieces can be returned again later."
        confirmLabel="Cancel return"
        danger
        onConfirm={run("cancel")}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === "remake"}
        title={`Remake ${ret.rmaNumber}?`}
        message={`A new order of the returned pieces is placed for ${ret.clientName} at no charge, linked to ${ret.orderNumber}.`}
        confirmLabel="Remake"
        onConfirm={run("remake")}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === "refund"}
        title={`Refund ${ret.rmaNumber}?`}
        message={
          <Stack spacing={2} sx={{ pt: 1 }}>
            <span>
              The amount goes back to {ret.clientName}'s payment method for {ret.orderNumber}. At most{" "}
              {money(ret.refundCapCents)} (the returned lines' value, and what the order has left to refund).
            </span>
            <MoneyInput label="Amount" value={amount} onChange={setAmount} error={amountError} fullWidth />
          </Stack>
        }
        confirmLabel="Refund"
        danger
        onConfirm={async () => {
          if (amountError || amount === null) throw new Error(amountError ?? "Enter an amount");
          await refund.mutateAsync({ body: { amountCents: amount }, key: refundKey });
        }}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
