import { ZStoreCredentialsSchema } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import type { HubConfig } from "../../platform/config";
import { decryptSecret } from "../integrations/crypto";
import { PLATFORM_TIMEOUT_MS } from "../integrations/platforms";

/**
 * Telling a web order's store that a box shipped (issue 11), through the client's store-platform
 * credentials (Account Integration), shaped like Shopify's Admin REST API as the integrations'
 * connection test is: basic auth apiKey:apiPassword and X-Shopify-Access-Token.
 *   GET  /admin/api/2024-01/orders/{id}.json                      the store order's lines (sku)
 *   GET  /admin/api/2024-01/orders/{id}/fulfillment_orders.json   what is left to fulfil
 *   POST /admin/api/2024-01/fulfillments.json                     a fulfilment of this box's lines, with tracking
 *   POST /admin/api/2024-01/fulfillments/{id}/update_tracking.json   a later tracking change
 * The outcome is the caller's to record: a failure never loses the shipment.
 */
export type StoreShipment = {
  clientId: number;
  externalOrderId: string;
  storeFulfillmentId: string | null;
  trackingNumber: string;
  carrier: string;
  trackingUrl: string | null;
  /** This box's pieces by SKU. */
  skus: Map<string, number>;
};

export type StoreOutcome = { ok: true; fulfillmentId: string } | { ok: false; message: string };

const API = "/admin/api/2024-01";

export const notifyStore = async (db: HubDb, config: HubConfig, s: StoreShipment): Promise<StoreOutcome> => {
  const t = schema.integrations;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.clientId, s.clientId), eq(t.platform, "store")));
  if (!row) return { ok: false, message: "The client has no store connected (Account Integration)." };
  const plain = decryptSecret(config.secretKey, row.secret, `integration:${s.clientId}:store`);
  const parsed = plain ? ZStoreCredentialsSchema.safeParse(JSON.parse(plain)) : null;
  if (!parsed?.success) return { ok: false, message: "The store credentials cannot be read. Save them again." };
  const c = parsed.data;
  const base = config.storePlatformUrl ?? `https://${c.storeName}.myshopify.com`;
  const headers = {
    authorization: `Basic ${Buffer.from(`${c.apiKey}:${c.apiPassword}`).toString("base64")}`,
    "x-shopify-access-token": c.apiPassword,
    "x-shopify-shop-domain": `${c.storeName}.myshopify.com`,
    accept: "application/json",
    "content-type": "application/json",
  };

  const call = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${base}${API}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
        redirect: "error",
      });
    } catch (error) {
      const e = error as { name?: string; cause?: { code?: string }; message?: string };
      throw new Error(
        e.name === "TimeoutError" || e.name === "AbortError"
          ? `The store did not answer within ${PLATFORM_TIMEOUT_MS / 1000} s.`
          : `Could not reach the store: ${e.cause?.code ?? e.message ?? "network error"}.`,
      );
    }
    const text = await res.text();
    if (!res.ok) {
      let detail = text.slice(0, 200);
      try {
        const errors = (JSON.parse(text) as { errors?: unknown }).errors;
        if (errors) detail = typeof errors === "string" ? errors : JSON.stringify(errors);
      } catch {
        // not JSON
      }
      throw new Error(`The store answered ${res.status}: ${detail || "no details"}`);
    }
    return JSON.parse(text) as T;
  };

  const trackingInfo = { number: s.trackingNumber, company: s.carrier, url: s.trackingUrl };
  const order = encodeURIComponent(s.externalOrderId);
  try {
    if (s.storeFulfillmentId) {
      const answer = await call<{ fulfillment?: { id?: number | string } }>(
        "POST",
        `/fulfillments/${encodeURIComponent(s.storeFulfillmentId)}/update_tracking.json`,
        { fulfillment: { tracking_info: trackingInfo, notify_customer: true } },
      );
      return { ok: true, fulfillmentId: String(answer.fulfillment?.id ?? s.storeFulfillmentId) };
    }
    const [{ order: storeOrder }, { fulfillment_orders: fos }] = await Promise.all([
      call<{ order?: { line_items?: { id: number | string; sku?: string | null }[] } }>(
        "GET",
        `/orders/${order}.json?fields=id,line_items`,
      ),
      call<{
        fulfillment_orders?: {
          id: number | string;
          status?: string;
          line_items?: { id: number | string; line_item_id: number | string; fulfillable_quantity: number }[];
        }[];
      }>("GET", `/orders/${order}/fulfillment_orders.json`),
    ]);
    const skuOf = new Map((storeOrder?.line_items ?? []).map((l) => [String(l.id), (l.sku ?? "").toLowerCase()]));
    const wanted = new Map([...s.skus].map(([sku, n]) => [sku.toLowerCase(), n]));
    const byFo: {
      fulfillment_order_id: number | string;
      fulfillment_order_line_items: { id: number | string; quantity: number }[];
    }[] = [];
    for (const fo of fos ?? []) {
      if (fo.status && !["open", "in_progress"].includes(fo.status)) continue;
      const lines: { id: number | string; quantity: number }[] = [];
      for (const li of fo.line_items ?? []) {
        const sku = skuOf.get(String(li.line_item_id));
        const need = sku ? (wanted.get(sku) ?? 0) : 0;
        const take = Math.min(need, li.fulfillable_quantity);
        if (take > 0 && sku) {
          lines.push({ id: li.id, quantity: take });
          wanted.set(sku, need - take);
        }
      }
      if (lines.length > 0) byFo.push({ fulfillment_order_id: fo.id, fulfillment_order_line_items: lines });
    }
    const missing = [...wanted].filter(([, n]) => n > 0).map(([sku]) => sku.toUpperCase());
    if (missing.length > 0)
      return { ok: false, message: `The store order has nothing left to fulfil for SKU ${missing.join(", ")}.` };
    const answer = await call<{ fulfillment?: { id?: number | string } }>("POST", "/fulfillments.json", {
      fulfillment: { line_items_by_fulfillment_order: byFo, tracking_info: trackingInfo, notify_customer: true },
    });
    if (answer.fulfillment?.id === undefined)
      return { ok: false, message: "The store answered without a fulfilment id." };
    return { ok: true, fulfillmentId: String(answer.fulfillment.id) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
};
