import Add from "@mui/icons-material/Add";
import Delete from "@mui/icons-material/Delete";
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from "@mui/material";
import type { CustomFieldProps } from "../../../components/resource/types";

type WeightDraft = { size: string; grams: number | null };
type Err = { message?: string };
type RowErrors = Partial<Record<keyof WeightDraft, Err>>;

/** The usual sizes, to start a table with one click. */
const STARTER = ["XS", "S", "M", "L", "XL", "2XL"];

/** A shipping profile's weight per size: one row per size, grams of one packed garment. */
export function WeightsEditor({ value, onChange, error, disabled }: CustomFieldProps) {
  const rows = (value as WeightDraft[] | undefined) ?? [];
  const errors = error as ((RowErrors | undefined)[] & { message?: string }) | undefined;
  const set = (n: number, patch: Partial<WeightDraft>) =>
    onChange(rows.map((r, i) => (i === n ? { ...r, ...patch } : r)));
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        Weight per size
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
          No weights yet: pack-out weighs a box from the grams of each garment's size.
        </Typography>
      ) : null}
      <Stack spacing={1} sx={{ mb: 1 }} role="table" aria-label="Weight per size">
        {rows.map((row, n) => {
          const e = errors?.[n];
          return (
            <Stack key={n} direction="row" spacing={1} role="row" sx={{ alignItems: "flex-start" }}>
              <TextField
                size="small"
                label={`Size ${n + 1}`}
                value={row.size}
                disabled={disabled}
                error={Boolean(e?.size)}
                helperText={e?.size?.message}
                onChange={(ev) => set(n, { size: ev.target.value })}
                sx={{ width: 140 }}
              />
              <TextField
                size="small"
                type="number"
                label={`Grams ${n + 1}`}
                value={row.grams ?? ""}
                disabled={disabled}
                error={Boolean(e?.grams)}
                helperText={e?.grams?.message}
                onChange={(ev) => set(n, { grams: ev.target.value === "" ? null : Number(ev.target.value) })}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
                sx={{ width: 140 }}
              />
              <IconButton
                aria-label={`Remove size ${n + 1}`}
                disabled={disabled}
                onClick={() => onChange(rows.filter((_, i) => i !== n))}
              >
                <Delete />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {errors?.message ? <FormHelperText error>{errors.message}</FormHelperText> : null}
      <Stack direction="row" spacing={1}>
        <Button startIcon={<Add />} disabled={disabled} onClick={() => onChange([...rows, { size: "", grams: null }])}>
          Add size
        </Button>
        {rows.length === 0 ? (
          <Button disabled={disabled} onClick={() => onChange(STARTER.map((size) => ({ size, grams: null })))}>
            Start with XS–2XL
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
