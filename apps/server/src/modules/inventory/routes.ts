import {
  INVENTORY_TYPES,
  ZAdjustmentRequestSchema,
  ZAdjustmentResponseSchema,
  ZIdParamsSchema,
  ZInvLookupQuerySchema,
  ZLookupListSchema,
  ZPoActionRequestSchema,
  ZPoDetailSchema,
  ZPoListQuerySchema,
  ZPoPageSchema,
  ZPoRequestSchema,
  ZReceiveRequestSchema,
  ZReceiveResponseSchema,
  ZReturnRequestSchema,
  ZStockDetailQuerySchema,
  ZStockItemDetailSchema,
  ZStockItemPageSchema,
  ZStockItemParamsSchema,
  ZStockItemSchema,
  ZStockListQuerySchema,
  ZStockSettingsRequestSchema,
  ZSupplierDetailSchema,
  ZSupplierListQuerySchema,
  ZSupplierPageSchema,
  ZSupplierRequestSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Access, principalOf } from "../../platform/access";
import { csvResponses, sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  exportPurchaseOrders,
  getPurchaseOrder,
  listPurchaseOrders,
  receivePurchaseOrder,
  updatePurchaseOrder,
} from "./purchase-orders.service";
import { adjustStock, exportStock, getStockItem, listStock, putStockSettings, returnStock } from "./stock.service";
import {
  createSupplier,
  deleteSupplier,
  getSupplier,
  listSuppliers,
  lookupSuppliers,
  updateSupplier,
} from "./suppliers.service";

/**
 * Inventory (issue 10): stock (/inventory), purchase orders (/inventoryOnOrder) and suppliers
 * (/supplierDetails), each behind its nav card, for internal admins and facility users.
 */
const tags = ["inventory"];
const errors = errorResponses(409);
const card = (c: string): Access => ({ signedIn: true, types: INVENTORY_TYPES, card: c });
const STOCK = card("inventory");
const ON_ORDER = card("inventoryOnOrder");
const SUPPLIERS = card("supplierDetails");

