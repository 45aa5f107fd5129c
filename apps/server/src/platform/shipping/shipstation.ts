import { type TRate, trackingUrlFor } from "@hub/contracts";
import {
  type BoughtLabel,
  type LabelRef,
  type Parcel,
  type ShippingAdapter,
  type ShippingAddress,
  ShippingPlatformError,
} from "./adapter";

/**
 * ShipStation API v2 (the ShipEngine-shaped REST API at api.shipstation.com): header `API-Key`,
 * JSON bodies in snake_case, money as `{ currency, amount }` in dollars, errors as
 * `{ request_id, errors: [{ error_code, message }] }`.
 *   POST /v2/rates                    rates for a shipment (rate_response.rates)
 *   POST /v2/labels/rates/{rate_id}   buy the label of a rate (label_format pdf or zpl, 4x6)
 *   POST /v2/labels                   buy a label for a named service
 *   GET  /v2/labels/{label_id}/track  tracking
 *   PUT  /v2/labels/{label_id}/void   void an unused label ({ approved, message })
 * The key stays in this closure: never logged, never answered.
 */
export type ShipStationSettings = {
  apiKey: string;
  apiUrl: string;
  warehouseId: string | null;
  carrierIds: string[];
  timeoutMs?: number;
};

type Money = { currency?: string; amount?: number | string } | null | undefined;

/** Dollars as the platform writes them (12.5, "12.50") → integer cents, without float arithmetic. */
export const centsOf = (money: Money): number | null => {
  if (money?.amount === undefined || money.amount === null) return null;
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(String(money.amount).trim());
  if (!m) return null;
  const frac = `${m[3] ?? ""}000`;
  const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return m[1] ? -cents : cents;
};

const address = (a: ShippingAddress) => ({
  name: a.name,
  phone: a.phone ?? "",
  company_name: a.company,
  address_line1: a.line1,
  address_line2: a.line2,
  city_locality: a.city,
  state_province: a.region ?? "",
  postal_code: a.postalCode,
  country_code: a.country.toUpperCase(),
  address_residential_indicator: "unknown",
});

const packages = (p: Parcel) => [
  {
    weight: { value: p.weightOz, unit: "ounce" },
    dimensions: { unit: "inch", length: p.lengthIn, width: p.widthIn, height: p.heightIn },
  },
];

type V2Label = {
  label_id?: string;
  status?: string;
  tracking_number?: string;
  carrier_code?: string;
  service_code?: string;
  shipment_cost?: Money;
  tracking_url?: string | null;
  label_download?: { pdf?: string; zpl?: string; png?: string; href?: string };
};

