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

export type StandIn = {
  url: string;
  requests: { path: string; headers: IncomingMessage["headers"] }[];
  close: () => Promise<void>;
};

const basicOf = (req: IncomingMessage): [string, string] | null => {
  const h = req.headers.authorization;
  if (!h?.startsWith("Basic ")) return null;
  const decoded = Buffer.from(h.slice(6), "base64").toString("utf8");
  const i = decoded.indexOf(":");
  return i < 0 ? null : [decoded.slice(0, i), decoded.slice(i + 1)];
};

export const startPlatformStandIn = async (): Promise<StandIn> => {
  const requests: StandIn["requests"] = [];
  const server: Server = createServer((req, res) => {
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
      const ok =
        auth?.[0] === SHIPPING_CREDENTIALS.apiKey &&
        auth[1] === SHIPPING_CREDENTIALS.apiPassword &&
        req.headers["x-shipstation-token"] === SHIPPING_CREDENTIALS.token;
      if (!ok) return json(401, { Message: SHIPSTATION_401 });
      return json(200, [
        { name: "Stamps.com", code: "stamps_com" },
        { name: "UPS", code: "ups" },
      ]);
    }
    json(404, { errors: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
