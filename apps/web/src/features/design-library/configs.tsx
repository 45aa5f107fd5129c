import {
  DESIGN_ITEM_PAGES,
  DESIGN_LIBRARY_EDITOR_TYPES,
  designItemSchemas,
  POM_UNITS,
  pomPointFields,
  type TDesignItem,
  type TDesignItemDetail,
  type TDesignItemPage,
  type TDesignItemRequest,
  type TDesignSupplier,
  type TDesignSupplierRequest,
  type TPomTemplate,
  type TPomTemplateDetail,
  type TPomTemplateRequest,
  type TSizeRange,
  type TSizeRangeRequest,
  ZDesignSupplierPageSchema,
  ZDesignSupplierRequestSchema,
  ZDesignSupplierSchema,
  ZPomTemplateDetailSchema,
  ZPomTemplatePageSchema,
  ZPomTemplateRequestSchema,
  ZSizeRangePageSchema,
  ZSizeRangeRequestSchema,
  ZSizeRangeSchema,
} from "@hub/contracts/design-library/design-library";
import {
  designItemsApi,
  designPomTemplatesApi,
  designSizesApi,
  designSuppliersApi,
} from "@hub/contracts/design-library/resources-api";
import { TextField } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useEffect, useState } from "react";
import type { CustomFieldProps, FieldSpec, ResourceConfig } from "../../components/resource/types";
import { dash, money, oneOf, Swatch, updatedColumn } from "../library/resources/format";
import { ImageUpload, LibraryImage } from "./image-field";
import { PomPointsEditor } from "./pom-points-editor";
import { VariantsEditor } from "./variants-editor";

/**
 * The design library's screens (issue 12), one ResourceConfig per page of /productDev/libary:
 * the item pages are built from DESIGN_ITEM_PAGES (their kind's fields come from the contract),
 * suppliers, sizes and POM templates have configs of their own.
 */

const API = { editors: DESIGN_LIBRARY_EDITOR_TYPES } as const;
const pathsOf = (key: string) => ({ listPath: `productDev/libary/${key}`, basePath: `productDev/libary/${key}` });

const SUBTITLES: Record<string, string> = {
  images: "Sketches, inspiration and photos the team reuses in tech packs.",
  fabrics: "The team's fabrics with composition, weight and width, each in its colourways.",
  notions: "Zips, buttons, snaps, drawcords, elastics and other trims.",
  labels: "Main, care, size and hang-tag labels, with their sizes as variants.",
  threads: "Sewing threads by brand and ticket, with their colours as variants.",
  packaging: "Polybags, boxes, tissue and stickers a product ships in.",
  colors: "The team's colours: hex value and Pantone-style name.",
  prints: "All-over prints with their technique, repeat and colourways.",
  graphics: "Logos and artwork placed on a garment: technique, placement and size.",
  shippingLibrary: "How products are packed and shipped: cartons, units per carton, weights.",
};

const attrField = (f: TDesignItemPage["attrs"][number]): FieldSpec<TDesignItemRequest> => {
  if (f.type === "hex") return { name: f.name, label: f.label, kind: "color", half: true };
  if (f.type === "int") return { name: f.name, label: f.label, kind: "int", half: true };
  if (f.type === "decimal") return { name: f.name, label: f.label, kind: "decimal", half: true };
  return {
    name: f.name,
    label: f.label,
    kind: "text",
    half: true,
    ...("options" in f && f.options ? { helper: `e.g. ${f.options.slice(0, 4).join(", ")}` } : {}),
  };
};

const attrColumn = (f: TDesignItemPage["attrs"][number]): GridColDef<TDesignItem> =>
  f.type === "hex"
    ? {
        field: f.name,
        headerName: f.label,
        width: 130,
        renderCell: ({ row }) => <Swatch hex={(row[f.name] as string | null) ?? null} text={dash(row[f.name])} />,
      }
    : {
        field: f.name,
        headerName: f.label,
        width: f.type === "text" ? 150 : 110,
        ...(f.type === "text" ? {} : { type: "number" as const }),
        sortable: f.type === "text",
        valueFormatter: (v) => dash(v),
      };

const imageField = (name: "imageFileId"): FieldSpec<TDesignItemRequest> => ({
  name,
  label: "Image",
  kind: "custom",
  render: ({ value, onChange, disabled, error }: CustomFieldProps) => (
    <ImageUpload
      value={(value as number | null) ?? null}
      onChange={onChange}
      disabled={disabled}
      error={(error as { message?: string } | undefined)?.message}
    />
  ),
});

