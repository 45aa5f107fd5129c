import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { WEBHOOK_MESSAGES } from "@hub/contracts";

/**
 * Where a webhook may be sent (issue 20): an https:// address whose host resolves only to public
 * addresses. Loopback, private (RFC 1918, unique local), link-local, CGNAT, multicast and
 * unspecified addresses are refused, so an endpoint cannot reach the Hub's own network; checked when
 * an endpoint is saved and again before each delivery (a name may resolve elsewhere later).
 * `WEBHOOKS_ALLOW_PRIVATE=true` lifts both rules (tests, closed networks).
 *
 * The check answers the addresses it approved, and the caller connects to those alone
 * (`pinnedLookup`): resolving the name again at connect time would let a name that answers a public
 * address to the check and a private one to the connection (DNS rebinding) reach the Hub's network.
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
  // The same IPv4-mapped address written in hex, as the URL parser writes it: [::ffff:127.0.0.1] is
  // [::ffff:7f00:1] in `new URL(…).hostname`.
  const hex = v6.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (hex?.[1] && hex[2]) {
    const [hi, lo] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
    return v4Private(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
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

/** A host name's addresses; the system resolver unless a test passes its own. */
export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The address check, with what it approved: a refusal, or `pin`, the addresses the request must go
 * to (null when private addresses are allowed: nothing to hold the connection to, it resolves as usual).
 */
export type AddressCheck = { refusal: string; pin?: undefined } | { refusal: null; pin: string[] | null };

export const checkAddress = async (
  url: string,
  allowPrivate: boolean,
  resolve: Resolver = systemResolver,
): Promise<AddressCheck> => {
  if (allowPrivate) return { refusal: null, pin: null };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refusal: WEBHOOK_MESSAGES.https };
  }
  if (parsed.protocol !== "https:") return { refusal: WEBHOOK_MESSAGES.https };
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return { refusal: WEBHOOK_MESSAGES.privateAddress };
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return { refusal: WEBHOOK_MESSAGES.unresolved };
  }
  if (addresses.length === 0) return { refusal: WEBHOOK_MESSAGES.unresolved };
  if (addresses.some(isPrivateAddress)) return { refusal: WEBHOOK_MESSAGES.privateAddress };
  return { refusal: null, pin: addresses };
};

/** Why the Hub will not call this address, or null when it may (saving an endpoint: nothing is sent). */
export const addressRefusal = async (url: string, allowPrivate: boolean): Promise<string | null> =>
  (await checkAddress(url, allowPrivate)).refusal;

/**
 * A `lookup` for node:net / node:tls / http(s) agents that answers only the checked addresses,
 * whatever name is asked (never the resolver again), so the connection goes to exactly what
 * `checkAddress` approved. TLS still checks the certificate against the URL's host name (the
 * servername and Host header come from the URL, not from the address).
 */
export const pinnedLookup = (pin: string[]): LookupFunction => {
  const all: LookupAddress[] = pin.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  return (hostname, options, callback) => {
    const family =
      options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    const fit = family ? all.filter((a) => a.family === family) : all;
    const first = fit[0];
    if (!first) {
      const error: NodeJS.ErrnoException = new Error(`No checked IPv${family} address for ${hostname}`);
      error.code = "ENOTFOUND";
      process.nextTick(() => callback(error, ""));
      return;
    }
    // Answered on a later tick, as dns.lookup does: net attaches its listeners first.
    if (options.all) process.nextTick(() => callback(null, fit));
    else process.nextTick(() => callback(null, first.address, first.family));
  };
};
