import { techPackTabsApi } from "@hub/contracts/products/api";
import {
  type TBomData,
  type TBomRow,
  type TBomTab,
  type TBomTabData,
  TECH_PACK_TAB_LABELS,
} from "@hub/contracts/products/tech-pack/tech-pack";
import Add from "@mui/icons-material/Add";
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from "@mui/material";
import type { ComponentType } from "react";
import { type Control, Controller, type Path, type PathValue, useFieldArray, useWatch } from "react-hook-form";
import { TabForm, type WorkspaceTabProps } from "../../../components/record-workspace";
import { MoneyField, RowButtons } from "../../library/styles/workspace/composition-fields";
import { money } from "../format";
import { techPackTab, useTechPackForm } from "./context";
import { STICKY, TextF } from "./fields";

/** The form's values: a new row has no item until one is chosen (saving it says "Choose a library item"). */
export type BomDraft = {
  version: number;
  rows: (Omit<TBomRow, "itemId"> & { itemId: number | undefined })[];
  /** The packaging tab's shipping profile (issue 19). */
  shippingProfileId?: number | null;
};

/** What a tab shows above its rows (the packaging tab's shipping profile). */
export type BomExtra = ComponentType<{ control: Control<BomDraft>; disabled: boolean; data: TBomTabData }>;

