import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import { type FormEventHandler, type ReactNode, useId } from "react";

type Props = {
  open: boolean;
  title: string;
  /** The form's submit handler, usually react-hook-form's handleSubmit(...). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitLabel: string;
  submitting: boolean;
  /** The message for the form as a whole, shown above the buttons. */
  error?: string | null;
  maxWidth?: "xs" | "sm" | "md";
  children: ReactNode;
};

/**
 * A form in a dialog: title, fields, the form's error above the buttons, Cancel and the submit
 * button with its progress. It cannot be closed while it is submitting.
 */
export function FormDialog({
  open,
  title,
  onSubmit,
  onClose,
  submitLabel,
  submitting,
  error,
  maxWidth = "sm",
  children,
}: Props) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
