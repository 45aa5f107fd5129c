import { z } from "zod";
import { type Access, declareApi, type Operation } from "../common/operation";
import { ZStoredFileSchema } from "../files/files";
import {
  ZProductCreatedSchema,
  ZProductCreateRequestSchema,
  ZProductDuplicateRequestSchema,
  ZProductFacetsSchema,
  ZProductIdParamsSchema,
  ZProductListQuerySchema,
  ZProductPageSchema,
  ZProductSchema,
  ZProductStartersSchema,
  ZProductStatusCountSchema,
  ZProductVersionCreateRequestSchema,
  ZProductVersionSchema,
  ZProductVersionsSchema,
} from "./products";
import { ZAcknowledgementSchema, ZVersionCompareQuerySchema, ZVersionCompareSchema } from "./tech-pack/compare";
import {
  ZFacilityTechPackNewsSchema,
  ZFacilityTechPackPageSchema,
  ZFacilityTechPackQuerySchema,
} from "./tech-pack/handoff";
import {
  DOCUMENT_TAB_DEFS,
  DOCUMENT_TABS,
  type TDocumentTab,
  ZApprovalRequestSchema,
  ZApprovalSchema,
  ZConfirmSetupSchema,
  ZProductDetailsRequestSchema,
  ZProductDetailsTabSchema,
  ZTaskListSchema,
  ZTaskParamsSchema,
  ZTaskRequestSchema,
  ZTechPackHeaderSchema,
  ZTechPackHistoryPageSchema,
  ZTechPackHistoryQuerySchema,
  ZTechPackParamsSchema,
  ZTechPackSummarySchema,
  ZTemplateParamsSchema,
  ZTemplatePointsSchema,
  ZUploadParamsSchema,
  ZUploadQuerySchema,
} from "./tech-pack/tech-pack";
import { ZTechPackPdfQuerySchema } from "./translation-api";

/** Products and tech packs: the Products card; the team scope decides whose rows (services). */
const PRODUCTS: Access = { signedIn: true, card: "products" };
/**
 * Reading a tech pack: the Products card (the team's members), or the Tech Packs card (a facility
 * reads, read-only, a version sent to it); the services decide which versions (packFor).
 */
const READ_PACK: Access = { signedIn: true, anyCard: ["products", "techPacks"] };
/** The facility's list of versions sent to it. */
const TECH_PACKS: Access = { signedIn: true, card: "techPacks" };

const product = { params: ZProductIdParamsSchema } as const;
const pack = { params: ZTechPackParamsSchema } as const;
const task = { params: ZTaskParamsSchema, responses: { 200: ZTaskListSchema } } as const;
const approvalAction = {
  method: "POST",
  access: PRODUCTS,
  ...pack,
  body: ZApprovalRequestSchema,
  responses: { 200: ZApprovalSchema },
  errors: [409],
} as const;

