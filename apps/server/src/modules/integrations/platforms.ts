import type { TShippingCredentials, TStoreCredentials } from "@hub/contracts";
import type { HubConfig } from "../../platform/config";

/** What a connection test found: ok, and a message for people (the platform's own error text on failure). */
export type ConnectionOutcome = { ok: boolean; message: string };

export const PLATFORM_TIMEOUT_MS = 4000;

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/** The platform's error text: Shopify's `errors`, ShipStation's `Message`, or the start of the body. */
const errorText = (body: string): string => {
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === "object") {
      const o = json as Record<string, unknown>;
      for (const field of ["errors", "Message", "message", "error"]) {
        const v = o[field];
        if (typeof v === "string" && v) return v;
        if (v && typeof v === "object") return JSON.stringify(v);
      }
    }
  } catch {
    // not JSON: the text itself
  }
  return body.trim().slice(0, 200) || "no details";
};

const call = async (
  what: string,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  body?: unknown,
): Promise<{ status: number; body: string } | ConnectionOutcome> => {
  try {
    const res = await fetch(url, {
      ...(body === undefined
        ? { headers: { accept: "application/json", ...headers } }
        : {
            method: "POST",
            headers: { accept: "application/json", "content-type": "application/json", ...headers },
            body: JSON.stringify(body),
          }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    return { status: res.status, body: await res.text() };
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string; message?: string }; message?: string };
    if (e.name === "TimeoutError" || e.name === "AbortError")
      return { ok: false, message: `The ${what} did not answer within ${timeoutMs / 1000} s.` };
    return {
      ok: false,
      message: `Could not reach the ${what}: ${e.cause?.code ?? e.cause?.message ?? e.message ?? "network error"}.`,
    };
  }
};

/**
 * Store platform, shaped like Shopify's Admin REST API: GET /admin/api/2024-01/shop.json on the
 * store's domain (or STORE_PLATFORM_URL), with basic auth apiKey:apiPassword and the password
 * also as X-Shopify-Access-Token (custom apps).
 */
export const testStore = async (
  config: HubConfig,
  c: TStoreCredentials,
  timeoutMs = PLATFORM_TIMEOUT_MS,
): Promise<ConnectionOutcome> => {
  const base = config.storePlatformUrl ?? `https://${c.storeName}.myshopify.com`;
  const answer = await call(
    "store platform",
    `${base}/admin/api/2024-01/shop.json`,
    {
      authorization: basic(c.apiKey, c.apiPassword),
      "x-shopify-access-token": c.apiPassword,
      "x-shopify-shop-domain": `${c.storeName}.myshopify.com`,
    },
    timeoutMs,
  );
  if ("ok" in answer) return answer;
  if (answer.status !== 200)
    return { ok: false, message: `The store platform answered ${answer.status}: ${errorText(answer.body)}` };
  try {
    const shop = (JSON.parse(answer.body) as { shop?: { name?: unknown } }).shop;
    return { ok: true, message: `Connected to the store ${typeof shop?.name === "string" ? shop.name : c.storeName}.` };
  } catch {
    return { ok: false, message: "The store platform answered with something that is not JSON." };
  }
};

/**
 * Shipping platform, shaped like ShipStation's API: GET /carriers with basic auth
 * apiKey:apiPassword; the token travels as X-ShipStation-Token.
 */
const shippingAuth = (c: TShippingCredentials) => ({
  authorization: basic(c.apiKey, c.apiPassword),
  "x-shipstation-token": c.token,
});

export const testShipping = async (
  config: HubConfig,
  c: TShippingCredentials,
  timeoutMs = PLATFORM_TIMEOUT_MS,
): Promise<ConnectionOutcome> => {
  const answer = await call("shipping platform", `${config.shippingPlatformUrl}/carriers`, shippingAuth(c), timeoutMs);
  if ("ok" in answer) return answer;
  if (answer.status !== 200)
    return { ok: false, message: `The shipping platform answered ${answer.status}: ${errorText(answer.body)}` };
  try {
    const carriers: unknown = JSON.parse(answer.body);
    const n = Array.isArray(carriers) ? carriers.length : 0;
    return { ok: true, message: `Connected to the shipping platform (${n} carrier${n === 1 ? "" : "s"}).` };
  } catch {
    return { ok: false, message: "The shipping platform answered with something that is not JSON." };
  }
};

/** The order as ShipStation's createorder takes it (API v1's Order model, the fields the Hub fills). */
export type PlatformOrder = {
  orderNumber: string;
  /** The platform's key of its copy: a second call with the same key updates it. */
  orderKey: string;
  orderDate: string;
  orderStatus: "awaiting_shipment" | "shipped" | "cancelled";
  customerEmail: string | null;
  shipByDate: string | null;
  billTo: PlatformAddress;
  shipTo: PlatformAddress;
  items: {
    lineItemKey: string;
    sku: string;
    name: string;
    quantity: number;
    /** Dollars, as the platform writes money. */
    unitPrice: number;
    options: { name: string; value: string }[];
  }[];
  amountPaid: number;
  internalNotes: string | null;
};
export type PlatformAddress = {
  name: string;
  company: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  phone: string | null;
};

export type PlatformOrderOutcome = { ok: true; platformOrderId: string } | { ok: false; message: string };

/** POST /orders/createorder: creates the order, or updates the one with its orderKey (so a repeat is harmless). */
export const sendShippingOrder = async (
  config: HubConfig,
  c: TShippingCredentials,
  order: PlatformOrder,
  timeoutMs = 10_000,
): Promise<PlatformOrderOutcome> => {
  const answer = await call(
    "shipping platform",
    `${config.shippingPlatformUrl}/orders/createorder`,
    shippingAuth(c),
    timeoutMs,
    order,
  );
  if ("ok" in answer) return { ok: false, message: answer.message };
  if (answer.status !== 200 && answer.status !== 201)
    return { ok: false, message: `The shipping platform answered ${answer.status}: ${errorText(answer.body)}` };
  try {
    const id = (JSON.parse(answer.body) as { orderId?: unknown }).orderId;
    if (typeof id === "number" || (typeof id === "string" && id !== ""))
      return { ok: true, platformOrderId: String(id) };
  } catch {
    // not JSON
  }
  return { ok: false, message: "The shipping platform answered without the order's id." };
};
