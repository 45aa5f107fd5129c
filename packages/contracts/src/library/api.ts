import { ZIdParamsSchema } from "../common/ids";
import { type Access, declareApi } from "../common/operation";
import { LIBRARY_EDITOR_TYPES, ZLookupListSchema, ZLookupQuerySchema } from "./common";
import {
  ZImportIdParamsSchema,
  ZImportQuerySchema,
  ZImportReportSchema,
  ZImportResourceParamsSchema,
  ZImportResourcesSchema,
} from "./import";
import { ZInstructionImageSchema } from "./instructions";
import { ZFabricDetailSchema, ZNameListSchema, ZPartDetailSchema } from "./materials";
import { ZSkuDecodeRequestSchema, ZSkuDecodeResultSchema, ZSkuDecodeWithRequestSchema } from "./sku-maps";
import {
  ZApplyProfileRequestSchema,
  ZCustomProductPriceRequestSchema,
  ZCustomProductPriceSchema,
  ZProductDetailsQuerySchema,
  ZProductDetailsSchema,
  ZProductPriceRequestSchema,
  ZProductPriceSchema,
  ZStyleCompositionRequestSchema,
  ZStyleCompositionSchema,
  ZStyleDetailsRequestSchema,
  ZStyleDetailsTabSchema,
  ZStyleMaterialsRequestSchema,
  ZStyleMaterialsTabSchema,
  ZStyleOptionsRequestSchema,
  ZStyleOptionsTabSchema,
  ZStylePricingRequestSchema,
  ZStylePricingTabSchema,
  ZStyleStepsRequestSchema,
  ZStyleStepsTabSchema,
} from "./style-composition";

/**
 * The manufacturing library's operations beside its resources (resources-api.ts): stock actions,
 * the names behind the forms' suggestions, instruction image files and the SKU decoder.
 */
const editors = (card: string): Access => ({ signedIn: true, card, types: LIBRARY_EDITOR_TYPES });
const fabricStock = {
  method: "POST",
  access: editors("fabric"),
  params: ZIdParamsSchema,
  responses: { 200: ZFabricDetailSchema },
  errors: [413],
} as const;
const partStock = { ...fabricStock, access: editors("part"), responses: { 200: ZPartDetailSchema } } as const;
const SKU_MAP_READ: Access = { signedIn: true, card: "skuMap" };

export const libraryApi = declareApi("library", {
  fabricOutOfStock: { ...fabricStock, path: "/library/fabrics/:id/outOfStock" },
  fabricBackInStock: { ...fabricStock, path: "/library/fabrics/:id/backInStock" },
  partOutOfStock: { ...partStock, path: "/library/parts/:id/outOfStock" },
  partBackInStock: { ...partStock, path: "/library/parts/:id/backInStock" },
  fabricTypes: {
    method: "GET",
    path: "/library/fabricTypes",
    access: { signedIn: true, card: "fabric" },
    responses: { 200: ZNameListSchema },
    errors: [413],
  },
  partCategories: {
    method: "GET",
    path: "/library/partCategories",
    access: { signedIn: true, card: "part" },
    responses: { 200: ZNameListSchema },
    errors: [413],
  },
  /** The clients a style can be offered to: those the caller's facilities serve. */
  clientsLookup: {
    method: "GET",
    path: "/library/clients/lookup",
    access: editors("styles"),
    query: ZLookupQuerySchema,
    responses: { 200: ZLookupListSchema },
    errors: [413],
  },
  /** Multipart: one image file. */
  uploadInstructionImage: {
    method: "PUT",
    path: "/library/instructionImages/:id/file",
    access: editors("instruction"),
    params: ZIdParamsSchema,
    responses: { 200: ZInstructionImageSchema },
    errors: [413],
  },
  instructionImageFile: {
    method: "GET",
    path: "/library/instructionImages/:id/file",
    access: { signedIn: true, card: "instruction" },
    params: ZIdParamsSchema,
    file: "image/*",
  },
  skuDecode: {
    method: "POST",
    path: "/library/skuMaps/decode",
    access: SKU_MAP_READ,
    body: ZSkuDecodeRequestSchema,
    responses: { 200: ZSkuDecodeResultSchema },
  },
  /** Decodes with a map as the form holds it (the sku map tester), before it is saved. */
  skuDecodeWith: {
    method: "POST",
    path: "/library/skuMaps/decodeWith",
    access: SKU_MAP_READ,
    body: ZSkuDecodeWithRequestSchema,
    responses: { 200: ZSkuDecodeResultSchema },
  },
});

const IMPORT: Access = editors("importCsv");

/**
 * Import Csv (issue 4). The file is sent as the request body (text/csv), so the browser can show
 * upload progress; validate answers the row-by-row report, apply writes all rows or none.
 */