/** One page of library items: its kind's fields flat in the form, variants edited on the item. */
export const itemConfig = (
  page: TDesignItemPage,
): ResourceConfig<TDesignItemRequest, TDesignItemDetail, TDesignItem> => {
  const schemas = designItemSchemas(page);
  const empty: Record<string, unknown> = {
    code: "",
    name: "",
    description: "",
    supplierId: null,
    unit: page.unit ?? "",
    costCents: null,
    imageFileId: null,
    variants: [],
  };
  for (const f of page.attrs) empty[f.name] = f.type === "text" || f.type === "hex" ? "" : null;
  return {
    api: designItemsApi[page.key],
    ...API,
    ...pathsOf(page.key),
    card: page.card,
    title: page.title,
    noun: page.noun,
    subtitle: SUBTITLES[page.key] ?? "",
    columns: [
      ...(page.key === "images"
        ? [
            {
              field: "imageFileId",
              headerName: "Image",
              width: 80,
              sortable: false,
              renderCell: ({ row }) =>
                row.imageFileId ? <LibraryImage fileId={row.imageFileId} size={40} alt={row.name} /> : "—",
            } satisfies GridColDef<TDesignItem>,
          ]
        : []),
      { field: "code", headerName: "Code", width: 160 },
      { field: "name", headerName: "Name", flex: 1.2, minWidth: 200 },
      ...page.attrs.slice(0, 3).map(attrColumn),
      { field: "supplierName", headerName: "Supplier", width: 160, valueFormatter: (v) => dash(v) },
      {
        field: "costCents",
        headerName: "Cost",
        width: 110,
        type: "number",
        valueFormatter: (v: number | null, row) => (v === null ? "—" : `${money(v)}${row.unit ? `/${row.unit}` : ""}`),
      },
      { field: "variantCount", headerName: "Variants", width: 90, type: "number", sortable: false },
      updatedColumn<TDesignItem>(),
    ],
    defaultSort: "code,asc",
    searchPlaceholder: `Search ${page.title.toLowerCase()} by code, name, supplier or any detail…`,
    titleField: "name",
    schemas: { page: schemas.page, detail: schemas.detail, request: schemas.request },
    fields: [
      { name: "code", label: "Code", kind: "text", half: true },
      { name: "name", label: "Name", kind: "text", half: true },
      ...page.attrs.map(attrField),
      { name: "supplierId", label: "Supplier", kind: "ref", resource: designSuppliersApi.lookup, half: true },
      { name: "unit", label: "Unit", kind: "text", half: true, helper: "yd, m, pc, cone…" },
      { name: "costCents", label: "Cost per unit", kind: "money", half: true },
      { name: "description", label: "Description", kind: "multiline" },
      imageField("imageFileId"),
      { name: "variants", label: "Variants", kind: "custom", render: (props) => <VariantsEditor {...props} /> },
    ],
    empty: empty as ResourceConfig<TDesignItemRequest, TDesignItemDetail, TDesignItem>["empty"],
    fromDetail: (d) => {
      const draft: Record<string, unknown> = {
        code: d.code,
        name: d.name,
        description: d.description ?? "",
        supplierId: d.supplierId,
        unit: d.unit ?? "",
        costCents: d.costCents,
        imageFileId: d.imageFileId,
        variants: d.variants.map((v) => ({
          id: v.id,
          code: v.code,
          name: v.name,
          supplierId: v.supplierId,
          costCents: v.costCents,
          imageFileId: v.imageFileId,
          hex: v.hex,
        })),
      };
      for (const f of page.attrs) draft[f.name] = d[f.name] ?? (f.type === "text" || f.type === "hex" ? "" : null);
      return draft as ReturnType<ResourceConfig<TDesignItemRequest, TDesignItemDetail, TDesignItem>["fromDetail"]>;
    },
    archivable: true,
  };
};

export const ITEM_CONFIGS = Object.fromEntries(DESIGN_ITEM_PAGES.map((p) => [p.key, itemConfig(p)]));

export const suppliersConfig: ResourceConfig<TDesignSupplierRequest, TDesignSupplier> = {
  api: designSuppliersApi,
  ...API,
  ...pathsOf("suppliers"),
  card: "libarySuppliers",
  title: "Suppliers",
  noun: "supplier",
  subtitle: "The brand's own mills, trim houses and label makers (not the factory's suppliers).",
  columns: [
    { field: "code", headerName: "Code", width: 150 },
    { field: "name", headerName: "Name", flex: 1, minWidth: 180 },
    { field: "contactName", headerName: "Contact", width: 160, valueFormatter: (v) => dash(v) },
    { field: "country", headerName: "Country", width: 130, valueFormatter: (v) => dash(v) },
    { field: "currency", headerName: "Currency", width: 100 },
    {
      field: "leadTimeDays",
      headerName: "Lead time (days)",
      width: 140,
      type: "number",
      valueFormatter: (v) => dash(v),
    },
    updatedColumn<TDesignSupplier>(),
  ],
  defaultSort: "name,asc",
  searchPlaceholder: "Search code, name, contact, email or country…",
  titleField: "name",
  schemas: { page: ZDesignSupplierPageSchema, detail: ZDesignSupplierSchema, request: ZDesignSupplierRequestSchema },
  fields: [
    { name: "code", label: "Code", kind: "text", half: true },
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "contactName", label: "Contact", kind: "text", half: true },
    { name: "email", label: "Email", kind: "text", half: true },
    { name: "phone", label: "Phone", kind: "text", half: true },
    { name: "country", label: "Country", kind: "text", half: true },
    { name: "currency", label: "Currency", kind: "text", half: true, helper: "Three letters, like USD or EUR" },
    { name: "leadTimeDays", label: "Lead time", kind: "int", unit: "days", half: true },
    { name: "notes", label: "Notes", kind: "multiline" },
  ],
  empty: {
    code: "",
    name: "",
    contactName: "",
    email: "",
    phone: "",
    country: "",
    currency: "USD",
    leadTimeDays: null,
    notes: "",
  },
  fromDetail: (d) => ({
    code: d.code,
    name: d.name,
    contactName: d.contactName ?? "",
    email: d.email ?? "",
    phone: d.phone ?? "",
    country: d.country ?? "",
    currency: d.currency,
    leadTimeDays: d.leadTimeDays,
    notes: d.notes ?? "",
  }),
  archivable: true,
};

