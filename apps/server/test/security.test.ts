import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TErrorResponse } from "@hub/contracts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoListenNote, loadConfig } from "../src/platform/config";
import { HSTS } from "../src/platform/security-headers";
import { createTestApp, type TestApp } from "./helpers/test-app";

const REMOTE = "203.0.113.7";
const LOCAL_ONLY = {
  error: "FORBIDDEN",
  message: "The demo mailbox answers only on the Hub's own machine, or to a signed-in internal admin.",
};

let t: TestApp;
let admin: string;
let client: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn("admin");
  client = await t.signIn("client");
});
afterAll(async () => {
  await t?.close();
});

describe("where demo mode listens", () => {
  test("demo mode listens on 127.0.0.1 unless HOST says otherwise; other installations on every address", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ DATABASE_URL: "postgres://db/hub" }).host).toBe("0.0.0.0");
    const production = { NODE_ENV: "production", HUB_SECRET_KEY: "x".repeat(32), DATABASE_URL: "postgres://db/hub" };
    expect(loadConfig(production).host).toBe("0.0.0.0");
    expect(loadConfig({ ...production, HOST: "10.0.0.5" }).host).toBe("10.0.0.5");
  });

  test("the start-up line says so", () => {
    expect(demoListenNote(loadConfig({}))).toBe(
      "Demo mode: listening on 127.0.0.1 only; set HOST=0.0.0.0 to open it to the network",
    );
    expect(demoListenNote(loadConfig({ HOST: "0.0.0.0" }))).toMatch(/^Demo mode open to the network on 0\.0\.0\.0/);
    expect(demoListenNote(loadConfig({ DATABASE_URL: "postgres://db/hub" }))).toBeNull();
  });
});

describe("the demo mailbox answers this machine and internal admins only", () => {
  const get = (url: string, options: { remoteAddress?: string; token?: string; headers?: Record<string, string> }) =>
    t.request({
      method: "GET",
      url,
      remoteAddress: options.remoteAddress,
      token: options.token,
      headers: options.headers,
    });

  test("a caller on this machine reads it without signing in", async () => {
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const res = await get("/dev/mailbox.json", { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json()).toHaveProperty("items");
    }
  });

  test("another machine gets 403 in the one error shape, without a token or with a non-admin's", async () => {
    for (const url of ["/dev/mailbox.json", "/dev/mailbox"]) {
      const anonymous = await get(url, { remoteAddress: REMOTE });
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.json<TErrorResponse>()).toEqual(LOCAL_ONLY);
      expect(anonymous.body).not.toMatch(/code is \d{6}/);
      const notAdmin = await get(url, { remoteAddress: REMOTE, token: client });
      expect(notAdmin.statusCode).toBe(403);
      expect(notAdmin.json<TErrorResponse>().error).toBe("FORBIDDEN");
    }
  });

  test("a signed-in internal admin reads it from anywhere", async () => {
    const json = await get("/dev/mailbox.json", { remoteAddress: REMOTE, token: admin });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toHaveProperty("items");
    const html = await get("/dev/mailbox", { remoteAddress: REMOTE, token: admin });
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
  });

  test("forwarding headers never make a caller local, even with trustProxy on", async () => {
    // Through a reverse proxy on the same machine: the peer is loopback, the caller is not.
    const proxyHeaders: Record<string, string>[] = [
      { "x-forwarded-for": "127.0.0.1" },
      { "x-real-ip": "127.0.0.1" },
      { forwarded: "for=127.0.0.1" },
    ];
    for (const headers of proxyHeaders) {
      const res = await get("/dev/mailbox.json", { remoteAddress: "127.0.0.1", headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const proxied = await createTestApp({ database: t.database, config: { trustProxy: true } });
    try {
      const spoofed = await proxied.request({
        method: "GET",
        url: "/dev/mailbox.json",
        remoteAddress: REMOTE,
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(spoofed.statusCode).toBe(403);
      expect(spoofed.json<TErrorResponse>()).toEqual(LOCAL_ONLY);
    } finally {
      await proxied.close();
    }
  });

  test("the forgotten-password code cannot be read from another machine", async () => {
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/identity/forgotPassword",
          payload: { username: "admin" },
          remoteAddress: REMOTE,
        })
      ).statusCode,
    ).toBe(200);
    const res = await get("/dev/mailbox.json", { remoteAddress: REMOTE });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain("password reset code");
  });
});

describe("security headers", () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "hub-csp-dist-"));
    writeFileSync(
      join(dist, "index.html"),
      '<!doctype html><title>Hub</title><script type="module" src="/assets/app.js"></script>',
    );
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "assets", "app.js"), "console.log('hub')");
    web = await createTestApp({
      database: t.database,
      config: { webDist: dist, ipLookupUrls: ["https://api64.ipify.org?format=json", "/api/ip?v=4"] },
    });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const policyOf = (header: string | string[] | number | undefined): Map<string, string> => {
    expect(typeof header).toBe("string");
    return new Map(
      String(header)
        .split(";")
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.split(" ")[0] ?? "", d.slice(d.indexOf(" ") + 1)]),
    );
  };

  test("every kind of response carries the policy and the other headers", async () => {
    for (const [url, status] of [
      ["/", 200],
      ["/orders/12", 200],
      ["/assets/app.js", 200],
      ["/api/health", 200],
      ["/api/userdata?username=admin", 401],
      ["/api/nothing-here", 404],
      ["/dev/mailbox", 200],
      ["/api/docs/", 200],
      ["/api/docs/json", 200],
    ] as const) {
      const res = await web.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(status);
      const csp = policyOf(res.headers["content-security-policy"]);
      expect(csp.get("script-src"), url).toBe("'self'");
      expect(csp.get("frame-ancestors"), url).toBe("'none'");
      expect(csp.get("object-src"), url).toBe("'none'");
      expect(csp.get("default-src"), url).toBe("'self'");
      expect(csp.get("base-uri"), url).toBe("'self'");
      expect(csp.get("form-action"), url).toBe("'self'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("same-origin");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
    }
  });

  test("connect-src allows the IP lookups the web app makes after sign-in, and nothing else", async () => {
    const csp = policyOf((await web.app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    expect(csp.get("connect-src")).toBe("'self' https://api64.ipify.org");
    expect(csp.get("img-src")).toBe("'self' data: blob: https:");
    const plain = policyOf(
      (await t.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
    );
    expect(plain.get("connect-src")).toBe("'self'");
  });

  test("HSTS only for https, and X-Forwarded-Proto counts only from a trusted proxy", async () => {
    const health = (app: TestApp, headers: Record<string, string> = {}) =>
      app.app.inject({ method: "GET", url: "/api/health", headers });
    expect((await health(t)).headers["strict-transport-security"]).toBeUndefined();
    expect((await health(t, { "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toBeUndefined();
    const proxied = await createTestApp({ database: t.database, config: { trustProxy: true } });
    try {
      expect((await health(proxied)).headers["strict-transport-security"]).toBeUndefined();
      expect(
        (await health(proxied, { "x-forwarded-proto": "http" })).headers["strict-transport-security"],
      ).toBeUndefined();
      const https = await health(proxied, { "x-forwarded-proto": "https" });
      expect(https.headers["strict-transport-security"]).toBe(HSTS);
      expect(HSTS).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await proxied.close();
    }
  });
});
