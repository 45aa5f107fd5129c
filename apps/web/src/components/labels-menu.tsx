import LocalOffer from "@mui/icons-material/LocalOffer";
import { Alert, Button, ListItemText, Menu, MenuItem, Stack } from "@mui/material";
import { useState } from "react";
import { openPdf } from "../lib/open-pdf";

/** How barcode labels are printed: a sheet of 2 × 1 in labels, or one 4 × 6 in label per page; Code128 or QR. */
export type LabelChoice = { format: "sheet" | "single"; symbology: "code128" | "qr" };

const LABEL_CHOICES: { label: string; hint: string; q: LabelChoice }[] = [
  { label: "Label sheet, Code128", hint: "2 × 1 in labels on Letter", q: { format: "sheet", symbology: "code128" } },
  { label: "Label sheet, QR", hint: "2 × 1 in labels on Letter", q: { format: "sheet", symbology: "qr" } },
  {
    label: "4 × 6 in labels, Code128",
    hint: "One label per page, for a label printer",
    q: { format: "single", symbology: "code128" },
  },
  {
    label: "4 × 6 in labels, QR",
    hint: "One label per page, for a label printer",
    q: { format: "single", symbology: "qr" },
  },
];

/**
 * A "Labels" button whose menu opens a labels PDF rendered on the server, in one of the four
 * layouts, in a new tab to print (order lines, an order's units, totes). `path` answers the API
 * path (without /api) for a choice; a refusal shows under the button.
 */
export function LabelsMenuButton({
  label = "Labels",
  path,
  fileName,
  disabled,
}: {
  label?: string;
  path: (choice: LabelChoice) => string;
  fileName: (choice: LabelChoice) => string;
  disabled?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (q: LabelChoice) => {
    setAnchor(null);
    setError(null);
    openPdf(path(q), fileName(q)).catch((e: unknown) =>
      setError(e instanceof Error ? e.message : "The labels could not be made."),
    );
  };
  return (
    <Stack spacing={1}>
      <Button
        variant="outlined"
        startIcon={<LocalOffer />}
        aria-haspopup="menu"
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LABEL_CHOICES.map((c) => (
          <MenuItem key={c.label} onClick={() => choose(c.q)}>
            <ListItemText primary={c.label} secondary={c.hint} />
          </MenuItem>
        ))}
      </Menu>
      {error ? (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
