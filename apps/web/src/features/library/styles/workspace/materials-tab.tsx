import { fabricsApi, partsApi } from "@hub/contracts/library/resources-api";
import {
  type TStyleMaterialsRequest,
  type TStyleMaterialsRequestInput,
  type TStyleMaterialsTab,
  ZStyleMaterialsRequestSchema,
  ZStyleMaterialsTabSchema,
} from "@hub/contracts/library/style-composition";
import Add from "@mui/icons-material/Add";
import { Box, Button, Stack, TextField, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { type Control, Controller, useFieldArray } from "react-hook-form";
import { TabForm, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { ApplyProfileButton, AttributeChoice, NumberField, RefField, RowButtons } from "./composition-fields";
import { styleTab, useStyleTabSave } from "./style-tab";

type C = Control<TStyleMaterialsRequestInput, unknown, TStyleMaterialsRequest>;
type Choice = { id: number; label: string };

/** A list of material rows: its heading, each row's fields with its remove button, and Add. */
function MaterialRows(props: {
  title: string;
  description: string;
  what: "fabric" | "part";
  /** The field array's row keys. */
  keys: string[];
  disabled: boolean;
  fields: (i: number) => ReactNode;
  onRemove: (i: number) => void;
  onAdd: () => void;
}) {
  const { what, keys, disabled } = props;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{props.title}</Typography>
      <Typography sx={{ color: "text.secondary" }}>{props.description}</Typography>
      {keys.map((key, i) => (
        <Stack
          key={key}
          direction={{ xs: "column", md: "row" }}
          spacing={1}
          sx={{ alignItems: { md: "flex-start" } }}
          data-testid={`${what}-row-${i}`}
        >
          {props.fields(i)}
          <RowButtons n={i} count={keys.length} disabled={disabled} what={what} onRemove={() => props.onRemove(i)} />
        </Stack>
      ))}
      {disabled ? null : (
        <Box>
          <Button startIcon={<Add />} onClick={props.onAdd}>
            Add {what}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function FabricRows({ control, disabled, choices }: { control: C; disabled: boolean; choices: Choice[] }) {
  const rows = useFieldArray({ control, name: "fabrics" });
  return (
    <MaterialRows
      title="Fabrics"
      description="The fabrics one garment consumes; tie a row to an attribute when only that variant needs it."
      what="fabric"
      keys={rows.fields.map((f) => f.id)}
      disabled={disabled}
      onRemove={rows.remove}
      onAdd={() => rows.append({ fabricId: null, attributeId: null, placement: null, consumption: 1 })}
      fields={(i) => (
        <>
          <RefField
            control={control}
            name={`fabrics.${i}.fabricId`}
            resource={fabricsApi.lookup}
            label={`Fabric ${i + 1}`}
            disabled={disabled}
          />
          <AttributeChoice
            control={control}
            name={`fabrics.${i}.attributeId`}
            label="For"
            choices={choices}
            disabled={disabled}
          />
          <Controller
            control={control}
            name={`fabrics.${i}.placement`}
            render={({ field, fieldState }) => (
              <TextField
                size="small"
                label="Placement"
                value={field.value ?? ""}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                disabled={disabled}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                sx={{ width: 150 }}
              />
            )}
          />
          <NumberField control={control} name={`fabrics.${i}.consumption`} label="Consumption" disabled={disabled} />
        </>
      )}
    />
  );
}

function PartRows({ control, disabled, choices }: { control: C; disabled: boolean; choices: Choice[] }) {
  const rows = useFieldArray({ control, name: "parts" });
  return (
    <MaterialRows
      title="Parts"
      description="The trims and components one garment needs; tie a row to an attribute when only that variant needs it."
      what="part"
      keys={rows.fields.map((f) => f.id)}
      disabled={disabled}
      onRemove={rows.remove}
      onAdd={() => rows.append({ partId: null, attributeId: null, quantity: 1 })}
      fields={(i) => (
        <>
          <RefField
            control={control}
            name={`parts.${i}.partId`}
            resource={partsApi.lookup}
            label={`Part ${i + 1}`}
            disabled={disabled}
          />
          <AttributeChoice
            control={control}
            name={`parts.${i}.attributeId`}
            label="For"
            choices={choices}
            disabled={disabled}
          />
          <NumberField control={control} name={`parts.${i}.quantity`} label="Quantity" disabled={disabled} />
        </>
      )}
    />
  );
}

const toValues = (data: TStyleMaterialsTab): TStyleMaterialsRequestInput => ({
  version: data.version,
  fabrics: data.fabrics.map((f) => ({
    fabricId: f.fabricId,
    attributeId: f.attributeId,
    placement: f.placement,
    consumption: f.consumption,
  })),
  parts: data.parts.map((p) => ({ partId: p.partId, attributeId: p.attributeId, quantity: p.quantity })),
});

function MaterialsForm({ data, reload }: WorkspaceTabProps<TStyleMaterialsTab>) {
  const { styleId, canEdit, save } = useStyleTabSave("materials", ZStyleMaterialsTabSchema);
  const { control, disabled, tabForm } = useWorkspaceTabForm({
    schema: ZStyleMaterialsRequestSchema,
    values: toValues(data),
    save,
    saved: "Materials were saved.",
    fieldNames: ["fabrics", "parts"],
    canEdit,
    reload,
  });
  const choices = data.offeredAttributes.map((a) => ({ id: a.attributeId, label: a.name }));

  return (
    <TabForm
      title="Materials"
      subheader="Bill of materials: fabrics and parts"
      {...tabForm}
      actions={<ApplyProfileButton styleId={styleId} kind="part" dirty={tabForm.dirty} />}
    >
      <Stack spacing={4}>
        <FabricRows control={control} disabled={disabled} choices={choices} />
        <PartRows control={control} disabled={disabled} choices={choices} />
      </Stack>
    </TabForm>
  );
}

/** /styles/edit/:id/materials: fabrics and parts, each for every variant or one attribute. */
export default styleTab("materials", ZStyleMaterialsTabSchema, MaterialsForm);
