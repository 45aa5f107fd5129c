import { libraryApi } from "@hub/contracts/library/api";
import { styleMarkersApi, stylesApi } from "@hub/contracts/library/resources-api";
import {
  STYLE_CATEGORIES,
  type TStyle,
  type TStyleDetail,
  type TStyleMarker,
  type TStyleMarkerRequest,
  type TStyleRequest,
  ZStyleDetailSchema,
  ZStyleMarkerPageSchema,
  ZStyleMarkerRequestSchema,
  ZStyleMarkerSchema,
  ZStylePageSchema,
  ZStyleRequestSchema,
} from "@hub/contracts/library/styles";
import { Chip } from "@mui/material";
import type { FieldSpec } from "../../../components/resource/types";
import { LIBRARY_API, type LibraryConfig } from "../shared/types";
import { archivedColumn, money, updatedColumn } from "./format";
import { GROUPS } from "./groups";
import { LIBRARY_PATHS } from "./paths";

/** A style's own fields: the new-style form, and the Details tab of the style workspace. */
/** A saved style as its form's request (empty text for what it has none of): the form's and the Details tab's. */
export const styleRequestOf = (
  d: Pick<
    TStyleDetail,
    "code" | "name" | "category" | "basePriceCents" | "description" | "imageUrl" | "offeredToAll" | "clientIds"
  >,
) => ({
  code: d.code,
  name: d.name,
  category: d.category,
  basePriceCents: d.basePriceCents,
  description: d.description ?? "",
  imageUrl: d.imageUrl ?? "",
  offeredToAll: d.offeredToAll,
  clientIds: d.clientIds,
});

export const STYLE_FIELDS: FieldSpec<TStyleRequest>[] = [
  { name: "code", label: "Style code", kind: "text", half: true, helper: "e.g. TEE-100; unique" },
  { name: "name", label: "Name", kind: "text", half: true },
  { name: "category", label: "Category", kind: "select", options: STYLE_CATEGORIES, half: true },
  { name: "basePriceCents", label: "Base unit price", kind: "money", half: true, helper: "Before quantity breaks" },
  { name: "description", label: "Description", kind: "multiline" },
  { name: "imageUrl", label: "Image address", kind: "text", helper: "An https:// address of the style's picture" },
  { name: "offeredToAll", label: "Offered to every client of the facility", kind: "switch" },
  {
    name: "clientIds",
    label: "Also offered to (when not to all)",
    kind: "refMulti",
    resource: libraryApi.clientsLookup,
  },
];

export const stylesConfig: LibraryConfig<TStyleRequest, TStyleDetail, TStyle> = {
  api: stylesApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.styles,
  title: "Styles",
  noun: "style",
  subtitle: "Garments the factory makes to order: price, options, materials and construction.",
  columns: [
    { field: "code", headerName: "Code", width: 130 },
    { field: "name", headerName: "Name", flex: 1.4, minWidth: 200 },
    { field: "category", headerName: "Category", width: 140 },
    {
      field: "basePriceCents",
      headerName: "Base price",
      width: 120,
      type: "number",
      valueFormatter: (v: number) => money(v),
    },
    { field: "optionCount", headerName: "Options", width: 100, type: "number", sortable: false },
    {
      field: "offeredToAll",
      headerName: "Offered to",
      width: 130,
      renderCell: ({ value }) => (
        <Chip size="small" variant="outlined" label={value ? "All clients" : "Chosen clients"} />
      ),
      sortable: false,
    },
    archivedColumn(),
    updatedColumn<TStyle>(),
  ],
  defaultSort: "code,asc",
  searchPlaceholder: "Search code, name or category…",
  titleField: "name",
  schemas: { page: ZStylePageSchema, detail: ZStyleDetailSchema, request: ZStyleRequestSchema },
  fields: STYLE_FIELDS,
  empty: {
    code: "",
    name: "",
    category: "Tees",
    basePriceCents: 0,
    description: "",
    imageUrl: "",
    offeredToAll: true,
    clientIds: [],
  },
  fromDetail: styleRequestOf,
  archivable: true,
  group: GROUPS.styles,
  // A saved style opens in its workspace (/styles/edit/:id/{tab}: styles/routes.tsx), which has
  // these links in its header; `below` only tells the new-style form to go there after creating.
  below: () => null,
};

export const styleMarkersConfig: LibraryConfig<TStyleMarkerRequest, TStyleMarker, TStyleMarker> = {
  api: styleMarkersApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.styleMarkers,
  title: "Style Markers",
  noun: "marker",
  subtitle: "Cutting layouts per style and size range: length, width and efficiency.",
  columns: [
    { field: "styleCode", headerName: "Style", width: 130 },
    { field: "styleName", headerName: "Style name", flex: 1, minWidth: 160, sortable: false },
    { field: "name", headerName: "Marker", flex: 1, minWidth: 160 },
    { field: "sizeRange", headerName: "Sizes", width: 110 },
    { field: "lengthInches", headerName: "Length (in)", width: 110, type: "number" },
    { field: "widthInches", headerName: "Width (in)", width: 100, type: "number", sortable: false },
    {
      field: "efficiencyPct",
      headerName: "Efficiency",
      width: 110,
      type: "number",
      valueFormatter: (v: number | null) => (v === null ? "—" : `${v}%`),
    },
    updatedColumn<TStyleMarker>(),
  ],
  defaultSort: "styleCode,asc",
  searchPlaceholder: "Search style, marker or sizes…",
  titleField: "name",
  schemas: { page: ZStyleMarkerPageSchema, detail: ZStyleMarkerSchema, request: ZStyleMarkerRequestSchema },
  fields: [
    { name: "styleId", label: "Style", kind: "ref", resource: stylesApi.lookup },
    { name: "name", label: "Marker name", kind: "text", half: true },
    { name: "sizeRange", label: "Size range", kind: "text", half: true, helper: "e.g. XS–M" },
    { name: "lengthInches", label: "Length", kind: "decimal", unit: "in", half: true },
    { name: "widthInches", label: "Width", kind: "decimal", unit: "in", half: true },
    { name: "efficiencyPct", label: "Efficiency", kind: "decimal", unit: "%", half: true },
  ],
  empty: { styleId: null, name: "", sizeRange: "", lengthInches: null, widthInches: null, efficiencyPct: null },
  fromDetail: (d) => ({
    styleId: d.styleId,
    name: d.name,
    sizeRange: d.sizeRange,
    lengthInches: d.lengthInches,
    widthInches: d.widthInches,
    efficiencyPct: d.efficiencyPct,
  }),
  group: GROUPS.styles,
};
