import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { jwtVerify } from "jose";

export type QuickSightCall = { path: string; authorized: boolean; body: Record<string, unknown> };
export type AnalyticsStandIn = {
  url: string;
  quickSightCalls: QuickSightCall[];
  close: () => Promise<void>;
};

const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

/**
 * A local stand-in for the two analytics services the embed adapter speaks to:
 * - QuickSight's GenerateEmbedUrlForRegisteredUser (`POST /accounts/:id/embed-url/registered-user`,
 *   SigV4-signed JSON; an unsigned request is refused as AWS refuses it), answering an embed URL on
 *   this server that names the dashboard and user it was asked for;
 * - a Metabase instance's embedded dashboard page (`GET /embed/dashboard/:token`), which verifies the
 *   token with the instance's secret key and answers what it would show (or 401 once expired).
 */
export const startAnalyticsStandIn = async (metabaseSecret: string): Promise<AnalyticsStandIn> => {
  const quickSightCalls: QuickSightCall[] = [];
  const key = new TextEncoder().encode(metabaseSecret);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const qs = url.pathname.match(/^\/accounts\/([^/]+)\/embed-url\/registered-user$/);
    if (req.method === "POST" && qs) {
      const authorized =
        typeof req.headers.authorization === "string" && req.headers.authorization.startsWith("AWS4-HMAC-SHA256 ");
      const body = await readJson(req);
      quickSightCalls.push({ path: url.pathname, authorized, body });
      if (!authorized) return send(403, { Message: "Missing Authentication Token" });
      const dashboard = (body.ExperienceConfiguration as { Dashboard?: { InitialDashboardId?: string } })?.Dashboard
        ?.InitialDashboardId;
      if (!dashboard) return send(400, { Message: "ExperienceConfiguration is required" });
      const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return send(200, {
        EmbedUrl: `${host}/quicksight/embed/${encodeURIComponent(dashboard)}?user=${encodeURIComponent(String(body.UserArn))}`,
        RequestId: "req-1",
        Status: 200,
      });
    }
    const mb = url.pathname.match(/^\/embed\/dashboard\/([^/]+)$/);
    if (req.method === "GET" && mb?.[1]) {
      try {
        const { payload } = await jwtVerify(mb[1], key, { algorithms: ["HS256"] });
        return send(200, { dashboard: (payload.resource as { dashboard: unknown }).dashboard, params: payload.params });
      } catch {
        return send(401, { message: "Message seems corrupt or manipulated" });
      }
    }
    send(404, { message: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    quickSightCalls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
