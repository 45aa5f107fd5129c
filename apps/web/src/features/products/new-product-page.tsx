import { productsApi } from "@hub/contracts/products/api";
import {
  PRODUCT_MESSAGES,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  techPackPath,
  ZProductCreateRequestSchema,
} from "@hub/contracts/products/products";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Controller, useWatch } from "react-hook-form";
import { MoneyInput } from "../../components/money-input";
import { useRecordForm } from "../../components/record-form";
import { RecordFormPage } from "../../components/record-form-page";
import { call } from "../../lib/api";
import { productKeys, useCreateProduct } from "./api";
import { CommaListField } from "./tech-pack/fields";

const FIELDS = [
  "code",
  "name",
  "status",
  "season",
  "category",
  "collection",
  "batch",
  "tags",
  "targetCostCents",
  "targetPriceCents",
  "teamId",
  "pomTemplateId",
  "sizeRangeId",
] as const;

const TEXT_FIELDS = [
  ["code", "Product code", true],
  ["name", "Product name", true],
  ["season", "Season", false],
  ["category", "Category", false],
  ["collection", "Collection", false],
  ["batch", "Batch", false],
] as const;

/** /productDev/products/addNewProduct: a product with its first version, optionally from a POM template and size range. */
export default function NewProductPage() {
  const create = useCreateProduct();
  const starters = useQuery({
    queryKey: [...productKeys.all(), "starters"],
    queryFn: () => call(productsApi.starters),
    staleTime: 0,
  });
  const { form, formProps } = useRecordForm({
    schema: ZProductCreateRequestSchema,
    values: {
      code: "",
      name: "",
      status: "concept",
      season: "",
      category: "",
      collection: "",
      batch: "",
      tags: [],
      targetCostCents: null,
      targetPriceCents: null,
      pomTemplateId: null,
      sizeRangeId: null,
    },
    fields: FIELDS,
    // The team shown first when the person chose none (see `team` below).
    save: (values) => create.mutateAsync({ ...values, teamId: values.teamId ?? team }),
    saved: () => PRODUCT_MESSAGES.created,
    goTo: (made) => techPackPath(made.product.id, 1, made.stpId),
  });
  const { control, setValue } = form;
  const teamId = useWatch({ control, name: "teamId" });
  const teams = starters.data?.teams ?? [];
  const team: number | undefined = teamId ?? teams[0]?.id;
  const templates = (starters.data?.templates ?? []).filter((t) => t.teamId === team);
  const ranges = (starters.data?.sizeRanges ?? []).filter((r) => r.teamId === team);

  return (
    <RecordFormPage
      title="Add new product"
      subtitle="A product starts at version 1 with an empty smart tech pack; a POM template fills its graded spec and sizes."
      formLabel="New product"
      {...formProps}
      submitLabel="Create product"
      cancelTo="/productDev/products"
      maxWidth={720}
    >
      {teams.length > 1 ? (
        <Controller
          control={control}
          name="teamId"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Team"
              value={field.value ?? team ?? ""}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {teams.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : null}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ flexWrap: "wrap" }} useFlexGap>
        {TEXT_FIELDS.map(([name, label, required]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                label={label}
                required={required}
                value={field.value ?? ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                sx={{ width: { sm: 330 } }}
              />
            )}
          />
        ))}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <TextField
              select
              label="Status"
              value={field.value ?? "concept"}
              onChange={field.onChange}
              sx={{ width: 220 }}
            >
              {PRODUCT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {PRODUCT_STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="targetCostCents"
          render={({ field, fieldState }) => (
            <MoneyInput
              label="Target cost"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              width={160}
            />
          )}
        />
        <Controller
          control={control}
          name="targetPriceCents"
          render={({ field, fieldState }) => (
            <MoneyInput
              label="Target price"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              width={160}
            />
          )}
        />
      </Stack>
      <CommaListField control={control} name="tags" label="Tags" helper="Separated by commas" />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Controller
          control={control}
          name="pomTemplateId"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="POM template"
              value={field.value ?? ""}
              onChange={(e) => {
                const id = e.target.value === "" ? null : Number(e.target.value);
                field.onChange(id);
                const t = templates.find((x) => x.id === id);
                if (t?.sizeRangeId) setValue("sizeRangeId", t.sizeRangeId);
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? "Its points of measure start the graded spec"}
              sx={{ width: 330 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">None: type the spec</MenuItem>
              {templates.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="sizeRangeId"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Size range"
              value={field.value ?? ""}
              onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              sx={{ width: 330 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">None</MenuItem>
              {ranges.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name} ({r.sizes.join(", ")})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </RecordFormPage>
  );
}
