import { techPackTabsApi } from "@hub/contracts/products/api";
import type { TEstimatesTab } from "@hub/contracts/products/tech-pack/tech-pack";
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { MoneyField, NumberField } from "../../../library/styles/workspace/composition-fields";
import { money } from "../../format";
import { techPackTab, useTechPackForm } from "../context";
import { CommaListField } from "../fields";

function EstimatesForm({ data, reload }: WorkspaceTabProps<TEstimatesTab>) {
  const { costing, targetCostCents, targetPriceCents } = data;
  const { control, disabled, tabForm } = useTechPackForm(techPackTabsApi.estimates, data, {
    saved: "The estimate was saved.",
    reload,
  });
  const quantities = data.quantities;
  return (
    <TabForm
      title="Estimates"
      subheader={`Costing from the BOM (consumption × cost), labour and overheads; target cost ${money(targetCostCents)}, target price ${money(targetPriceCents)}`}
      {...tabForm}
    >
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <MoneyField control={control} name="labourCents" label="Labour" disabled={disabled} />
          <MoneyField control={control} name="overheadCents" label="Overheads" disabled={disabled} />
          <MoneyField control={control} name="freightCents" label="Freight" disabled={disabled} />
          <MoneyField control={control} name="setupCents" label="Setup (per order)" disabled={disabled} />
          <NumberField control={control} name="dutyBps" label="Duty (bps)" disabled={disabled} step="1" />
          <NumberField control={control} name="marginBps" label="Margin (bps)" disabled={disabled} step="1" />
          <CommaListField
            control={control}
            name="quantities"
            label="Quantities"
            helper="Order quantities to price"
            size="small"
            disabled={disabled}
            numbers
            onBlur
          />
        </Stack>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Costing per colourway">
            <TableHead>
              <TableRow>
                <TableCell>Colourway</TableCell>
                <TableCell align="right">Materials</TableCell>
                <TableCell align="right">Labour</TableCell>
                <TableCell align="right">Overheads</TableCell>
                <TableCell align="right">Duty</TableCell>
                <TableCell align="right">Freight</TableCell>
                <TableCell align="right">Landed</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Margin</TableCell>
                {quantities.map((q) => (
                  <TableCell key={q} align="right">
                    {q} pcs
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {costing.map((c) => (
                <TableRow key={c.key}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell align="right">{money(c.materialsCents)}</TableCell>
                  <TableCell align="right">{money(c.labourCents)}</TableCell>
                  <TableCell align="right">{money(c.overheadCents)}</TableCell>
                  <TableCell align="right">{money(c.dutyCents)}</TableCell>
                  <TableCell align="right">{money(c.freightCents)}</TableCell>
                  <TableCell align="right" data-testid={`landed-${c.key}`}>
                    {money(c.landedCents)}
                  </TableCell>
                  <TableCell align="right">{money(c.priceCents)}</TableCell>
                  <TableCell align="right">{money(c.marginCents)}</TableCell>
                  {c.byQuantity.map((b) => (
                    <TableCell key={b.quantity} align="right">
                      {money(b.unitPriceCents)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="caption" color="text.secondary">
          Worked out on the server from the saved BOM; save the BOM tabs to see their changes here.
        </Typography>
      </Stack>
    </TabForm>
  );
}
export default techPackTab(techPackTabsApi.estimates, EstimatesForm);
