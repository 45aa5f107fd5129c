import { z } from "zod";
import { ZIdSchema, zDbId } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText, zTrimmed } from "../common/text";
import { UNIT_STATUSES } from "../floor/units";
import { ZDateSchema } from "../orders/orders";
import { ZPackProfileSchema, ZPackSuggestionSchema } from "./pack-suggestion";

/**
 * Pack-out and shipments (issue 11, "Shipping"; docs/adr/0008-shipping.md). A shipment is one box
 * of some packed units of one order: box weight and dimensions, a carrier and service, a label
 * bought through a shipping provider (the built-in "manual" one, or ShipStation), and tracking.
 * packed (label bought, in the box) → shipped (left the factory) | voided (label cancelled, units
 * free to go in another box). An order ships in one or more shipments.
 */

export const SHIPMENT_STATUSES = ["packed", "shipped", "voided"] as const;
export type TShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<TShipmentStatus, string> = {
  packed: "Packed",
  shipped: "Shipped",
  voided: "Voided",
};

/** Who buys the label: the built-in manual provider (typed or generated tracking) or a shipping platform. */
export const SHIPPING_PROVIDERS = ["manual", "shipstation"] as const;
export type TShippingProvider = (typeof SHIPPING_PROVIDERS)[number];

/**
 * A bought label's file format: the facility's Factory Config shipping label format when the label
 * was bought (pdf_4x6 → pdf, zpl_4x6 → zpl). A PDF label is GET /shipments/:id/label.pdf; a ZPL
 * label (raw Zebra commands for a thermal printer) is GET /shipments/:id/label.zpl, served as
 * `application/zpl` with a `.zpl` file name.
 */
export const SHIPMENT_LABEL_FORMATS = ["pdf", "zpl"] as const;
export type TShipmentLabelFormat = (typeof SHIPMENT_LABEL_FORMATS)[number];
export const ZPL_CONTENT_TYPE = "application/zpl";
export const SHIPPING_PROVIDER_LABELS: Record<TShippingProvider, string> = {
  manual: "Manual (typed or generated tracking)",
  shipstation: "ShipStation",
};

