import { ZIdParamsSchema } from "../common/ids";
import { type Access, declareApi } from "../common/operation";
import { ZStoredFileSchema } from "../files/files";
import { ZOrderCostSchema } from "./cost";
import { ZCouponListQuerySchema, ZCouponPageSchema, ZCouponRequestSchema, ZCouponSchema } from "./coupons";
import { ZLabelsQuerySchema, ZPackingSlipQuerySchema } from "./documents";
import { ZPoFileQuerySchema } from "./import";
import {
  ZBulkOrderRequestSchema,
  ZBulkOrderResultSchema,
  ZCancelRequestSchema,
  ZCommentListSchema,
  ZCommentRequestSchema,
  ZCommentSchema,
  ZCompleteRequestSchema,
  ZEntryOptionsSchema,
  ZEntryQuerySchema,
  ZEntryStyleDetailsSchema,
  ZEntryStyleListSchema,
  ZEntryStyleLookupQuerySchema,
  ZEntryStyleParamsSchema,
  ZHistoryListSchema,
  ZIssueListSchema,
  ZIssueRequestSchema,
  ZIssueRespondRequestSchema,
  ZIssueSchema,
  ZItemEditRequestSchema,
  ZOrderIdParamsSchema,
  ZOrderIssueParamsSchema,
  ZOrderItemParamsSchema,
  ZOrderListQuerySchema,
  ZOrderPageSchema,
  ZOrderRefundRequestSchema,
  ZOrderSchema,
  ZPlaceOrderRequestSchema,
  ZPortalOrderRequestSchema,
  ZQuoteRequestSchema,
  ZQuoteSchema,
  ZWebOrderRequestSchema,
} from "./orders";

/** Order entry (quote, place): client users, facility users and internal admins with the Order Entry card. */
const ENTRY: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orderEntry" };
/** Order details (list, read, act): the same people with the Order Details card; services scope by tenant. */
const ORDERS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orders" };
/** An order's costs and margin (issue 22): the facility's users and internal admins, never a client. */
const COSTS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "orders" };
/** Coupons: the facility's users and internal admins. */
const COUPONS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "orders" };
/**
 * Web and portal orders come from a client's store or storefront with its API key: anyone signed in
 * passes, the handler refuses a caller without a key.
 */
const WEB: Access = { signedIn: true };

const errors = [402, 409] as const;
const byId = { params: ZOrderIdParamsSchema, errors } as const;
/** An action on one order that answers the order. */
const orderAction = { method: "POST", access: ORDERS, ...byId, responses: { 200: ZOrderSchema } } as const;
const issueAction = {
  method: "POST",
  access: ORDERS,
  params: ZOrderIssueParamsSchema,
  responses: { 200: ZIssueSchema },
  errors,
} as const;

