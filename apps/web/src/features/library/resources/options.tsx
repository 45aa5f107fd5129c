import {
  type TAttribute,
  type TAttributeDetail,
  type TAttributeRequest,
  type TOption,
  type TOptionDetail,
  type TOptionRequest,
  ZAttributeDetailSchema,
  ZAttributePageSchema,
  ZAttributeRequestSchema,
  ZOptionDetailSchema,
  ZOptionPageSchema,
  ZOptionRequestSchema,
} from "@hub/contracts/library/options";
import {
  type TAttributeProfile,
  type TAttributeProfileDetail,
  type TAttributeProfileRequest,
  ZAttributeProfileDetailSchema,
  ZAttributeProfilePageSchema,
  ZAttributeProfileRequestSchema,
} from "@hub/contracts/library/profiles";
import { attributeProfilesApi, attributesApi, optionsApi, stylesApi } from "@hub/contracts/library/resources-api";
import { LIBRARY_API, type LibraryConfig } from "../shared/types";
import { archivedColumn, dash, PROFILE_FIELDS, profileColumns, Swatch, updatedColumn } from "./format";
import { GROUPS } from "./groups";
import { LIBRARY_PATHS } from "./paths";

export const optionsConfig: LibraryConfig<TOptionRequest, TOptionDetail, TOption> = {
  api: optionsApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.options,
  title: "Options",
  noun: "option",
  subtitle: "What a buyer chooses for a style (Size, Colour, Fit), and the attributes that are its values.",
  columns: [
    { field: "code", headerName: "Code", width: 140 },
    { field: "name", headerName: "Name", flex: 1, minWidth: 160 },
    { field: "attributeCount", headerName: "Attributes", width: 120, type: "number" },
    { field: "sortOrder", headerName: "Order", width: 90, type: "number" },
    archivedColumn(),
    updatedColumn<TOption>(),
  ],
  defaultSort: "sortOrder,asc",
  searchPlaceholder: "Search code or name…",
  titleField: "name",
  schemas: { page: ZOptionPageSchema, detail: ZOptionDetailSchema, request: ZOptionRequestSchema },
  fields: [
    { name: "code", label: "Code", kind: "text", half: true, helper: "e.g. SIZE; unique" },
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "sortOrder", label: "Sort order", kind: "int", half: true },
    {
      name: "attributeIds",
      label: "Attributes (values of this option)",
      kind: "refMulti",
      resource: attributesApi.lookup,
    },
  ],
  empty: { code: "", name: "", sortOrder: 0, attributeIds: [] },
  fromDetail: (d) => ({ code: d.code, name: d.name, sortOrder: d.sortOrder, attributeIds: d.attributeIds }),
  archivable: true,
};

export const attributesConfig: LibraryConfig<TAttributeRequest, TAttributeDetail, TAttribute> = {
  api: attributesApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.attributes,
  title: "Attributes",
  noun: "attribute",
  subtitle: "The values of options: sizes, colours, fits.",
  columns: [
    { field: "code", headerName: "Code", width: 120 },
    {
      field: "name",
      headerName: "Name",
      flex: 1,
      minWidth: 160,
      renderCell: ({ row }) => <Swatch hex={row.hexColor} text={row.name} />,
    },
    { field: "optionNames", headerName: "Options", flex: 1, minWidth: 140, valueFormatter: (v) => dash(v) },
    { field: "sortOrder", headerName: "Order", width: 90, type: "number" },
    archivedColumn(),
    updatedColumn<TAttribute>(),
  ],
  defaultSort: "sortOrder,asc",
  searchPlaceholder: "Search code, name or option…",
  titleField: "name",
  schemas: { page: ZAttributePageSchema, detail: ZAttributeDetailSchema, request: ZAttributeRequestSchema },
  fields: [
    { name: "code", label: "Code", kind: "text", half: true, helper: "e.g. XL or BLK; the code SKUs use" },
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "hexColor", label: "Swatch colour", kind: "color", half: true, helper: "For colours: #RRGGBB" },
    { name: "sortOrder", label: "Sort order", kind: "int", half: true },
    { name: "optionIds", label: "Options this is a value of", kind: "refMulti", resource: optionsApi.lookup },
  ],
  empty: { code: "", name: "", hexColor: "", sortOrder: 0, optionIds: [] },
  fromDetail: (d) => ({
    code: d.code,
    name: d.name,
    hexColor: d.hexColor ?? "",
    sortOrder: d.sortOrder,
    optionIds: d.optionIds,
  }),
  archivable: true,
  group: GROUPS.attributes,
};

export const attributeProfilesConfig: LibraryConfig<
  TAttributeProfileRequest,
  TAttributeProfileDetail,
  TAttributeProfile
> = {
  api: attributeProfilesApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.attributeProfiles,
  title: "Attribute Profiles",
  noun: "attribute profile",
  subtitle: "Named attribute sets (a size run, a colour card) linked to the styles that use them.",
  columns: profileColumns<TAttributeProfile>("Attributes", [
    { field: "styleCount", headerName: "Styles", width: 100, type: "number" },
  ]),
  defaultSort: "name,asc",
  searchPlaceholder: "Search name or description…",
  titleField: "name",
  schemas: {
    page: ZAttributeProfilePageSchema,
    detail: ZAttributeProfileDetailSchema,
    request: ZAttributeProfileRequestSchema,
  },
  fields: [
    ...PROFILE_FIELDS,
    { name: "attributeIds", label: "Attributes", kind: "refMulti", resource: attributesApi.lookup },
    { name: "styleIds", label: "Styles linked to this profile", kind: "refMulti", resource: stylesApi.lookup },
  ],
  empty: { name: "", description: "", attributeIds: [], styleIds: [] },
  fromDetail: (d) => ({
    name: d.name,
    description: d.description ?? "",
    attributeIds: d.attributeIds,
    styleIds: d.styleIds,
  }),
  group: GROUPS.attributes,
};
