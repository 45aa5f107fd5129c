import { productsApi, techPackTabsApi } from "@hub/contracts/products/api";
import { convertMeasure, gradePoint, inchFraction } from "@hub/contracts/products/tech-pack/grading";
import type { TGradedSpecTab, ZGradedSpecDataSchema } from "@hub/contracts/products/tech-pack/tech-pack";
import {
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { type Control, Controller, useFieldArray, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { call } from "../../../../lib/api";
import { messageOf } from "../../../../lib/api-error";
import { NumberField, RowButtons } from "../../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackForm } from "../context";
import { AddRowButton, SelectF, STICKY, TextF } from "../fields";

/** The graded spec tab: points of measure with grade rules per size, and the live size chart. */

type GradeControl = Control<z.infer<typeof ZGradedSpecDataSchema> & { version: number }>;

/**
 * One size's grade rule. Blank is allowed and means no step (the size repeats its neighbour), as
 * the server grades it: the rule is left out of the document instead of being saved as empty.
 */
function GradeRuleField({
  control,
  i,
  size,
  disabled,
}: {
  control: GradeControl;
  i: number;
  size: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={`points.${i}.gradeRules`}
      render={({ field, fieldState }) => {
        const rules = (field.value ?? {}) as Record<string, number>;
        const value = rules[size];
        return (
          <TextField
            size="small"
            type="number"
            label={`POM ${i + 1} grade ${size}`}
            placeholder="–"
            value={typeof value === "number" ? value : ""}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            slotProps={{ htmlInput: { step: "any" }, inputLabel: { shrink: true } }}
            sx={{ width: 110 }}
            onBlur={field.onBlur}
            onChange={(e) => {
              const { [size]: _old, ...rest } = rules;
              const n = e.target.value === "" ? null : Number(e.target.value);
              field.onChange(n === null || Number.isNaN(n) ? rest : { ...rest, [size]: n });
            }}
          />
        );
      }}
    />
  );
}

function GradedSpecForm({ data, reload }: WorkspaceTabProps<TGradedSpecTab>) {
  const { stpId, canEdit, control, disabled, tabForm, form } = useTechPackForm(techPackTabsApi.gradedSpec, data, {
    saved: "The graded spec was saved.",
    reload,
  });
  const points = useFieldArray({ control, name: "points" });
  const live = useWatch({ control, name: "points" }) ?? [];
  const unit = useWatch({ control, name: "unit" }) ?? "cm";
  const [view, setView] = useState<"cm" | "in">(data.unit);
  const [template, setTemplate] = useState<number | "">("");
  const base = data.baseSize;
  const baseIndex = data.sizes.indexOf(base);
  // The same grading as the server's chart and Save: a blank grade is no step (the size repeats its neighbour).
  const graded = (i: number, size: string): number | null => {
    const p = live[i];
    if (!p || baseIndex < 0 || typeof p.baseValue !== "number" || Number.isNaN(p.baseValue)) return null;
    const rules = Object.fromEntries(
      Object.entries(p.gradeRules ?? {}).filter((e): e is [string, number] => typeof e[1] === "number"),
    );
    return gradePoint(p.baseValue, rules, data.sizes, base)[size] ?? null;
  };
  const blank = (i: number, size: string) => size !== base && typeof live[i]?.gradeRules?.[size] !== "number";
  const show = (v: number | null) => {
    if (v === null || Number.isNaN(v)) return "–";
    const c = convertMeasure(v, unit, view);
    return view === "in" ? inchFraction(c) : c.toFixed(1);
  };
  const loadTemplate = async () => {
    if (template === "") return;
    try {
      const t = await call(productsApi.templatePoints, { params: { stpId, templateId: template } });
      form.setValue("unit", t.unit, { shouldDirty: true });
      points.replace(t.points);
      toast.info("The template's points were loaded: save to keep them.");
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <TabForm
      title="Graded spec"
      subheader={`Points of measure in ${unit}; base size ${base}; grade rules fill every other size`}
      {...tabForm}
      actions={
        canEdit && data.templates.length > 0 ? (
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              label="POM template"
              value={template}
              onChange={(e) => setTemplate(e.target.value === "" ? "" : Number(e.target.value))}
              sx={{ width: 200 }}
            >
              {data.templates.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            <Button onClick={() => void loadTemplate()} disabled={template === ""}>
              Load from template
            </Button>
          </Stack>
        ) : undefined
      }
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <SelectF
            control={control}
            name="unit"
            label="Written in"
            disabled={disabled}
            width={140}
            options={[
              { value: "cm", label: "cm" },
              { value: "in", label: "inches" },
            ]}
          />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_e, v) => v && setView(v)}
            aria-label="Show values in"
          >
            <ToggleButton value="cm">Show cm</ToggleButton>
            <ToggleButton value="in">Show inches</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Points of measure">
            <TableHead>
              <TableRow>
                <TableCell sx={STICKY}>POM</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Base ({base})</TableCell>
                <TableCell>Tol + / −</TableCell>
                <TableCell>Critical</TableCell>
                {data.sizes.map((s) => (
                  <TableCell key={s}>Grade {s}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {points.fields.map((f, i) => (
                <TableRow
                  key={f.id}
                  sx={live[i]?.critical ? { bgcolor: "error.lighter", "& td": { borderLeft: 0 } } : undefined}
                >
                  <TableCell sx={STICKY}>
                    <TextF control={control} name={`points.${i}.code`} label="Code" disabled={disabled} width={80} />
                  </TableCell>
                  <TableCell>
                    <TextF
                      control={control}
                      name={`points.${i}.description`}
                      label="Description"
                      disabled={disabled}
                      width={220}
                    />
                  </TableCell>
                  <TableCell>
                    <NumberField
                      control={control}
                      name={`points.${i}.baseValue`}
                      label={`POM ${i + 1} base`}
                      disabled={disabled}
                      width={100}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5}>
                      <NumberField
                        control={control}
                        name={`points.${i}.tolPlus`}
                        label="+"
                        disabled={disabled}
                        width={70}
                      />
                      <NumberField
                        control={control}
                        name={`points.${i}.tolMinus`}
                        label="−"
                        disabled={disabled}
                        width={70}
                      />
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Controller
                      control={control}
                      name={`points.${i}.critical`}
                      render={({ field }) => (
                        <FormControlLabel
                          label=""
                          control={
                            <Checkbox
                              checked={Boolean(field.value)}
                              disabled={disabled}
                              onChange={(e) => field.onChange(e.target.checked)}
                              slotProps={{ input: { "aria-label": `POM ${i + 1} critical` } }}
                            />
                          }
                        />
                      )}
                    />
                  </TableCell>
                  {data.sizes.map((s) => (
                    <TableCell key={s}>
                      {s === base ? (
                        <Typography variant="caption">base</Typography>
                      ) : (
                        <GradeRuleField control={control} i={i} size={s} disabled={disabled} />
                      )}
                    </TableCell>
                  ))}
                  <TableCell>
                    <RowButtons
                      n={i}
                      count={points.fields.length}
                      disabled={disabled}
                      what="point"
                      onRemove={() => points.remove(i)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <AddRowButton
          show={canEdit}
          disabled={disabled}
          onClick={() =>
            points.append({
              code: "",
              description: "",
              howToMeasure: "",
              baseValue: 0,
              gradeRules: {},
              tolPlus: 0.5,
              tolMinus: 0.5,
              critical: false,
            })
          }
        >
          Add point of measure
        </AddRowButton>
        <Typography variant="subtitle1" component="h3">
          Size chart ({view === "in" ? "inches" : "cm"})
        </Typography>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Size chart">
            <TableHead>
              <TableRow>
                <TableCell sx={STICKY}>POM</TableCell>
                {data.sizes.map((s) => (
                  <TableCell key={s} align="right">
                    {s}
                    {s === base ? " *" : ""}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {live.map((p, i) => (
                <TableRow key={`${p.code}-${i}`} sx={p.critical ? { bgcolor: "#fdecea" } : undefined}>
                  <TableCell sx={STICKY}>
                    {p.code} {p.critical ? <Chip size="small" color="error" label="Critical" /> : null}
                  </TableCell>
                  {data.sizes.map((s) => (
                    <TableCell
                      key={s}
                      align="right"
                      data-testid={`chart-${p.code}-${s}`}
                      title={blank(i, s) ? "No grade for this size: it repeats its neighbour" : undefined}
                      sx={blank(i, s) ? { color: "text.disabled", fontStyle: "italic" } : undefined}
                    >
                      {show(graded(i, s))}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Stack>
    </TabForm>
  );
}
export default techPackTab(techPackTabsApi.gradedSpec, GradedSpecForm);
