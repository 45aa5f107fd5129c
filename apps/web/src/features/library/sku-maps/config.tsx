import { skuMapsApi, stylesApi } from "@hub/contracts/library/resources-api";
import {
  type TSkuMap,
  type TSkuMapDetail,
  type TSkuMapRequest,
  ZSkuMapDetailSchema,
  ZSkuMapPageSchema,
  ZSkuMapRequestSchema,
} from "@hub/contracts/library/sku-maps";
import { updatedColumn } from "../resources/format";
import { LIBRARY_PATHS } from "../resources/paths";
import { LIBRARY_API, type LibraryConfig } from "../shared/types";
import { SegmentsEditor } from "./segments-editor";
import { SkuTester } from "./sku-tester";

export const skuMapsConfig: LibraryConfig<TSkuMapRequest, TSkuMapDetail, TSkuMap> = {
  api: skuMapsApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.skuMaps,
  title: "Sku Maps",
  noun: "sku map",
  subtitle: "How incoming SKUs name a style and its options; the tester decodes one as you type.",
  columns: [
    { field: "name", headerName: "Name", flex: 1.2, minWidth: 200 },
    { field: "styleCode", headerName: "Style", width: 130 },
    { field: "styleName", headerName: "Style name", flex: 1, minWidth: 160, sortable: false },
    { field: "styleToken", headerName: "Token", width: 120 },
    { field: "styleStart", headerName: "At", width: 70, type: "number", sortable: false },
    { field: "segmentCount", headerName: "Segments", width: 110, type: "number" },
    updatedColumn<TSkuMap>(),
  ],
  defaultSort: "name,asc",
  searchPlaceholder: "Search name, token or style…",
  titleField: "name",
  schemas: { page: ZSkuMapPageSchema, detail: ZSkuMapDetailSchema, request: ZSkuMapRequestSchema },
  fields: [
    { name: "name", label: "Name", kind: "text" },
    { name: "styleId", label: "Style", kind: "ref", resource: stylesApi.lookup },
    {
      name: "styleToken",
      label: "Style token",
      kind: "text",
      half: true,
      helper: "The text that names the style in the SKU, e.g. TEE100",
    },
    {
      name: "styleStart",
      label: "Token starts at",
      kind: "int",
      half: true,
      helper: "Position of its first character (1 = the start)",
    },
    { name: "segments", label: "Segments", kind: "custom", render: (props) => <SegmentsEditor {...props} /> },
  ],
  empty: { name: "", styleId: null, styleToken: "", styleStart: 1, segments: [] },
  fromDetail: (d) => ({
    name: d.name,
    styleId: d.styleId,
    styleToken: d.styleToken,
    styleStart: d.styleStart,
    segments: d.segments.map((x) => ({
      optionId: x.optionId,
      startPosition: x.startPosition,
      length: x.length,
    })),
  }),
  live: (values) => <SkuTester values={values} />,
};
