import { techPackTabsApi } from "@hub/contracts/products/api";
import type { ZCuttersMustTabSchema } from "@hub/contracts/products/tech-pack/tech-pack";
import { Stack, Typography } from "@mui/material";
import { useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { NumberField, RowButtons } from "../../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackForm } from "../context";
import { AddRowButton, SelectF, TextF } from "../fields";

function CuttersMustForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZCuttersMustTabSchema>>) {
  const { canEdit, control, disabled, tabForm } = useTechPackForm(techPackTabsApi.cuttersMust, data, {
    saved: "The cutter's must was saved.",
    reload,
  });
  const pieces = useFieldArray({ control, name: "pieces" });
  const trims = useFieldArray({ control, name: "trims" });
  const fabrics = data.fabrics.map((f) => ({ value: f.id, label: `${f.code} ${f.name}` }));
  return (
    <TabForm
      title="Cutter's must"
      subheader="Pattern groups and pieces with fabric and count, trims and cutting notes"
      {...tabForm}
    >
      <Stack spacing={2}>
        {pieces.fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
            <TextF control={control} name={`pieces.${i}.group`} label="Group" disabled={disabled} width={130} />
            <TextF control={control} name={`pieces.${i}.name`} label="Piece" disabled={disabled} />
            <SelectF
              control={control}
              name={`pieces.${i}.fabricItemId`}
              label="Fabric"
              disabled={disabled}
              options={fabrics}
              empty="–"
              width={240}
            />
            <NumberField
              control={control}
              name={`pieces.${i}.count`}
              label="Count"
              disabled={disabled}
              step="1"
              width={90}
            />
            <RowButtons
              n={i}
              count={pieces.fields.length}
              disabled={disabled}
              what="piece"
              onRemove={() => pieces.remove(i)}
            />
          </Stack>
        ))}
        <AddRowButton
          show={canEdit}
          disabled={disabled}
          onClick={() => pieces.append({ group: "", name: "", fabricItemId: null, count: 1 })}
        >
          Add pattern piece
        </AddRowButton>
        <Typography variant="subtitle2">Trims</Typography>
        {trims.fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={1.5}>
            <TextF control={control} name={`trims.${i}.name`} label="Trim" disabled={disabled} />
            <TextF control={control} name={`trims.${i}.quantity`} label="Quantity" disabled={disabled} width={110} />
            <RowButtons
              n={i}
              count={trims.fields.length}
              disabled={disabled}
              what="trim"
              onRemove={() => trims.remove(i)}
            />
          </Stack>
        ))}
        <AddRowButton show={canEdit} disabled={disabled} onClick={() => trims.append({ name: "", quantity: "1" })}>
          Add trim
        </AddRowButton>
        <TextF control={control} name="notes" label="Cutting notes" disabled={disabled} multiline width="100%" />
      </Stack>
    </TabForm>
  );
}
export default techPackTab(techPackTabsApi.cuttersMust, CuttersMustForm);
