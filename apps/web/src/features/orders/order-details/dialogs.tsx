import type { TOrder } from "@hub/contracts/orders/orders";
import { Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FormDialog } from "../../../components/form-dialog";
import { ApiError, messageOf } from "../../../lib/api-error";
import { useCancelOrder, useCompleteOrder, useRefundOrder } from "../api";
import { money } from "../format";
import { refundable } from "./context";

/** The header's Complete: the factory's (or an internal admin's) once every line has shipped or was cancelled. */
export function CompleteDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const complete = useCompleteOrder(order.id);
  return (
    <ConfirmDialog
      open
      title={`Complete ${order.orderNumber}?`}
      message="The order and its shipped lines become completed; this cannot be undone."
      confirmLabel="Complete order"
      onConfirm={async () => {
        await complete.mutateAsync(undefined);
        toast.success(`${order.orderNumber} was completed.`);
      }}
      onClose={onClose}
    />
  );
}

/** The header's Cancel order: asks for a reason and says what is refunded. */
export function CancelDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const back = refundable(order);
  return (
    <ConfirmDialog
      open
      danger
      title={`Cancel ${order.orderNumber}?`}
      confirmLabel="Cancel order"
      message={
        <Stack spacing={2}>
          <span>
            {back > 0
              ? `${money(back)} charged for this order will be refunded to the client's payment method.`
              : "Nothing was charged for this order, so nothing is refunded."}{" "}
            Lines not completed are cancelled too.
          </span>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            error={Boolean(reasonError)}
            helperText={reasonError ?? "Kept in the order's history"}
            autoFocus
            fullWidth
          />
        </Stack>
      }
      onConfirm={async () => {
        if (reason.trim() === "") {
          setReasonError("Give a reason");
          throw new ApiError(400, "VALIDATION", "Give a reason for the cancellation.");
        }
        await cancel.mutateAsync(reason.trim());
        toast.success(`${order.orderNumber} was cancelled.`);
      }}
      onClose={onClose}
    />
  );
}

/** Refund part of what was charged: at most what is left; the server checks the cap too. */
export function RefundDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const refund = useRefundOrder(order.id);
  const max = refundable(order);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const cents = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? Math.round(Number(amount.trim()) * 100) : null;
  const amountError =
    amount.trim() === ""
      ? null
      : cents === null || cents < 1
        ? "An amount like 12.50"
        : cents > max
          ? `At most ${money(max)}`
          : null;
  return (
    <FormDialog
      open
      title={`Refund part of ${order.orderNumber}`}
      submitLabel="Refund"
      submitting={refund.isPending}
      error={error}
      onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        if (cents === null || amountError) {
          setError(amountError ?? "Enter the amount to refund");
          return;
        }
        setError(null);
        try {
          await refund.mutateAsync({ amountCents: cents, reason: reason.trim() || undefined, key });
          toast.success(`${money(cents)} was refunded.`);
          onClose();
        } catch (err) {
          setError(messageOf(err));
        }
      }}
    >
      <Typography>{`Charged ${money(order.chargedCents)}, refunded ${money(order.refundedCents)}: up to ${money(max)} can be refunded.`}</Typography>
      <TextField
        label="Amount (USD)"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={Boolean(amountError)}
        helperText={amountError ?? `At most ${money(max)}`}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
        autoFocus
      />
      <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
    </FormDialog>
  );
}
