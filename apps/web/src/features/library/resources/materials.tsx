import { purchaseOrdersApi } from "@hub/contracts/inventory/api";
import { libraryApi } from "@hub/contracts/library/api";
import {
  FABRIC_UNITS,
  PART_UNITS,
  type TFabric,
  type TFabricDetail,
  type TFabricRequest,
  type TPart,
  type TPartDetail,
  type TPartRequest,
  type TThread,
  type TThreadRequest,
  ZFabricDetailSchema,
  ZFabricPageSchema,
  ZFabricRequestSchema,
  ZPartDetailSchema,
  ZPartPageSchema,
  ZPartRequestSchema,
  ZThreadPageSchema,
  ZThreadRequestSchema,
  ZThreadSchema,
} from "@hub/contracts/library/materials";
import {
  type TPartProfile,
  type TPartProfileDetail,
  type TPartProfileRequest,
  ZPartProfileDetailSchema,
  ZPartProfilePageSchema,
  ZPartProfileRequestSchema,
} from "@hub/contracts/library/profiles";
import { bmcThreadsApi, fabricsApi, partProfilesApi, partsApi, threadsApi } from "@hub/contracts/library/resources-api";
import { Card, CardContent, Link, List, ListItem, Typography } from "@mui/material";
import type { GridColDef, GridValidRowModel } from "@mui/x-data-grid";
import { Link as RouterLink } from "react-router";
import type { FieldSpec } from "../../../components/resource/types";
import { LIBRARY_API, type LibraryConfig } from "../shared/types";
import { dash, money, oneOf, PROFILE_FIELDS, profileColumns, StockChip, Swatch, updatedColumn } from "./format";
import { GROUPS } from "./groups";
import { LIBRARY_PATHS } from "./paths";

/** The inventory's suppliers of the facility (Supplier Details), by the purchase orders' picker route. */
const SUPPLIERS_LOOKUP = purchaseOrdersApi.supplierLookup;

