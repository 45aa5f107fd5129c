import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TStylePricingRequest,
  type TStylePricingRequestInput,
  type TStylePricingTab,
  ZStylePricingRequestSchema,
  ZStylePricingTabSchema,
} from "@hub/contracts/library/style-composition";
import Add from "@mui/icons-material/Add";
import { Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import { TabForm, useTabSaveState } from "../../../../components/record-workspace";
import { applyServerErrors } from "../../../../lib/form-errors";
import { money } from "../../resources/format";
import { useSaveStyleTab, useStyleTab } from "../api";
import { MoneyField, NumberField, RowButtons } from "./composition-fields";
import { useStyleWorkspace } from "./context";
import { TabLoader } from "./tab-loader";

function PricingForm({ data, reload }: { data: TStylePricingTab; reload: () => void }) {
  const { styleId, canEdit } = useStyleWorkspace();
  const save = useSaveStyleTab(styleId, "pricing", ZStylePricingTabSchema);
  const state = useTabSaveState();
  const { control, handleSubmit, setError, formState } = useForm<
    TStylePricingRequestInput,
    unknown,
    TStylePricingRequest
  >({
    resolver: zodResolver(ZStylePricingRequestSchema),
    defaultValues: { version: data.version, priceTiers: data.priceTiers },
  });
  const tiers = useFieldArray({ control, name: "priceTiers" });
  const values = useWatch({ control, name: "priceTiers" });
  const disabled = !canEdit || formState.isSubmitting;

  const onSubmit = async (values: TStylePricingRequest) => {
    state.clear();
    try {
      await save.mutateAsync(values);
      toast.success("Pricing was saved.");
    } catch (error) {
      state.fail(error, (e) => applyServerErrors(e, setError, ["priceTiers"]));
    }
  };

  return (
    <TabForm
      title="Pricing"
      subheader="Unit prices by quantity"
      onSubmit={handleSubmit(onSubmit)}
      dirty={formState.isDirty}
      saving={formState.isSubmitting}
      canEdit={canEdit}
      error={state.error}
      stale={state.stale}
      onReload={reload}
    >
      <Stack spacing={2}>
        <Typography sx={{ color: "text.secondary" }}>
          From 1 piece the base price applies ({money(data.basePriceCents)}, set on the Details tab). Each tier sets the
          unit price from its quantity on.
        </Typography>
        <Table size="small" aria-label="Price tiers">
          <TableHead>
            <TableRow>
              <TableCell>From quantity</TableCell>
              <TableCell>Unit price</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell>1</TableCell>
              <TableCell>{money(data.basePriceCents)} (base)</TableCell>
              <TableCell />
            </TableRow>
            {tiers.fields.map((f, i) => (
              <TableRow key={f.id}>
                <TableCell>
                  <NumberField
                    control={control}
                    name={`priceTiers.${i}.minQuantity`}
                    label={`Tier ${i + 1} from`}
                    disabled={disabled}
                    step="1"
                    unit="pcs"
                  />
                </TableCell>
                <TableCell>
                  <MoneyField
                    control={control}
                    name={`priceTiers.${i}.unitPriceCents`}
                    label={`Tier ${i + 1} price`}
                    disabled={disabled}
                  />
                </TableCell>
                <TableCell align="right">
                  <RowButtons
                    n={i}
                    count={tiers.fields.length}
                    disabled={disabled}
                    what="tier"
                    onRemove={() => tiers.remove(i)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {canEdit ? (
          <Box>
            <Button
              startIcon={<Add />}
              disabled={disabled}
              onClick={() => {
                const last = values?.at(-1);
                tiers.append({
                  minQuantity: last ? Math.max(2, Number(last.minQuantity) * 2) : 12,
                  unitPriceCents: last ? Number(last.unitPriceCents) : data.basePriceCents,
                });
              }}
            >
              Add tier
            </Button>
          </Box>
        ) : null}
      </Stack>
    </TabForm>
  );
}

/** /styles/edit/:id/pricing: the quantity price tiers above the base price. */
export default function PricingTab() {
  const { styleId } = useStyleWorkspace();
  const query = useStyleTab(styleId, "pricing", ZStylePricingTabSchema);
  return (
    <TabLoader query={query} label="pricing">
      {(data, reload) => <PricingForm data={data} reload={reload} />}
    </TabLoader>
  );
}
