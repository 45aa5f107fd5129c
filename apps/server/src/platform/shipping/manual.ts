import { trackingUrlFor } from "@hub/contracts";
import type { ShippingAdapter } from "./adapter";

/**
 * The built-in provider: no outside service. The packer names the carrier and service; the
 * tracking number is the one typed, or one the Hub makes from the shipment number ("HUB" + digits +
 * a mod-10 check digit), whose tracking link is the shipment's page on the Hub. Labels are the
 * Hub's own 4 x 6 label with the tracking number as Code128: a PDF, or ZPL when the facility prints
 * on a thermal printer (Factory Config; `modules/shipping/zpl-label.ts`).
 */
export const generatedTracking = (shipmentNumber: string): string => {
  const digits = `${shipmentNumber.replace(/\D/g, "").padStart(9, "0")}`;
  let sum = 0;
  for (const [i, d] of [...digits].reverse().entries()) sum += Number(d) * (i % 2 === 0 ? 3 : 1);
  return `HUB${digits}${(10 - (sum % 10)) % 10}`;
};

export const manualShipping = (publicUrl: string): ShippingAdapter => ({
  provider: "manual",
  hasRates: false,
  rates: async () => [],
  buyLabel: async (req) => {
    const typed = req.trackingNumber?.trim();
    const carrier = req.carrier?.trim() || "courier";
    const trackingNumber = typed || generatedTracking(req.shipmentNumber);
    return {
      trackingNumber,
      carrier,
      service: req.service?.trim() || null,
      externalLabelId: null,
      costCents: null,
      trackingUrl: typed
        ? trackingUrlFor(carrier, trackingNumber)
        : `${publicUrl.replace(/\/+$/, "")}/shipments?searchString=${encodeURIComponent(trackingNumber)}`,
      labelUrl: null,
    };
  },
  track: async (label) => ({
    status: "Tracked by hand",
    trackingNumber: label.trackingNumber,
    shippedAt: null,
    deliveredAt: null,
  }),
  voidLabel: async () => {},
  labelFile: async () => null,
});
