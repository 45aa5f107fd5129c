import { DESIGN_LIBRARY_EDITOR_TYPES } from "@hub/contracts/design-library/pages";
import { designItemsApi } from "@hub/contracts/design-library/resources-api";
import {
  DIMENSION_UNITS,
  FOLD_METHODS,
  shippingBoxLabel,
  shippingProfilesApi,
  type TShippingProfile,
  type TShippingProfileRequest,
  ZShippingProfilePageSchema,
  ZShippingProfileRequestSchema,
  ZShippingProfileSchema,
} from "@hub/contracts/products/shipping-profiles";
import type { ResourceConfig } from "../../../components/resource/types";
import { oneOf, updatedColumn } from "../../library/resources/format";
import { WeightsEditor } from "./weights-editor";

/**
 * Shipping profiles (issue 19) at /productDev/shippingProfiles: list, new, edit, archive, delete
 * from the resource engine. A tech pack's Packaging tab chooses one; pack-out suggests its box and
 * weight.
 */
const shipping = designItemsApi.shippingLibrary.lookup;

export const shippingProfilesConfig: ResourceConfig<TShippingProfileRequest, TShippingProfile> = {
  api: shippingProfilesApi,
  editors: DESIGN_LIBRARY_EDITOR_TYPES,
  listPath: "productDev/shippingProfiles",
  basePath: "productDev/shippingProfiles",
  card: "shippingProfiles",
  title: "Shipping Profiles",
  noun: "shipping profile",
  subtitle:
    "How a product is boxed: box, fold, polybag, inserts, units per box and the weight of each size. Chosen on a tech pack's Packaging tab; pack-out suggests the box and the weight from it.",
  columns: [
    { field: "name", headerName: "Name", flex: 1, minWidth: 180 },
    {
      field: "boxItemName",
      headerName: "Box",
      flex: 1.2,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, row) => shippingBoxLabel(row),
    },
    { field: "foldMethod", headerName: "Fold", width: 150 },
    { field: "unitsPerBox", headerName: "Units / box", width: 110, type: "number" },
    {
      field: "weights",
      headerName: "Sizes weighed",
      width: 130,
      sortable: false,
      valueFormatter: (v: TShippingProfile["weights"]) => String(v.length),
    },
    { field: "productCount", headerName: "Products", width: 100, type: "number" },
    updatedColumn<TShippingProfile>(),
  ],
  defaultSort: "name,asc",
  searchPlaceholder: "Search shipping profiles…",
  titleField: "name",
  schemas: {
    page: ZShippingProfilePageSchema,
    detail: ZShippingProfileSchema,
    request: ZShippingProfileRequestSchema,
  },
  fields: [
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "foldMethod", label: "Fold method", kind: "select", options: FOLD_METHODS, half: true },
    {
      name: "boxItemId",
      label: "Box (Shipping Library)",
      kind: "ref",
      resource: shipping,
      half: true,
      helper: "A box from the Shipping Library, its dimensions below, or both",
    },
    { name: "dimensionUnit", label: "Dimensions in", kind: "select", options: DIMENSION_UNITS, half: true },
    { name: "boxLength", label: "Box length", kind: "decimal", half: true },
    { name: "boxWidth", label: "Box width", kind: "decimal", half: true },
    { name: "boxHeight", label: "Box height", kind: "decimal", half: true },
    { name: "unitsPerBox", label: "Units per box", kind: "int", half: true },
    {
      name: "boxTareGrams",
      label: "Box tare (g)",
      kind: "int",
      half: true,
      helper: "The empty box with its polybags and inserts",
    },
    { name: "polybag", label: "Polybag each garment", kind: "switch", half: true },
    { name: "polybagItemId", label: "Polybag (Shipping Library)", kind: "ref", resource: shipping, half: true },
    { name: "insertItemIds", label: "Inserts (Shipping Library)", kind: "refMulti", resource: shipping },
    { name: "description", label: "Notes", kind: "multiline" },
    { name: "weights", label: "Weight per size", kind: "custom", render: (props) => <WeightsEditor {...props} /> },
  ],
  empty: {
    name: "",
    description: "",
    boxItemId: null,
    boxLength: null,
    boxWidth: null,
    boxHeight: null,
    dimensionUnit: "cm",
    foldMethod: null,
    polybag: false,
    polybagItemId: null,
    insertItemIds: [],
    unitsPerBox: null,
    boxTareGrams: 0,
    weights: [],
  },
  fromDetail: (d) => ({
    name: d.name,
    description: d.description ?? "",
    boxItemId: d.boxItemId,
    boxLength: d.boxLength,
    boxWidth: d.boxWidth,
    boxHeight: d.boxHeight,
    dimensionUnit: oneOf(DIMENSION_UNITS, d.dimensionUnit),
    foldMethod: oneOf(FOLD_METHODS, d.foldMethod),
    polybag: d.polybag,
    polybagItemId: d.polybagItemId,
    insertItemIds: d.insertItemIds,
    unitsPerBox: d.unitsPerBox,
    boxTareGrams: d.boxTareGrams,
    weights: d.weights,
  }),
  archivable: true,
};