export const libraryImportApi = declareApi("library", {
  importResources: {
    method: "GET",
    path: "/library/import/resources",
    access: IMPORT,
    responses: { 200: ZImportResourcesSchema },
    errors: [409],
  },
  importTemplate: {
    method: "GET",
    path: "/library/import/templates/:resource",
    access: IMPORT,
    params: ZImportResourceParamsSchema,
    file: "text/csv",
  },
  /** The body is the CSV file itself (text/csv). */
  importValidate: {
    method: "POST",
    path: "/library/import/validate",
    access: IMPORT,
    query: ZImportQuerySchema,
    responses: { 200: ZImportReportSchema },
    errors: [409],
  },
  importReport: {
    method: "GET",
    path: "/library/import/:id",
    access: IMPORT,
    params: ZImportIdParamsSchema,
    responses: { 200: ZImportReportSchema },
    errors: [409],
  },
  /** With an Idempotency-Key: a double click applies once. */
  importApply: {
    method: "POST",
    path: "/library/import/:id/apply",
    access: IMPORT,
    params: ZImportIdParamsSchema,
    responses: { 200: ZImportReportSchema },
    errors: [409],
  },
});

const STYLE_READ: Access = { signedIn: true, card: "styles" };
const STYLE_WRITE: Access = editors("styles");
const byStyle = { params: ZIdParamsSchema } as const;
/** A tab's save also answers 409: the tab was saved by someone else since it was loaded. */
const tabSave = { method: "PUT", access: STYLE_WRITE, ...byStyle, errors: [409] } as const;
const tabRead = { method: "GET", access: STYLE_READ, ...byStyle } as const;

/**
 * A style's composition and the style workspace's tabs: GET answers the tab's data with its
 * version, PUT saves only the tab (409 when the version it sends is stale).
 */
export const styleWorkspaceApi = declareApi("library", {
  composition: {
    method: "GET",
    path: "/library/styles/:id/composition",
    access: STYLE_READ,
    ...byStyle,
    responses: { 200: ZStyleCompositionSchema },
  },
  replaceComposition: {
    method: "PUT",
    path: "/library/styles/:id/composition",
    access: STYLE_WRITE,
    ...byStyle,
    body: ZStyleCompositionRequestSchema,
    responses: { 200: ZStyleCompositionSchema },
  },
  applyProfile: {
    method: "POST",
    path: "/library/styles/:id/applyProfile",
    access: STYLE_WRITE,
    ...byStyle,
    body: ZApplyProfileRequestSchema,
    responses: { 200: ZStyleCompositionSchema },
  },
  detailsTab: { ...tabRead, path: "/library/styles/:id/tabs/details", responses: { 200: ZStyleDetailsTabSchema } },
  saveDetailsTab: {
    ...tabSave,
    path: "/library/styles/:id/tabs/details",
    body: ZStyleDetailsRequestSchema,
    responses: { 200: ZStyleDetailsTabSchema },
  },
  pricingTab: { ...tabRead, path: "/library/styles/:id/tabs/pricing", responses: { 200: ZStylePricingTabSchema } },
  savePricingTab: {
    ...tabSave,
    path: "/library/styles/:id/tabs/pricing",
    body: ZStylePricingRequestSchema,
    responses: { 200: ZStylePricingTabSchema },
  },
  optionsTab: { ...tabRead, path: "/library/styles/:id/tabs/options", responses: { 200: ZStyleOptionsTabSchema } },
  saveOptionsTab: {
    ...tabSave,
    path: "/library/styles/:id/tabs/options",
    body: ZStyleOptionsRequestSchema,
    responses: { 200: ZStyleOptionsTabSchema },
  },
  materialsTab: {
    ...tabRead,
    path: "/library/styles/:id/tabs/materials",
    responses: { 200: ZStyleMaterialsTabSchema },
  },
  saveMaterialsTab: {
    ...tabSave,
    path: "/library/styles/:id/tabs/materials",
    body: ZStyleMaterialsRequestSchema,
    responses: { 200: ZStyleMaterialsTabSchema },
  },
  stepsTab: { ...tabRead, path: "/library/styles/:id/tabs/steps", responses: { 200: ZStyleStepsTabSchema } },
  saveStepsTab: {
    ...tabSave,
    path: "/library/styles/:id/tabs/steps",
    body: ZStyleStepsRequestSchema,
    responses: { 200: ZStyleStepsTabSchema },
  },
});

/**
 * Pricing and product details (spec 7). API-key principals carry no cards (they act as their
 * client), so the buyer-facing calls declare only `signedIn` and accept client API keys; the
 * server checks the styles card for people signed in with a token.
 */
export const pricingApi = declareApi("pricing", {
  getProductPrice: {
    method: "POST",
    path: "/getProductPrice",
    access: { signedIn: true },
    apiKey: true,
    summary:
      "A style's unit and total price for a quantity and one attribute per option (spec 7). Accepts client API keys.",
    body: ZProductPriceRequestSchema,
    responses: { 200: ZProductPriceSchema },
  },
  getCustomProductPrice: {
    method: "POST",
    path: "/getCustomProductPrice",
    access: STYLE_WRITE,
    summary:
      "Cost build-up of a variant from its bill of materials and labour, priced at a margin (facility and internal users).",
    body: ZCustomProductPriceRequestSchema,
    responses: { 200: ZCustomProductPriceSchema },
  },
  getProductDetails: {
    method: "GET",
    path: "/getProductDetails",
    access: { signedIn: true },
    apiKey: true,
    summary:
      "A style as a buyer sees it: options, offered attributes with upcharges, price table, stock. Accepts client API keys.",
    query: ZProductDetailsQuerySchema,
    responses: { 200: ZProductDetailsSchema },
  },
});
