import { IP_LOOKUP_TIMEOUT_MS } from "@hub/contracts/common/constants";

const lookup = async (url: string): Promise<string> => {
  const response = await fetch(url, { signal: AbortSignal.timeout(IP_LOOKUP_TIMEOUT_MS), cache: "no-store" });
  if (!response.ok) throw new Error(`lookup answered ${response.status}`);
  const text = (await response.text()).trim();
  let ip = text;
  try {
    const body = JSON.parse(text) as { ip?: unknown };
    if (typeof body.ip === "string") ip = body.ip;
  } catch {
    // a plain-text answer is the address itself
  }
  if (!/^[0-9a-fA-F:.]{2,45}$/.test(ip)) throw new Error("not an address");
  return ip;
};

/**
 * Spec 4: two lookups (the first IPv6-capable, the second IPv4), each with a 4000 ms timeout;
 * the first that answers wins in that order, and 'unknown' when both fail. Failures are silent.
 */
export const lookupPublicIp = async (urls: string[]): Promise<string> => {
  const results = await Promise.allSettled(urls.slice(0, 2).map(lookup));
  for (const r of results) if (r.status === "fulfilled") return r.value;
  return "unknown";
};
