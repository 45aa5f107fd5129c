import { ZPoRequestSchema } from "@hub/contracts/inventory/purchase-orders";
import Add from "@mui/icons-material/Add";
import { Box, Button, Grid, Stack, TextField, Typography } from "@mui/material";
import { Controller, type RefCallBack, useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { MoneyInput } from "../../components/money-input";
import { useRecordForm } from "../../components/record-form";
import { RecordFormPage } from "../../components/record-form-page";
import { RefSelect } from "../../components/resource/fields";
import { TextInput } from "../../components/text-input";
import { useCreatePo } from "./api";
import { lineCents, money } from "./format";
import { MaterialField, MaterialRow } from "./material-picker";
import { SUPPLIER_LOOKUP } from "./purchase-orders-list-page";

type Input = z.input<typeof ZPoRequestSchema>;
type LineInput = Input["lines"][number];

/** register() for MUI's TextField: its ref must reach the input element, not the root. */
const asField = <T extends { ref: RefCallBack }>({ ref, ...rest }: T) => ({ ...rest, inputRef: ref });

const FIELDS = ["supplierId", "number", "expectedDate", "notes", "lines"] as const;

// Not chosen yet: the schema asks for them with their own messages.
const unset = null as unknown as number;
const newLine = (): LineInput => ({
  materialKind: "fabric",
  materialId: unset,
  quantity: "",
  unitCostCents: unset,
  expectedDate: null,
});

/** /inventoryOnOrder/new: a purchase order to a supplier with fabric and part lines and their totals. */
export default function PurchaseOrderFormPage() {
  const create = useCreatePo();
  const { form, formProps } = useRecordForm({
    schema: ZPoRequestSchema,
    values: { supplierId: unset, number: "", expectedDate: null, notes: "", lines: [newLine()] },
    fields: FIELDS,
    save: create.mutateAsync,
    saved: (po) => `${po.number} was created.`,
    goTo: (po) => `/inventoryOnOrder/${po.id}`,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const lines = useFieldArray({ control, name: "lines" });
  const watched = useWatch({ control, name: "lines" });
  const totals = (watched ?? []).map((l) => lineCents(l.quantity ?? "", l.unitCostCents ?? null));
  const total = totals.every((t) => t !== null) ? totals.reduce<number>((a, b) => a + (b ?? 0), 0) : null;

  return (
    <RecordFormPage
      title="New purchase order"
      subtitle="Fabrics and parts to order from one supplier."
      formLabel="New purchase order"
      {...formProps}
      errorTestId="po-form-error"
      submitLabel="Create purchase order"
      cancelTo="/inventoryOnOrder"
      maxWidth={1100}
    >
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="supplierId"
            render={({ field, fieldState }) => (
              <RefSelect
                resource={SUPPLIER_LOOKUP}
                label="Supplier"
                value={field.value ?? null}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <TextInput
            label="Number (optional)"
            {...register("number")}
            error={Boolean(errors.number)}
            helperText={errors.number?.message ?? "PO-000042 from the id when empty"}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <TextField
            label="Expected date"
            type="date"
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
            {...asField(register("expectedDate", { setValueAs: (v) => (v ? v : null) }))}
            error={Boolean(errors.expectedDate)}
            helperText={errors.expectedDate?.message}
          />
        </Grid>
        <Grid size={12}>
          <TextInput
            label="Notes"
            multiline
            minRows={2}
            {...register("notes")}
            error={Boolean(errors.notes)}
            helperText={errors.notes?.message}
          />
        </Grid>
        <Grid size={12}>
          <Typography variant="h6" sx={{ mb: 1.5 }}>
            Lines
          </Typography>
          <Stack spacing={1.5}>
            {lines.fields.map((row, index) => {
              const e = errors.lines?.[index];
              const cents = totals[index];
              return (
                <MaterialRow
                  key={row.id}
                  what="line"
                  index={index}
                  removeTitle="Remove line"
                  canRemove={lines.fields.length > 1}
                  onRemove={() => lines.remove(index)}
                >
                  <MaterialField
                    control={control}
                    row={`lines.${index}`}
                    index={index}
                    error={e?.materialId?.message}
                  />
                  <TextField
                    label={`Quantity ${index + 1}`}
                    size="small"
                    sx={{ width: 130 }}
                    slotProps={{ htmlInput: { inputMode: "decimal" } }}
                    {...asField(register(`lines.${index}.quantity`))}
                    error={Boolean(e?.quantity)}
                    helperText={e?.quantity?.message}
                  />
                  <Controller
                    control={control}
                    name={`lines.${index}.unitCostCents`}
                    render={({ field, fieldState }) => (
                      <MoneyInput
                        label={`Unit cost ${index + 1}`}
                        size="small"
                        width={150}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <TextField
                    label={`Expected ${index + 1}`}
                    type="date"
                    size="small"
                    sx={{ width: 170 }}
                    slotProps={{ inputLabel: { shrink: true } }}
                    {...asField(register(`lines.${index}.expectedDate`, { setValueAs: (v) => (v ? v : null) }))}
                    error={Boolean(e?.expectedDate)}
                    helperText={e?.expectedDate?.message}
                  />
                  <Typography sx={{ width: 120, pt: 1, textAlign: "right" }} data-testid={`line-total-${index}`}>
                    {cents === null || cents === undefined ? "—" : money(cents)}
                  </Typography>
                </MaterialRow>
              );
            })}
          </Stack>
          {errors.lines?.message ? (
            <Typography color="error" variant="body2">
              {errors.lines.message}
            </Typography>
          ) : null}
          <Stack direction="row" sx={{ mt: 1, alignItems: "center" }}>
            <Button startIcon={<Add />} onClick={() => lines.append(newLine())}>
              Add line
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Typography variant="h6" data-testid="po-total">
              Total {total === null ? "—" : money(total)}
            </Typography>
          </Stack>
        </Grid>
      </Grid>
    </RecordFormPage>
  );
}
