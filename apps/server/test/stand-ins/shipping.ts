import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { STORE_CREDENTIALS } from "./platforms";

/**
 * A local stand-in for the two outside services shipping talks to, on 127.0.0.1 and a free port:
 * - ShipStation API v2 (ShipEngine shape): `API-Key` header; POST /v2/rates, POST /v2/labels,
 *   POST /v2/labels/rates/{rate_id}, GET /v2/labels/{id}/track, PUT /v2/labels/{id}/void, and the
 *   label files it links (PDF, or ZPL when bought with label_format "zpl"); errors as { request_id, errors: [{ error_code, message }] }.
 * - A Shopify-shaped store's fulfilment API (basic auth as the integrations' stand-in):
 *   GET orders/{id}.json, GET orders/{id}/fulfillment_orders.json, POST fulfillments.json,
 *   POST fulfillments/{id}/update_tracking.json. Orders are added by the test (`addStoreOrder`).
 * `storeDown` makes the store answer 503; `refuseVoid` makes ShipStation refuse voids; a label's
 * `deliveredAt` makes its tracking say Delivered.
 */
export const SHIPSTATION_KEY = "ss-test-key-77";

export type ShippingStandIn = {
  url: string;
  requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: unknown }[];
  /** Labels bought, by id; `deliveredAt` (ISO) makes the label's tracking say Delivered. */
  labels: Map<string, { tracking: string; voided: boolean; rateId: string | null; deliveredAt?: string }>;
  fulfillments: { id: number; orderId: string; lines: { id: number; quantity: number }[]; tracking: unknown }[];
  addStoreOrder: (orderId: string, lines: { sku: string; quantity: number }[]) => void;
  storeDown: boolean;
  refuseVoid: boolean;
  close: () => Promise<void>;
};

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        resolve(text ? JSON.parse(text) : null);
      } catch {
        resolve(text);
      }
    });
  });

export const RATES = [
  { id: "se-rate-ground", carrier: "ups", service: "ups_ground", type: "UPS® Ground", amount: 12.35, days: 4 },
  {
    id: "se-rate-priority",
    carrier: "usps",
    service: "usps_priority_mail",
    type: "USPS Priority Mail",
    amount: 9.1,
    days: 2,
  },
];

