import { z } from "zod";
import { ZIdParamsSchema } from "../common/ids";
import { type Access, declareApi } from "../common/operation";
import { ZLookupListSchema } from "../library/common";
import { INVENTORY_TYPES, ZInvLookupQuerySchema } from "./common";
import {
  ZPoActionRequestSchema,
  ZPoDetailSchema,
  ZPoListQuerySchema,
  ZPoPageSchema,
  ZPoRequestSchema,
  ZReceiveRequestSchema,
  ZReceiveResponseSchema,
} from "./purchase-orders";
import {
  ZAdjustmentRequestSchema,
  ZAdjustmentResponseSchema,
  ZReturnRequestSchema,
  ZStockDetailQuerySchema,
  ZStockItemDetailSchema,
  ZStockItemPageSchema,
  ZStockItemParamsSchema,
  ZStockItemSchema,
  ZStockListQuerySchema,
  ZStockSettingsRequestSchema,
} from "./stock";
import {
  ZSupplierDetailSchema,
  ZSupplierListQuerySchema,
  ZSupplierPageSchema,
  ZSupplierRequestSchema,
} from "./suppliers";

/**
 * Inventory (issue 10): stock (/inventory), purchase orders (/inventoryOnOrder) and suppliers
 * (/supplierDetails), each behind its nav card, for internal admins and facility users.
 */
const card = (c: string): Access => ({ signedIn: true, types: INVENTORY_TYPES, card: c });
const STOCK = card("inventory");
const ON_ORDER = card("inventoryOnOrder");
const SUPPLIERS = card("supplierDetails");

const errors = [409] as const;
const byId = { params: ZIdParamsSchema, errors } as const;
const poAction = {
  method: "POST",
  access: ON_ORDER,
  ...byId,
  body: ZPoActionRequestSchema,
  responses: { 200: ZPoDetailSchema },
} as const;

export const inventoryApi = declareApi("inventory", {
  // ---- stock
  list: {
    method: "GET",
    path: "/inventory",
    access: STOCK,
    query: ZStockListQuerySchema,
    responses: { 200: ZStockItemPageSchema },
    errors,
  },
  exportCsv: {
    method: "GET",
    path: "/inventory/export.csv",
    access: STOCK,
    query: ZStockListQuerySchema,
    file: "text/csv",
  },
  get: {
    method: "GET",
    path: "/inventory/:kind/:id",
    access: STOCK,
    params: ZStockItemParamsSchema,
    query: ZStockDetailQuerySchema,
    responses: { 200: ZStockItemDetailSchema },
    errors,
  },
  putSettings: {
    method: "PUT",
    path: "/inventory/:kind/:id/settings",
    access: STOCK,
    params: ZStockItemParamsSchema,
    body: ZStockSettingsRequestSchema,
    responses: { 200: ZStockItemSchema },
    errors,
  },
  adjust: {
    method: "POST",
    path: "/inventory/adjustments",
    access: STOCK,
    body: ZAdjustmentRequestSchema,
    responses: { 201: ZAdjustmentResponseSchema },
    errors,
  },
  returnStock: {
    method: "POST",
    path: "/inventory/returns",
    access: STOCK,
    body: ZReturnRequestSchema,
    responses: { 201: ZAdjustmentResponseSchema },
    errors,
  },
});

export const suppliersApi = declareApi("inventory", {
  listSuppliers: {
    method: "GET",
    path: "/suppliers",
    access: SUPPLIERS,
    query: ZSupplierListQuerySchema,
    responses: { 200: ZSupplierPageSchema },
    errors,
  },
  exportSuppliersCsv: {
    method: "GET",
    path: "/suppliers/export.csv",
    access: SUPPLIERS,
    query: ZSupplierListQuerySchema,
    file: "text/csv",
  },
  getSupplier: {
    method: "GET",
    path: "/suppliers/:id",
    access: SUPPLIERS,
    ...byId,
    responses: { 200: ZSupplierDetailSchema },
  },
  createSupplier: {
    method: "POST",
    path: "/suppliers",
    access: SUPPLIERS,
    body: ZSupplierRequestSchema,
    responses: { 201: ZSupplierDetailSchema },
    errors,
  },
  updateSupplier: {
    method: "PUT",
    path: "/suppliers/:id",
    access: SUPPLIERS,
    ...byId,
    body: ZSupplierRequestSchema,
    responses: { 200: ZSupplierDetailSchema },
  },
  removeSupplier: {
    method: "DELETE",
    path: "/suppliers/:id",
    access: SUPPLIERS,
    ...byId,
    responses: { 204: z.null() },
  },
});

export const purchaseOrdersApi = declareApi("inventory", {
  /** The purchase order form's supplier picker: facility users have inventoryOnOrder without supplierDetails. */
  supplierLookup: {
    method: "GET",
    path: "/purchaseOrders/suppliers/lookup",
    access: ON_ORDER,
    query: ZInvLookupQuerySchema,
    responses: { 200: ZLookupListSchema },
    errors,
  },
  listPurchaseOrders: {
    method: "GET",
    path: "/purchaseOrders",
    access: ON_ORDER,
    query: ZPoListQuerySchema,
    responses: { 200: ZPoPageSchema },
    errors,
  },
  exportPurchaseOrdersCsv: {
    method: "GET",
    path: "/purchaseOrders/export.csv",
    access: ON_ORDER,
    query: ZPoListQuerySchema,
    file: "text/csv",
  },
  getPurchaseOrder: {
    method: "GET",
    path: "/purchaseOrders/:id",
    access: ON_ORDER,
    ...byId,
    responses: { 200: ZPoDetailSchema },
  },
  createPurchaseOrder: {
    method: "POST",
    path: "/purchaseOrders",
    access: ON_ORDER,
    body: ZPoRequestSchema,
    responses: { 201: ZPoDetailSchema },
    errors,
  },
  updatePurchaseOrder: {
    method: "PUT",
    path: "/purchaseOrders/:id",
    access: ON_ORDER,
    ...byId,
    body: ZPoRequestSchema,
    responses: { 200: ZPoDetailSchema },
  },
  /** With an Idempotency-Key: a double click receives once. */
  receivePurchaseOrder: {
    method: "POST",
    path: "/purchaseOrders/:id/receive",
    access: ON_ORDER,
    ...byId,
    body: ZReceiveRequestSchema,
    responses: { 200: ZReceiveResponseSchema },
  },
  closePurchaseOrder: { ...poAction, path: "/purchaseOrders/:id/close" },
  cancelPurchaseOrder: { ...poAction, path: "/purchaseOrders/:id/cancel" },
});
