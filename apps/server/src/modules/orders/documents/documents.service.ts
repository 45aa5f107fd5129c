import type { TLabelsQuery, TPackingSlipQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { asc, eq } from "drizzle-orm";
import { loadPdfKit, type PdfFile, renderPdf } from "../../../platform/pdf";
import type { Principal } from "../../../platform/principal";
import { orderRowFor } from "../orders.service";
import { shipToOf } from "../rows";
import { lineLabels } from "./labels";
import { packingSlip, type SlipOrder } from "./packing-slip";

/** A rendered document: its bytes and the file name it downloads as. */

/** The order as its documents print it; scoped like order details (another tenant's order is a 404). */
const slipOrder = async (db: HubDb, p: Principal, id: number): Promise<SlipOrder> => {
  const row = await orderRowFor(db, p, id);
  const oi = schema.orderItems;
  const [items, [facility]] = await Promise.all([
    db.select().from(oi).where(eq(oi.orderId, row.id)).orderBy(asc(oi.lineNumber)),
    db
      .select({ name: schema.factories.name })
      .from(schema.factories)
      .where(eq(schema.factories.factoryId, row.factoryId)),
  ]);
  return {
    facilityName: facility?.name ?? "",
    orderNumber: row.orderNumber,
    poNumber: row.poNumber,
    clientName: row.clientName,
    placedAt: row.placedAt.toISOString(),
    requestedShipDate: row.requestedShipDate,
    notes: row.notes,
    shipTo: shipToOf(row),
    lines: items
      .filter((i) => i.status !== "cancelled")
      .map((i) => ({
        lineNumber: i.lineNumber,
        styleCode: i.styleCode,
        styleName: i.styleName,
        options: i.options,
        sku: i.sku,
        quantity: i.quantity,
      })),
  };
};

/** GET /orders/:id/packing-slip.pdf */
export const packingSlipPdf = async (db: HubDb, p: Principal, id: number, q: TPackingSlipQuery): Promise<PdfFile> => {
  const order = await slipOrder(db, p, id);
  const kit = await loadPdfKit();
  return {
    bytes: await renderPdf(kit, await packingSlip(kit, order, q.paper)),
    fileName: `packing-slip-${order.orderNumber}.pdf`,
  };
};

/** GET /orders/:id/labels.pdf */
export const labelsPdf = async (db: HubDb, p: Principal, id: number, q: TLabelsQuery): Promise<PdfFile> => {
  const order = await slipOrder(db, p, id);
  const kit = await loadPdfKit();
  return {
    bytes: await renderPdf(kit, await lineLabels(kit, order, q)),
    fileName: `labels-${order.orderNumber}-${q.format}.pdf`,
  };
};
