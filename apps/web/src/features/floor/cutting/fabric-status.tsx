import type { TFabricStatus } from "@hub/contracts/floor/cutting";
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { messageOf } from "../../../lib/api-error";

const COLOUR: Record<TFabricStatus["state"], "success" | "warning" | "info" | "default"> = {
  in_stock: "success",
  reserved: "default",
  waiting: "warning",
  override: "info",
};

/**
 * Whether a unit's or a lay's fabric is there (issue 22 part 2): "In stock", "Fabric reserved",
 * "Waiting for fabric · PO-000012 expected 2026-12-03", or pulled past the stock with its reason.
 */
export function FabricStatusChip({ status }: { status: TFabricStatus | undefined }) {
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant={status.state === "reserved" ? "outlined" : "filled"}
      color={COLOUR[status.state]}
      label={status.label}
      title={status.label}
      sx={{ maxWidth: "100%" }}
    />
  );
}

type OverrideProps = {
  /** The unit (or units) short of fabric, as the dialog names them; null when closed. */
  subject: { name: string; label: string } | null;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
};

/** Pull anyway: asks why (required), kept on the reservation with who and when. */
export function OverrideDialog({ subject, onConfirm, onClose }: OverrideProps) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setReason("");
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!reason.trim()) {
      setError("Say why the unit is pulled without its fabric in stock.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setReason("");
      onClose();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={subject !== null} onClose={close} aria-labelledby="override-title" maxWidth="sm" fullWidth>
      <DialogTitle id="override-title">Pull without fabric in stock?</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" sx={{ mb: 2 }}>
          {subject?.name}: {subject?.label}. Pulling it anyway reserves fabric the stock does not have; the reason is
          kept with your name.
        </DialogContentText>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          autoFocus
        />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={confirm} variant="contained" color="warning" loading={busy}>
          Pull anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
