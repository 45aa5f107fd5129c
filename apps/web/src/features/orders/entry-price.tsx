import type { TQuote } from "@hub/contracts/orders/orders";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import {
  Box,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { type EntryLine, parseQuantity } from "./entry-lines";
import { money } from "./format";

/** Order Entry's lines and price: each line as priced by the live quote, its quantity editable, and the totals. */
export function LinesTable({
  lines,
  quote,
  onQuantity,
  onRemove,
}: {
  lines: EntryLine[];
  quote: TQuote | undefined;
  onQuantity: (key: string, text: string) => void;
  onRemove: (key: string) => void;
}) {
  if (lines.length === 0)
    return (
      <Typography sx={{ color: "text.secondary" }}>
        No lines yet: add them by style, through the grid, or by pasting SKUs.
      </Typography>
    );
  return (
    <Table size="small" aria-label="Order lines">
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell align="right">Qty</TableCell>
          <TableCell align="right">Unit</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l, index) => {
          const priced = quote?.lines.find((x) => x.index === index);
          const problems = quote?.problems.filter((p) => p.index === index) ?? [];
          return (
            <TableRow key={l.key} data-testid="entry-line">
              <TableCell>
                <Typography variant="body2">
                  {priced ? `${priced.styleCode} · ${priced.styleName}` : l.label}
                </Typography>
                {priced ? (
                  <Typography variant="caption" sx={{ color: "text.secondary" }}>
                    {`${priced.sku} · ${priced.options.map((o) => o.attributeName).join(" / ")}`}
                  </Typography>
                ) : null}
                {problems.map((p) => (
                  <Typography key={p.field + p.message} variant="caption" color="error" component="div" role="alert">
                    {p.message}
                  </Typography>
                ))}
              </TableCell>
              <TableCell align="right">
                <QuantityCell value={l.input.quantity} onChange={(t) => onQuantity(l.key, t)} label={l.label} />
              </TableCell>
              <TableCell align="right">
                {priced ? money(priced.unitPriceCents + priced.upchargeCents) : "—"}
                {priced && priced.upchargeCents > 0 ? (
                  <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
                    {`incl. +${money(priced.upchargeCents)}`}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">{priced ? money(priced.lineTotalCents) : "—"}</TableCell>
              <TableCell padding="none">
                <IconButton aria-label={`Remove ${l.label}`} onClick={() => onRemove(l.key)} size="small">
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function QuantityCell({ value, onChange, label }: { value: number; onChange: (t: string) => void; label: string }) {
  const [text, setText] = useState(String(value));
  const bad = parseQuantity(text) === null;
  return (
    <TextField
      size="small"
      value={text}
      error={bad}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value);
      }}
      slotProps={{
        htmlInput: {
          inputMode: "numeric",
          "aria-label": `Quantity of ${label}`,
          style: { width: 56, textAlign: "right" },
        },
      }}
    />
  );
}

export function Totals({ quote, stale }: { quote: TQuote | undefined; stale: boolean }) {
  const row = (label: string, cents: number | undefined, testId: string, strong = false) => (
    <Stack direction="row" sx={{ justifyContent: "space-between" }}>
      <Typography sx={{ fontWeight: strong ? 600 : undefined }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 600 : undefined }} data-testid={testId}>
        {cents === undefined ? "—" : money(cents)}
      </Typography>
    </Stack>
  );
  return (
    <Box aria-live="polite" aria-busy={stale} sx={{ opacity: stale ? 0.7 : 1 }}>
      {row("Subtotal", quote?.subtotalCents, "subtotal")}
      {quote && quote.discountCents > 0 ? row("Discount", -quote.discountCents, "discount") : null}
      {row("Total", quote?.totalCents, "order-total", true)}
    </Box>
  );
}
