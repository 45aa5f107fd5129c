import type { TSignInResponse, TTokens } from "@hub/contracts";
import { declareApi } from "@hub/contracts/common/operation";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { register, type ZodApp } from "../src/platform/operations";
import { createTestApp, type TestApp } from "./helpers/test-app";

const PASSWORD = "L0gged!secret";
const WRONG_PASSWORD = "Wr0ng!secret";
const NEW_PASSWORD = "N3w!loggedsecret";
const SECRET_EMAIL = "params-must-not-log@example.com";
const SECRET_HASH = "$argon2id$v=19$m=7168,t=5,p=1$c2VjcmV0c2FsdA$bm90LWluLXRoZS1sb2c";

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logStream: { write: (line: string) => void lines.push(line) },
    // A query that fails after its parameters (an email, a password hash) were bound, as a real one might.
    setup: (app) => {
      const testApi = declareApi("test", {
        dbError: {
          method: "POST",
          path: "/test/db-error",
          access: { public: true },
          responses: { 200: z.object({ ok: z.boolean() }) },
        },
      });
      void app.register(
        async (api: ZodApp) =>
          register(api, testApi.dbError, async () => {
            await t.db.execute(sql`select ${SECRET_EMAIL}::text as email, ${SECRET_HASH}::text as hash, 1 / 0 as boom`);
            return { ok: true };
          }),
        { prefix: "/api" },
      );
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const post = async (path: string, payload: Record<string, unknown>, token?: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: path,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res;
};

/** The value appears in the log text (codes only as a whole number, not inside a longer one). */
const appears = (text: string, secret: string) =>
  /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text) : text.includes(secret);

test("the log shows the requests but no password, code or token", async () => {
  const signUp = await post("/api/identity/signUp", {
    username: "logme",
    password: PASSWORD,
    email: "logme@example.com",
    firstName: "Log",
    lastName: "Me",
  });
  expect(signUp.statusCode).toBe(200);
  const confirmCode = await t.lastCode("logme@example.com");
  expect((await post("/api/identity/confirmSignUp", { username: "logme", code: confirmCode })).statusCode).toBe(200);

  expect((await post("/api/identity/signIn", { username: "logme", password: WRONG_PASSWORD })).statusCode).toBe(400);
  const signIn = await post("/api/identity/signIn", { username: "logme", password: PASSWORD });
  expect(signIn.statusCode).toBe(200);
  const body = signIn.json<TSignInResponse>();
  if (body.result !== "tokens") throw new Error("expected tokens");
  const { idToken, refreshToken } = body.tokens;

  const refreshed = await post("/api/identity/refresh", { refreshToken });
  expect(refreshed.statusCode).toBe(200);
  const renewedIdToken = refreshed.json<TTokens>().idToken;

  // The token in the header, and (as a careless client might) in the query string too.
  const session = await t.app.inject({
    method: "GET",
    url: `/api/userdata?username=logme&token=${renewedIdToken}`,
    headers: { authorization: `Bearer ${renewedIdToken}` },
  });
  expect(session.statusCode).toBe(200);
  const audit = await post(
    "/api/loginAudit",
    { loginDate: new Date().toISOString(), userName: "logme", application: "hub", ipAddress: "unknown" },
    idToken,
  );
  expect(audit.statusCode).toBe(200);

  expect((await post("/api/identity/forgotPassword", { username: "logme" })).statusCode).toBe(200);
  const resetCode = await t.lastCode("logme@example.com");
  const reset = await post("/api/identity/confirmForgotPassword", {
    username: "logme",
    code: resetCode,
    newPassword: NEW_PASSWORD,
  });
  expect(reset.statusCode).toBe(200);
  expect((await post("/api/identity/signOut", { refreshToken })).statusCode).toBe(200);

  const text = lines.join("");
  // The log is really on and saw these requests...
  expect(text).toContain('"msg":"incoming request"');
  expect(text).toContain('"msg":"request completed"');
  for (const path of [
    "/api/identity/signUp",
    "/api/identity/confirmSignUp",
    "/api/identity/signIn",
    "/api/identity/refresh",
    "/api/userdata",
    "/api/identity/confirmForgotPassword",
  ]) {
    expect(text).toContain(`"url":"${path}"`);
  }
  // ...and none of the secrets that travelled in them.
  const secrets = {
    PASSWORD,
    WRONG_PASSWORD,
    NEW_PASSWORD,
    confirmCode,
    resetCode,
    idToken,
    renewedIdToken,
    refreshToken,
  };
  for (const [name, secret] of Object.entries(secrets)) {
    expect(appears(text, secret), `${name} appears in the log`).toBe(false);
  }
  expect(text.toLowerCase()).not.toContain("bearer");
  expect(text).not.toContain("token=");
});

test("a database error is logged with its SQL and PostgreSQL code, not its parameters", async () => {
  const before = lines.length;
  const res = await t.app.inject({ method: "POST", url: "/api/test/db-error" });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ error: "INTERNAL", message: "Something went wrong" });
  const text = lines.slice(before).join("");
  const failed = lines
    .slice(before)
    .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
    .find((line) => line.msg === "request failed");
  // The error is there, with what a person needs to find the fault...
  expect(failed?.err).toMatchObject({
    type: "DrizzleQueryError",
    cause: { code: "22012", message: "division by zero" },
  });
  expect(String(failed?.err?.message)).toContain("Failed query: select $1::text as email");
  expect(String(failed?.err?.stack)).toContain("logging.test.ts");
  // ...and none of the values the query carried, in any field, message or stack.
  expect(text).not.toContain(SECRET_EMAIL);
  expect(text).not.toContain(SECRET_HASH);
  expect(text).not.toContain("params");
});