/** The orders area's operations (issue 10): entry, the order list and details, PO files and documents. */
export const ordersApi = declareApi("orders", {
  /** The client's address book and payment method. */
  entryOptions: {
    method: "GET",
    path: "/orders/entry/options",
    access: ENTRY,
    query: ZEntryQuerySchema,
    responses: { 200: ZEntryOptionsSchema },
    errors,
  },
  entryStyles: {
    method: "GET",
    path: "/orders/entry/styles",
    access: ENTRY,
    query: ZEntryStyleLookupQuerySchema,
    responses: { 200: ZEntryStyleListSchema },
    errors,
  },
  entryStyle: {
    method: "GET",
    path: "/orders/entry/styles/:styleId",
    access: ENTRY,
    params: ZEntryStyleParamsSchema,
    query: ZEntryQuerySchema,
    responses: { 200: ZEntryStyleDetailsSchema },
    errors,
  },
  /** Every line priced live. */
  quote: {
    method: "POST",
    path: "/orders/quote",
    access: ENTRY,
    body: ZQuoteRequestSchema,
    responses: { 200: ZQuoteSchema },
    errors,
  },
  /** With an Idempotency-Key: a retry answers the order already placed (200) instead of a new one (201). */
  place: {
    method: "POST",
    path: "/orders",
    access: ENTRY,
    body: ZPlaceOrderRequestSchema,
    responses: { 200: ZOrderSchema, 201: ZOrderSchema },
    errors,
  },
  /** A client's store places an order with its API key; the same external order id answers the order already placed (200). */
  placeWeb: {
    method: "POST",
    path: "/orders/web",
    access: WEB,
    apiKey: true,
    body: ZWebOrderRequestSchema,
    responses: { 200: ZOrderSchema, 201: ZOrderSchema },
    errors,
  },
  /**
   * A client's end customer orders on its storefront, which sends the order with the client's API key
   * (source "portal"); the same portal order reference answers the order already placed (200).
   */
  placePortal: {
    method: "POST",
    path: "/orders/portal",
    access: WEB,
    apiKey: true,
    body: ZPortalOrderRequestSchema,
    responses: { 200: ZOrderSchema, 201: ZOrderSchema },
    errors,
  },
  list: {
    method: "GET",
    path: "/orders",
    access: ORDERS,
    query: ZOrderListQuerySchema,
    responses: { 200: ZOrderPageSchema },
    errors,
  },
  exportCsv: {
    method: "GET",
    path: "/orders/export.csv",
    access: ORDERS,
    query: ZOrderListQuerySchema,
    file: "text/csv",
  },
  bulk: {
    method: "POST",
    path: "/orders/bulk",
    access: ORDERS,
    body: ZBulkOrderRequestSchema,
    responses: { 200: ZBulkOrderResultSchema },
    errors,
  },
  get: { method: "GET", path: "/orders/:id", access: ORDERS, ...byId, responses: { 200: ZOrderSchema } },
  complete: { path: "/orders/:id/complete", ...orderAction, body: ZCompleteRequestSchema },
  cancel: { path: "/orders/:id/cancel", ...orderAction, body: ZCancelRequestSchema },
  /** With an Idempotency-Key: a double click refunds once. */
  refund: { path: "/orders/:id/refund", ...orderAction, body: ZOrderRefundRequestSchema },
  charge: { path: "/orders/:id/charge", ...orderAction },
  /**
   * Spec 7's redo shipping-platform order: sends the order to its client's shipping platform now
   * (the platform keys it by the order number, so a repeat updates its one copy) and answers the
   * order with the outcome, which is also a row of its history. 409 when the client has none saved.
   */
  redoPlatformOrder: { path: "/orders/:id/shippingPlatform", ...orderAction },
  editItem: {
    method: "PUT",
    path: "/orders/:id/items/:itemId",
    access: ORDERS,
    params: ZOrderItemParamsSchema,
    body: ZItemEditRequestSchema,
    responses: { 200: ZOrderSchema },
    errors,
  },
  comments: {
    method: "GET",
    path: "/orders/:id/comments",
    access: ORDERS,
    ...byId,
    responses: { 200: ZCommentListSchema },
  },
  addComment: {
    method: "POST",
    path: "/orders/:id/comments",
    access: ORDERS,
    ...byId,
    body: ZCommentRequestSchema,
    responses: { 201: ZCommentSchema },
  },
  issues: { method: "GET", path: "/orders/:id/issues", access: ORDERS, ...byId, responses: { 200: ZIssueListSchema } },
  raiseIssue: {
    method: "POST",
    path: "/orders/:id/issues",
    access: ORDERS,
    ...byId,
    body: ZIssueRequestSchema,
    responses: { 201: ZIssueSchema },
  },
  respondIssue: { path: "/orders/:id/issues/:issueId/respond", ...issueAction, body: ZIssueRespondRequestSchema },
  resolveIssue: { path: "/orders/:id/issues/:issueId/resolve", ...issueAction },
  /** The Cost tab: quoted beside actual per line, with the margin (the service scopes by facility). */
  cost: {
    method: "GET",
    path: "/orders/:id/cost",
    access: COSTS,
    ...byId,
    responses: { 200: ZOrderCostSchema },
  },
  history: {
    method: "GET",
    path: "/orders/:id/history",
    access: ORDERS,
    ...byId,
    responses: { 200: ZHistoryListSchema },
  },
  /**
   * The optional PO file of Order Entry: a multipart upload (PDF, PNG or JPEG by name and by first
   * bytes, at most 10 MB), then named by `poFileId` when placing.
   */
  uploadPoFile: {
    method: "POST",
    path: "/orders/poFiles",
    access: ENTRY,
    query: ZPoFileQuerySchema,
    responses: { 201: ZStoredFileSchema },
    errors: [413],
  },
  /** An order's PO file, as uploaded. */
  poFile: {
    method: "GET",
    path: "/orders/:id/poFile",
    access: ORDERS,
    params: ZOrderIdParamsSchema,
    file: "application/octet-stream",
  },
  /** An order's documents: whoever may open the order's details (the service scopes by tenant). */
  packingSlip: {
    method: "GET",
    path: "/orders/:id/packing-slip.pdf",
    access: ORDERS,
    params: ZOrderIdParamsSchema,
    query: ZPackingSlipQuerySchema,
    file: "application/pdf",
  },
  /** Barcode labels for each line: a sheet of 2 x 1 in labels or one 4 x 6 in label per page. */
  labels: {
    method: "GET",
    path: "/orders/:id/labels.pdf",
    access: ORDERS,
    params: ZOrderIdParamsSchema,
    query: ZLabelsQuerySchema,
    file: "application/pdf",
  },
});

/** Coupons (issue 10): the facility's codes that take money off an order. */
export const couponsApi = declareApi("coupons", {
  list: {
    method: "GET",
    path: "/coupons",
    access: COUPONS,
    query: ZCouponListQuerySchema,
    responses: { 200: ZCouponPageSchema },
    errors,
  },
  get: {
    method: "GET",
    path: "/coupons/:id",
    access: COUPONS,
    params: ZIdParamsSchema,
    responses: { 200: ZCouponSchema },
    errors,
  },
  create: {
    method: "POST",
    path: "/coupons",
    access: COUPONS,
    body: ZCouponRequestSchema,
    responses: { 201: ZCouponSchema },
    errors,
  },
  update: {
    method: "PUT",
    path: "/coupons/:id",
    access: COUPONS,
    params: ZIdParamsSchema,
    body: ZCouponRequestSchema,
    responses: { 200: ZCouponSchema },
    errors,
  },
  remove: {
    method: "DELETE",
    path: "/coupons/:id",
    access: COUPONS,
    params: ZIdParamsSchema,
    responses: { 200: ZCouponSchema },
    errors,
  },
});