/** Carriers a person can name by hand, with their public tracking pages. */
export const CARRIERS = [
  { code: "ups", name: "UPS", trackingUrl: "https://www.ups.com/track?tracknum={n}" },
  { code: "usps", name: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={n}" },
  { code: "fedex", name: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={n}" },
  { code: "dhl", name: "DHL", trackingUrl: "https://www.dhl.com/en/express/tracking.html?AWB={n}" },
  { code: "courier", name: "Local courier", trackingUrl: null },
] as const;

/** A carrier as people write it ("fedex" → "FedEx", "courier" → "Local courier"); one we do not know, as it was given. */
export const carrierName = (carrier: string): string =>
  CARRIERS.find((x) => x.code === carrier.toLowerCase() || x.name.toLowerCase() === carrier.toLowerCase())?.name ??
  carrier;

/** The carrier and its service on one line: "FedEx Ground", "UPS". */
export const carrierService = (carrier: string, service: string | null | undefined): string =>
  [carrierName(carrier), service].filter(Boolean).join(" ");

/** The public tracking page of a carrier's number, when the carrier has one we know. */
export const trackingUrlFor = (carrier: string, trackingNumber: string): string | null => {
  const c = CARRIERS.find((x) => x.code === carrier.toLowerCase() || x.name.toLowerCase() === carrier.toLowerCase());
  return c?.trackingUrl ? c.trackingUrl.replace("{n}", encodeURIComponent(trackingNumber)) : null;
};

/** Whether the client's store has been told about a shipment of a web order. */
export const STORE_NOTIFY_STATES = ["not_applicable", "pending", "notified", "failed"] as const;
export type TStoreNotifyState = (typeof STORE_NOTIFY_STATES)[number];
export const STORE_NOTIFY_LABELS: Record<TStoreNotifyState, string> = {
  not_applicable: "Not a web order",
  pending: "Not told yet",
  notified: "Store told",
  failed: "Store not told",
};

export const SHIPPING_MESSAGES = {
  labelIsFormat: (format: TShipmentLabelFormat) =>
    format === "zpl"
      ? "This shipment's label is ZPL (for a thermal printer): download label.zpl."
      : "This shipment's label is a PDF: open label.pdf.",
  unknownCode: "No unit or tote has that barcode.",
  emptyTote: "That tote holds no units.",
  chooseOrder: "Choose an order",
  chooseUnits: "Put at least one unit in the box",
  oneOrder: "A shipment holds units of one order only.",
  providerOff: "That shipping provider is not set up on this Hub.",
  rateRequired: "Choose a rate",
  carrierRequired: "Choose a carrier",
  trackingRequired: "Enter the tracking number",
  notShippedVoid: "A shipped shipment cannot be voided.",
  voided: "This shipment was voided.",
  notWebOrder: "Only web orders have a store to tell.",
  noTracking: "The shipment has no tracking number yet.",
  notShipped: "The store is told once the shipment has shipped.",
  packed: (barcode: string, n: number) => `Packed ${barcode}${n > 1 ? ` (${n} units)` : ""}.`,
  alreadyPacked: (barcode: string) => `${barcode} is already packed.`,
  notPacked: (barcode: string, state: string) => `Unit ${barcode} is ${state}, so it cannot go in a shipment.`,
  inShipment: (barcode: string, shipment: string) => `Unit ${barcode} is already in shipment ${shipment}.`,
  notOfOrder: (barcode: string, orderNumber: string) => `Unit ${barcode} is not a unit of order ${orderNumber}.`,
  idempotencyKeyReused: "That Idempotency-Key was used for another shipment.",
  labelRefused: (message: string) => `The shipping platform did not sell the label: ${message}`,
  shipped: "Shipment shipped.",
  trackingSaved: "Tracking saved.",
  storeTold: "The store was told.",
} as const;

const dim = (what: string, max: number) =>
  z
    .number({ error: `Enter the ${what}` })
    .positive(`The ${what} must be more than zero`)
    .max(max, `At most ${max}`);

/** POST /shipping/pack-scan: one press of Enter at the pack-out station (a tote or a unit). */
export const ZPackScanRequestSchema = z.object({
  /** The client's id of this scan: the same scan sent again (a retry) is answered again, not applied twice. */
  scanId: zTrimmed(100).min(1, "Required"),
  code: zTrimmed(100).min(1, "Scan a tote or a unit"),
});
export type TPackScanRequest = z.infer<typeof ZPackScanRequestSchema>;

export const ZPackUnitSchema = z.object({
  id: z.number().int(),
  barcode: zText(),
  lineNumber: z.number().int(),
  sku: zText(),
  styleName: zText(),
  size: zText().nullable(),
  colour: zText().nullable(),
  status: z.enum(UNIT_STATUSES),
  /** The active (not voided) shipment it is in, if any. */
  shipmentId: z.number().int().nullable(),
  shipmentNumber: zText().nullable(),
});
export type TPackUnit = z.infer<typeof ZPackUnitSchema>;

/** An order at the pack-out station: its units and where each stands. */
export const ZPackOrderSchema = z
  .object({
    orderId: z.number().int(),
    orderNumber: zText(),
    poNumber: zText().nullable(),
    clientId: z.number().int(),
    clientName: zText(),
    status: zText(),
    shipTo: zText(),
    units: z.array(ZPackUnitSchema),
    /** The shipping profiles of its lines (styles made from a tech pack naming one; issue 19). */
    packProfiles: z.array(ZPackProfileSchema),
    /** The box and weight suggested for its packed units not yet in a box; null without a profile. */
    suggestion: ZPackSuggestionSchema.nullable(),
  })
  .meta({ id: "PackOrder" });
export type TPackOrder = z.infer<typeof ZPackOrderSchema>;

export const ZPackScanResultSchema = z.object({
  ok: z.boolean(),
  message: zText(),
  /** The barcodes this scan packed (none when they were packed already). */
  packed: z.array(zText()),
  order: ZPackOrderSchema,
});
export type TPackScanResult = z.infer<typeof ZPackScanResultSchema>;

export const ZOrderIdParamsShippingSchema = z.object({ orderId: ZIdSchema });

export const ZCarrierOptionSchema = z.object({ code: zText(), name: zText() });
export const ZShippingOptionsSchema = z.object({
  providers: z.array(z.object({ provider: z.enum(SHIPPING_PROVIDERS), label: zText(), hasRates: z.boolean() })),
  carriers: z.array(ZCarrierOptionSchema),
});
export type TShippingOptions = z.infer<typeof ZShippingOptionsSchema>;

export const ZParcelSchema = z.object({
  weightOz: dim("weight", 2400),
  lengthIn: dim("length", 120),
  widthIn: dim("width", 120),
  heightIn: dim("height", 120),
});
export type TParcel = z.infer<typeof ZParcelSchema>;

/** POST /shipping/rates: what the provider would charge for this box to the order's ship-to. */
export const ZRatesRequestSchema = ZParcelSchema.extend({
  orderId: zDbId(SHIPPING_MESSAGES.chooseOrder),
  provider: z.enum(SHIPPING_PROVIDERS, { error: "Choose a provider" }),
});
export type TRatesRequest = z.infer<typeof ZRatesRequestSchema>;

export const ZRateSchema = z.object({
  rateId: zText(),
  carrier: zText(),
  service: zText(),
  serviceName: zText(),
  amountCents: z.number().int(),
  deliveryDays: z.number().int().nullable(),
});
export type TRate = z.infer<typeof ZRateSchema>;
export const ZRatesSchema = z.object({ rates: z.array(ZRateSchema) });
export type TRates = z.infer<typeof ZRatesSchema>;

/** POST /shipments (Idempotency-Key): a box of packed units of one order, and its label bought. */
export const ZCreateShipmentRequestSchema = ZParcelSchema.extend({
  orderId: zDbId(SHIPPING_MESSAGES.chooseOrder),
  unitIds: z
    .array(zDbId())
    .min(1, SHIPPING_MESSAGES.chooseUnits)
    .max(1000, "At most 1000 units in a box")
    .refine((ids) => new Set(ids).size === ids.length, "A unit is listed twice"),
  provider: z.enum(SHIPPING_PROVIDERS, { error: "Choose a provider" }),
  /** The carrier (manual: the one that will carry the box; platform: from the chosen rate). */
  carrier: zTrimmed(60).optional(),
  service: zTrimmed(100).optional(),
  /** Platform: the rate chosen from POST /shipping/rates. */
  rateId: zTrimmed(100).optional(),
  /** Manual: the tracking number typed; empty: the Hub makes one. */
  trackingNumber: zTrimmed(100).optional(),
});
export type TCreateShipmentRequest = z.infer<typeof ZCreateShipmentRequestSchema>;

/** PUT /shipments/:id/tracking: spec 7's tracking update (tracking, carrier, date). */
export const ZTrackingUpdateRequestSchema = z.object({
  trackingNumber: zTrimmed(100).min(1, SHIPPING_MESSAGES.trackingRequired),
  carrier: zTrimmed(60).min(1, SHIPPING_MESSAGES.carrierRequired),
  /** The day it shipped (a shipped shipment's date is corrected to it). */
  shipDate: ZDateSchema.optional(),
});
export type TTrackingUpdateRequest = z.infer<typeof ZTrackingUpdateRequestSchema>;

/** POST /shipments/:id/ship: the box left the factory (today, or the day named). */
export const ZShipRequestSchema = z.object({ shipDate: ZDateSchema.optional() });
export type TShipRequest = z.infer<typeof ZShipRequestSchema>;

export const ZShipmentListItemSchema = z
  .object({
    id: z.number().int(),
    shipmentNumber: zText(),
    orderId: z.number().int(),
    orderNumber: zText(),
    poNumber: zText().nullable(),
    clientId: z.number().int(),
    clientName: zText(),
    provider: z.enum(SHIPPING_PROVIDERS),
    carrier: zText(),
    service: zText().nullable(),
    trackingNumber: zText().nullable(),
    trackingUrl: zText().nullable(),
    trackingStatus: zText().nullable(),
    labelCostCents: z.number().int().nullable(),
    /** The label's file format (label.pdf or label.zpl). */
    labelFormat: z.enum(SHIPMENT_LABEL_FORMATS),
    status: z.enum(SHIPMENT_STATUSES),
    unitCount: z.number().int(),
    weightOz: z.number().nullable(),
    shippedAt: z.iso.datetime({ offset: true }).nullable(),
    /** When the carrier delivered it, as the shipping platform's tracking said; null until then. */
    deliveredAt: z.iso.datetime({ offset: true }).nullable(),
    storeNotify: z.enum(STORE_NOTIFY_STATES),
    createdBy: zText(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ShipmentListItem" });
export type TShipmentListItem = z.infer<typeof ZShipmentListItemSchema>;
export const ZShipmentPageSchema = pageOf(ZShipmentListItemSchema);

export const ZShipmentSchema = ZShipmentListItemSchema.extend({
  factoryId: z.number().int(),
  orderStatus: zText(),
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  trackingCheckedAt: z.iso.datetime({ offset: true }).nullable(),
  storeNotifiedAt: z.iso.datetime({ offset: true }).nullable(),
  storeNotifyError: zText().nullable(),
  voidedAt: z.iso.datetime({ offset: true }).nullable(),
  units: z.array(ZPackUnitSchema),
}).meta({ id: "Shipment" });
export type TShipment = z.infer<typeof ZShipmentSchema>;

export const ZShipmentListQuerySchema = ZPageQuerySchema.extend({
  searchString: zTrimmed(200).optional(),
  status: z.enum(SHIPMENT_STATUSES).optional(),
  clientId: ZIdSchema.optional(),
  orderId: ZIdSchema.optional(),
  carrier: zTrimmed(60).optional(),
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
});
export type TShipmentListQuery = z.infer<typeof ZShipmentListQuerySchema>;

export const ZShipmentIdParamsSchema = z.object({ id: ZIdSchema });

export const SHIPMENT_CSV_HEADER = [
  "shipmentNumber",
  "orderNumber",
  "poNumber",
  "clientName",
  "status",
  "carrier",
  "service",
  "trackingNumber",
  "trackingUrl",
  "units",
  "weightOz",
  "labelCostCents",
  "shippedAt",
  "storeNotify",
  "createdAt",
] as const;
