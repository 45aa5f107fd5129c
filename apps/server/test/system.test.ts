import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { APP_VERSION, type TErrorResponse } from "@hub/contracts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("health and configuration", () => {
  test("GET /api/health checks the database and names the version", async () => {
    const res = await get("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok", version: APP_VERSION });
  });

  test("GET /api/config tells the web app what it needs before sign-in", async () => {
    const res = await get("/api/config");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      identity: "builtin",
      ipLookupUrls: ["/api/ip?v=6", "/api/ip?v=4"],
      demoMode: true,
      version: APP_VERSION,
    });
  });

  test("every answer carries the security headers", async () => {
    for (const res of [await get("/api/health"), await get("/api/nope")]) {
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("same-origin");
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
  });
});

describe("API documentation", () => {
  test("GET /api/docs/json is an OpenAPI document of the API", async () => {
    const res = await get("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
      components?: { securitySchemes?: Record<string, unknown> };
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: "Hub API", version: APP_VERSION });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/identity/signIn",
        "/api/identity/signUp",
        "/api/userdata",
        "/api/loginAudit",
        "/api/health",
      ]),
    );
    // Generated from the contracts' schemas: the sign-in body and its answers are described.
    const signIn = doc.paths["/api/identity/signIn"]?.post;
    expect(signIn?.requestBody).toBeDefined();
    expect(Object.keys(signIn?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "429"]));
    expect(doc.components?.securitySchemes?.idToken).toMatchObject({ type: "http", scheme: "bearer" });
    // The HTML mailbox page is hidden from the documentation.
    expect(Object.keys(doc.paths)).not.toContain("/dev/mailbox");
  });

  test("GET /api/docs serves the documentation UI", async () => {
    const res = await get("/api/docs/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("the one error shape", () => {
  test("an unknown /api path is 404 NOT_FOUND, for any method", async () => {
    const res = await get("/api/no-such-thing?x=1");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "NOT_FOUND", message: "No endpoint GET /api/no-such-thing." });
    const post = await t.app.inject({ method: "POST", url: "/api/userdata", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: "NOT_FOUND", message: "No endpoint POST /api/userdata." });
  });

  test("a body that is not JSON, or not sent as JSON, or too large, is a 4xx in the error shape", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/identity/signIn",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<TErrorResponse>().error).toBe("BAD_REQUEST");

    const xml = await t.app.inject({
      method: "POST",
      url: "/api/identity/signIn",
      payload: "<signIn/>",
      headers: { "content-type": "application/xml" },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ error: "BAD_REQUEST", message: "Send the request as JSON." });

    // Plain text is read as a string, which is not the object the route wants.
    const text = await t.app.inject({
      method: "POST",
      url: "/api/identity/signIn",
      payload: "username=admin",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json<TErrorResponse>().error).toBe("VALIDATION");

    const huge = await t.app.inject({
      method: "POST",
      url: "/api/identity/signIn",
      payload: JSON.stringify({ username: "admin", password: "x".repeat(1024 * 1024 + 10) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: "BAD_REQUEST", message: "The request is too large." });
  });
});

describe("identity keys", () => {
  test("the JWKS publishes the public signing key only", async () => {
    const res = await get("/api/identity/.well-known/jwks.json");
    expect(res.statusCode).toBe(200);
    const { keys } = res.json<{ keys: Record<string, unknown>[] }>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      kty: "OKP",
      crv: "Ed25519",
      alg: "EdDSA",
      use: "sig",
      kid: expect.any(String),
      x: expect.any(String),
    });
    expect(keys[0]).not.toHaveProperty("d");
  });
});

describe("the demo mailbox", () => {
  test("lists the emails newest first, and the HTML page escapes what users typed", async () => {
    for (const [username, firstName] of [
      ["mail.one", "First"],
      ["mail.two", "<script>alert(1)</script>"],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/identity/signUp",
        payload: { username, password: "Str0ng!pass", email: `${username}@example.com`, firstName, lastName: "Mail" },
      });
      expect(res.statusCode).toBe(200);
    }
    const json = await get("/dev/mailbox.json");
    expect(json.statusCode).toBe(200);
    const { items } = json.json<{
      items: { id: number; to: string; subject: string; text: string; createdAt: string }[];
    }>();
    expect(items.slice(0, 2).map((m) => m.to)).toEqual(["mail.two@example.com", "mail.one@example.com"]);
    expect(items[0]?.text).toMatch(/confirmation code is \d{6}/);
    expect(items.map((m) => m.id)).toEqual([...items.map((m) => m.id)].sort((a, b) => b - a));
    expect((await t.mailbox()).map((m) => m.to)).toEqual(
      expect.arrayContaining(["mail.one@example.com", "mail.two@example.com"]),
    );

    const html = await get("/dev/mailbox");
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    expect(html.body).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(html.body).not.toContain("<script>alert(1)</script>");
  });
});

describe("serving the built web app", () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "hub-web-dist-"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Hub</title>");
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "assets", "app-1a2b3c.js"), "console.log('hub')");
    web = await createTestApp({ database: t.database, config: { webDist: dist } });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test("the app's page paths get index.html, never cached", async () => {
    for (const url of ["/", "/orders/12", "/auth/login?next=%2Forders", "/index.html"]) {
      const res = await web.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body).toContain("<title>Hub</title>");
    }
  });

  test("built assets are served and cached for a year", async () => {
    const res = await web.app.inject({ method: "GET", url: "/assets/app-1a2b3c.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("console.log('hub')");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a missing file and an unknown API path are JSON 404s, and the API still works", async () => {
    for (const url of ["/assets/missing.js", "/api/no-such-thing", "/dev/nothing"]) {
      const res = await web.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<TErrorResponse>().error, url).toBe("NOT_FOUND");
    }
    expect((await web.app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({ status: "ok" });
    expect((await web.app.inject({ method: "GET", url: "/api/userdata?username=admin" })).statusCode).toBe(401);
  });
});

describe("resource ids in paths", () => {
  test("an id out of the database's range is a 400 on every area, never a 500", async () => {
    const token = await t.signIn("admin");
    const huge = "99999999999";
    for (const url of [
      `/api/users/${huge}`,
      `/api/clients/${huge}`,
      `/api/addresses/${huge}`,
      `/api/apiKeys/${huge}`,
      `/api/printFiles/${huge}/download`,
    ]) {
      const method = url.startsWith("/api/addresses") || url.startsWith("/api/apiKeys") ? "DELETE" : "GET";
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<TErrorResponse>().fields?.id, url).toBe("That id is out of range");
    }
  });
});