export const shipStationShipping = (s: ShipStationSettings): ShippingAdapter => {
  const timeoutMs = s.timeoutMs ?? 10_000;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${s.apiUrl}${path}`, {
        method,
        headers: {
          "API-Key": s.apiKey,
          accept: "application/json",
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const e = error as { name?: string; cause?: { code?: string }; message?: string };
      if (e.name === "TimeoutError" || e.name === "AbortError")
        throw new ShippingPlatformError(`ShipStation did not answer within ${timeoutMs / 1000} s.`, null);
      throw new ShippingPlatformError(`Could not reach ShipStation: ${e.cause?.code ?? e.message ?? "network"}.`, null);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    if (!res.ok) {
      const errors = (json as { errors?: { message?: string }[] } | null)?.errors;
      const message =
        errors
          ?.map((e) => e.message)
          .filter(Boolean)
          .join("; ") ||
        text.slice(0, 200) ||
        "no details";
      throw new ShippingPlatformError(`ShipStation answered ${res.status}: ${message}`, res.status);
    }
    return json as T;
  };

  const shipmentOf = (req: { shipFrom: { name: string }; shipTo: ShippingAddress; parcel: Parcel }) => ({
    ...(s.warehouseId ? { warehouse_id: s.warehouseId } : { ship_from: { name: req.shipFrom.name } }),
    ship_to: address(req.shipTo),
    packages: packages(req.parcel),
  });

  const toLabel = (l: V2Label, format: "pdf" | "zpl"): BoughtLabel => {
    if (!l.label_id || !l.tracking_number)
      throw new ShippingPlatformError("ShipStation answered a label without an id or tracking number.", null);
    const carrier = l.carrier_code ?? "unknown";
    return {
      trackingNumber: l.tracking_number,
      carrier,
      service: l.service_code ?? null,
      externalLabelId: l.label_id,
      costCents: centsOf(l.shipment_cost),
      trackingUrl: l.tracking_url ?? trackingUrlFor(carrier.replace(/_.*$/, ""), l.tracking_number),
      labelUrl: l.label_download?.[format] ?? l.label_download?.href ?? null,
    };
  };

  const labelIdOf = (label: LabelRef) => {
    if (!label.externalLabelId) throw new ShippingPlatformError("This shipment has no ShipStation label.", null);
    return encodeURIComponent(label.externalLabelId);
  };

  return {
    provider: "shipstation",
    hasRates: true,

    rates: async (req) => {
      const answer = await call<{
        rate_response?: {
          rates?: {
            rate_id?: string;
            carrier_code?: string;
            service_code?: string;
            service_type?: string;
            shipping_amount?: Money;
            other_amount?: Money;
            delivery_days?: number | null;
          }[];
        };
      }>("POST", "/v2/rates", {
        rate_options: { carrier_ids: s.carrierIds },
        shipment: shipmentOf(req),
      });
      const rates: TRate[] = [];
      for (const r of answer.rate_response?.rates ?? []) {
        const amount = centsOf(r.shipping_amount);
        if (!r.rate_id || amount === null) continue;
        rates.push({
          rateId: r.rate_id,
          carrier: r.carrier_code ?? "",
          service: r.service_code ?? "",
          serviceName: r.service_type ?? r.service_code ?? "",
          amountCents: amount + (centsOf(r.other_amount) ?? 0),
          deliveryDays: typeof r.delivery_days === "number" ? r.delivery_days : null,
        });
      }
      return rates.sort((a, b) => a.amountCents - b.amountCents);
    },

    buyLabel: async (req) => {
      // The facility's format (Factory Config): "pdf", or "zpl" for a thermal printer.
      const format = { label_format: req.labelFormat, label_layout: "4x6", label_download_type: "url" };
      if (req.rateId) {
        const path = `/v2/labels/rates/${encodeURIComponent(req.rateId)}`;
        return toLabel(await call<V2Label>("POST", path, format), req.labelFormat);
      }
      if (!req.service) throw new ShippingPlatformError("Choose a rate or a service for a ShipStation label.", 400);
      return toLabel(
        await call<V2Label>("POST", "/v2/labels", {
          ...format,
          shipment: {
            service_code: req.service,
            external_shipment_id: req.shipmentNumber,
            ...shipmentOf(req),
          },
        }),
        req.labelFormat,
      );
    },

    track: async (label) => {
      const t = await call<{
        tracking_number?: string;
        status_description?: string;
        carrier_status_description?: string;
        ship_date?: string | null;
        actual_delivery_date?: string | null;
      }>("GET", `/v2/labels/${labelIdOf(label)}/track`);
      const date = (v: string | null | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);
      return {
        status: t.status_description || t.carrier_status_description || "Unknown",
        trackingNumber: t.tracking_number ?? label.trackingNumber,
        shippedAt: date(t.ship_date),
        deliveredAt: date(t.actual_delivery_date),
      };
    },

    voidLabel: async (label) => {
      const answer = await call<{ approved?: boolean; message?: string }>("PUT", `/v2/labels/${labelIdOf(label)}/void`);
      if (!answer?.approved)
        throw new ShippingPlatformError(`ShipStation did not void the label: ${answer?.message ?? "no reason"}`, 409);
    },

    labelFile: async (labelUrl) => {
      if (!labelUrl) return null;
      // Only fetch labels from the platform's own host: the URL came from its answer.
      if (new URL(labelUrl).origin !== new URL(s.apiUrl).origin) return null;
      const res = await fetch(labelUrl, {
        headers: { "API-Key": s.apiKey },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      if (!res.ok) return null;
      return Buffer.from(await res.arrayBuffer());
    },
  };
};
