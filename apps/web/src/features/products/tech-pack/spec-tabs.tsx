import {
  ZColorwaysDataSchema,
  ZColorwaysTabSchema,
  ZSizingDataSchema,
  ZSizingTabSchema,
} from "@hub/contracts/tech-pack/tech-pack";
import { Box, MenuItem, Stack, TextField } from "@mui/material";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../components/record-workspace";
import { RowButtons } from "../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackForm } from "./context";
import { AddRowButton, SelectF, TextF } from "./fields";

// ---- colourways ---------------------------------------------------------------------------------

function ColorwaysForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZColorwaysTabSchema>>) {
  const { canEdit, control, disabled, tabForm } = useTechPackForm(
    "colorways",
    ZColorwaysTabSchema,
    ZColorwaysDataSchema,
    data,
    {
      saved: "The colourways were saved.",
      reload,
    },
  );
  const rows = useFieldArray({ control, name: "colorways" });
  return (
    <TabForm
      title="Colorways"
      subheader="The product's colourways and their colours; each is a column of the BOM"
      {...tabForm}
    >
      <Stack spacing={2}>
        {rows.fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
            <TextF
              control={control}
              name={`colorways.${i}.key`}
              label={`Colourway ${i + 1} code`}
              disabled={disabled}
              width={150}
            />
            <TextF
              control={control}
              name={`colorways.${i}.name`}
              label={`Colourway ${i + 1} name`}
              disabled={disabled}
            />
            <Controller
              control={control}
              name={`colorways.${i}.colorIds`}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  size="small"
                  label="Colours"
                  disabled={disabled}
                  value={field.value ?? []}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  sx={{ width: 260 }}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (ids) =>
                        (ids as number[]).map((id) => data.colors.find((c) => c.id === id)?.name ?? id).join(", "),
                    },
                  }}
                  onChange={(e) => field.onChange(e.target.value as unknown as number[])}
                >
                  {data.colors.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      <Box
                        sx={{
                          width: 14,
                          height: 14,
                          mr: 1,
                          borderRadius: "50%",
                          bgcolor: c.hex ?? "grey.400",
                          border: 1,
                          borderColor: "divider",
                        }}
                      />
                      {c.code} {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <RowButtons
              n={i}
              count={rows.fields.length}
              disabled={disabled}
              what="colourway"
              onRemove={() => rows.remove(i)}
            />
          </Stack>
        ))}
        <AddRowButton
          show={canEdit}
          disabled={disabled}
          onClick={() => rows.append({ key: "", name: "", colorIds: [] })}
        >
          Add colourway
        </AddRowButton>
      </Stack>
    </TabForm>
  );
}
export const ColorwaysTab = techPackTab("colorways", "Colorways", ZColorwaysTabSchema, ColorwaysForm);

// ---- sizing -------------------------------------------------------------------------------------

function SizingForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZSizingTabSchema>>) {
  const { control, disabled, tabForm, form } = useTechPackForm("sizing", ZSizingTabSchema, ZSizingDataSchema, data, {
    saved: "The sizing was saved.",
    reload,
  });
  const sizes = useWatch({ control, name: "sizes" }) ?? [];
  return (
    <TabForm title="Sizing" subheader="The size range and the base size the spec is written in" {...tabForm}>
      <Stack spacing={2}>
        <Controller
          control={control}
          name="sizeRangeId"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label="Size range"
              disabled={disabled}
              value={field.value ?? ""}
              sx={{ width: 320 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              onChange={(e) => {
                const id = e.target.value === "" ? null : Number(e.target.value);
                field.onChange(id);
                const range = data.sizeRanges.find((r) => r.id === id);
                if (range) {
                  form.setValue("sizes", range.sizes, { shouldDirty: true });
                  form.setValue("baseSize", range.baseSize, { shouldDirty: true });
                }
              }}
            >
              <MenuItem value="">Typed sizes</MenuItem>
              {data.sizeRanges.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name} ({r.sizes.join(", ")})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="sizes"
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              label="Sizes"
              disabled={disabled}
              defaultValue={(field.value ?? []).join(", ")}
              key={(field.value ?? []).join(",")}
              helperText={fieldState.error?.message ?? "Smallest to largest, separated by commas"}
              error={Boolean(fieldState.error)}
              onBlur={(e) =>
                field.onChange(
                  e.target.value
                    .split(",")
                    .map((x) => x.trim())
                    .filter(Boolean),
                )
              }
              sx={{ width: 420 }}
            />
          )}
        />
        <SelectF
          control={control}
          name="baseSize"
          label="Base size"
          disabled={disabled}
          options={sizes.map((s) => ({ value: s, label: s }))}
        />
      </Stack>
    </TabForm>
  );
}
export const SizingTab = techPackTab("sizing", "Sizing", ZSizingTabSchema, SizingForm);