/** Products and the smart tech pack (issue 12): lists, versions, approvals, tasks, history, uploads and the PDF. */
export const productsApi = declareApi("products", {
  // ---- products ----
  list: {
    method: "GET",
    path: "/productDev/products",
    access: PRODUCTS,
    query: ZProductListQuerySchema,
    responses: { 200: ZProductPageSchema },
  },
  statusCount: {
    method: "GET",
    path: "/productDev/products/statusCount",
    access: PRODUCTS,
    query: ZProductListQuerySchema,
    responses: { 200: ZProductStatusCountSchema },
  },
  facets: {
    method: "GET",
    path: "/productDev/products/facets",
    access: PRODUCTS,
    responses: { 200: ZProductFacetsSchema },
  },
  starters: {
    method: "GET",
    path: "/productDev/products/starters",
    access: PRODUCTS,
    responses: { 200: ZProductStartersSchema },
  },
  exportCsv: {
    method: "GET",
    path: "/productDev/products/export.csv",
    access: PRODUCTS,
    query: ZProductListQuerySchema,
    file: "text/csv",
  },
  create: {
    method: "POST",
    path: "/productDev/products",
    access: PRODUCTS,
    body: ZProductCreateRequestSchema,
    responses: { 201: ZProductCreatedSchema },
    errors: [409],
  },
  get: {
    method: "GET",
    path: "/productDev/products/:productId",
    access: PRODUCTS,
    ...product,
    responses: { 200: ZProductSchema },
  },
  remove: {
    method: "DELETE",
    path: "/productDev/products/:productId",
    access: PRODUCTS,
    ...product,
    responses: { 204: z.null() },
  },
  duplicate: {
    method: "POST",
    path: "/productDev/products/:productId/duplicate",
    access: PRODUCTS,
    ...product,
    body: ZProductDuplicateRequestSchema,
    responses: { 201: ZProductCreatedSchema },
    errors: [409],
  },
  versions: {
    method: "GET",
    path: "/productDev/products/:productId/versions",
    access: PRODUCTS,
    ...product,
    responses: { 200: ZProductVersionsSchema },
  },
  createVersion: {
    method: "POST",
    path: "/productDev/products/:productId/versions",
    access: PRODUCTS,
    ...product,
    body: ZProductVersionCreateRequestSchema,
    responses: { 201: ZProductVersionSchema },
  },

  // ---- the facility's Tech Packs (issue 23) ----
  techPacks: {
    method: "GET",
    path: "/productDev/techPacks",
    access: TECH_PACKS,
    query: ZFacilityTechPackQuerySchema,
    responses: { 200: ZFacilityTechPackPageSchema },
  },
  techPackNews: {
    method: "GET",
    path: "/productDev/techPacks/new",
    access: TECH_PACKS,
    responses: { 200: ZFacilityTechPackNewsSchema },
  },

  // ---- the tech pack (its document tabs: techPackTabsApi) ----
  header: {
    method: "GET",
    path: "/productDev/stps/:stpId",
    access: READ_PACK,
    ...pack,
    responses: { 200: ZTechPackHeaderSchema },
  },
  summary: {
    method: "GET",
    path: "/productDev/stps/:stpId/summary",
    access: READ_PACK,
    ...pack,
    responses: { 200: ZTechPackSummarySchema },
  },
  details: {
    method: "GET",
    path: "/productDev/stps/:stpId/tabs/editProductDetails",
    access: READ_PACK,
    ...pack,
    responses: { 200: ZProductDetailsTabSchema },
  },
  saveDetails: {
    method: "PUT",
    path: "/productDev/stps/:stpId/tabs/editProductDetails",
    access: PRODUCTS,
    ...pack,
    body: ZProductDetailsRequestSchema,
    responses: { 200: ZProductDetailsTabSchema },
    errors: [409],
  },
  /** A design-library POM template's points as graded-spec rows. */
  templatePoints: {
    method: "GET",
    path: "/productDev/stps/:stpId/pomTemplates/:templateId",
    access: PRODUCTS,
    params: ZTemplateParamsSchema,
    responses: { 200: ZTemplatePointsSchema },
  },
  confirmSetup: {
    method: "GET",
    path: "/productDev/stps/:stpId/confirmSetup",
    access: READ_PACK,
    ...pack,
    responses: { 200: ZConfirmSetupSchema },
  },

  // ---- approval and submit ----
  approval: {
    method: "GET",
    path: "/productDev/stps/:stpId/approval",
    access: READ_PACK,
    ...pack,
    responses: { 200: ZApprovalSchema },
  },
  submit: { path: "/productDev/stps/:stpId/approval/submit", ...approvalAction },
  approve: { path: "/productDev/stps/:stpId/approval/approve", ...approvalAction },
  reject: { path: "/productDev/stps/:stpId/approval/reject", ...approvalAction },
  send: { path: "/productDev/stps/:stpId/approval/send", ...approvalAction },

  // ---- version compare and the facility's acknowledgement (issue 19) ----
  /** What changed from version `from` (another tech pack of the same product) to this one, tab by tab. */
  compare: {
    method: "GET",
    path: "/productDev/stps/:stpId/compare",
    access: READ_PACK,
    ...pack,
    query: ZVersionCompareQuerySchema,
    responses: { 200: ZVersionCompareSchema },
  },
  /** A facility the version was sent to says it has it and builds from it; the first acknowledgement is kept. */
  acknowledge: {
    method: "POST",
    path: "/productDev/stps/:stpId/acknowledge",
    access: TECH_PACKS,
    ...pack,
    responses: { 200: ZAcknowledgementSchema },
  },

  // ---- tasks and history ----
  tasks: {
    method: "GET",
    path: "/productDev/stps/:stpId/tasks",
    access: READ_PACK,
    ...pack,
    responses: { 200: ZTaskListSchema },
  },
  createTask: {
    method: "POST",
    path: "/productDev/stps/:stpId/tasks",
    access: PRODUCTS,
    ...pack,
    body: ZTaskRequestSchema,
    responses: { 201: ZTaskListSchema },
  },
  updateTask: {
    method: "PUT",
    path: "/productDev/stps/:stpId/tasks/:taskId",
    access: PRODUCTS,
    ...task,
    body: ZTaskRequestSchema,
  },
  deleteTask: { method: "DELETE", path: "/productDev/stps/:stpId/tasks/:taskId", access: PRODUCTS, ...task },
  history: {
    method: "GET",
    path: "/productDev/stps/:stpId/history",
    access: READ_PACK,
    ...pack,
    query: ZTechPackHistoryQuerySchema,
    responses: { 200: ZTechPackHistoryPageSchema },
  },

  // ---- uploads and the PDF ----
  /** multipart/form-data with one file; `purpose` image takes PNG and JPEG only. */
  upload: {
    method: "POST",
    path: "/productDev/stps/:stpId/uploads",
    access: PRODUCTS,
    ...pack,
    query: ZUploadQuerySchema,
    responses: { 201: ZStoredFileSchema },
    errors: [413],
  },
  uploadFile: {
    method: "GET",
    path: "/productDev/stps/:stpId/uploads/:fileId",
    access: READ_PACK,
    params: ZUploadParamsSchema,
    file: "application/octet-stream",
  },
  pdf: {
    method: "GET",
    path: "/productDev/stps/:stpId/techPack.pdf",
    access: READ_PACK,
    ...pack,
    /** `?lang=`: the version's stored translation printed in place of its texts (translation-api.ts). */
    query: ZTechPackPdfQuerySchema,
    file: "application/pdf",
  },
});

