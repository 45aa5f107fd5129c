import type {
  TShipmentListItem,
  TShipmentListQuery,
  TShipmentStatus,
  TShippingProvider,
  TStoreNotifyState,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, type Column, eq, type SQL, sql } from "drizzle-orm";
import { dateRange, searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { shipmentScope } from "./scope";

/** Shipments' tables and the helpers the shipments services share: the list's columns, filter and sort. */

export const s = schema.shipments;
export const su = schema.shipmentUnits;
export const o = schema.orders;
export const u = schema.floorUnits;

export type ShipmentRow = typeof s.$inferSelect;

/** An order's ship-to as an address: where a label, a rate and a packing slip send the box. */
export const shipToOf = (r: typeof o.$inferSelect) => ({
  name: r.shipName,
  company: r.shipCompany,
  line1: r.shipLine1,
  line2: r.shipLine2,
  city: r.shipCity,
  region: r.shipRegion,
  postalCode: r.shipPostalCode,
  country: r.shipCountry,
  phone: r.shipPhone,
});

const unitCount = sql<number>`(select count(*)::int from ${su} where ${su.shipmentId} = ${s.id})`;
/** Shipped first by its ship date, else by when it was packed: the list's date. */
const listDate = sql`coalesce(${s.shippedAt}, ${s.createdAt})`;

export const listColumns = {
  row: s,
  orderNumber: o.orderNumber,
  poNumber: o.poNumber,
  clientName: o.clientName,
  orderStatus: o.status,
  source: o.source,
  externalOrderId: o.externalOrderId,
  unitCount,
};
export type ListRow = {
  row: ShipmentRow;
  orderNumber: string;
  poNumber: string | null;
  clientName: string;
  orderStatus: string;
  source: string;
  externalOrderId: string | null;
  unitCount: number;
};

export const isWebOrder = (r: { source: string; externalOrderId: string | null }) =>
  r.source === "web" && r.externalOrderId !== null;

const storeState = (r: ListRow): TStoreNotifyState => {
  if (!isWebOrder(r)) return "not_applicable";
  if (r.row.storeNotifyError) return "failed";
  return r.row.storeNotifiedAt ? "notified" : "pending";
};

export const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toListItem = (r: ListRow): TShipmentListItem => ({
  id: r.row.id,
  shipmentNumber: r.row.shipmentNumber,
  orderId: r.row.orderId,
  orderNumber: r.orderNumber,
  poNumber: r.poNumber,
  clientId: r.row.clientId,
  clientName: r.clientName,
  provider: (r.row.provider === "shipstation" ? "shipstation" : "manual") as TShippingProvider,
  carrier: r.row.carrier,
  service: r.row.service,
  trackingNumber: r.row.trackingNumber,
  trackingUrl: r.row.trackingUrl,
  trackingStatus: r.row.trackingStatus,
  labelCostCents: r.row.labelCostCents,
  labelFormat: r.row.labelFormat === "zpl" ? "zpl" : "pdf",
  status: r.row.status as TShipmentStatus,
  unitCount: Number(r.unitCount),
  weightOz: r.row.weightOz,
  shippedAt: iso(r.row.shippedAt),
  deliveredAt: iso(r.row.deliveredAt),
  storeNotify: storeState(r),
  createdBy: r.row.createdBy,
  createdAt: r.row.createdAt.toISOString(),
});

export const listWhere = (p: Principal, q: TShipmentListQuery): SQL | undefined =>
  and(
    shipmentScope(p),
    searchAny(q.searchString, [s.shipmentNumber, o.orderNumber, o.poNumber, s.trackingNumber, o.clientName]),
    q.status ? eq(s.status, q.status) : undefined,
    q.clientId ? eq(s.clientId, q.clientId) : undefined,
    q.orderId ? eq(s.orderId, q.orderId) : undefined,
    q.carrier ? sql`lower(${s.carrier}) = ${q.carrier.toLowerCase()}` : undefined,
    dateRange(listDate as unknown as Column, q.from, q.to),
  );

export const SORTABLE = {
  shipmentNumber: s.id,
  orderNumber: o.id,
  clientName: o.clientName,
  status: s.status,
  carrier: s.carrier,
  trackingNumber: s.trackingNumber,
  unitCount,
  shippedAt: s.shippedAt,
  createdAt: s.createdAt,
};
