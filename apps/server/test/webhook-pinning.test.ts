import type { LookupAddress } from "node:dns";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_MESSAGES } from "@hub/contracts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkAddress, isPrivateAddress, pinnedLookup, type Resolver } from "../src/modules/webhooks/address-guard";
import { postPinned } from "../src/modules/webhooks/outbound";

/**
 * DNS rebinding: a webhook host that answers a public address to the address check and 127.0.0.1
 * afterwards must not make the Hub call 127.0.0.1. The check answers the addresses it approved and
 * the request connects to those alone (`pinnedLookup`), never resolving the name again. The sends go
 * to `rebind.test` (a reserved name no DNS answers), so reaching the receiver proves the connection
 * took the pinned address and not a resolution of its own.
 */

/** Answers a public address the first time, then 127.0.0.1: a rebinding name. */
const rebinding = () => {
  let calls = 0;
  const resolve: Resolver = async () => (calls++ === 0 ? ["203.0.113.7"] : ["127.0.0.1"]);
  return { resolve, calls: () => calls };
};

const lookupOnce = (pin: string[], options: { all?: boolean; family?: number }) =>
  new Promise<{ address: string | LookupAddress[]; family?: number }>((resolve, reject) =>
    pinnedLookup(pin)("rebind.test", options, (error, address, family) =>
      error ? reject(error) : resolve({ address, family }),
    ),
  );

let server: Server;
let port: number;
const seen: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(req.url === "/moved" ? 302 : 200, { location: "/elsewhere" }).end("thanks");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe("the address check answers what it approved", () => {
  test("a rebinding name: the check sees the public address once and pins it", async () => {
    const name = rebinding();
    const check = await checkAddress("https://rebind.test/hooks", false, name.resolve);
    expect(check).toEqual({ refusal: null, pin: ["203.0.113.7"] });
    // The connection's lookup answers the checked address, whatever the name resolves to now.
    expect(await lookupOnce(["203.0.113.7"], {})).toEqual({ address: "203.0.113.7", family: 4 });
    expect(await lookupOnce(["203.0.113.7"], { all: true })).toEqual({
      address: [{ address: "203.0.113.7", family: 4 }],
    });
    await expect(lookupOnce(["203.0.113.7"], { family: 6 })).rejects.toThrow(/No checked IPv6 address/);
    expect(name.calls()).toBe(1);
    // Asked again (the next delivery), the name's private answer is refused.
    expect(await checkAddress("https://rebind.test/hooks", false, name.resolve)).toEqual({
      refusal: WEBHOOK_MESSAGES.privateAddress,
    });
  });

  test("private addresses allowed: nothing is pinned", async () => {
    expect(await checkAddress("http://rebind.test/hooks", true, rebinding().resolve)).toEqual({
      refusal: null,
      pin: null,
    });
  });

  test("an IPv4-mapped loopback written in hex, as the URL parser writes it, is private", async () => {
    expect(new URL("https://[::ffff:127.0.0.1]/").hostname).toBe("[::ffff:7f00:1]");
    expect(isPrivateAddress("::ffff:7f00:1")).toBe(true);
    expect(isPrivateAddress("::ffff:a00:1")).toBe(true);
    expect(isPrivateAddress("::ffff:5db8:d822")).toBe(false);
    expect((await checkAddress("https://[::ffff:127.0.0.1]/hooks", false)).refusal).toBe(
      WEBHOOK_MESSAGES.privateAddress,
    );
  });
});

describe("a pinned send connects to the checked address only", () => {
  const post = (path: string, pin: string[] | null) =>
    postPinned(`http://rebind.test:${port}${path}`, {
      headers: { "content-type": "application/json", "webhook-id": "evt_1" },
      body: '{"ok":true}',
      timeoutMs: 5_000,
      pin,
    });

  test("pinned to the receiver's address: it arrives, the Host still the URL's", async () => {
    const before = seen.length;
    const res = await post("/hooks", ["127.0.0.1"]);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("thanks");
    const got = seen[before];
    expect(got?.headers.host).toBe(`rebind.test:${port}`);
    expect(got?.headers["webhook-id"]).toBe("evt_1");
    expect(got?.headers["content-type"]).toBe("application/json");
    expect(got?.body).toBe('{"ok":true}');
  });

  test("pinned elsewhere: the connection goes there (refused), never to the receiver", async () => {
    const before = seen.length;
    await expect(post("/hooks", ["127.0.0.2"])).rejects.toThrow(new RegExp(`ECONNREFUSED 127\\.0\\.0\\.2:${port}`));
    expect(seen.length).toBe(before);
  });

  test("a redirect is an answer, not followed", async () => {
    const before = seen.length;
    const res = await post("/moved", ["127.0.0.1"]);
    expect(res.status).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  test("no answer in time: an error named TimeoutError", async () => {
    const quiet = createServer(() => undefined);
    await new Promise<void>((resolve) => quiet.listen(0, "127.0.0.1", resolve));
    const at = (quiet.address() as AddressInfo).port;
    const error = await postPinned(`http://rebind.test:${at}/hooks`, {
      headers: {},
      body: "{}",
      timeoutMs: 300,
      pin: ["127.0.0.1"],
    }).catch((e: Error) => e);
    quiet.closeAllConnections();
    await new Promise<void>((resolve) => quiet.close(() => resolve()));
    expect((error as Error).name).toBe("TimeoutError");
  });
});
