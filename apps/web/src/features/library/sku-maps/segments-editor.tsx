import { optionsApi } from "@hub/contracts/library/resources-api";
import Add from "@mui/icons-material/Add";
import Delete from "@mui/icons-material/Delete";
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from "@mui/material";
import { RefSelect } from "../../../components/resource/fields";
import type { CustomFieldProps } from "../shared/types";

type Segment = { optionId: number | null; startPosition: number | null; length: number | null };
type RowErrors = {
  optionId?: { message?: string };
  startPosition?: { message?: string };
  length?: { message?: string };
};

const num = (raw: string): number | null => (raw.trim() === "" ? null : Number(raw));

/** The segments of a sku map: which option sits at which position, and how long it is. */
export function SegmentsEditor({ value, onChange, error, disabled }: CustomFieldProps) {
  const rows = (value as Segment[] | undefined) ?? [];
  const errors = error as ((RowErrors | undefined)[] & { message?: string }) | undefined;
  const set = (n: number, patch: Partial<Segment>) => onChange(rows.map((r, i) => (i === n ? { ...r, ...patch } : r)));
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Segments
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 1 }}>
        {rows.map((row, n) => {
          const e = errors?.[n];
          return (
            <Stack
              key={n}
              direction={{ xs: "column", sm: "row" }}
              spacing={1}
              sx={{ alignItems: { sm: "flex-start" } }}
              aria-label={`Segment ${n + 1}`}
              role="group"
            >
              <Box sx={{ flex: 2, minWidth: 180 }}>
                <RefSelect
                  resource={optionsApi.lookup}
                  label={`Option ${n + 1}`}
                  size="small"
                  value={row.optionId}
                  disabled={disabled}
                  error={e?.optionId?.message}
                  onChange={(optionId) => set(n, { optionId })}
                />
              </Box>
              <TextField
                size="small"
                type="number"
                label="Starts at"
                sx={{ width: 120 }}
                disabled={disabled}
                value={row.startPosition ?? ""}
                error={Boolean(e?.startPosition)}
                helperText={e?.startPosition?.message}
                onChange={(ev) => set(n, { startPosition: num(ev.target.value) })}
              />
              <TextField
                size="small"
                type="number"
                label="Length"
                sx={{ width: 120 }}
                disabled={disabled}
                value={row.length ?? ""}
                error={Boolean(e?.length)}
                helperText={e?.length?.message}
                onChange={(ev) => set(n, { length: num(ev.target.value) })}
              />
              <IconButton
                aria-label={`Remove segment ${n + 1}`}
                disabled={disabled}
                onClick={() => onChange(rows.filter((_r, i) => i !== n))}
              >
                <Delete fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <FormHelperText>
        Positions count from 1. An empty length runs to the next - _ / or the end of the SKU.
      </FormHelperText>
      {errors?.message ? <FormHelperText error>{errors.message}</FormHelperText> : null}
      <Button
        startIcon={<Add />}
        disabled={disabled}
        onClick={() => {
          const last = rows.at(-1);
          const next = last?.startPosition ? last.startPosition + (last.length ?? 1) + 1 : 1;
          onChange([...rows, { optionId: null, startPosition: next, length: null }]);
        }}
      >
        Add segment
      </Button>
    </Box>
  );
}
