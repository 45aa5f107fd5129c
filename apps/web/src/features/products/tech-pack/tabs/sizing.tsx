import { techPackTabsApi } from "@hub/contracts/products/api";
import type { ZSizingTabSchema } from "@hub/contracts/products/tech-pack/tech-pack";
import { MenuItem, Stack, TextField } from "@mui/material";
import { Controller, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { techPackTab, useTechPackForm } from "../context";
import { CommaListField, SelectF } from "../fields";

function SizingForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZSizingTabSchema>>) {
  const { control, disabled, tabForm, form } = useTechPackForm(techPackTabsApi.sizing, data, {
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
        <CommaListField
          control={control}
          name="sizes"
          label="Sizes"
          helper="Smallest to largest, separated by commas"
          size="small"
          disabled={disabled}
          onBlur
          follow
          width={420}
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
export default techPackTab(techPackTabsApi.sizing, SizingForm);
