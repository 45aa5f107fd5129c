import { ordersApi } from "@hub/contracts/orders/api";
import type { TPaperSize } from "@hub/contracts/orders/documents";
import Download from "@mui/icons-material/Download";
import Print from "@mui/icons-material/Print";
import { Alert, Button, ListItemText, Menu, MenuItem, Stack } from "@mui/material";
import { useState } from "react";
import { LabelsMenuButton } from "../../components/labels-menu";
import { pathTo } from "../../lib/api";
import { openPdf } from "../../lib/open-pdf";
import { downloadFile } from "../../lib/transfer";

/**
 * An order's documents, rendered on the server: the packing slip (open to print, Letter or A4, or
 * download) and barcode labels for each line (`SO-000123-L2`, Code128 or QR, as a sheet or 4 × 6
 * in). The order details page mounts it: `<OrderDocuments orderId={order.id} orderNumber={order.orderNumber} />`.
 */
export function OrderDocuments({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const params = { id: orderId };
  const slipPath = pathTo(ordersApi.packingSlip, { params });
  const [slipMenu, setSlipMenu] = useState<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const slipName = `packing-slip-${orderNumber}.pdf`;

  const run = (action: () => Promise<void>) => {
    setSlipMenu(null);
    setError(null);
    action().catch((e: unknown) => setError(e instanceof Error ? e.message : "Something went wrong"));
  };
  const openSlip = (paper: TPaperSize) =>
    run(() => openPdf(pathTo(ordersApi.packingSlip, { params, query: paper === "a4" ? { paper } : {} }), slipName));

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
        <LabelsMenuButton
          path={(q) => pathTo(ordersApi.labels, { params, query: q })}
          fileName={(q) => `labels-${orderNumber}-${q.format}.pdf`}
        />
      </Stack>
      <Menu anchorEl={slipMenu} open={slipMenu !== null} onClose={() => setSlipMenu(null)}>
        <MenuItem onClick={() => openSlip("letter")}>
          <ListItemText primary="Open to print (Letter)" />
        </MenuItem>
        <MenuItem onClick={() => openSlip("a4")}>
          <ListItemText primary="Open to print (A4)" />
        </MenuItem>
        <MenuItem onClick={() => run(() => downloadFile(slipPath, slipName))}>
          <Download fontSize="small" sx={{ mr: 1 }} />
          <ListItemText primary="Download packing slip" />
        </MenuItem>
      </Menu>
      {error ? (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
