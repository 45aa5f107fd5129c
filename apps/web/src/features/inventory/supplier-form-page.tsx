import type { TSupplierDetail } from "@hub/contracts/inventory/suppliers";
import { ZSupplierRequestSchema } from "@hub/contracts/inventory/suppliers";
import Add from "@mui/icons-material/Add";
import { Button, FormControlLabel, Grid, Stack, Switch, Typography } from "@mui/material";
import { useState } from "react";
import { Controller, useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { MoneyInput } from "../../components/money-input";
import { DeleteRecordDialog, RecordFormLoader, useRecordForm, useRecordId } from "../../components/record-form";
import { RecordFormPage } from "../../components/record-form-page";
import { RecordNotFound } from "../../components/record-not-found";
import { TextInput } from "../../components/text-input";
import { useDeleteSupplier, useSaveSupplier, useSupplier } from "./api";
import { qty } from "./format";
import { MaterialField, MaterialRow } from "./material-picker";

type Input = z.input<typeof ZSupplierRequestSchema>;

const FIELDS = [
  "code",
  "name",
  "contactName",
  "email",
  "phone",
  "leadTimeDays",
  "currency",
  "notes",
  "active",
  "materials",
] as const;

const EMPTY: Input = {
  code: "",
  name: "",
  contactName: "",
  email: "",
  phone: "",
  leadTimeDays: 0,
  currency: "USD",
  notes: "",
  active: true,
  materials: [],
};

const fromDetail = (s: TSupplierDetail): Input => ({
  code: s.code,
  name: s.name,
  contactName: s.contactName ?? "",
  email: s.email ?? "",
  phone: s.phone ?? "",
  leadTimeDays: s.leadTimeDays,
  currency: s.currency,
  notes: s.notes ?? "",
  active: s.active,
  materials: s.materials.map((m) => ({
    materialKind: m.materialKind,
    materialId: m.materialId,
    supplierCode: m.supplierCode ?? "",
    priceCents: m.priceCents,
    unit: m.unit,
    minOrderQty: qty(m.minOrderQty),
  })),
});

function SupplierForm({ supplier }: { supplier: TSupplierDetail | null }) {
  const save = useSaveSupplier(supplier?.id ?? null);
  const remove = useDeleteSupplier();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { form, formProps } = useRecordForm({
    schema: ZSupplierRequestSchema,
    values: supplier ? fromDetail(supplier) : EMPTY,
    fields: FIELDS,
    save: save.mutateAsync,
    saved: (saved) => `${saved.name} was ${supplier ? "saved" : "created"}.`,
    goTo: () => "/supplierDetails",
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const materials = useFieldArray({ control, name: "materials" });

  return (
    <>
      <RecordFormPage
        title={supplier ? `Edit ${supplier.name}` : "New supplier"}
        subtitle={supplier ? `Supplier ${supplier.code}` : "A company you buy fabrics and parts from."}
        formLabel={supplier ? "Edit supplier" : "New supplier"}
        onDelete={supplier ? () => setConfirmOpen(true) : undefined}
        {...formProps}
        errorTestId="supplier-form-error"
        submitLabel={supplier ? "Save changes" : "Create supplier"}
        cancelTo="/supplierDetails"
        maxWidth={1100}
      >
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextInput
              label="Code"
              autoFocus={!supplier}
              {...register("code")}
              error={Boolean(errors.code)}
              helperText={errors.code?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextInput
              label="Name"
              {...register("name")}
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextInput
              label="Contact name"
              {...register("contactName")}
              error={Boolean(errors.contactName)}
              helperText={errors.contactName?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextInput
              label="Email"
              type="email"
              {...register("email")}
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextInput
              label="Phone"
              {...register("phone")}
              error={Boolean(errors.phone)}
              helperText={errors.phone?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextInput
              label="Lead time (days)"
              type="number"
              {...register("leadTimeDays", { setValueAs: (v) => (v === "" ? undefined : Number(v)) })}
              error={Boolean(errors.leadTimeDays)}
              helperText={errors.leadTimeDays?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextInput
              label="Currency"
              {...register("currency", { setValueAs: (v: string) => v.toUpperCase() })}
              error={Boolean(errors.currency)}
              helperText={errors.currency?.message ?? "ISO 4217, like USD or EUR"}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />}
                  label="Active"
                />
              )}
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
            <Typography variant="h6">Fabrics and parts supplied</Typography>
            <Typography variant="body2" sx={{ color: "text.secondary", mb: 1.5 }}>
              The supplier's price per unit for each material; a purchase order line starts from it.
            </Typography>
            <Stack spacing={1.5} aria-label="Supplied materials">
              {materials.fields.map((row, index) => {
                const rowErrors = errors.materials?.[index];
                return (
                  <MaterialRow
                    key={row.id}
                    what="material"
                    index={index}
                    removeTitle="Remove"
                    onRemove={() => materials.remove(index)}
                  >
                    <MaterialField
                      control={control}
                      row={`materials.${index}`}
                      index={index}
                      error={rowErrors?.materialId?.message}
                    />
                    <TextInput
                      label="Supplier's code"
                      size="small"
                      fullWidth={false}
                      sx={{ width: 150 }}
                      {...register(`materials.${index}.supplierCode`)}
                      error={Boolean(rowErrors?.supplierCode)}
                      helperText={rowErrors?.supplierCode?.message}
                    />
                    <Controller
                      control={control}
                      name={`materials.${index}.priceCents`}
                      render={({ field }) => (
                        <MoneyInput
                          label={`Price ${index + 1}`}
                          size="small"
                          width={150}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          error={rowErrors?.priceCents?.message}
                        />
                      )}
                    />
                    <TextInput
                      label="Unit"
                      size="small"
                      fullWidth={false}
                      sx={{ width: 90 }}
                      {...register(`materials.${index}.unit`)}
                      error={Boolean(rowErrors?.unit)}
                      helperText={rowErrors?.unit?.message}
                    />
                    <TextInput
                      label="Minimum order"
                      size="small"
                      fullWidth={false}
                      sx={{ width: 130 }}
                      inputMode="decimal"
                      {...register(`materials.${index}.minOrderQty`)}
                      error={Boolean(rowErrors?.minOrderQty)}
                      helperText={rowErrors?.minOrderQty?.message}
                    />
                  </MaterialRow>
                );
              })}
            </Stack>
            {errors.materials?.message ? (
              <Typography color="error" variant="body2">
                {errors.materials.message}
              </Typography>
            ) : null}
            <Button
              sx={{ mt: 1 }}
              startIcon={<Add />}
              onClick={() =>
                materials.append({
                  materialKind: "fabric",
                  // Not chosen yet: the schema asks for it with its own message.
                  materialId: null as unknown as number,
                  supplierCode: "",
                  priceCents: 0,
                  unit: "",
                  minOrderQty: "0",
                })
              }
            >
              Add material
            </Button>
          </Grid>
        </Grid>
      </RecordFormPage>
      {supplier ? (
        <DeleteRecordDialog
          open={confirmOpen}
          title="Delete supplier?"
          message={
            <>
              <strong>{supplier.name}</strong> ({supplier.code}) will be deleted with its prices. This cannot be undone.
              If purchase orders name it, the Hub refuses and says which: make it inactive instead.
            </>
          }
          onClose={() => setConfirmOpen(false)}
          name={supplier.name}
          remove={() => remove.mutateAsync(supplier.id)}
          backTo="/supplierDetails"
        />
      ) : null}
    </>
  );
}

const NotFound = () => (
  <RecordNotFound
    title="Supplier not found"
    message="This supplier does not exist, or it was deleted."
    backTo="/supplierDetails"
    backLabel="Back to suppliers"
  />
);

/** /supplierDetails/new and /supplierDetails/edit/:id. */
export default function SupplierFormPage({ mode }: { mode: "new" | "edit" }) {
  const id = useRecordId(mode);
  const supplier = useSupplier(id);
  return (
    <RecordFormLoader mode={mode} id={id} record={supplier} notFound={<NotFound />} errorTitle="Supplier Details">
      {(record) => <SupplierForm key={record?.id ?? "new"} supplier={record} />}
    </RecordFormLoader>
  );
}
