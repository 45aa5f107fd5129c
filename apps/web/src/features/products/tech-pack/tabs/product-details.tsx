import { productsApi } from "@hub/contracts/products/api";
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from "@hub/contracts/products/products";
import {
  TECH_PACK_TAB_LABELS,
  type TProductDetailsTab,
  ZProductDetailsRequestSchema,
} from "@hub/contracts/products/tech-pack/tech-pack";
import { Stack } from "@mui/material";
import { TabForm, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { MoneyField } from "../../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackTabSave } from "../context";
import { CommaListField, SelectF, TextF } from "../fields";

/** The product details tab: the product's own fields, per version (not a document tab). */
const PRODUCT_DETAILS_TAB = {
  key: "editProductDetails",
  label: TECH_PACK_TAB_LABELS.editProductDetails,
  read: productsApi.details,
  save: productsApi.saveDetails,
};

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
  const { canEdit, save } = useTechPackTabSave(PRODUCT_DETAILS_TAB, data.readOnly);
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
        <CommaListField
          control={control}
          name="tags"
          label="Tags"
          helper="Separated by commas"
          size="small"
          disabled={disabled}
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

export default techPackTab(PRODUCT_DETAILS_TAB, DetailsForm);
