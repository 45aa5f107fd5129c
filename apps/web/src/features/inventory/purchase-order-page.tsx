import { type TPoDetail, type TReceiveRequest, ZReceiveRequestSchema } from "@hub/contracts/inventory/purchase-orders";
import {
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormDialog } from "../../components/form-dialog";
import { PageHeader } from "../../components/page-header";
import { RecordNotFound } from "../../components/record-not-found";
import { recordPageState } from "../../components/record-page-state";
import { messageOf } from "../../lib/api-error";
import { parseId } from "../../lib/ids";
import { usePo, usePoAction, useReceivePo } from "./api";
import { dash, dateTime, lineCents, money, PO_STATUS_LABELS, PoStatusChip, qty, qtyUnit, toScaled } from "./format";
import { stockItemPath } from "./stock-list-page";

const hasOutstanding = (po: TPoDetail) => po.lines.some((l) => (toScaled(l.outstanding) ?? 0n) > 0n);

/**
 * Receive lines of a PO: each line's amount defaults to what is outstanding; a line left empty or
 * at zero is not received. The Idempotency-Key is made once when the dialog opens, so a double
 * click or a retry of the same receipt receives once.
 */
function ReceiveDialog({ po, onClose }: { po: TPoDetail; onClose: () => void }) {
  const [key] = useState(() => crypto.randomUUID());
  const open = po.lines.filter((l) => (toScaled(l.outstanding) ?? 0n) > 0n);
  const [amounts, setAmounts] = useState<Record<number, string>>(() =>
    Object.fromEntries(open.map((l) => [l.id, qty(l.outstanding)])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const receive = useReceivePo(po.id);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setFieldErrors({});
    const lines = open
      .map((l) => ({ lineId: l.id, receivedAmt: (amounts[l.id] ?? "").trim() }))
      .filter((l) => l.receivedAmt !== "" && toScaled(l.receivedAmt) !== 0n);
    const parsed = ZReceiveRequestSchema.safeParse({ lines });
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, index] = issue.path;
        const line = typeof index === "number" ? lines[index] : undefined;
        if (line) errs[line.lineId] = issue.message;
        else setFormError(issue.message);
      }
      setFieldErrors(errs);
      return;
    }
    try {
      const res = await receive.mutateAsync({ body: parsed.data satisfies TReceiveRequest, key });
      const status = PO_STATUS_LABELS[res.purchaseOrder.status].toLowerCase();
      toast.success(`${po.number} received: now ${status}.`);
      onClose();
    } catch (error) {
      setFormError(messageOf(error));
    }
  };

  return (
    <FormDialog
      open
      title={`Receive ${po.number}`}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Receive"
      submitting={receive.isPending}
      error={formError}
      maxWidth="md"
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        Each amount starts at what is outstanding; change it for a partial receipt, or clear it to receive nothing of
        that line. Receipts go into the stock ledger at the line's unit cost.
      </Typography>
      {open.map((l) => (
        <Stack key={l.id} direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Typography sx={{ flex: 1 }}>
            {l.lineNo}. {l.code} · {l.name}
            <Typography component="span" variant="body2" sx={{ color: "text.secondary", display: "block" }}>
              Outstanding {qtyUnit(l.outstanding, l.unit)} at {money(l.unitCostCents)}/{l.unit}
            </Typography>
          </Typography>
          <TextField
            label={`Receive line ${l.lineNo} (${l.unit})`}
            size="small"
            sx={{ width: 200 }}
            value={amounts[l.id] ?? ""}
            onChange={(e) => setAmounts((a) => ({ ...a, [l.id]: e.target.value }))}
            error={Boolean(fieldErrors[l.id])}
            helperText={fieldErrors[l.id]}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
          />
        </Stack>
      ))}
    </FormDialog>
  );
}

const NotFound = () => (
  <RecordNotFound
    title="Purchase order not found"
    message="This purchase order does not exist, or it is not your facility's."
    backTo="/inventoryOnOrder"
    backLabel="Back to purchase orders"
  />
);