export const startShippingStandIn = async (): Promise<ShippingStandIn> => {
  let seq = 1000;
  const store = new Map<
    string,
    {
      lines: { id: number; sku: string; quantity: number }[];
      foLines: { id: number; lineItemId: number; left: number }[];
    }
  >();
  const state: ShippingStandIn = {
    url: "",
    requests: [],
    labels: new Map(),
    fulfillments: [],
    addStoreOrder: (orderId, lines) => {
      const withIds = lines.map((l) => ({ ...l, id: ++seq }));
      store.set(orderId, {
        lines: withIds,
        foLines: withIds.map((l) => ({ id: ++seq, lineItemId: l.id, left: l.quantity })),
      });
    },
    storeDown: false,
    refuseVoid: false,
    close: async () => {},
  };
  const server: Server = createServer(async (req, res) => {
    const [path = "", query = ""] = (req.url ?? "").split("?");
    const body = await readBody(req);
    state.requests.push({ method: req.method ?? "", path, headers: req.headers, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const ssError = (status: number, message: string) =>
      json(status, {
        request_id: `req-${++seq}`,
        errors: [{ error_source: "shipengine", error_code: "invalid", message }],
      });
    let m: RegExpExecArray | null = null;
    const match = (re: RegExp): boolean => {
      m = re.exec(path);
      return m !== null;
    };

    if (path.startsWith("/v2/")) {
      if (req.headers["api-key"] !== SHIPSTATION_KEY) return ssError(401, "The API key is invalid.");
      const label = (rateId: string | null, carrier: string, service: string, amount: number) => {
        const id = `se-label-${++seq}`;
        const tracking = `1Z${carrier.toUpperCase()}${seq}`;
        // label_format "zpl" (a thermal printer's label) is linked as .zpl, else .pdf, as ShipStation does.
        const format = (body as { label_format?: string } | null)?.label_format === "zpl" ? "zpl" : "pdf";
        state.labels.set(id, { tracking, voided: false, rateId });
        const file = `${state.url}/v2/downloads/labels/${id}.${format}`;
        return json(200, {
          label_id: id,
          status: "completed",
          tracking_number: tracking,
          carrier_code: carrier,
          service_code: service,
          shipment_cost: { currency: "usd", amount },
          label_format: format,
          label_download: { [format]: file, href: file },
        });
      };
      if (req.method === "POST" && path === "/v2/rates") {
        const shipment = (body as { shipment?: { ship_to?: { postal_code?: string }; packages?: unknown[] } })
          ?.shipment;
        if (!shipment?.ship_to?.postal_code || !shipment.packages?.length)
          return ssError(400, "shipment.ship_to and shipment.packages are required.");
        return json(200, {
          rate_response: {
            rates: RATES.map((r) => ({
              rate_id: r.id,
              carrier_code: r.carrier,
              service_code: r.service,
              service_type: r.type,
              shipping_amount: { currency: "usd", amount: r.amount },
              other_amount: { currency: "usd", amount: 0 },
              delivery_days: r.days,
            })),
            errors: [],
          },
        });
      }
      if (req.method === "POST" && match(/^\/v2\/labels\/rates\/([^/]+)$/)) {
        const rate = RATES.find((r) => r.id === decodeURIComponent(m?.[1] ?? ""));
        if (!rate) return ssError(404, "The rate was not found.");
        return label(rate.id, rate.carrier, rate.service, rate.amount);
      }
      if (req.method === "POST" && path === "/v2/labels") {
        const service = (body as { shipment?: { service_code?: string } })?.shipment?.service_code ?? "";
        const rate = RATES.find((r) => r.service === service);
        if (!rate) return ssError(400, `Unknown service_code ${service}.`);
        return label(null, rate.carrier, rate.service, rate.amount);
      }
      if (req.method === "GET" && match(/^\/v2\/labels\/([^/]+)\/track$/)) {
        const l = state.labels.get(decodeURIComponent(m?.[1] ?? ""));
        if (!l) return ssError(404, "The label was not found.");
        return json(200, {
          tracking_number: l.tracking,
          status_code: l.deliveredAt ? "DE" : "IT",
          status_description: l.deliveredAt ? "Delivered" : "In Transit",
          carrier_status_description: l.deliveredAt ? "Delivered, front door" : "Departed facility",
          ship_date: "2026-01-05T10:00:00Z",
          actual_delivery_date: l.deliveredAt ?? null,
          events: [],
        });
      }
      if (req.method === "PUT" && match(/^\/v2\/labels\/([^/]+)\/void$/)) {
        const l = state.labels.get(decodeURIComponent(m?.[1] ?? ""));
        if (!l) return ssError(404, "The label was not found.");
        if (state.refuseVoid) return json(200, { approved: false, message: "The carrier already scanned this label." });
        l.voided = true;
        return json(200, { approved: true, message: "Request for refund submitted." });
      }
      if (req.method === "GET" && match(/^\/v2\/downloads\/labels\/([^/]+)\.zpl$/)) {
        const l = state.labels.get(decodeURIComponent(m?.[1] ?? ""));
        if (!l) return ssError(404, "The label was not found.");
        res.writeHead(200, { "content-type": "application/zpl" });
        return res.end(
          `^XA\n^FO50,50^A0N,40,40^FDShipStation stand-in^FS\n^FO50,120^BCN,200,Y,N,N^FD${l.tracking}^FS\n^XZ\n`,
        );
      }
      if (req.method === "GET" && path.startsWith("/v2/downloads/labels/")) {
        res.writeHead(200, { "content-type": "application/pdf" });
        return res.end("%PDF-1.4\n% ShipStation stand-in label\n%%EOF\n");
      }
      return ssError(404, "Not found.");
    }

    if (path.startsWith("/admin/api/2024-01/")) {
      if (state.storeDown) return json(503, { errors: "Service Unavailable" });
      const h = req.headers.authorization ?? "";
      const decoded = h.startsWith("Basic ") ? Buffer.from(h.slice(6), "base64").toString("utf8") : "";
      if (decoded !== `${STORE_CREDENTIALS.apiKey}:${STORE_CREDENTIALS.apiPassword}`)
        return json(401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
      if (req.method === "GET" && match(/^\/admin\/api\/2024-01\/orders\/([^/]+)\.json$/)) {
        const o = store.get(decodeURIComponent(m?.[1] ?? ""));
        if (!o) return json(404, { errors: "Not Found" });
        void query;
        return json(200, {
          order: { id: m?.[1], line_items: o.lines.map((l) => ({ id: l.id, sku: l.sku, quantity: l.quantity })) },
        });
      }
      if (req.method === "GET" && match(/^\/admin\/api\/2024-01\/orders\/([^/]+)\/fulfillment_orders\.json$/)) {
        const o = store.get(decodeURIComponent(m?.[1] ?? ""));
        if (!o) return json(404, { errors: "Not Found" });
        const open = o.foLines.some((l) => l.left > 0);
        return json(200, {
          fulfillment_orders: [
            {
              id: 7000 + o.lines.length,
              status: open ? "open" : "closed",
              line_items: o.foLines.map((l) => ({
                id: l.id,
                line_item_id: l.lineItemId,
                fulfillable_quantity: l.left,
              })),
            },
          ],
        });
      }
      if (req.method === "POST" && path === "/admin/api/2024-01/fulfillments.json") {
        const f = (
          body as {
            fulfillment?: {
              line_items_by_fulfillment_order?: { fulfillment_order_line_items?: { id: number; quantity: number }[] }[];
              tracking_info?: unknown;
            };
          }
        )?.fulfillment;
        const lines = (f?.line_items_by_fulfillment_order ?? []).flatMap((x) => x.fulfillment_order_line_items ?? []);
        if (lines.length === 0) return json(422, { errors: { line_items_by_fulfillment_order: ["is required"] } });
        let orderId = "";
        for (const [id, o] of store) {
          for (const line of lines) {
            const fl = o.foLines.find((x) => x.id === line.id);
            if (!fl) continue;
            if (line.quantity > fl.left) return json(422, { errors: { quantity: ["exceeds fulfillable quantity"] } });
            fl.left -= line.quantity;
            orderId = id;
          }
        }
        const id = ++seq;
        state.fulfillments.push({ id, orderId, lines, tracking: f?.tracking_info });
        return json(201, { fulfillment: { id, status: "success", tracking_info: f?.tracking_info } });
      }
      if (req.method === "POST" && match(/^\/admin\/api\/2024-01\/fulfillments\/(\d+)\/update_tracking\.json$/)) {
        const f = state.fulfillments.find((x) => x.id === Number(m?.[1]));
        if (!f) return json(404, { errors: "Not Found" });
        f.tracking = (body as { fulfillment?: { tracking_info?: unknown } })?.fulfillment?.tracking_info;
        return json(200, { fulfillment: { id: f.id, tracking_info: f.tracking } });
      }
      return json(404, { errors: "Not Found" });
    }
    json(404, { errors: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
};
