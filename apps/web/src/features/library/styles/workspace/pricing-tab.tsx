import {
  type TStylePricingTab,
  ZStylePricingRequestSchema,
  ZStylePricingTabSchema,
} from "@hub/contracts/library/style-composition";
import Add from "@mui/icons-material/Add";
import { Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useFieldArray, useWatch } from "react-hook-form";
import { TabForm, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { money } from "../../resources/format";
import { MoneyField, NumberField, RowButtons } from "./composition-fields";
import { styleTab, useStyleTabSave } from "./style-tab";

function PricingForm({ data, reload }: WorkspaceTabProps<TStylePricingTab>) {
  const { canEdit, save } = useStyleTabSave("pricing", ZStylePricingTabSchema);
  const { control, disabled, tabForm } = useWorkspaceTabForm({
    schema: ZStylePricingRequestSchema,
    values: { version: data.version, priceTiers: data.priceTiers },
    save,
    saved: "Pricing was saved.",
    fieldNames: ["priceTiers"],
    canEdit,
    reload,
  });
  const tiers = useFieldArray({ control, name: "priceTiers" });
  const values = useWatch({ control, name: "priceTiers" });

  return (
    <TabForm title="Pricing" subheader="Unit prices by quantity" {...tabForm}>
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
export default styleTab("pricing", ZStylePricingTabSchema, PricingForm);
