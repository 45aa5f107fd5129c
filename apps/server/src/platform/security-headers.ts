import type { FastifyInstance } from "fastify";
import type { HubConfig } from "./config";

/** One year, and every subdomain: browsers then refuse plain http for the Hub's host. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The origins the web app calls besides its own: the public-IP lookups it asks after sign-in
 * (absolute IP_LOOKUP_URLS; relative ones are the Hub itself).
 */
const connectOrigins = (ipLookupUrls: readonly string[]): string[] => {
  const origins = new Set<string>();
  for (const url of ipLookupUrls) {
    if (!/^https?:\/\//i.test(url)) continue;
    if (!URL.canParse(url)) throw new Error(`IP_LOOKUP_URLS has an address that is not a URL: "${url}"`);
    origins.add(new URL(url).origin);
  }
  return [...origins];
};

/**
 * The Content-Security-Policy of every response (the web app, the API docs, the demo mailbox, the
 * API). Scripts only from the Hub's own files: the built app has no inline script.
 * - style-src 'unsafe-inline': MUI styles through emotion, which writes <style> elements at run
 *   time (and the demo mailbox and Swagger UI carry inline styles); a nonce would need a per-request
 *   index.html. Inline styles cannot run code, so scripts stay locked to 'self'.
 * - img-src https:: a style's picture is an https:// address its factory typed (any host); print
 *   files and instruction images come through the API as blobs (`blob:`), so S3 needs no entry.
 * - font-src data:: fonts that the build inlines.
 * - frame-src blob:: the File Manager previews a PDF fetched with the ID token in an iframe.
 * - worker-src 'self': the service worker (/sw.js) that keeps the kiosk screens working offline.
 */
export const contentSecurityPolicy = (config: Pick<HubConfig, "ipLookupUrls">): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "frame-src 'self' blob:",
    "worker-src 'self'",
    ["connect-src 'self'", ...connectOrigins(config.ipLookupUrls)].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/**
 * Security headers on every response. HSTS only when the request came over https (directly, or
 * per X-Forwarded-Proto from a trusted proxy when TRUST_PROXY is on), never on plain http, where a
 * browser ignores it anyway and a local install must stay reachable.
 */
export const installSecurityHeaders = (app: FastifyInstance, config: Pick<HubConfig, "ipLookupUrls">): void => {
  const csp = contentSecurityPolicy(config);
  app.addHook("onSend", async (request, reply) => {
    reply.header("content-security-policy", csp);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
    reply.header("x-frame-options", "DENY");
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
};
