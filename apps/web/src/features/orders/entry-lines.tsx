import type { TLookupItem } from "@hub/contracts/library/common";
import type { TProductDetails } from "@hub/contracts/library/style-composition";
import type { TOrderLineInput } from "@hub/contracts/orders/orders";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useMemo, useState } from "react";
import { OptionChoices, useOptionChoices } from "../../components/option-chips";
import { messageOf } from "../../lib/api-error";
import { useEntryStyle, useEntryStyles } from "./api";
import { money } from "./format";

/** One line of the order being entered: what the quote and the order are sent, and what a person reads. */
export type EntryLine = { key: string; input: TOrderLineInput; label: string };

let lineSeq = 0;
export const newLine = (input: TOrderLineInput, label: string): EntryLine => ({
  key: `l${++lineSeq}`,
  input,
  label,
});

export const useDebounced = <T,>(value: T, ms = 300): T => {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
};

const MAX_QUANTITY = 100_000;
/** A typed quantity: a whole number from 1, or null. */
export const parseQuantity = (text: string): number | null => {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_QUANTITY ? n : null;
};

/** The attribute ids of a variant in the style's option order, and its label ("TEE-100 · M / Black"). */
const variantOf = (d: TProductDetails, choices: Record<number, number>) => {
  const attrs = d.options.map((o) => o.attributes.find((a) => a.attributeId === choices[o.optionId]));
  return {
    attributeIds: attrs.flatMap((a) => (a ? [a.attributeId] : [])),
    label: `${d.code} · ${attrs.map((a) => a?.name ?? "?").join(" / ")}`,
  };
};

/** A style the client is offered, searched on the server as the person types. */
function StylePicker({
  clientId,
  value,
  onChange,
}: {
  clientId: number | null;
  value: TLookupItem | null;
  onChange: (v: TLookupItem | null) => void;
}) {
  const [input, setInput] = useState("");
  const search = useDebounced(input);
  const styles = useEntryStyles(clientId, search, true);
  return (
    <Autocomplete<TLookupItem>
      options={styles.data ?? []}
      value={value}
      loading={styles.isFetching}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, v, reason) => {
        if (reason === "input") setInput(v);
        if (reason === "clear") setInput("");
      }}
      noOptionsText={search ? "No style offered to this client matches" : "No styles are offered to this client"}
      renderInput={(params) => (
        <TextField {...params} label="Style" helperText="Styles offered to this client, by code or name" />
      )}
      sx={{ maxWidth: 480 }}
    />
  );
}

/** Loads the chosen style as the client sees it and hands it to `children`. */
function WithStyle({
  clientId,
  children,
}: {
  clientId: number | null;
  children: (d: TProductDetails) => React.ReactNode;
}) {
  const [style, setStyle] = useState<TLookupItem | null>(null);
  const details = useEntryStyle(clientId, style?.id ?? null);
  return (
    <Stack spacing={2}>
      <StylePicker clientId={clientId} value={style} onChange={setStyle} />
      {details.isError ? <Alert severity="error">{messageOf(details.error)}</Alert> : null}
      {details.data && style && details.data.styleId === style.id ? (
        <Box key={style.id}>{children(details.data)}</Box>
      ) : null}
    </Stack>
  );
}

/** (a) One variant: a style, its options as chips, a quantity. */
function OneVariant({ details, onAdd }: { details: TProductDetails; onAdd: (lines: EntryLine[]) => void }) {
  const { choices, setChoices, complete } = useOptionChoices(details);
  const [quantityText, setQuantityText] = useState("1");
  const quantity = parseQuantity(quantityText);
  const add = () => {
    if (!complete || quantity === null) return;
    const v = variantOf(details, choices);
    onAdd([newLine({ styleId: details.styleId, attributeIds: v.attributeIds, quantity }, v.label)]);
    setQuantityText("1");
  };
  return (
    <Stack spacing={2}>
      <OptionChoices options={details.options} choices={choices} setChoices={setChoices} />
      <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
        <TextField
          label="Quantity"
          value={quantityText}
          onChange={(e) => setQuantityText(e.target.value)}
          error={quantity === null}
          helperText={quantity === null ? `A whole number from 1 to ${MAX_QUANTITY}` : "Pieces"}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
          sx={{ maxWidth: 160 }}
        />
        <Button variant="contained" onClick={add} disabled={!complete || quantity === null} sx={{ mt: 1 }}>
          Add line
        </Button>
      </Stack>
      {!complete ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          Choose one of each option to add the line.
        </Typography>
      ) : null}
    </Stack>
  );
}

