import { designSuppliersApi } from "@hub/contracts/design-library/resources-api";
import Add from "@mui/icons-material/Add";
import Delete from "@mui/icons-material/Delete";
import { Box, Button, FormHelperText, IconButton, Paper, Stack, TextField, Typography } from "@mui/material";
import { MoneyInput } from "../../components/money-input";
import { RefSelect } from "../../components/resource/fields";
import type { CustomFieldProps } from "../../components/resource/types";
import { ImageUpload } from "./image-field";

export type VariantDraft = {
  id?: number;
  code: string;
  name: string;
  supplierId: number | null;
  costCents: number | null;
  imageFileId: number | null;
  hex: string | null;
};
type Err = { message?: string };
type RowErrors = Partial<Record<keyof VariantDraft, Err>>;

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * An item's variants (a fabric's colourways, a label's sizes): each with its own code, name,
 * supplier, cost, swatch and image. A kept row keeps its id, so what points at it stays.
 */
export function VariantsEditor({ value, onChange, error, disabled }: CustomFieldProps) {
  const rows = (value as VariantDraft[] | undefined) ?? [];
  const errors = error as ((RowErrors | undefined)[] & { message?: string }) | undefined;
  const set = (n: number, patch: Partial<VariantDraft>) =>
    onChange(rows.map((r, i) => (i === n ? { ...r, ...patch } : r)));
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        Variants
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
          No variants yet: add one per colourway or size.
        </Typography>
      ) : null}
      <Stack spacing={1.5} sx={{ mb: 1 }}>
        {rows.map((row, n) => {
          const e = errors?.[n];
          const label = `Variant ${n + 1}`;
          return (
            <Paper key={row.id ?? `new-${n}`} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={label}>
              <Stack direction={{ xs: "column", md: "row" }} spacing={1} sx={{ alignItems: { md: "flex-start" } }}>
                <TextField
                  size="small"
                  label="Variant code"
                  value={row.code}
                  disabled={disabled}
                  error={Boolean(e?.code)}
                  helperText={e?.code?.message}
                  onChange={(ev) => set(n, { code: ev.target.value })}
                  sx={{ minWidth: 170 }}
                />
                <TextField
                  size="small"
                  label="Variant name"
                  value={row.name}
                  disabled={disabled}
                  error={Boolean(e?.name)}
                  helperText={e?.name?.message}
                  onChange={(ev) => set(n, { name: ev.target.value })}
                  sx={{ minWidth: 150 }}
                />
                <TextField
                  size="small"
                  label="Swatch hex"
                  placeholder="#1A2B3C"
                  value={row.hex ?? ""}
                  disabled={disabled}
                  error={Boolean(e?.hex)}
                  helperText={e?.hex?.message}
                  onChange={(ev) => set(n, { hex: ev.target.value === "" ? null : ev.target.value })}
                  sx={{ width: 150 }}
                  slotProps={{
                    input: {
                      startAdornment: (
                        <Box
                          aria-hidden
                          sx={{
                            width: 18,
                            height: 18,
                            mr: 1,
                            flexShrink: 0,
                            borderRadius: 0.5,
                            border: 1,
                            borderColor: "divider",
                            bgcolor: HEX.test(row.hex ?? "") ? (row.hex ?? undefined) : "transparent",
                          }}
                        />
                      ),
                    },
                  }}
                />
                <MoneyInput
                  size="small"
                  label="Variant cost"
                  value={row.costCents}
                  disabled={disabled}
                  error={e?.costCents?.message}
                  onChange={(costCents) => set(n, { costCents })}
                  width={130}
                />
                <Box sx={{ flex: 1, minWidth: 180 }}>
                  <RefSelect
                    resource={designSuppliersApi.lookup}
                    label="Variant supplier"
                    size="small"
                    value={row.supplierId}
                    disabled={disabled}
                    error={e?.supplierId?.message}
                    onChange={(supplierId) => set(n, { supplierId })}
                  />
                </Box>
                <IconButton
                  aria-label={`Remove variant ${n + 1}`}
                  disabled={disabled}
                  onClick={() => onChange(rows.filter((_r, i) => i !== n))}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </Stack>
              <Box sx={{ mt: 1 }}>
                <ImageUpload
                  label={`${label} image`}
                  value={row.imageFileId}
                  disabled={disabled}
                  error={e?.imageFileId?.message}
                  onChange={(imageFileId) => set(n, { imageFileId })}
                />
              </Box>
            </Paper>
          );
        })}
      </Stack>
      {errors?.message ? <FormHelperText error>{errors.message}</FormHelperText> : null}
      <Button
        startIcon={<Add />}
        disabled={disabled}
        onClick={() =>
          onChange([...rows, { code: "", name: "", supplierId: null, costCents: null, imageFileId: null, hex: null }])
        }
      >
        Add variant
      </Button>
    </Box>
  );
}
