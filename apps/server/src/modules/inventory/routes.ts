import { SNAPSHOT_CSV_HEADER } from "@hub/contracts";
import { inventoryApi as api, purchaseOrdersApi as po, suppliersApi as sup } from "@hub/contracts/inventory/api";
import { inventorySnapshotApi as snap } from "@hub/contracts/inventory/snapshot-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { register } from "../../platform/operations";
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
import { exportInventorySnapshot, inventorySnapshot } from "./snapshot.service";
import { adjustStock, exportStock, getStockItem, listStock, putStockSettings, returnStock } from "./stock.service";
import {
  createSupplier,
  deleteSupplier,
  getSupplier,
  listSuppliers,
  lookupSuppliers,
  updateSupplier,
} from "./suppliers.service";

/** Inventory's handlers (issue 10); what each answers and who may call it is in `inventoryApi`, `suppliersApi` and `purchaseOrdersApi`. */
export const inventoryRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- stock -------------------------------------------------------------------------------
    register(app, api.list, async (request) => listStock(db, principalOf(request), request.query));
    register(app, snap.snapshot, async (request) => inventorySnapshot(db, principalOf(request), request.query));
    register(app, snap.exportSnapshotCsv, async (request, reply) =>
      sendCsv(
        reply,
        `inventory-snapshot-${request.query.date}.csv`,
        toCsv([...SNAPSHOT_CSV_HEADER], await exportInventorySnapshot(db, principalOf(request), request.query)),
      ),
    );
    register(app, api.exportCsv, async (request, reply) => {
      const items = await exportStock(db, principalOf(request), request.query);
      const csv = toCsv(
        [
          "Kind",
          "Code",
          "Name",
          "Unit",
          "Quantity",
          "Reserved",
          "Available",
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
          i.reserved,
          i.available,
          i.threshold,
          i.thresholdByCnt,
          i.avgCostCents,
          i.usage30d,
          i.valueCents,
          i.lowStock,
        ]),
      );
      return sendCsv(reply, "inventory.csv", csv);
    });
    register(app, api.get, async (request) =>
      getStockItem(db, principalOf(request), { kind: request.params.kind, id: request.params.id }, request.query),
    );
    register(app, api.putSettings, async (request) =>
      putStockSettings(db, principalOf(request), { kind: request.params.kind, id: request.params.id }, request.body),
    );
    register(app, api.adjust, async (request, reply) =>
      reply.status(201).send(await adjustStock(db, principalOf(request), request.body)),
    );
    register(app, api.returnStock, async (request, reply) =>
      reply.status(201).send(await returnStock(db, principalOf(request), request.body)),
    );

    // ---- suppliers ---------------------------------------------------------------------------
    register(app, sup.listSuppliers, async (request) => listSuppliers(db, principalOf(request), request.query));
    register(app, sup.exportSuppliersCsv, async (request, reply) => {
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
    });
    register(app, sup.getSupplier, async (request) => getSupplier(db, principalOf(request), request.params.id));
    register(app, sup.createSupplier, async (request, reply) =>
      reply.status(201).send(await createSupplier(db, principalOf(request), request.body)),
    );
    register(app, sup.updateSupplier, async (request) =>
      updateSupplier(db, principalOf(request), request.params.id, request.body),
    );
    register(app, sup.removeSupplier, async (request, reply) => {
      await deleteSupplier(db, principalOf(request), request.params.id);
      return reply.status(204).send(null);
    });

    // ---- purchase orders ---------------------------------------------------------------------
    register(app, po.supplierLookup, async (request) => lookupSuppliers(db, principalOf(request), request.query));
    register(app, po.listPurchaseOrders, async (request) =>
      listPurchaseOrders(db, principalOf(request), request.query),
    );
    register(app, po.exportPurchaseOrdersCsv, async (request, reply) => {
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
    });
    register(app, po.getPurchaseOrder, async (request) =>
      getPurchaseOrder(db, principalOf(request), request.params.id),
    );
    register(app, po.createPurchaseOrder, async (request, reply) =>
      reply.status(201).send(await createPurchaseOrder(db, principalOf(request), request.body)),
    );
    register(app, po.updatePurchaseOrder, async (request) =>
      updatePurchaseOrder(db, principalOf(request), request.params.id, request.body),
    );
    register(app, po.receivePurchaseOrder, async (request) =>
      receivePurchaseOrder(db, principalOf(request), request.params.id, request.body, idempotencyKeyOf(request)),
    );
    register(app, po.closePurchaseOrder, async (request) =>
      closePurchaseOrder(db, principalOf(request), request.params.id, request.body?.reason ?? null),
    );
    register(app, po.cancelPurchaseOrder, async (request) =>
      cancelPurchaseOrder(db, principalOf(request), request.params.id, request.body?.reason ?? null),
    );
  };