/** Sizes typed in order, separated by commas or spaces ("XS, S, M"). */
function SizesInput({ value, onChange, disabled, error }: CustomFieldProps) {
  const sizes = (value as string[] | null) ?? [];
  const [text, setText] = useState(sizes.join(", "));
  useEffect(() => {
    setText((current) => (parse(current).join("|") === sizes.join("|") ? current : sizes.join(", ")));
  }, [sizes]);
  const e = error as ({ message?: string } & Record<number, { message?: string } | undefined>) | undefined;
  const rowMessage = sizes.map((_s, i) => e?.[i]?.message).find(Boolean);
  const message = e?.message ?? rowMessage;
  return (
    <TextField
      label="Sizes, in order"
      fullWidth
      value={text}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ?? "Smallest first, separated by commas: XS, S, M, L, XL or 0, 2, 4, 6"}
      onChange={(ev) => {
        setText(ev.target.value);
        onChange(parse(ev.target.value));
      }}
    />
  );
}
const parse = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const sizesConfig: ResourceConfig<TSizeRangeRequest, TSizeRange> = {
  api: designSizesApi,
  ...API,
  ...pathsOf("sizes"),
  card: "libarySizes",
  title: "Sizes",
  noun: "size range",
  subtitle: "Size ranges in order, with the base size a spec is written in.",
  columns: [
    { field: "name", headerName: "Name", flex: 1, minWidth: 180 },
    {
      field: "sizes",
      headerName: "Sizes",
      flex: 1.4,
      minWidth: 220,
      sortable: false,
      valueFormatter: (v: string[]) => v.join(" · "),
    },
    { field: "baseSize", headerName: "Base size", width: 110 },
    updatedColumn<TSizeRange>(),
  ],
  defaultSort: "name,asc",
  searchPlaceholder: "Search name or size…",
  titleField: "name",
  schemas: { page: ZSizeRangePageSchema, detail: ZSizeRangeSchema, request: ZSizeRangeRequestSchema },
  fields: [
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "baseSize", label: "Base size", kind: "text", half: true, helper: "One of the sizes (the sample size)" },
    { name: "sizes", label: "Sizes", kind: "custom", render: (props) => <SizesInput {...props} /> },
  ],
  empty: { name: "", sizes: [], baseSize: "" },
  fromDetail: (d) => ({ name: d.name, sizes: d.sizes, baseSize: d.baseSize }),
  archivable: true,
};

export const pomTemplatesConfig: ResourceConfig<TPomTemplateRequest, TPomTemplateDetail, TPomTemplate> = {
  api: designPomTemplatesApi,
  ...API,
  ...pathsOf("pomTemplates"),
  card: "libaryPomTemplates",
  title: "POM Templates",
  noun: "POM template",
  subtitle: "Points of measure with tolerances and grade rules, reused across products.",
  columns: [
    { field: "name", headerName: "Name", flex: 1, minWidth: 200 },
    { field: "sizeRangeName", headerName: "Size range", width: 180, valueFormatter: (v) => dash(v) },
    { field: "unit", headerName: "Unit", width: 80 },
    { field: "pointCount", headerName: "Points", width: 90, type: "number", sortable: false },
    updatedColumn<TPomTemplate>(),
  ],
  defaultSort: "name,asc",
  searchPlaceholder: "Search name or size range…",
  titleField: "name",
  schemas: { page: ZPomTemplatePageSchema, detail: ZPomTemplateDetailSchema, request: ZPomTemplateRequestSchema },
  fields: [
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "sizeRangeId", label: "Size range", kind: "ref", resource: designSizesApi.lookup, half: true },
    { name: "unit", label: "Unit", kind: "select", options: POM_UNITS, half: true },
    { name: "points", label: "Points of measure", kind: "custom", render: (props) => <PomPointsEditor {...props} /> },
  ],
  empty: { name: "", sizeRangeId: null, unit: "cm", points: [] },
  fromDetail: (d) => ({
    name: d.name,
    sizeRangeId: d.sizeRangeId,
    unit: oneOf(POM_UNITS, d.unit),
    points: d.points.map(pomPointFields),
  }),
  archivable: true,
};
