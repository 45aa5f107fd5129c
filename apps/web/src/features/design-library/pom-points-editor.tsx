import { gradeValues, type TPomUnit } from "@hub/contracts/design-library/design-library";
import { designSizesApi } from "@hub/contracts/design-library/resources-api";
import { convertMeasure } from "@hub/contracts/products/tech-pack/grading";
import Add from "@mui/icons-material/Add";
import Delete from "@mui/icons-material/Delete";
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useResourceDetail } from "../../components/resource/api";
import type { CustomFieldProps } from "../../components/resource/types";

export type PointDraft = {
  code: string;
  description: string;
  howToMeasure: string | null;
  tolPlus: number;
  tolMinus: number;
  critical: boolean;
  baseValue: number | null;
  gradeRules: Record<string, number>;
};
type Err = { message?: string };
type RowErrors = Partial<Record<keyof PointDraft, Err>>;

const num = (raw: string): number | null => (raw.trim() === "" ? null : Number(raw));
const cell = { p: 0.5 } as const;

/** The size range a template's table follows (its sizes are the grade-rule columns). */
const useSizes = (control: CustomFieldProps["control"]) => {
  const rangeId = useWatch({ control, name: "sizeRangeId" }) as number | null | undefined;
  const range = useResourceDetail(designSizesApi, rangeId ?? null);
  return { sizes: range.data?.sizes ?? [], baseSize: range.data?.baseSize ?? null };
};

/**
 * A POM template's points as one table: code, description, how to measure, tolerances, critical,
 * the base-size value and a grade rule per other size of the template's size range; below it the
 * size chart those rules give (in cm or inches).
 */
