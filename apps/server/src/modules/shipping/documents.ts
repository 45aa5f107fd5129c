import {
  addressLines,
  carrierName,
  SHIPPING_MESSAGES,
  type TPackingSlipQuery,
  type TShipmentLabelFormat,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { asc, eq } from "drizzle-orm";
import { conflict } from "../../platform/errors";
import type { PdfFile } from "../../platform/pdf";
import { inch, loadPdfKit, type PdfKit, renderPdf } from "../../platform/pdf";
import type { Principal } from "../../platform/principal";
import type { ShippingProviders } from "../../platform/shipping";
import { packingSlip, type SlipOrder } from "../orders/documents/packing-slip";
import { shipmentDetail } from "./shipments.service";
import { shipToOf } from "./shipments-rows";
import { type ZplLabel, zplLabel } from "./zpl-label";

const loadShipment = async (db: HubDb, p: Principal, id: number) => {
  const x = await shipmentDetail(db, p, id);
  const [[order], [facility]] = await Promise.all([
    db.select().from(schema.orders).where(eq(schema.orders.id, x.orderId)),
    db
      .select({ name: schema.factories.name })
      .from(schema.factories)
      .where(eq(schema.factories.factoryId, x.factoryId)),
  ]);
  if (!order) throw new Error("shipment without its order");
  return { x, order, facilityName: facility?.name ?? "" };
};

/** GET /shipments/:id/packing-slip.pdf: the order's packing slip with this box's pieces only. */
export const shipmentPackingSlip = async (
  db: HubDb,
  p: Principal,
  id: number,
  q: TPackingSlipQuery,
): Promise<PdfFile> => {
  const { x, order, facilityName } = await loadShipment(db, p, id);
  const oi = schema.orderItems;
  const items = await db.select().from(oi).where(eq(oi.orderId, order.id)).orderBy(asc(oi.lineNumber));
  const inBox = new Map<number, number>();
  for (const unit of x.units) inBox.set(unit.lineNumber, (inBox.get(unit.lineNumber) ?? 0) + 1);
  const slip: SlipOrder = {
    facilityName,
    orderNumber: order.orderNumber,
    poNumber: order.poNumber,
    clientName: order.clientName,
    placedAt: order.placedAt.toISOString(),
    requestedShipDate: order.requestedShipDate,
    notes: [`Shipment ${x.shipmentNumber}`, x.trackingNumber ? `tracking ${x.trackingNumber}` : null, order.notes]
      .filter(Boolean)
      .join(" · "),
    shipTo: shipToOf(order),
    lines: items
      .filter((i) => inBox.has(i.lineNumber))
      .map((i) => ({
        lineNumber: i.lineNumber,
        styleCode: i.styleCode,
        styleName: i.styleName,
        options: i.options,
        sku: i.sku,
        quantity: inBox.get(i.lineNumber) ?? 0,
      })),
  };
  const kit = await loadPdfKit();
  return {
    bytes: await renderPdf(kit, await packingSlip(kit, slip, q.paper)),
    fileName: `packing-slip-${x.shipmentNumber}.pdf`,
  };
};

const L = {
  page: { padding: 14, fontSize: 10, fontFamily: "Helvetica" },
  row: { flexDirection: "row", justifyContent: "space-between", borderBottom: "1.5pt solid #000000", paddingBottom: 6 },
  small: { fontSize: 7, textTransform: "uppercase", color: "#333333" },
  big: { fontSize: 16, fontFamily: "Helvetica-Bold" },
  to: { fontSize: 13, marginTop: 2 },
  block: { paddingVertical: 8, borderBottom: "1.5pt solid #000000" },
  barcode: { width: inch(3.6), height: inch(1.1), marginTop: 6, alignSelf: "center" },
  tracking: { fontSize: 12, fontFamily: "Helvetica-Bold", textAlign: "center", marginTop: 4, letterSpacing: 1 },
  foot: { marginTop: 8, flexDirection: "row", justifyContent: "space-between", fontSize: 9 },
} as const;

/** The Hub's own 4 x 6 in shipping label: from, to, carrier and service, and the tracking number as Code128. */
const labelDoc = async (kit: PdfKit, d: Awaited<ReturnType<typeof loadShipment>>) => {
  const { h } = kit;
  const { Document, Page, View, Text, Image } = kit.pdf;
  const { x, order } = d;
  const tracking = x.trackingNumber ?? x.shipmentNumber;
  const code = await kit.barcode("code128", tracking);
  const t = shipToOf(order);
  const lines = addressLines(t);
  return h(
    Document,
    { title: `Label ${x.shipmentNumber}` },
    h(
      Page,
      { size: [inch(4), inch(6)], style: L.page },
      h(
        View,
        { style: L.row },
        h(View, null, h(Text, { style: L.small }, "From"), h(Text, null, d.facilityName)),
        h(View, null, h(Text, { style: L.big }, carrierName(x.carrier).toUpperCase()), h(Text, null, x.service ?? "")),
      ),
      h(
        View,
        { style: L.block },
        h(Text, { style: L.small }, "Ship to"),
        ...lines.map((line, i) => h(Text, { key: i, style: L.to }, line)),
      ),
      h(
        View,
        { style: L.block },
        h(Text, { style: L.small }, "Tracking"),
        h(Image, { style: L.barcode, src: code }),
        h(Text, { style: L.tracking }, tracking),
      ),
      h(
        View,
        { style: L.foot },
        h(Text, null, `${x.shipmentNumber} · ${x.orderNumber}${x.poNumber ? ` · PO ${x.poNumber}` : ""}`),
        h(Text, null, `${x.unitCount} pcs${x.weightOz ? ` · ${x.weightOz} oz` : ""}`),
      ),
    ),
  );
};

/**
 * GET /shipments/:id/label.pdf and label.zpl: the platform's label when it has one, else the Hub's
 * own 4 x 6 label (a PDF, or ZPL). The label's format is the one it was bought in (the facility's
 * Factory Config then); asking for the other format answers 409 with the link to use.
 */
export const shipmentLabel = async (
  db: HubDb,
  providers: ShippingProviders,
  p: Principal,
  id: number,
  format: TShipmentLabelFormat,
): Promise<PdfFile> => {
  const d = await loadShipment(db, p, id);
  const fileName = `label-${d.x.shipmentNumber}.${format}`;
  if (d.x.labelFormat !== format) {
    const m = SHIPPING_MESSAGES.labelIsFormat(d.x.labelFormat);
    throw conflict(m, { labelFormat: m });
  }
  const [row] = await db
    .select({ labelUrl: schema.shipments.labelUrl })
    .from(schema.shipments)
    .where(eq(schema.shipments.id, id));
  const adapter = providers[d.x.provider];
  const platform = adapter && row?.labelUrl ? await adapter.labelFile(row.labelUrl).catch(() => null) : null;
  if (platform) return { bytes: platform, fileName };
  if (format === "zpl") return { bytes: Buffer.from(zplLabel(zplOf(d)), "utf8"), fileName };
  const kit = await loadPdfKit();
  return { bytes: await renderPdf(kit, await labelDoc(kit, d)), fileName };
};

/** The Hub's own label's words, for ZPL: as the PDF label says them. */
const zplOf = (d: Awaited<ReturnType<typeof loadShipment>>): ZplLabel => {
  const { x } = d;
  return {
    from: d.facilityName,
    carrier: carrierName(x.carrier),
    service: x.service,
    shipTo: addressLines(shipToOf(d.order)),
    tracking: x.trackingNumber ?? x.shipmentNumber,
    footer: `${x.shipmentNumber} · ${x.orderNumber}${x.poNumber ? ` · PO ${x.poNumber}` : ""}`,
    pieces: `${x.unitCount} pcs${x.weightOz ? ` · ${x.weightOz} oz` : ""}`,
  };
};
