import { APPLICATION_NAME, type TErrorResponse } from "@hub/contracts";
import { schema } from "@hub/db";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
let clientToken = "";
beforeAll(async () => {
  t = await createTestApp();
  clientToken = await t.signIn("client");
});
afterAll(async () => {
  await t?.close();
});

const audit = (payload: Record<string, unknown>, options: { token?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/loginAudit",
    payload,
    headers: { authorization: `Bearer ${options.token ?? clientToken}` },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

const rowsOf = (userName: string) =>
  t.db
    .select()
    .from(schema.loginAudits)
    .where(eq(schema.loginAudits.userName, userName))
    .orderBy(desc(schema.loginAudits.id));

describe("POST /api/loginAudit", () => {
  test("stores the record with the address the server saw", async () => {
    const loginDate = "2025-03-04T05:06:07.089Z";
    const res = await audit(
      { loginDate, userName: "client", application: APPLICATION_NAME, ipAddress: "203.0.113.9" },
      { remoteAddress: "192.0.2.44" },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ id: number }>();
    expect(body).toEqual({
      id: expect.any(Number),
      loginDate,
      userName: "client",
      application: "hub",
      ipAddress: "203.0.113.9",
    });

    const [row] = await t.db.select().from(schema.loginAudits).where(eq(schema.loginAudits.id, body.id));
    expect(row).toMatchObject({
      userName: "client",
      application: "hub",
      ipAddress: "203.0.113.9",
      remoteAddress: "192.0.2.44",
    });
    expect(row?.loginDate.toISOString()).toBe(loginDate);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  test("accepts 'unknown', an IPv6 address and a time with an offset", async () => {
    const unknown = await audit({
      loginDate: new Date().toISOString(),
      userName: "client",
      application: "hub",
      ipAddress: "unknown",
    });
    expect(unknown.statusCode).toBe(200);
    expect((await rowsOf("client"))[0]).toMatchObject({ ipAddress: "unknown", remoteAddress: "127.0.0.1" });

    const v6 = await audit(
      { loginDate: "2025-03-04T07:06:07+02:00", userName: "client", application: "hub", ipAddress: "2001:db8::1" },
      { remoteAddress: "2001:db8::ff" },
    );
    expect(v6.statusCode).toBe(200);
    const [row] = await rowsOf("client");
    expect(row).toMatchObject({ ipAddress: "2001:db8::1", remoteAddress: "2001:db8::ff" });
    expect(row?.loginDate.toISOString()).toBe("2025-03-04T05:06:07.000Z");
  });

  test("the user name may differ in case only", async () => {
    const res = await audit({
      loginDate: new Date().toISOString(),
      userName: "CLIENT",
      application: "hub",
      ipAddress: "unknown",
    });
    expect(res.statusCode).toBe(200);
  });

  test("another user's name is 403 and stores nothing", async () => {
    const before = (await rowsOf("admin")).length;
    const res = await audit({
      loginDate: new Date().toISOString(),
      userName: "admin",
      application: "hub",
      ipAddress: "unknown",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "FORBIDDEN", message: "A login audit record names the signed-in user." });
    expect((await rowsOf("admin")).length).toBe(before);
  });

  test("a bad IP address, a bad date and missing fields are 400 VALIDATION", async () => {
    const before = (await rowsOf("client")).length;
    const badIp = await audit({
      loginDate: new Date().toISOString(),
      userName: "client",
      application: "hub",
      ipAddress: "999.1.1.1",
    });
    expect(badIp.statusCode).toBe(400);
    const body = badIp.json<TErrorResponse>();
    expect(body.error).toBe("VALIDATION");
    expect(Object.keys(body.fields ?? {})).toEqual(["ipAddress"]);

    const words = await audit({
      loginDate: new Date().toISOString(),
      userName: "client",
      application: "hub",
      ipAddress: "my laptop",
    });
    expect(words.json<TErrorResponse>().fields?.ipAddress).toBeDefined();

    const badDate = await audit({
      loginDate: "yesterday",
      userName: "client",
      application: "hub",
      ipAddress: "unknown",
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<TErrorResponse>().fields?.loginDate).toBeDefined();

    const missing = await audit({});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<TErrorResponse>().fields ?? {}).sort()).toEqual([
      "application",
      "ipAddress",
      "loginDate",
      "userName",
    ]);
    expect((await rowsOf("client")).length).toBe(before);
  });

  test("without a token it is 401", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/loginAudit",
      payload: { loginDate: new Date().toISOString(), userName: "client", application: "hub", ipAddress: "unknown" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<TErrorResponse>().error).toBe("UNAUTHENTICATED");
  });
});

describe("GET /api/ip", () => {
  test("answers the caller's address, not cached, IPv4-mapped addresses unwrapped", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ip" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ip: "127.0.0.1" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/ip?v=4", remoteAddress: "::ffff:198.51.100.7" })).json(),
    ).toEqual({ ip: "198.51.100.7" });
    expect((await t.app.inject({ method: "GET", url: "/api/ip?v=6", remoteAddress: "2001:db8::7" })).json()).toEqual({
      ip: "2001:db8::7",
    });
  });

  test("X-Forwarded-For counts only behind a trusted proxy", async () => {
    const headers = { "x-forwarded-for": "198.51.100.99" };
    expect((await t.app.inject({ method: "GET", url: "/api/ip", headers })).json()).toEqual({ ip: "127.0.0.1" });
    const proxied = await createTestApp({ database: t.database, config: { trustProxy: true } });
    try {
      expect((await proxied.app.inject({ method: "GET", url: "/api/ip", headers })).json()).toEqual({
        ip: "198.51.100.99",
      });
    } finally {
      await proxied.close();
    }
  });
});