export function PomPointsEditor({ value, onChange, error, disabled, control }: CustomFieldProps) {
  const rows = (value as PointDraft[] | undefined) ?? [];
  const errors = error as ((RowErrors | undefined)[] & { message?: string }) | undefined;
  const { sizes, baseSize } = useSizes(control);
  const unit = (useWatch({ control, name: "unit" }) as TPomUnit | null) ?? "cm";
  const graded = sizes.filter((s) => s !== baseSize);
  const set = (n: number, patch: Partial<PointDraft>) =>
    onChange(rows.map((r, i) => (i === n ? { ...r, ...patch } : r)));
  const setRule = (n: number, size: string, raw: string) => {
    const row = rows[n];
    if (!row) return;
    const rules = { ...row.gradeRules };
    const v = num(raw);
    if (v === null || Number.isNaN(v)) delete rules[size];
    else rules[size] = v;
    set(n, { gradeRules: rules });
  };
  return (
    <Box>
      <Typography variant="subtitle1">Points of measure</Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
        {sizes.length === 0
          ? "Choose a size range to add grade rules per size."
          : `Base size ${baseSize}; each grade rule is the step from the neighbouring size towards the base.`}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1, mb: 1 }}>
        <Table size="small" aria-label="Points of measure">
          <TableHead>
            <TableRow>
              <TableCell sx={cell}>Code</TableCell>
              <TableCell sx={cell}>Description</TableCell>
              <TableCell sx={cell}>How to measure</TableCell>
              <TableCell sx={cell}>Tol −</TableCell>
              <TableCell sx={cell}>Tol +</TableCell>
              <TableCell sx={cell}>Critical</TableCell>
              <TableCell sx={cell}>Base{baseSize ? ` (${baseSize})` : ""}</TableCell>
              {graded.map((s) => (
                <TableCell key={s} sx={cell}>
                  {s}
                </TableCell>
              ))}
              <TableCell sx={cell} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, n) => {
              const e = errors?.[n];
              const ruleError = e?.gradeRules?.message;
              return (
                <TableRow
                  key={n}
                  sx={row.critical ? { bgcolor: "warning.lighter", "& td": { fontWeight: 600 } } : undefined}
                  aria-label={`Point ${n + 1}`}
                >
                  <TableCell sx={cell}>
                    <TextField
                      size="small"
                      value={row.code}
                      disabled={disabled}
                      error={Boolean(e?.code)}
                      helperText={e?.code?.message}
                      onChange={(ev) => set(n, { code: ev.target.value })}
                      slotProps={{ htmlInput: { "aria-label": `Point ${n + 1} code` } }}
                      sx={{ width: 70 }}
                    />
                  </TableCell>
                  <TableCell sx={cell}>
                    <TextField
                      size="small"
                      value={row.description}
                      disabled={disabled}
                      error={Boolean(e?.description)}
                      helperText={e?.description?.message}
                      onChange={(ev) => set(n, { description: ev.target.value })}
                      slotProps={{ htmlInput: { "aria-label": `Point ${n + 1} description` } }}
                      sx={{ minWidth: 170 }}
                    />
                  </TableCell>
                  <TableCell sx={cell}>
                    <TextField
                      size="small"
                      value={row.howToMeasure ?? ""}
                      disabled={disabled}
                      onChange={(ev) => set(n, { howToMeasure: ev.target.value })}
                      slotProps={{ htmlInput: { "aria-label": `Point ${n + 1} how to measure` } }}
                      sx={{ minWidth: 170 }}
                    />
                  </TableCell>
                  {(["tolMinus", "tolPlus"] as const).map((k) => (
                    <TableCell key={k} sx={cell}>
                      <TextField
                        size="small"
                        type="number"
                        value={row[k]}
                        disabled={disabled}
                        error={Boolean(e?.[k])}
                        helperText={e?.[k]?.message}
                        onChange={(ev) => set(n, { [k]: num(ev.target.value) ?? 0 })}
                        slotProps={{
                          htmlInput: {
                            "aria-label": `Point ${n + 1} ${k === "tolPlus" ? "tolerance plus" : "tolerance minus"}`,
                            step: "0.1",
                          },
                        }}
                        sx={{ width: 80 }}
                      />
                    </TableCell>
                  ))}
                  <TableCell sx={cell}>
                    <Checkbox
                      checked={row.critical}
                      disabled={disabled}
                      onChange={(ev) => set(n, { critical: ev.target.checked })}
                      slotProps={{ input: { "aria-label": `Point ${n + 1} critical` } }}
                    />
                  </TableCell>
                  <TableCell sx={cell}>
                    <TextField
                      size="small"
                      type="number"
                      value={row.baseValue ?? ""}
                      disabled={disabled}
                      error={Boolean(e?.baseValue)}
                      helperText={e?.baseValue?.message}
                      onChange={(ev) => set(n, { baseValue: num(ev.target.value) })}
                      slotProps={{ htmlInput: { "aria-label": `Point ${n + 1} base value`, step: "0.1" } }}
                      sx={{ width: 90 }}
                    />
                  </TableCell>
                  {graded.map((s) => (
                    <TableCell key={s} sx={cell}>
                      <TextField
                        size="small"
                        type="number"
                        value={row.gradeRules[s] ?? ""}
                        disabled={disabled}
                        error={Boolean(ruleError)}
                        onChange={(ev) => setRule(n, s, ev.target.value)}
                        slotProps={{ htmlInput: { "aria-label": `Point ${n + 1} grade ${s}`, step: "0.1" } }}
                        sx={{ width: 76 }}
                      />
                    </TableCell>
                  ))}
                  <TableCell sx={cell}>
                    <IconButton
                      aria-label={`Remove point ${n + 1}`}
                      disabled={disabled}
                      onClick={() => onChange(rows.filter((_r, i) => i !== n))}
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                    {ruleError ? <FormHelperText error>{ruleError}</FormHelperText> : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {errors?.message ? <FormHelperText error>{errors.message}</FormHelperText> : null}
      <Button
        startIcon={<Add />}
        disabled={disabled}
        onClick={() =>
          onChange([
            ...rows,
            {
              code: "",
              description: "",
              howToMeasure: null,
              tolPlus: 0,
              tolMinus: 0,
              critical: false,
              baseValue: null,
              gradeRules: {},
            },
          ])
        }
      >
        Add point
      </Button>
      {sizes.length > 0 && rows.length > 0 ? (
        <SizeChart rows={rows} sizes={sizes} baseSize={baseSize} unit={unit} />
      ) : null}
    </Box>
  );
}

/** What the grade rules give in every size, in the template's unit or converted. */
function SizeChart({
  rows,
  sizes,
  baseSize,
  unit,
}: {
  rows: PointDraft[];
  sizes: string[];
  baseSize: string | null;
  unit: TPomUnit;
}) {
  const [inches, setInches] = useState(unit === "in");
  const shown: TPomUnit = inches ? "in" : "cm";
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <Typography variant="subtitle1">Size chart</Typography>
        <FormControlLabel
          control={<Switch checked={inches} onChange={(e) => setInches(e.target.checked)} />}
          label="Inches"
        />
      </Box>
      <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
        <Table size="small" aria-label="Size chart">
          <TableHead>
            <TableRow>
              <TableCell>POM</TableCell>
              {sizes.map((s) => (
                <TableCell key={s} sx={s === baseSize ? { fontWeight: 700 } : undefined}>
                  {s}
                </TableCell>
              ))}
              <TableCell>Tol ±</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, n) => {
              const values = gradeValues(sizes, baseSize ?? "", row.baseValue, row.gradeRules);
              return (
                <TableRow
                  key={n}
                  sx={row.critical ? { "& td": { fontWeight: 600, color: "warning.dark" } } : undefined}
                >
                  <TableCell>
                    {row.code} {row.description}
                    {row.critical ? " (critical)" : ""}
                  </TableCell>
                  {sizes.map((s) => {
                    const v = values[s];
                    return (
                      <TableCell key={s}>
                        {v === null || v === undefined ? "—" : convertMeasure(v, unit, shown)}
                      </TableCell>
                    );
                  })}
                  <TableCell>
                    −{convertMeasure(row.tolMinus, unit, shown)} / +{convertMeasure(row.tolPlus, unit, shown)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