const looksLike = (o: { code: string; name: string }, words: string[]) =>
  words.some((w) => o.code.toLowerCase().includes(w) || o.name.toLowerCase().includes(w));

/** (b) A size x colour grid for one style: one line per filled cell. */
function Grid({ details, onAdd }: { details: TProductDetails; onAdd: (lines: EntryLine[]) => void }) {
  const opts = details.options;
  const defaultRow = opts.find((o) => looksLike(o, ["size"])) ?? opts[0];
  const defaultCol =
    opts.find((o) => o !== defaultRow && looksLike(o, ["colour", "color"])) ?? opts.find((o) => o !== defaultRow);
  const [rowId, setRowId] = useState<number | null>(defaultRow?.optionId ?? null);
  const [colId, setColId] = useState<number | null>(defaultCol?.optionId ?? null);
  const [fixed, setFixed] = useState<Record<number, number>>({});
  const [cells, setCells] = useState<Record<string, string>>({});
  const rowOpt = opts.find((o) => o.optionId === rowId);
  const colOpt = opts.find((o) => o.optionId === colId && o.optionId !== rowId);
  const others = opts.filter((o) => o !== rowOpt && o !== colOpt);
  const othersChosen = others.every((o) => fixed[o.optionId] !== undefined);

  const filled = useMemo(() => {
    const out: { r: number; c: number | null; quantity: number | null }[] = [];
    for (const [k, text] of Object.entries(cells)) {
      if (text.trim() === "") continue;
      const [r, c] = k.split(":");
      out.push({ r: Number(r), c: c === "-" ? null : Number(c), quantity: parseQuantity(text) });
    }
    return out;
  }, [cells]);
  const bad = filled.filter((f) => f.quantity === null).length;

  if (!rowOpt) return <Alert severity="info">This style has no options: add it as one line instead.</Alert>;

  const add = () => {
    const lines = filled.flatMap((f) => {
      if (f.quantity === null) return [];
      const choices: Record<number, number> = { ...fixed, [rowOpt.optionId]: f.r };
      if (colOpt && f.c !== null) choices[colOpt.optionId] = f.c;
      const v = variantOf(details, choices);
      return [newLine({ styleId: details.styleId, attributeIds: v.attributeIds, quantity: f.quantity }, v.label)];
    });
    onAdd(lines);
    setCells({});
  };
  const cols = colOpt ? colOpt.attributes : [null];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          select
          label="Rows"
          value={rowOpt.optionId}
          onChange={(e) => {
            setRowId(Number(e.target.value));
            setCells({});
          }}
          sx={{ minWidth: 180 }}
        >
          {opts.map((o) => (
            <MenuItem key={o.optionId} value={o.optionId}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Columns"
          value={colOpt?.optionId ?? ""}
          onChange={(e) => {
            setColId(e.target.value === "" ? null : Number(e.target.value));
            setCells({});
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">None</MenuItem>
          {opts
            .filter((o) => o !== rowOpt)
            .map((o) => (
              <MenuItem key={o.optionId} value={o.optionId}>
                {o.name}
              </MenuItem>
            ))}
        </TextField>
      </Stack>
      <OptionChoices options={others} choices={fixed} setChoices={setFixed} />
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label="Quantity grid" sx={{ width: "auto" }}>
          <TableHead>
            <TableRow>
              <TableCell>
                {rowOpt.name}
                {colOpt ? ` \\ ${colOpt.name}` : ""}
              </TableCell>
              {cols.map((c) => (
                <TableCell key={c?.attributeId ?? "-"} align="center">
                  {c ? `${c.name}${c.upchargeCents > 0 ? ` +${money(c.upchargeCents)}` : ""}` : "Quantity"}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rowOpt.attributes.map((r) => (
              <TableRow key={r.attributeId}>
                <TableCell component="th" scope="row">
                  {r.name}
                  {r.upchargeCents > 0 ? ` +${money(r.upchargeCents)}` : ""}
                </TableCell>
                {cols.map((c) => {
                  const k = `${r.attributeId}:${c?.attributeId ?? "-"}`;
                  const text = cells[k] ?? "";
                  const invalid = text.trim() !== "" && parseQuantity(text) === null;
                  return (
                    <TableCell key={k} align="center" sx={{ p: 0.5 }}>
                      <TextField
                        size="small"
                        value={text}
                        error={invalid}
                        onChange={(e) => setCells((s) => ({ ...s, [k]: e.target.value }))}
                        slotProps={{
                          htmlInput: {
                            inputMode: "numeric",
                            "aria-label": c ? `${r.name} ${c.name}` : r.name,
                            style: { textAlign: "center", width: 56 },
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {bad > 0 ? (
        <Alert severity="warning">{`${bad} ${bad === 1 ? "cell is" : "cells are"} not a whole number from 1 to ${MAX_QUANTITY}.`}</Alert>
      ) : null}
      {!othersChosen ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {`Choose ${others.map((o) => o.name).join(" and ")} for every cell of the grid.`}
        </Typography>
      ) : null}
      <Box>
        <Button variant="contained" onClick={add} disabled={filled.length === 0 || bad > 0 || !othersChosen}>
          {filled.length > 0 ? `Add ${filled.length} ${filled.length === 1 ? "line" : "lines"}` : "Add lines"}
        </Button>
      </Box>
    </Stack>
  );
}

/** Reads pasted "SKU,qty" lines (comma, tab or spaces); a line without a good quantity is reported. */
export const parseSkuLines = (text: string): { lines: { sku: string; quantity: number }[]; errors: string[] } => {
  const lines: { sku: string; quantity: number }[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, n) => {
    const row = raw.trim();
    if (row === "") return;
    const parts = row.split(/[,;\t ]+/).filter(Boolean);
    const sku = parts[0] ?? "";
    const quantity = parts.length === 2 ? parseQuantity(parts[1] ?? "") : parts.length === 1 ? 1 : null;
    if (quantity === null) errors.push(`Row ${n + 1} (${row}): write the SKU, then a whole quantity from 1.`);
    else lines.push({ sku, quantity });
  });
  return { lines, errors };
};

/** (c) Pasted SKUs with quantities, decoded by the server's sku maps when the order is priced. */
function PasteSkus({ onAdd }: { onAdd: (lines: EntryLine[]) => void }) {
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const add = () => {
    const parsed = parseSkuLines(text);
    setErrors(parsed.errors);
    onAdd(parsed.lines.map((l) => newLine({ sku: l.sku, quantity: l.quantity }, l.sku)));
    setText(parsed.errors.length > 0 ? text : "");
  };
  return (
    <Stack spacing={2}>
      <TextField
        label="SKUs and quantities"
        multiline
        minRows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        helperText={'One per line: "SKU,quantity", or the SKU and quantity separated by a tab or spaces.'}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } }}
      />
      {errors.length > 0 ? (
        <Alert severity="warning">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      ) : null}
      <Box>
        <Button variant="contained" onClick={add} disabled={text.trim() === ""}>
          Add SKUs
        </Button>
      </Box>
    </Stack>
  );
}

export function PickOneVariant({ clientId, onAdd }: { clientId: number | null; onAdd: (l: EntryLine[]) => void }) {
  return <WithStyle clientId={clientId}>{(d) => <OneVariant details={d} onAdd={onAdd} />}</WithStyle>;
}
export function SizeColourGrid({ clientId, onAdd }: { clientId: number | null; onAdd: (l: EntryLine[]) => void }) {
  return <WithStyle clientId={clientId}>{(d) => <Grid details={d} onAdd={onAdd} />}</WithStyle>;
}
export { PasteSkus };