const UsedBy = ({ rows, what }: { rows: { id: number; code: string; name: string }[]; what: string }) => (
  <Card>
    <CardContent>
      <Typography variant="h6">Styles using this {what}</Typography>
      {rows.length === 0 ? (
        <Typography sx={{ color: "text.secondary", mt: 1 }}>No style uses it, so it can be deleted.</Typography>
      ) : (
        <List dense aria-label={`Styles using this ${what}`}>
          {rows.map((s) => (
            <ListItem key={s.id} disableGutters>
              <Link component={RouterLink} to={`/styles/edit/${s.id}`}>
                {s.code} · {s.name}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </CardContent>
  </Card>
);

type MaterialRow = GridValidRowModel & {
  supplier: string | null;
  supplierName: string | null;
  unit: string;
  outOfStock: boolean;
  archived: boolean;
};

/** A material's supplier: the inventory supplier when one is chosen, else the free-text label. */
const supplierColumn = <R extends MaterialRow>(): GridColDef<R> => ({
  field: "supplier",
  headerName: "Supplier",
  width: 150,
  valueGetter: (_v, row) => row.supplierName ?? row.supplier,
  valueFormatter: (v) => dash(v),
});

const costColumn = <R extends MaterialRow>(width: number): GridColDef<R> => ({
  field: "costCents",
  headerName: "Cost",
  width,
  type: "number",
  valueFormatter: (v: number, row) => `${money(v)}/${row.unit}`,
});

const stockColumn = <R extends MaterialRow>(): GridColDef<R> => ({
  field: "outOfStock",
  headerName: "Stock",
  width: 200,
  renderCell: ({ row }) => <StockChip outOfStock={row.outOfStock} archived={row.archived} />,
});

/** A material's supplier in its form: one of Supplier Details, or free text for another. */
const supplierFields = <T extends { supplierId: number | null; supplier: string | null }>(): FieldSpec<T>[] => [
  { name: "supplierId", label: "Supplier", kind: "ref", resource: SUPPLIERS_LOOKUP, half: true },
  {
    name: "supplier",
    label: "Supplier (free text)",
    kind: "text",
    half: true,
    helper: "Only for a supplier not in Supplier Details",
  },
];

export const fabricsConfig: LibraryConfig<TFabricRequest, TFabricDetail, TFabric> = {
  api: fabricsApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.fabrics,
  title: "Fabrics",
  noun: "fabric",
  subtitle: "Materials bought by length and cut into panels: code, type, supplier, cost, width and stock.",
  columns: [
    { field: "fabricCode", headerName: "Code", width: 130 },
    { field: "fabricName", headerName: "Name", flex: 1.4, minWidth: 200 },
    { field: "fabricType", headerName: "Type", width: 140, valueFormatter: (v) => dash(v) },
    { field: "color", headerName: "Colour", width: 110, valueFormatter: (v) => dash(v) },
    supplierColumn(),
    costColumn(110),
    {
      field: "widthInches",
      headerName: "Width",
      width: 90,
      type: "number",
      valueFormatter: (v: number | null) => (v === null ? "—" : `${v}"`),
    },
    { field: "weightGsm", headerName: "GSM", width: 80, type: "number", valueFormatter: (v) => dash(v) },
    stockColumn(),
    updatedColumn<TFabric>(),
  ],
  defaultSort: "fabricCode,asc",
  searchPlaceholder: "Search code, name, type, supplier or colour…",
  titleField: "fabricName",
  schemas: { page: ZFabricPageSchema, detail: ZFabricDetailSchema, request: ZFabricRequestSchema },
  fields: [
    { name: "fabricCode", label: "Fabric code", kind: "text", half: true },
    { name: "fabricName", label: "Fabric name", kind: "text", half: true },
    {
      name: "fabricType",
      label: "Fabric type",
      kind: "suggest",
      source: libraryApi.fabricTypes,
      half: true,
      helper: "Pick one or type a new type",
    },
    ...supplierFields(),
    { name: "color", label: "Colour", kind: "text", half: true },
    { name: "unit", label: "Unit", kind: "select", options: FABRIC_UNITS, half: true },
    { name: "costCents", label: "Cost per unit", kind: "money", half: true },
    { name: "widthInches", label: "Width", kind: "decimal", unit: "in", half: true },
    { name: "weightGsm", label: "Weight", kind: "int", unit: "gsm", half: true },
  ],
  empty: {
    fabricCode: "",
    fabricName: "",
    fabricType: "",
    supplier: "",
    supplierId: null,
    color: "",
    costCents: 0,
    unit: "yd",
    widthInches: null,
    weightGsm: null,
  },
  fromDetail: (d) => ({
    fabricCode: d.fabricCode,
    fabricName: d.fabricName,
    fabricType: d.fabricType ?? "",
    supplier: d.supplier ?? "",
    supplierId: d.supplierId,
    color: d.color ?? "",
    costCents: d.costCents,
    unit: oneOf(FABRIC_UNITS, d.unit),
    widthInches: d.widthInches,
    weightGsm: d.weightGsm,
  }),
  archivable: true,
  stock: { outOfStock: libraryApi.fabricOutOfStock, backInStock: libraryApi.fabricBackInStock },
  group: GROUPS.materials,
  aside: (d) => <UsedBy rows={d.usedBy} what="fabric" />,
};

export const partsConfig: LibraryConfig<TPartRequest, TPartDetail, TPart> = {
  api: partsApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.parts,
  title: "Parts",
  noun: "part",
  subtitle: "Trims and components counted per garment: zips, labels, elastic, drawcords.",
  columns: [
    { field: "partCode", headerName: "Code", width: 130 },
    { field: "name", headerName: "Name", flex: 1.4, minWidth: 200 },
    { field: "category", headerName: "Category", width: 140, valueFormatter: (v) => dash(v) },
    supplierColumn(),
    costColumn(120),
    stockColumn(),
    updatedColumn<TPart>(),
  ],
  defaultSort: "partCode,asc",
  searchPlaceholder: "Search code, name, category or supplier…",
  titleField: "name",
  schemas: { page: ZPartPageSchema, detail: ZPartDetailSchema, request: ZPartRequestSchema },
  fields: [
    { name: "partCode", label: "Part code", kind: "text", half: true },
    { name: "name", label: "Name", kind: "text", half: true },
    {
      name: "category",
      label: "Category",
      kind: "suggest",
      source: libraryApi.partCategories,
      half: true,
      helper: "Pick one or type a new category",
    },
    ...supplierFields(),
    { name: "costCents", label: "Cost per unit", kind: "money", half: true },
    { name: "unit", label: "Unit", kind: "select", options: PART_UNITS, half: true },
  ],
  empty: { partCode: "", name: "", category: "", supplier: "", supplierId: null, costCents: 0, unit: "each" },
  fromDetail: (d) => ({
    partCode: d.partCode,
    name: d.name,
    category: d.category ?? "",
    supplier: d.supplier ?? "",
    supplierId: d.supplierId,
    costCents: d.costCents,
    unit: oneOf(PART_UNITS, d.unit),
  }),
  archivable: true,
  stock: { outOfStock: libraryApi.partOutOfStock, backInStock: libraryApi.partBackInStock },
  group: GROUPS.parts,
  aside: (d) => <UsedBy rows={d.usedBy} what="part" />,
};

export const partProfilesConfig: LibraryConfig<TPartProfileRequest, TPartProfileDetail, TPartProfile> = {
  api: partProfilesApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.partProfiles,
  title: "Part Profiles",
  noun: "part profile",
  subtitle: "Trims that go together, applied to styles in one step.",
  columns: profileColumns<TPartProfile>("Parts"),
  defaultSort: "name,asc",
  searchPlaceholder: "Search name or description…",
  titleField: "name",
  schemas: { page: ZPartProfilePageSchema, detail: ZPartProfileDetailSchema, request: ZPartProfileRequestSchema },
  fields: [
    ...PROFILE_FIELDS,
    {
      name: "parts",
      label: "Parts and quantities per garment",
      kind: "refQty",
      resource: partsApi.lookup,
      idKey: "partId",
    },
  ],
  empty: { name: "", description: "", parts: [] },
  fromDetail: (d) => ({
    name: d.name,
    description: d.description ?? "",
    parts: d.parts.map((p) => ({
      partId: p.partId,
      quantity: p.quantity,
    })),
  }),
  group: GROUPS.parts,
};

const threadConfig = (kind: "thread" | "bmc"): LibraryConfig<TThreadRequest, TThread, TThread> => ({
  api: kind === "bmc" ? bmcThreadsApi : threadsApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS[kind === "bmc" ? "bmcThreads" : "threads"],
  title: kind === "bmc" ? "BMC Threads" : "Threads",
  noun: kind === "bmc" ? "BMC thread" : "thread",
  subtitle:
    kind === "bmc"
      ? "The BMC thread catalogue, with colour codes."
      : "Sewing threads with their colour codes, brand and ticket.",
  columns: [
    { field: "code", headerName: "Code", width: 130 },
    {
      field: "name",
      headerName: "Name",
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => <Swatch hex={row.hexColor} text={row.name} />,
    },
    { field: "colorCode", headerName: "Colour code", width: 150 },
    { field: "brand", headerName: "Brand", width: 130, valueFormatter: (v) => dash(v) },
    { field: "ticket", headerName: "Ticket", width: 100, valueFormatter: (v) => dash(v) },
    updatedColumn<TThread>(),
  ],
  defaultSort: "code,asc",
  searchPlaceholder: "Search code, name, colour code or brand…",
  titleField: "name",
  schemas: { page: ZThreadPageSchema, detail: ZThreadSchema, request: ZThreadRequestSchema },
  fields: [
    { name: "code", label: "Code", kind: "text", half: true },
    { name: "name", label: "Name", kind: "text", half: true },
    {
      name: "colorCode",
      label: "Colour code",
      kind: "text",
      half: true,
      helper: "The supplier's shade, e.g. PMS 19-4052",
    },
    { name: "hexColor", label: "Swatch colour", kind: "color", half: true },
    { name: "brand", label: "Brand", kind: "text", half: true },
    { name: "ticket", label: "Ticket", kind: "text", half: true, helper: "Thickness, e.g. 120" },
  ],
  empty: { code: "", name: "", colorCode: "", hexColor: "", brand: "", ticket: "" },
  fromDetail: (d) => ({
    code: d.code,
    name: d.name,
    colorCode: d.colorCode,
    hexColor: d.hexColor ?? "",
    brand: d.brand ?? "",
    ticket: d.ticket ?? "",
  }),
  archivable: true,
  group: GROUPS.materials,
});
export const threadsConfig = threadConfig("thread");
export const bmcThreadsConfig = threadConfig("bmc");
