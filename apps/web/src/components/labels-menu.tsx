import LocalOffer from "@mui/icons-material/LocalOffer";
import { Alert, Button, ListItemText, Menu, MenuItem, Stack } from "@mui/material";
import { useState } from "react";
import { openPdf } from "../lib/open-pdf";

/** How barcode labels are printed: a sheet of 2 × 1 in labels, or one 4 × 6 in label per page; Code128 or QR; the sheet's paper. */
export type LabelChoice = { format: "sheet" | "single"; symbology: "code128" | "qr"; paper: "letter" | "a4" };

const LAYOUTS: { label: string; q: Omit<LabelChoice, "paper"> }[] = [
  { label: "Label sheet, Code128", q: { format: "sheet", symbology: "code128" } },
  { label: "Label sheet, QR", q: { format: "sheet", symbology: "qr" } },
  { label: "4 × 6 in labels, Code128", q: { format: "single", symbology: "code128" } },
  { label: "4 × 6 in labels, QR", q: { format: "single", symbology: "qr" } },
];

/** The four layouts on the facility's paper; the facility's own layout (Factory Config) first and marked. */
const choicesFor = (preferred: LabelChoice | undefined) => {
  const paper = preferred?.paper ?? "letter";
  const choices = LAYOUTS.map((l) => {
    const isDefault = preferred?.format === l.q.format && preferred.symbology === l.q.symbology;
    const hint =
      l.q.format === "sheet"
        ? `2 × 1 in labels on ${paper === "a4" ? "A4" : "Letter"}`
        : "One label per page, for a label printer";
    return {
      label: l.label,
      hint: isDefault ? `${hint} · Factory Config default` : hint,
      q: { ...l.q, paper },
      isDefault,
    };
  });
  return [...choices.filter((c) => c.isDefault), ...choices.filter((c) => !c.isDefault)];
};

/**
 * A "Labels" button whose menu opens a labels PDF rendered on the server, in one of the four
 * layouts, in a new tab to print (order lines, an order's units, totes). `path` answers the API
 * path (without /api) for a choice; a refusal shows under the button. `preferred`: the facility's
 * label size, barcode and paper from Factory Config, offered first.
 */
export function LabelsMenuButton({
  label = "Labels",
  path,
  fileName,
  disabled,
  preferred,
}: {
  label?: string;
  path: (choice: LabelChoice) => string;
  fileName: (choice: LabelChoice) => string;
  disabled?: boolean;
  preferred?: LabelChoice;
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
        {choicesFor(preferred).map((c) => (
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
