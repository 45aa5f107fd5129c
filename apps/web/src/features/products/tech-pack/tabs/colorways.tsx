import { techPackTabsApi } from "@hub/contracts/products/api";
import type { ZColorwaysTabSchema } from "@hub/contracts/products/tech-pack/tech-pack";
import { Box, MenuItem, Stack, TextField } from "@mui/material";
import { Controller, useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { RowButtons } from "../../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackForm } from "../context";
import { AddRowButton, TextF } from "../fields";

/** A multiple select's value as colour ids: the chosen items' values (a string only from a browser's autofill: "3,7"). */
const colorIdsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : String(value).split(",")).map(Number).filter((id) => Number.isInteger(id) && id > 0);

function ColorwaysForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZColorwaysTabSchema>>) {
  const { canEdit, control, disabled, tabForm } = useTechPackForm(techPackTabsApi.colorways, data, {
    saved: "The colourways were saved.",
    reload,
  });
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
                        colorIdsOf(ids)
                          .map((id) => data.colors.find((c) => c.id === id)?.name ?? id)
                          .join(", "),
                    },
                  }}
                  onChange={(e) => field.onChange(colorIdsOf(e.target.value))}
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
export default techPackTab(techPackTabsApi.colorways, ColorwaysForm);
