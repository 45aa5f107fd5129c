import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the store platform (Shopify Admin REST shape) and the shipping platform
 * (ShipStation shape), on 127.0.0.1 and a free port. It checks the credentials the way they do:
 * wrong ones get their 401 JSON errors. A username of "slow" never gets an answer (timeouts).
 */
export const STORE_CREDENTIALS = {
  apiKey: "store-key-0001",
  apiPassword: "shpat_store-secret-9876",
  storeName: "northwind-shop",
};
export const SHIPPING_CREDENTIALS = {
  apiKey: "ship-key-0002",
  apiPassword: "ship-secret-5555",
  token: "ship-token-4321",
};
export const SHOPIFY_401 = "[API] Invalid API key or access token (unrecognized login or wrong password)";
export const SHIPSTATION_401 = "Authorization has been denied for this request.";

/** An order as the shipping platform keeps it (ShipStation's createorder: one per orderKey). */
export type PlatformOrderCopy = { orderId: number; body: Record<string, unknown>; writes: number };

export type StandIn = {
  url: string;
  requests: { path: string; headers: IncomingMessage["headers"] }[];
  /** The shipping platform's orders by orderKey. */
  orders: Map<string, PlatformOrderCopy>;
  /** While set, createorder answers this status and ShipStation-shaped message instead. */
  refuseOrders: { status: number; message: string } | null;
  close: () => Promise<void>;
};

const basicOf = (req: IncomingMessage): [string, string] | null => {
  const h = req.headers.authorization;
  if (!h?.startsWith("Basic ")) return null;
  const decoded = Buffer.from(h.slice(6), "base64").toString("utf8");
  const i = decoded.indexOf(":");
  return i < 0 ? null : [decoded.slice(0, i), decoded.slice(i + 1)];
};

/** ShipStation's check: basic auth with the key and password, and the token header. */
const shippingAuthOk = (req: IncomingMessage) => {
  const auth = basicOf(req);
  return (
    auth?.[0] === SHIPPING_CREDENTIALS.apiKey &&
    auth[1] === SHIPPING_CREDENTIALS.apiPassword &&
    req.headers["x-shipstation-token"] === SHIPPING_CREDENTIALS.token
  );
};

export const startPlatformStandIn = async (): Promise<StandIn> => {
  const requests: StandIn["requests"] = [];
  const orders: StandIn["orders"] = new Map();
  let nextOrderId = 4701;
  const server: Server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += String(chunk);
    const path = (req.url ?? "").split("?")[0] ?? "";
    requests.push({ path, headers: req.headers });
    const auth = basicOf(req);
    if (auth?.[0] === "slow") return; // never answers
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && path === "/admin/api/2024-01/shop.json") {
      if (auth?.[0] !== STORE_CREDENTIALS.apiKey || auth[1] !== STORE_CREDENTIALS.apiPassword)
        return json(401, { errors: SHOPIFY_401 });
      const domain = String(req.headers["x-shopify-shop-domain"] ?? "");
      return json(200, { shop: { id: 1, name: "Northwind Shop", myshopify_domain: domain } });
    }
    if (req.method === "GET" && path === "/carriers") {
      if (!shippingAuthOk(req)) return json(401, { Message: SHIPSTATION_401 });
      return json(200, [
        { name: "Stamps.com", code: "stamps_com" },
        { name: "UPS", code: "ups" },
      ]);
    }
    if (req.method === "POST" && path === "/orders/createorder") {
      if (!shippingAuthOk(req)) return json(401, { Message: SHIPSTATION_401 });
      if (standIn.refuseOrders) return json(standIn.refuseOrders.status, { Message: standIn.refuseOrders.message });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return json(400, { Message: "The request is invalid." });
      }
      const key = typeof body.orderKey === "string" ? body.orderKey : `generated-${nextOrderId}`;
      // createorder with a known orderKey updates that order (ShipStation API v1).
      const known = orders.get(key);
      const copy = { orderId: known?.orderId ?? nextOrderId++, body, writes: (known?.writes ?? 0) + 1 };
      orders.set(key, copy);
      return json(200, { ...body, orderId: copy.orderId, orderKey: key });
    }
    json(404, { errors: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: StandIn = {
    url: `http://127.0.0.1:${port}`,
    requests,
    orders,
    refuseOrders: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
};