export const inventoryRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- stock -------------------------------------------------------------------------------
    app.get(
      "/inventory",
      {
        config: { access: STOCK },
        schema: { tags, querystring: ZStockListQuerySchema, response: { 200: ZStockItemPageSchema, ...errors } },
      },
      async (request) => listStock(db, principalOf(request), request.query),
    );
    app.get(
      "/inventory/export.csv",
      {
        config: { access: STOCK },
        schema: { tags, querystring: ZStockListQuerySchema, produces: ["text/csv"], response: csvResponses },
      },
      async (request, reply) => {
        const items = await exportStock(db, principalOf(request), request.query);
        const csv = toCsv(
          [
            "Kind",
            "Code",
            "Name",
            "Unit",
            "Quantity",
            "Threshold",
            "Threshold by count",
            "Average cost (cents)",
            "Usage 30 days",
            "Value (cents)",
            "Low stock",
          ],
          items.map((i) => [
            i.materialKind,
            i.code,
            i.name,
            i.unit,
            i.quantity,
            i.threshold,
            i.thresholdByCnt,
            i.avgCostCents,
            i.usage30d,
            i.valueCents,
            i.lowStock,
          ]),
        );
        return sendCsv(reply, "inventory.csv", csv);
      },
    );
    app.get(
      "/inventory/:kind/:id",
      {
        config: { access: STOCK },
        schema: {
          tags,
          params: ZStockItemParamsSchema,
          querystring: ZStockDetailQuerySchema,
          response: { 200: ZStockItemDetailSchema, ...errors },
        },
      },
      async (request) =>
        getStockItem(db, principalOf(request), { kind: request.params.kind, id: request.params.id }, request.query),
    );
    app.put(
      "/inventory/:kind/:id/settings",
      {
        config: { access: STOCK },
        schema: {
          tags,
          params: ZStockItemParamsSchema,
          body: ZStockSettingsRequestSchema,
          response: { 200: ZStockItemSchema, ...errors },
        },
      },
      async (request) =>
        putStockSettings(db, principalOf(request), { kind: request.params.kind, id: request.params.id }, request.body),
    );
    app.post(
      "/inventory/adjustments",
      {
        config: { access: STOCK },
        schema: { tags, body: ZAdjustmentRequestSchema, response: { 201: ZAdjustmentResponseSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await adjustStock(db, principalOf(request), request.body)),
    );

    app.post(
      "/inventory/returns",
      {
        config: { access: STOCK },
        schema: { tags, body: ZReturnRequestSchema, response: { 201: ZAdjustmentResponseSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await returnStock(db, principalOf(request), request.body)),
    );

    // ---- suppliers ---------------------------------------------------------------------------
    app.get(
      "/suppliers",
      {
        config: { access: SUPPLIERS },
        schema: { tags, querystring: ZSupplierListQuerySchema, response: { 200: ZSupplierPageSchema, ...errors } },
      },
      async (request) => listSuppliers(db, principalOf(request), request.query),
    );
    app.get(
      "/suppliers/export.csv",
      {
        config: { access: SUPPLIERS },
        schema: { tags, querystring: ZSupplierListQuerySchema, produces: ["text/csv"], response: csvResponses },
      },
      async (request, reply) => {
        const { items } = await listSuppliers(db, principalOf(request), { ...request.query, page: 0, size: 50_000 });
        const csv = toCsv(
          ["Code", "Name", "Contact", "Email", "Phone", "Lead time (days)", "Currency", "Active", "Materials"],
          items.map((s) => [
            s.code,
            s.name,
            s.contactName,
            s.email,
            s.phone,
            s.leadTimeDays,
            s.currency,
            s.active,
            s.materialCount,
          ]),
        );
        return sendCsv(reply, "suppliers.csv", csv);
      },
    );
    app.get(
      "/suppliers/:id",
      {
        config: { access: SUPPLIERS },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZSupplierDetailSchema, ...errors } },
      },
      async (request) => getSupplier(db, principalOf(request), request.params.id),
    );
    app.post(
      "/suppliers",
      {
        config: { access: SUPPLIERS },
        schema: { tags, body: ZSupplierRequestSchema, response: { 201: ZSupplierDetailSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createSupplier(db, principalOf(request), request.body)),
    );
    app.put(
      "/suppliers/:id",
      {
        config: { access: SUPPLIERS },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZSupplierRequestSchema,
          response: { 200: ZSupplierDetailSchema, ...errors },
        },
      },
      async (request) => updateSupplier(db, principalOf(request), request.params.id, request.body),
    );
    app.delete(
      "/suppliers/:id",
      {
        config: { access: SUPPLIERS },
        schema: { tags, params: ZIdParamsSchema, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await deleteSupplier(db, principalOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // ---- purchase orders ---------------------------------------------------------------------
    // The purchase order form's supplier picker: facility users have inventoryOnOrder without supplierDetails.
    app.get(
      "/purchaseOrders/suppliers/lookup",
      {
        config: { access: ON_ORDER },
        schema: { tags, querystring: ZInvLookupQuerySchema, response: { 200: ZLookupListSchema, ...errors } },
      },
      async (request) => lookupSuppliers(db, principalOf(request), request.query),
    );
    app.get(
      "/purchaseOrders",
      {
        config: { access: ON_ORDER },
        schema: { tags, querystring: ZPoListQuerySchema, response: { 200: ZPoPageSchema, ...errors } },
      },
      async (request) => listPurchaseOrders(db, principalOf(request), request.query),
    );
    app.get(
      "/purchaseOrders/export.csv",
      {
        config: { access: ON_ORDER },
        schema: { tags, querystring: ZPoListQuerySchema, produces: ["text/csv"], response: csvResponses },
      },
      async (request, reply) => {
        const items = await exportPurchaseOrders(db, principalOf(request), request.query);
        const csv = toCsv(
          ["Number", "Supplier", "Status", "Expected", "Lines", "Total (cents)", "Created by", "Created at"],
          items.map((o) => [
            o.number,
            o.supplierName,
            o.status,
            o.expectedDate,
            o.lineCount,
            o.totalCents,
            o.createdByName,
            o.createdAt,
          ]),
        );
        return sendCsv(reply, "purchase-orders.csv", csv);
      },
    );
    app.get(
      "/purchaseOrders/:id",
      {
        config: { access: ON_ORDER },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZPoDetailSchema, ...errors } },
      },
      async (request) => getPurchaseOrder(db, principalOf(request), request.params.id),
    );
    app.post(
      "/purchaseOrders",
      {
        config: { access: ON_ORDER },
        schema: { tags, body: ZPoRequestSchema, response: { 201: ZPoDetailSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await createPurchaseOrder(db, principalOf(request), request.body)),
    );
    app.put(
      "/purchaseOrders/:id",
      {
        config: { access: ON_ORDER },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZPoRequestSchema,
          response: { 200: ZPoDetailSchema, ...errors },
        },
      },
      async (request) => updatePurchaseOrder(db, principalOf(request), request.params.id, request.body),
    );
    app.post(
      "/purchaseOrders/:id/receive",
      {
        config: { access: ON_ORDER },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZReceiveRequestSchema,
          response: { 200: ZReceiveResponseSchema, ...errors },
        },
      },
      async (request) =>
        receivePurchaseOrder(db, principalOf(request), request.params.id, request.body, idempotencyKeyOf(request)),
    );
    for (const [action, run] of [
      ["close", closePurchaseOrder],
      ["cancel", cancelPurchaseOrder],
    ] as const) {
      app.post(
        `/purchaseOrders/:id/${action}`,
        {
          config: { access: ON_ORDER },
          schema: {
            tags,
            params: ZIdParamsSchema,
            body: ZPoActionRequestSchema,
            response: { 200: ZPoDetailSchema, ...errors },
          },
        },
        async (request) => run(db, principalOf(request), request.params.id, request.body?.reason ?? null),
      );
    }
  };
