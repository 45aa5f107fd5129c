import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { ITEM_STATUS_LABELS, money } from "../format";
import { useOrderTab } from "./context";

/** /orders/:orderId/lines: the order's lines, priced, with each line's production status. */
export default function LinesTab() {
  const order = useOrderTab();
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Lines">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Style</TableCell>
            <TableCell>Options</TableCell>
            <TableCell>SKU</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell align="right">Upcharges</TableCell>
            <TableCell align="right">Line total</TableCell>
            <TableCell>Production</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.items.map((i) => (
            <TableRow key={i.id}>
              <TableCell>{i.lineNumber}</TableCell>
              <TableCell>{`${i.styleCode} · ${i.styleName}`}</TableCell>
              <TableCell>{i.options.map((o) => `${o.optionName}: ${o.attributeName}`).join(", ")}</TableCell>
              <TableCell sx={{ fontFamily: "monospace" }}>{i.sku}</TableCell>
              <TableCell align="right">{i.quantity}</TableCell>
              <TableCell align="right">{money(i.unitPriceCents)}</TableCell>
              <TableCell align="right">{i.upchargeCents > 0 ? `+${money(i.upchargeCents)}` : "—"}</TableCell>
              <TableCell align="right">{money(i.lineTotalCents)}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={ITEM_STATUS_LABELS[i.status]} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
