import { type Access, declareApi } from "../common/operation";
import { ZPackingSlipQuerySchema } from "../orders/documents";
import {
  ZCreateShipmentRequestSchema,
  ZOrderIdParamsShippingSchema,
  ZPackOrderSchema,
  ZPackScanRequestSchema,
  ZPackScanResultSchema,
  ZRatesRequestSchema,
  ZRatesSchema,
  ZShipmentIdParamsSchema,
  ZShipmentListQuerySchema,
  ZShipmentPageSchema,
  ZShipmentSchema,
  ZShippingOptionsSchema,
  ZShipRequestSchema,
  ZTrackingUpdateRequestSchema,
} from "./shipping";

const FACILITY = ["icreate", "manufacturer", "factory"] as const;

/** Shipped Orders: whoever has the card reads (client users their own client's); the service scopes. */
const READ: Access = { signedIn: true, types: [...FACILITY, "client"], card: "shipments" };
/** Changing a shipment (ship, void, tracking, store retry): facility users and internal admins. */
const WRITE: Access = { signedIn: true, types: FACILITY, card: "shipments" };
/** The pack-out station: facility users and internal admins with the Pack Out card. */
const PACK: Access = { signedIn: true, types: FACILITY, card: "packOut" };

const shipment = { params: ZShipmentIdParamsSchema } as const;
const change = {
  method: "POST",
  access: WRITE,
  ...shipment,
  responses: { 200: ZShipmentSchema },
  errors: [409],
} as const;

/** Pack-out, shipments, labels and tracking (issue 11; docs/adr/0008-shipping.md). */
export const shippingApi = declareApi("shipping", {
  /* ---------- pack-out ---------- */
  /** One press of Enter at the pack-out station (a tote or a unit). */
  packScan: {
    method: "POST",
    path: "/shipping/pack-scan",
    access: PACK,
    body: ZPackScanRequestSchema,
    responses: { 200: ZPackScanResultSchema },
    errors: [409],
  },
  packOrder: {
    method: "GET",
    path: "/shipping/orders/:orderId",
    access: PACK,
    params: ZOrderIdParamsShippingSchema,
    responses: { 200: ZPackOrderSchema },
  },
  /** The shipping providers set up on this Hub, and the carriers a person can name. */
  options: { method: "GET", path: "/shipping/options", access: PACK, responses: { 200: ZShippingOptionsSchema } },
  rates: {
    method: "POST",
    path: "/shipping/rates",
    access: PACK,
    body: ZRatesRequestSchema,
    responses: { 200: ZRatesSchema },
    errors: [409],
  },

  /* ---------- shipments ---------- */
  /** With an Idempotency-Key: a double click buys one label (a repeat answers 200 with the same shipment). */
  create: {
    method: "POST",
    path: "/shipments",
    access: PACK,
    body: ZCreateShipmentRequestSchema,
    responses: { 200: ZShipmentSchema, 201: ZShipmentSchema },
    errors: [409],
  },
  list: {
    method: "GET",
    path: "/shipments",
    access: READ,
    query: ZShipmentListQuerySchema,
    responses: { 200: ZShipmentPageSchema },
  },
  exportCsv: {
    method: "GET",
    path: "/shipments/export.csv",
    access: READ,
    query: ZShipmentListQuerySchema,
    file: "text/csv",
  },
  get: { method: "GET", path: "/shipments/:id", access: READ, ...shipment, responses: { 200: ZShipmentSchema } },
  /** A PDF label (labelFormat pdf); a ZPL label answers 409. */
  labelPdf: {
    method: "GET",
    path: "/shipments/:id/label.pdf",
    access: READ,
    ...shipment,
    file: "application/pdf",
    errors: [409],
  },
  /** A ZPL label (labelFormat zpl: the facility prints on a thermal printer), `application/zpl`; a PDF label answers 409. */
  labelZpl: {
    method: "GET",
    path: "/shipments/:id/label.zpl",
    access: READ,
    ...shipment,
    file: "application/zpl",
    errors: [409],
  },
  packingSlipPdf: {
    method: "GET",
    path: "/shipments/:id/packing-slip.pdf",
    access: READ,
    ...shipment,
    query: ZPackingSlipQuerySchema,
    file: "application/pdf",
  },
  ship: { path: "/shipments/:id/ship", ...change, body: ZShipRequestSchema },
  void: { path: "/shipments/:id/void", ...change },
  updateTracking: { path: "/shipments/:id/tracking", ...change, method: "PUT", body: ZTrackingUpdateRequestSchema },
  track: { path: "/shipments/:id/track", ...change },
  /** Tells the client's store about the shipment again (a web order whose notice failed). */
  notifyStore: { path: "/shipments/:id/notify-store", ...change },
});