/** /inventoryOnOrder/:id: a PO's lines (ordered, received, cancelled, outstanding), receive, close, cancel and history. */
export default function PurchaseOrderPage() {
  const params = useParams();
  const id = parseId(params.id);
  const detail = usePo(id);
  const action = usePoAction(id ?? 0);
  const [dialog, setDialog] = useState<"receive" | "close" | "cancel" | null>(null);

  const waiting = recordPageState({
    missing: id === null,
    error: detail.error,
    loading: !detail.data,
    notFound: <NotFound />,
    errorTitle: "Inventory On Order",
  });
  if (waiting || !detail.data) return waiting;
  const po = detail.data;
  const receivable = (po.status === "open" || po.status === "partially_received") && hasOutstanding(po);
  const nothingReceived = po.lines.every((l) => toScaled(l.receivedAmt) === 0n);

  return (
    <>
      <PageHeader
        title={`Purchase order ${po.number}`}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Link component={RouterLink} to="/inventoryOnOrder">
              Inventory On Order
            </Link>
            <span>· {po.supplierName}</span>
            <span data-testid="po-status">
              <PoStatusChip status={po.status} />
            </span>
          </Stack>
        }
        actions={
          <>
            {receivable ? (
              <Button variant="contained" onClick={() => setDialog("receive")}>
                Receive
              </Button>
            ) : null}
            {po.status === "partially_received" ? (
              <Button variant="outlined" color="warning" onClick={() => setDialog("close")}>
                Close
              </Button>
            ) : null}
            {po.status === "open" && nothingReceived ? (
              <Button variant="outlined" color="error" onClick={() => setDialog("cancel")}>
                Cancel order
              </Button>
            ) : null}
          </>
        }
      />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={4}>
            <Typography>
              Expected <strong>{dash(po.expectedDate)}</strong>
            </Typography>
            <Typography>
              Total <strong>{money(po.totalCents)}</strong>
            </Typography>
            <Typography>
              Created by <strong>{po.createdByName}</strong> on {dateTime(po.createdAt)}
            </Typography>
          </Stack>
          {po.notes ? <Typography sx={{ mt: 1, whiteSpace: "pre-wrap" }}>{po.notes}</Typography> : null}
        </CardContent>
      </Card>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6">Lines</Typography>
        </CardContent>
        <TableContainer>
          <Table size="small" aria-label="Lines">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Material</TableCell>
                <TableCell align="right">Ordered</TableCell>
                <TableCell align="right">Received</TableCell>
                <TableCell align="right">Cancelled</TableCell>
                <TableCell align="right">Outstanding</TableCell>
                <TableCell align="right">Unit cost</TableCell>
                <TableCell align="right">Line total</TableCell>
                <TableCell>Expected</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {po.lines.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>{l.lineNo}</TableCell>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={stockItemPath({ materialKind: l.materialKind, materialId: l.materialId })}
                    >
                      {l.code} · {l.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{qtyUnit(l.quantity, l.unit)}</TableCell>
                  <TableCell align="right">{qtyUnit(l.receivedAmt, l.unit)}</TableCell>
                  <TableCell align="right">{qtyUnit(l.cancelledAmt, l.unit)}</TableCell>
                  <TableCell align="right">{qtyUnit(l.outstanding, l.unit)}</TableCell>
                  <TableCell align="right">{money(l.unitCostCents)}</TableCell>
                  <TableCell align="right">{money(lineCents(l.quantity, l.unitCostCents))}</TableCell>
                  <TableCell>{dash(l.expectedDate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6">Status history</Typography>
        </CardContent>
        <TableContainer>
          <Table size="small" aria-label="Status history">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>From</TableCell>
                <TableCell>To</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Why</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {po.history.map((h) => (
                <TableRow key={`${h.at}-${h.toStatus}`}>
                  <TableCell>{dateTime(h.at)}</TableCell>
                  <TableCell>{h.fromStatus ? PO_STATUS_LABELS[h.fromStatus] : "—"}</TableCell>
                  <TableCell>{PO_STATUS_LABELS[h.toStatus]}</TableCell>
                  <TableCell>{h.actorName}</TableCell>
                  <TableCell>{dash(h.reason)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      {dialog === "receive" ? <ReceiveDialog po={po} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog === "close"}
        danger
        title="Close purchase order?"
        message={
          <>
            <strong>{po.number}</strong> will be closed: what is still outstanding on its lines is cancelled and will
            not be received. What has arrived stays in stock.
          </>
        }
        confirmLabel="Close order"
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          await action.mutateAsync({ action: "close", reason: null });
          toast.success(`${po.number} was closed.`);
        }}
      />
      <ConfirmDialog
        open={dialog === "cancel"}
        danger
        title="Cancel purchase order?"
        message={
          <>
            <strong>{po.number}</strong> to {po.supplierName} will be cancelled. Nothing has been received on it. This
            cannot be undone.
          </>
        }
        confirmLabel="Cancel order"
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          await action.mutateAsync({ action: "cancel", reason: null });
          toast.success(`${po.number} was cancelled.`);
        }}
      />
    </>
  );
}