type Defs = typeof DOCUMENT_TAB_DEFS;
type TabPath<T extends Defs[TDocumentTab]> = `/productDev/stps/:stpId/tabs/${T["key"]}`;
type TabParams = { params: typeof ZTechPackParamsSchema; access: Access };
/** A document tab's operations, with its key, label and data schema. */
export type TechPackTabApi<T extends Defs[TDocumentTab]> = {
  key: T["key"];
  label: string;
  data: T["data"];
  read: Operation<{ method: "GET"; path: TabPath<T>; responses: { 200: T["response"] } } & TabParams>;
  save: Operation<
    {
      method: "PUT";
      path: TabPath<T>;
      body: T["request"];
      responses: { 200: T["response"] };
      errors: readonly [409];
    } & TabParams
  >;
};

/** A document tab's GET and PUT (`/productDev/stps/:stpId/tabs/<key>`), from its definition in the tabs registry. */
const tabApi = <T extends Defs[TDocumentTab]>(tab: T): TechPackTabApi<T> => {
  const path: TabPath<T> = `/productDev/stps/:stpId/tabs/${tab.key}`;
  const ops = declareApi(`products.tabs.${tab.key}`, {
    read: { method: "GET", path, access: READ_PACK, ...pack, responses: { 200: tab.response } },
    save: {
      method: "PUT",
      path,
      access: PRODUCTS,
      ...pack,
      body: tab.request,
      responses: { 200: tab.response },
      errors: [409],
    },
  });
  return {
    key: tab.key,
    label: tab.label,
    data: tab.data,
    read: { ...ops.read, tag: "products" },
    save: { ...ops.save, tag: "products" },
  };
};

/** Each document tab's read and save, by tab key (operationIds `products.tabs.<key>.read|save`). */
export const techPackTabsApi = Object.fromEntries(DOCUMENT_TABS.map((k) => [k, tabApi(DOCUMENT_TAB_DEFS[k])])) as {
  [K in TDocumentTab]: TechPackTabApi<Defs[K]>;
};
