import type { TRate, TShipmentLabelFormat, TShippingProvider } from "@hub/contracts";

/** Where a box goes (or comes from). */
export type ShippingAddress = {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: string;
  phone: string | null;
};

export type Parcel = { weightOz: number; lengthIn: number; widthIn: number; heightIn: number };

export type LabelRequest = {
  /** Our shipment number: the platform's external reference, and the manual tracking's seed. */
  shipmentNumber: string;
  shipFrom: { name: string };
  shipTo: ShippingAddress;
  parcel: Parcel;
  carrier: string | undefined;
  service: string | undefined;
  rateId: string | undefined;
  trackingNumber: string | undefined;
  /** The caller's Idempotency-Key, passed on where the platform dedupes on it. */
  idempotencyKey: string | undefined;
  /** The label's file format: the facility's Factory Config shipping label format. */
  labelFormat: TShipmentLabelFormat;
};

export type BoughtLabel = {
  trackingNumber: string;
  carrier: string;
  service: string | null;
  externalLabelId: string | null;
  costCents: number | null;
  trackingUrl: string | null;
  /** Where the platform keeps the label's file, in the format asked (null: the Hub renders it). */
  labelUrl: string | null;
};

export type LabelRef = {
  externalLabelId: string | null;
  trackingNumber: string | null;
  carrier: string;
};

export type TrackOutcome = {
  /** The carrier's status in words ("In transit", "Delivered"). */
  status: string;
  trackingNumber: string | null;
  /** When the carrier first scanned it, if it says. */
  shippedAt: Date | null;
  deliveredAt: Date | null;
};

/** What went wrong at the platform, in words a packer can act on (the platform's own message). */
export class ShippingPlatformError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "ShippingPlatformError";
  }
}

/**
 * A shipping provider behind one interface (issue 11): rates for a box, buy its label, track it,
 * void it. The built-in "manual" provider needs nothing (tracking typed or generated, the Hub
 * renders the 4 x 6 label, PDF or ZPL); the ShipStation adapter talks to ShipStation's API v2 over HTTP.
 */
export type ShippingAdapter = {
  readonly provider: TShippingProvider;
  /** Whether rates come from the provider (manual has none: the packer names carrier and service). */
  readonly hasRates: boolean;
  rates: (req: { shipFrom: { name: string }; shipTo: ShippingAddress; parcel: Parcel }) => Promise<TRate[]>;
  buyLabel: (req: LabelRequest) => Promise<BoughtLabel>;
  track: (label: LabelRef) => Promise<TrackOutcome>;
  /** Cancels an unused label; refuses (throws) when the platform does not approve. */
  voidLabel: (label: LabelRef) => Promise<void>;
  /** The platform's label file (PDF or ZPL, as bought); null: the Hub renders its own. */
  labelFile: (labelUrl: string | null) => Promise<Buffer | null>;
};
