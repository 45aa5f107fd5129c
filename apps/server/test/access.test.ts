import { MESSAGES, type TErrorResponse } from "@hub/contracts";
import { declareApi } from "@hub/contracts/common/operation";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { type Access, registeredRoutesOf } from "../src/platform/access";
import { register, type ZodApp } from "../src/platform/operations";
import { createTestApp, hubUser, type TestApp } from "./helpers/test-app";

const UNAUTHENTICATED = { error: "UNAUTHENTICATED", message: MESSAGES.notAuthenticated };

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["admin", "client", "client2", "factory"]) tokens[name] = await t.signIn(name);
});
afterAll(async () => {
  await t?.close();
});

const token = (name: string): string => {
  const value = tokens[name];
  if (!value) throw new Error(`no token for ${name}`);
  return value;
};

const userdata = (headers: Record<string, string> = {}, username = "admin") =>
  t.app.inject({ method: "GET", url: `/api/userdata?username=${username}`, headers });

describe("every route declares its access", () => {
  test("the registered routes all carry config.access, except the API docs", () => {
    // This app's registry: the test-only routes further down go to apps of their own.
    const routes = registeredRoutesOf(t.app).filter((r) => !r.url.startsWith("/api/docs"));
    const urls = new Set(routes.map((r) => `${r.method} ${r.url}`));
    // The walk sees the real routes (not an empty list that would pass vacuously).
    for (const known of [
      "GET /api/userdata",
      "HEAD /api/userdata",
      "POST /api/loginAudit",
      "POST /api/identity/signIn",
      "GET /api/health",
      "GET /dev/mailbox.json",
    ]) {
      expect(urls).toContain(known);
    }
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  test("public routes are only the identity actions, health, config, the IP echo, the plan list and the wall display (its signed link is checked by the handler)", () => {
    const publicRoutes = registeredRoutesOf(t.app).filter(
      (r): r is typeof r & { access: Access } => !!r.access && "public" in r.access,
    );
    const allowed = /^\/api\/(identity\/|health$|config$|ip$|subscriptions\/plans$|dashboards\/wall$)/;
    expect(publicRoutes.filter((r) => !allowed.test(r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // The demo pages show reset codes: demo mode only, and only this machine or internal admins.
    const devRoutes = registeredRoutesOf(t.app).filter((r) => r.url.startsWith("/dev/"));
    expect(devRoutes.length).toBeGreaterThan(0);
    for (const route of devRoutes) {
      expect(route.access, `${route.method} ${route.url}`).toMatchObject({
        signedIn: true,
        types: ["icreate"],
        demoOnly: true,
        loopback: expect.anything(),
      });
    }
  });

  test("a route without an access declaration stops the app from starting", async () => {
    const undeclared: FastifyPluginAsync = async (app) => {
      app.get("/api/test/undeclared", async () => ({ ok: true }));
    };
    await expect(
      createTestApp({ database: t.database, setup: (app) => void app.register(undeclared) }),
    ).rejects.toThrow("Route GET /api/test/undeclared declares no access (config.access).");
  });

  test("a route that is not a declared operation stops the app from starting (ADR 0011)", async () => {
    const unregistered: FastifyPluginAsync = async (app) => {
      app.get("/api/test/unregistered", { config: { access: { public: true } } }, async () => ({ ok: true }));
    };
    await expect(
      createTestApp({ database: t.database, setup: (app) => void app.register(unregistered) }),
    ).rejects.toThrow("Route GET /api/test/unregistered is not a declared operation (use register()).");
  });
});

describe("401: not signed in", () => {
  test("no token, a non-Bearer header and a garbage token", async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: `Basic ${Buffer.from("admin:Hub!demo1").toString("base64")}` },
      { authorization: "Bearer garbage" },
      { authorization: "Bearer " },
    ];
    for (const headers of headerSets) {
      const res = await userdata(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
    // The HEAD route Fastify adds for each GET is guarded the same way.
    expect((await t.app.inject({ method: "HEAD", url: "/api/userdata?username=admin" })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "HEAD",
          url: "/api/userdata?username=admin",
          headers: { authorization: `Bearer ${token("admin")}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  test("the token of a signed-out session", async () => {
    const session = await t.signInTokens("admin");
    expect((await userdata({ authorization: `Bearer ${session.idToken}` })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/identity/signOut",
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const res = await userdata({ authorization: `Bearer ${session.idToken}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  test("a token with valid claims signed by a key the Hub does not hold, or not signed at all", async () => {
    const [session] = await t.db.select().from(schema.identitySessions).limit(1);
    if (!session) throw new Error("no session");
    const { privateKey } = await generateKeyPair("EdDSA");
    const kid = (await t.db.select().from(schema.identityKeys))[0]?.kid ?? "unknown";
    const claims = {
      "cognito:username": "admin",
      email: "admin@demo.hub.test",
      given_name: "Ada",
      family_name: "Admin",
      sid: session.id,
      token_use: "id",
    };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "EdDSA", kid })
      .setSubject(session.userId)
      .setIssuer("hub-identity")
      .setAudience("hub-web")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const res = await userdata({ authorization: `Bearer ${forged}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);

    // ...nor an unsigned one.
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${part({ alg: "none", typ: "JWT" })}.${part({ ...claims, sub: session.userId, iss: "hub-identity", aud: "hub-web", iat: now, exp: now + 3600 })}.`;
    expect((await userdata({ authorization: `Bearer ${unsigned}` })).statusCode).toBe(401);
  });

  test("an expired ID token", async () => {
    // A second server on the same database that issues tokens which expire at once.
    const shortLived = await createTestApp({ database: t.database, config: { idTokenTtlSeconds: 0 } });
    try {
      const expired = await shortLived.signIn("admin");
      const res = await userdata({ authorization: `Bearer ${expired}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    } finally {
      await shortLived.close();
    }
  });

  test("a token issued by another server instance on the same database is accepted", async () => {
    const other = await createTestApp({ database: t.database });
    try {
      const res = await userdata({ authorization: `Bearer ${await other.signIn("admin")}` });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  test("the token of a user whose Hub record is disabled", async () => {
    const user = await hubUser(t.db, "client2");
    if (!user) throw new Error("client2 missing");
    await t.db.update(schema.users).set({ available: false }).where(eq(schema.users.userId, user.userId));
    try {
      const res = await userdata({ authorization: `Bearer ${token("client2")}` }, "client2");
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    } finally {
      await t.db.update(schema.users).set({ available: true }).where(eq(schema.users.userId, user.userId));
    }
    expect((await userdata({ authorization: `Bearer ${token("client2")}` }, "client2")).statusCode).toBe(200);
  });
});

describe("403: signed in but not allowed", () => {
  test("a client asking for another user's data", async () => {
    const res = await userdata({ authorization: `Bearer ${token("client")}` }, "admin");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "FORBIDDEN", message: "You can only load your own user data." });
    // ...while an internal admin may, and an unknown user is a 404.
    expect((await userdata({ authorization: `Bearer ${token("admin")}` }, "client")).statusCode).toBe(200);
    const missing = await userdata({ authorization: `Bearer ${token("admin")}` }, "nobody");
    expect(missing.statusCode).toBe(404);
    expect(missing.json<TErrorResponse>().error).toBe("NOT_FOUND");
  });

  describe("the guard's card, type, superadmin and plan rules", () => {
    let guarded: TestApp;
    const routes: Record<string, Access> = {
      "/api/test/clients-card": { signedIn: true, card: "clients" },
      "/api/test/superadmin": { signedIn: true, superadmin: true },
      "/api/test/factory-only": { signedIn: true, types: ["factory", "manufacturer"] },
      "/api/test/professional": { signedIn: true, minPlanLevel: 2 },
    };
    beforeAll(async () => {
      // A second server on the same database, with a few extra routes registered before it is ready.
      const extra: FastifyPluginAsync = async (app) => {
        for (const [url, access] of Object.entries(routes)) {
          const op = declareApi("test", {
            probe: {
              method: "GET",
              path: url as `/${string}`,
              access,
              responses: { 200: z.object({ userName: z.string().nullable() }) },
            },
          }).probe;
          register(app as ZodApp, op, async (request) => ({ userName: request.principal?.userName ?? null }));
        }
      };
      guarded = await createTestApp({ database: t.database, setup: (app) => void app.register(extra) });
    });
    afterAll(async () => {
      await guarded?.close();
    });

    const call = (url: string, name?: string) =>
      guarded.app.inject({ method: "GET", url, headers: name ? { authorization: `Bearer ${token(name)}` } : {} });

    test("card: 'clients' is for admin, not for a client", async () => {
      const denied = await call("/api/test/clients-card", "client");
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ error: "FORBIDDEN", message: "You do not have access to this." });
      const allowed = await call("/api/test/clients-card", "admin");
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ userName: "admin" });
      expect((await call("/api/test/clients-card")).statusCode).toBe(401);
    });

    test("card access is data: a grant to the user opens the route, a denial closes it again", async () => {
      const client = await hubUser(t.db, "client");
      if (!client) throw new Error("client missing");
      const grant = await t.db
        .insert(schema.cardGrants)
        .values({ routeName: "clients", userId: client.userId, granted: true })
        .returning();
      try {
        expect((await call("/api/test/clients-card", "client")).statusCode).toBe(200);
        await t.db
          .update(schema.cardGrants)
          .set({ granted: false })
          .where(eq(schema.cardGrants.id, grant[0]?.id ?? -1));
        expect((await call("/api/test/clients-card", "client")).statusCode).toBe(403);
      } finally {
        await t.db
          .delete(schema.cardGrants)
          .where(and(eq(schema.cardGrants.userId, client.userId), eq(schema.cardGrants.routeName, "clients")));
      }
      // A denial of its own beats what the user's type grants.
      const admin = await hubUser(t.db, "admin");
      if (!admin) throw new Error("admin missing");
      await t.db.insert(schema.cardGrants).values({ routeName: "clients", userId: admin.userId, granted: false });
      try {
        expect((await call("/api/test/clients-card", "admin")).statusCode).toBe(403);
      } finally {
        await t.db
          .delete(schema.cardGrants)
          .where(and(eq(schema.cardGrants.userId, admin.userId), eq(schema.cardGrants.routeName, "clients")));
      }
      expect((await call("/api/test/clients-card", "admin")).statusCode).toBe(200);
    });

    test("superadmin: only the user with the superadmin role", async () => {
      expect((await call("/api/test/superadmin", "admin")).statusCode).toBe(200);
      expect((await call("/api/test/superadmin", "client")).statusCode).toBe(403);
      expect((await call("/api/test/superadmin", "factory")).statusCode).toBe(403);
    });

    test("types: only the listed user types", async () => {
      expect((await call("/api/test/factory-only", "factory")).statusCode).toBe(200);
      expect((await call("/api/test/factory-only", "client")).statusCode).toBe(403);
      expect((await call("/api/test/factory-only", "admin")).statusCode).toBe(403);
    });

    test("minPlanLevel: a client on Professional (2) passes, one on Basic (1) does not; other types are not limited", async () => {
      expect((await call("/api/test/professional", "client")).statusCode).toBe(200);
      const basic = await call("/api/test/professional", "client2");
      expect(basic.statusCode).toBe(403);
      expect(basic.json()).toEqual({ error: "FORBIDDEN", message: "This needs a plan of level 2 or higher." });
      expect((await call("/api/test/professional", "admin")).statusCode).toBe(200);
    });
  });
});

describe("demo-only pages", () => {
  test("the mailbox answers in demo mode and is 403 when demo mode is off", async () => {
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox.json" })).statusCode).toBe(200);
    const production = await createTestApp({ database: t.database, config: { demoMode: false } });
    try {
      for (const url of ["/dev/mailbox.json", "/dev/mailbox"]) {
        const res = await production.app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: "FORBIDDEN", message: "This page exists only in demo mode." });
      }
      // The public API is still public there.
      expect((await production.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
