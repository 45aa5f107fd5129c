import { orderDocumentPaths, type TLabelsQuery, type TPaperSize } from "@hub/contracts/orders/documents";
import Download from "@mui/icons-material/Download";
import LocalOffer from "@mui/icons-material/LocalOffer";
import Print from "@mui/icons-material/Print";
import { Alert, Button, ListItemText, Menu, MenuItem, Stack } from "@mui/material";
import { useState } from "react";
import { send, toApiError } from "../../lib/api-error";
import { currentIdToken } from "../../lib/identity-client";
import { sessionClientHeaders } from "../../lib/session-client";
import { downloadFile } from "../../lib/transfer";

/** Fetches a document with the app's ID token (a plain link would carry none) as a PDF blob. */
const fetchPdf = async (path: string): Promise<Blob> => {
  const token = await currentIdToken();
  const response = await send(`/api${path}`, {
    headers: { authorization: `Bearer ${token}`, ...sessionClientHeaders() },
  });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
};

/**
 * Opens a PDF in a new tab to print: the tab is opened during the click (so no popup blocker
 * stops it) and shown the document when it arrives; if the browser gives no tab, it downloads.
 */
export const openPdf = async (path: string, fileName: string) => {
  const tab = window.open("", "_blank");
  try {
    const blob = await fetchPdf(path);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else await downloadFile(path, fileName);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
};

const LABEL_CHOICES: { label: string; hint: string; q: Pick<TLabelsQuery, "format" | "symbology"> }[] = [
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
 * An order's documents, rendered on the server: the packing slip (open to print, Letter or A4, or
 * download) and barcode labels for each line (`SO-000123-L2`, Code128 or QR, as a sheet or 4 × 6
 * in). The order details page mounts it: `<OrderDocuments orderId={order.id} orderNumber={order.orderNumber} />`.
 */
export function OrderDocuments({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const paths = orderDocumentPaths(orderId);
  const [slipMenu, setSlipMenu] = useState<HTMLElement | null>(null);
  const [labelMenu, setLabelMenu] = useState<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const slipName = `packing-slip-${orderNumber}.pdf`;

  const run = (action: () => Promise<void>) => {
    setSlipMenu(null);
    setLabelMenu(null);
    setError(null);
    action().catch((e: unknown) => setError(e instanceof Error ? e.message : "Something went wrong"));
  };
  const openSlip = (paper: TPaperSize) =>
    run(() => openPdf(`${paths.packingSlip}${paper === "a4" ? "?paper=a4" : ""}`, slipName));

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          startIcon={<Print />}
          aria-haspopup="menu"
          onClick={(e) => setSlipMenu(e.currentTarget)}
        >
          Packing slip
        </Button>
        <Button
          variant="outlined"
          startIcon={<LocalOffer />}
          aria-haspopup="menu"
          onClick={(e) => setLabelMenu(e.currentTarget)}
        >
          Labels
        </Button>
      </Stack>
      <Menu anchorEl={slipMenu} open={slipMenu !== null} onClose={() => setSlipMenu(null)}>
        <MenuItem onClick={() => openSlip("letter")}>
          <ListItemText primary="Open to print (Letter)" />
        </MenuItem>
        <MenuItem onClick={() => openSlip("a4")}>
          <ListItemText primary="Open to print (A4)" />
        </MenuItem>
        <MenuItem onClick={() => run(() => downloadFile(paths.packingSlip, slipName))}>
          <Download fontSize="small" sx={{ mr: 1 }} />
          <ListItemText primary="Download packing slip" />
        </MenuItem>
      </Menu>
      <Menu anchorEl={labelMenu} open={labelMenu !== null} onClose={() => setLabelMenu(null)}>
        {LABEL_CHOICES.map((c) => (
          <MenuItem
            key={c.label}
            onClick={() => run(() => openPdf(paths.labels(c.q), `labels-${orderNumber}-${c.q.format}.pdf`))}
          >
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
