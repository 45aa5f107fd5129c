import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { WEBHOOK_MESSAGES } from "@hub/contracts";

/**
 * Where a webhook may be sent (issue 20): an https:// address whose host resolves only to public
 * addresses. Loopback, private (RFC 1918, unique local), link-local, CGNAT, multicast and
 * unspecified addresses are refused, so an endpoint cannot reach the Hub's own network; checked when
 * an endpoint is saved and again before each delivery (a name may resolve elsewhere later).
 * `WEBHOOKS_ALLOW_PRIVATE=true` lifts both rules (tests, closed networks).
 */
const v4Private = (ip: string): boolean => {
  const [a = 0, b = 0] = ip.split(".").map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
};

export const isPrivateAddress = (ip: string): boolean => {
  if (isIP(ip) === 4) return v4Private(ip);
  const v6 = ip.toLowerCase();
  const mapped = v6.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped?.[1]) return v4Private(mapped[1]);
  return (
    v6 === "::" ||
    v6 === "::1" ||
    v6.startsWith("fc") ||
    v6.startsWith("fd") ||
    v6.startsWith("fe8") ||
    v6.startsWith("fe9") ||
    v6.startsWith("fea") ||
    v6.startsWith("feb") ||
    v6.startsWith("ff")
  );
};

/** Why the Hub will not call this address, or null when it may. */
export const addressRefusal = async (url: string, allowPrivate: boolean): Promise<string | null> => {
  if (allowPrivate) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return WEBHOOK_MESSAGES.https;
  }
  if (parsed.protocol !== "https:") return WEBHOOK_MESSAGES.https;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return WEBHOOK_MESSAGES.privateAddress;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return WEBHOOK_MESSAGES.unresolved;
  }
  if (addresses.length === 0) return WEBHOOK_MESSAGES.unresolved;
  return addresses.some(isPrivateAddress) ? WEBHOOK_MESSAGES.privateAddress : null;
};
