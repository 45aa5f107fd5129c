import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from "@hub/contracts/products/products";
import {
  type TProductDetailsTab,
  ZProductDetailsRequestSchema,
  ZProductDetailsTabSchema,
} from "@hub/contracts/tech-pack/tech-pack";
import { Stack, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { TabForm, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../components/record-workspace";
import { MoneyField } from "../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackTabSave } from "./context";
import { SelectF, TextF } from "./fields";

const FIELDS = [
  "code",
  "name",
  "status",
  "season",
  "category",
  "collection",
  "batch",
  "fit",
  "description",
  "tags",
  "targetCostCents",
  "targetPriceCents",
] as const;

function DetailsForm({ data, reload }: WorkspaceTabProps<TProductDetailsTab>) {
  const { canEdit, save } = useTechPackTabSave("editProductDetails", ZProductDetailsTabSchema, data.readOnly);
  const { version, stpId: _s, readOnly: _r, savedAt: _a, savedBy: _b, ...fields } = data;
  const { control, disabled, tabForm } = useWorkspaceTabForm({
    schema: ZProductDetailsRequestSchema,
    values: { version, ...fields },
    save,
    saved: "The product details were saved.",
    fieldNames: FIELDS,
    canEdit,
    reload,
  });
  return (
    <TabForm title="Product details" subheader="Name, season, category, collection, targets, fit and tags" {...tabForm}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <TextF control={control} name="code" label="Product code" disabled={disabled} />
          <TextF control={control} name="name" label="Product name" disabled={disabled} width={320} />
          <SelectF
            control={control}
            name="status"
            label="Status"
            disabled={disabled}
            options={PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] }))}
          />
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <TextF control={control} name="season" label="Season" disabled={disabled} nullable />
          <TextF control={control} name="category" label="Category" disabled={disabled} nullable />
          <TextF control={control} name="collection" label="Collection" disabled={disabled} nullable />
          <TextF control={control} name="batch" label="Batch" disabled={disabled} nullable />
          <TextF control={control} name="fit" label="Fit" disabled={disabled} nullable />
        </Stack>
        <Stack direction="row" spacing={2}>
          <MoneyField control={control} name="targetCostCents" label="Target cost" disabled={disabled} />
          <MoneyField control={control} name="targetPriceCents" label="Target price" disabled={disabled} />
        </Stack>
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              label="Tags"
              disabled={disabled}
              defaultValue={(field.value ?? []).join(", ")}
              helperText={fieldState.error?.message ?? "Separated by commas"}
              error={Boolean(fieldState.error)}
              onChange={(e) =>
                field.onChange(
                  e.target.value
                    .split(",")
                    .map((x) => x.trim())
                    .filter(Boolean),
                )
              }
            />
          )}
        />
        <TextF
          control={control}
          name="description"
          label="Description"
          disabled={disabled}
          multiline
          nullable
          width="100%"
        />
      </Stack>
    </TabForm>
  );
}

export default techPackTab("editProductDetails", "Product details", ZProductDetailsTabSchema, DetailsForm);