const bomForm = (tab: TBomTab, Extra?: BomExtra) =>
  function BomForm({ data, reload }: WorkspaceTabProps<TBomTabData>) {
    const label = TECH_PACK_TAB_LABELS[tab];
    const { canEdit, control, disabled, tabForm, form } = useTechPackForm<
      BomDraft,
      TBomData & { version: number },
      TBomTabData
    >(techPackTabsApi[tab], data, { saved: `${label} were saved.`, reload });
    const setValue = <P extends Path<BomDraft>>(name: P, value: PathValue<BomDraft, P>) =>
      form.setValue(name, value, { shouldDirty: true, shouldValidate: false });
    const rows = useFieldArray({ control, name: "rows" });
    const values: BomDraft["rows"] | undefined = useWatch({ control, name: "rows" });
    const itemOf = (id: number | undefined) => data.choices.find((c) => c.id === id);
    /** The cost the estimate uses for a row in a colourway: its variant's, else the row's. */
    const costIn = (i: number, key: string): { cents: number | null; from: "variant" | "row" } => {
      const row = values?.[i];
      const variantId = row?.cells?.[key]?.variantId;
      const variant = itemOf(row?.itemId)?.variants.find((v) => v.id === variantId);
      return variant && variant.costCents !== null
        ? { cents: variant.costCents, from: "variant" }
        : { cents: typeof row?.costCents === "number" ? row.costCents : null, from: "row" };
    };
    const emptyCells = Object.fromEntries(data.colorways.map((c) => [c.key, { variantId: null, note: "" }]));

    return (
      <TabForm
        title={label}
        subheader="Picked from the design library: placement, quantity or consumption, unit and cost; a column per colourway"
        {...tabForm}
      >
        {Extra ? <Extra control={control} disabled={disabled} data={data} /> : null}
        {data.colorways.length === 0 ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Add colourways on the Colorways tab to choose a variant per colourway.
          </Alert>
        ) : null}
        {data.choices.length === 0 ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            The team's design library has no {label.toLowerCase()} yet.
          </Alert>
        ) : null}
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={`${label} bill of materials`}>
            <TableHead>
              <TableRow>
                <TableCell sx={STICKY}>Item</TableCell>
                <TableCell>Placement</TableCell>
                <TableCell>Quantity</TableCell>
                <TableCell>Unit</TableCell>
                <TableCell>Cost (no variant)</TableCell>
                {data.colorways.map((c) => (
                  <TableCell key={c.key}>
                    {c.key} {c.name}: variant and cost
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.fields.map((f, i) => {
                const item = itemOf(values?.[i]?.itemId);
                return (
                  <TableRow key={f.id}>
                    <TableCell sx={STICKY}>
                      <Controller
                        control={control}
                        name={`rows.${i}.itemId`}
                        render={({ field, fieldState }) => (
                          <TextField
                            select
                            size="small"
                            label={`Row ${i + 1} item`}
                            value={field.value ?? ""}
                            disabled={disabled}
                            error={Boolean(fieldState.error)}
                            helperText={fieldState.error?.message}
                            sx={{ width: 230 }}
                            onChange={(e) => {
                              const id = Number(e.target.value);
                              field.onChange(id);
                              const chosen = itemOf(id);
                              if (chosen?.unit) setValue(`rows.${i}.unit`, chosen.unit);
                              if (chosen?.costCents !== null && chosen?.costCents !== undefined)
                                setValue(`rows.${i}.costCents`, chosen.costCents);
                            }}
                          >
                            {data.choices.map((c) => (
                              <MenuItem key={c.id} value={c.id}>
                                {c.code} {c.name}
                              </MenuItem>
                            ))}
                          </TextField>
                        )}
                      />
                    </TableCell>
                    <TableCell>
                      <TextF
                        control={control}
                        name={`rows.${i}.placement`}
                        label="Placement"
                        disabled={disabled}
                        width={160}
                      />
                    </TableCell>
                    <TableCell>
                      <TextF
                        control={control}
                        name={`rows.${i}.quantity`}
                        label={`Row ${i + 1} quantity`}
                        disabled={disabled}
                        width={140}
                      />
                    </TableCell>
                    <TableCell>
                      <TextF control={control} name={`rows.${i}.unit`} label="Unit" disabled={disabled} width={80} />
                    </TableCell>
                    <TableCell>
                      <MoneyField control={control} name={`rows.${i}.costCents`} label="Cost" disabled={disabled} />
                    </TableCell>
                    {data.colorways.map((c) => (
                      <TableCell key={c.key}>
                        <Controller
                          control={control}
                          name={`rows.${i}.cells.${c.key}.variantId`}
                          render={({ field, fieldState }) => (
                            <TextField
                              select
                              size="small"
                              label={`Row ${i + 1} ${c.key}`}
                              value={field.value ?? ""}
                              disabled={disabled || !item}
                              error={Boolean(fieldState.error)}
                              helperText={
                                fieldState.error?.message ??
                                (() => {
                                  const cost = costIn(i, c.key);
                                  return `${money(cost.cents)} (${cost.from === "variant" ? "variant" : "row"} cost)`;
                                })()
                              }
                              sx={{ width: 190 }}
                              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                              onChange={(e) => {
                                const v = e.target.value === "" ? null : Number(e.target.value);
                                setValue(`rows.${i}.cells.${c.key}`, { variantId: v, note: "" });
                              }}
                            >
                              <MenuItem value="">{item ? `${item.code} (item)` : "–"}</MenuItem>
                              {(item?.variants ?? []).map((v) => (
                                <MenuItem key={v.id} value={v.id}>
                                  {v.code} {v.name}
                                </MenuItem>
                              ))}
                            </TextField>
                          )}
                        />
                      </TableCell>
                    ))}
                    <TableCell align="right">
                      <RowButtons
                        n={i}
                        count={rows.fields.length}
                        disabled={disabled}
                        what="row"
                        onRemove={() => rows.remove(i)}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        {canEdit ? (
          <Box sx={{ mt: 1 }}>
            <Button
              startIcon={<Add />}
              disabled={disabled || data.choices.length === 0}
              onClick={() =>
                rows.append({
                  itemId: undefined,
                  placement: "",
                  quantity: "1",
                  unit: "pc",
                  costCents: 0,
                  cells: emptyCells,
                })
              }
            >
              Add row
            </Button>
          </Box>
        ) : null}
      </TabForm>
    );
  };

/** A bill-of-materials tab (fabrics, notions, labels, threads, graphics, packaging). */
export const bomTab = (tab: TBomTab, Extra?: BomExtra) => techPackTab(techPackTabsApi[tab], bomForm(tab, Extra));
