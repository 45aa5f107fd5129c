import {
  GENERATED_USER_TYPE_ID,
  MESSAGES,
  type TErrorResponse,
  type TSignInResponse,
  type TTokens,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HUB_BRAND_ATTRIBUTE } from "../src/modules/identity/cognito-pool";
import { loadConfig } from "../src/platform/config";
import { createTestApp, hubUser, signedUpHubUser, type TestApp } from "./helpers/test-app";
import { type CognitoStandIn, startCognitoStandIn } from "./stand-ins/cognito";

const PASSWORD = "Str0ng!pass";
const NEW_PASSWORD = "N3w!password";
const POOL_ID = "us-east-1_HubStandIn";
const SECRET_CLIENT = "hubwebclientwithsecret";
const CLIENT_SECRET = "standin-client-secret-0123456789";
const PUBLIC_CLIENT = "hubwebpublicclient";

// The Admin* calls are signed with SigV4; the SDK's default credential chain reads these.
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
let cognito: CognitoStandIn;
let t: TestApp;

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID = "AKIASTANDIN";
  process.env.AWS_SECRET_ACCESS_KEY = "standin-secret-access-key";
  cognito = await startCognitoStandIn({
    userPoolId: POOL_ID,
    clients: { [SECRET_CLIENT]: CLIENT_SECRET, [PUBLIC_CLIENT]: null },
    // A stricter pool than the Hub's own check (8), so that Cognito's refusal can be seen.
    minPasswordLength: 10,
  });
  // The configuration path: the same variables an installation sets.
  const { cognito: settings } = loadConfig({
    COGNITO_USER_POOL_ID: POOL_ID,
    COGNITO_CLIENT_ID: SECRET_CLIENT,
    COGNITO_CLIENT_SECRET: CLIENT_SECRET,
    COGNITO_ENDPOINT: cognito.url,
  });
  t = await createTestApp({ config: { cognito: settings } });
});
afterAll(async () => {
  await t?.close();
  await cognito?.close();
  if (savedEnv.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  else process.env.AWS_ACCESS_KEY_ID = savedEnv.id;
  if (savedEnv.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  else process.env.AWS_SECRET_ACCESS_KEY = savedEnv.secret;
});

type Payload = Record<string, unknown>;
type Res = { statusCode: number; body: string; json: <T>() => T };
const post = (path: string, payload: Payload, app = t) =>
  app.app.inject({ method: "POST", url: `/api/identity/${path}`, payload });
const signUp = (username: string, extra: Payload = {}, app = t) =>
  post(
    "signUp",
    {
      username,
      password: PASSWORD,
      email: `${username.toLowerCase()}@example.com`,
      firstName: "Test",
      lastName: "Person",
      ...extra,
    },
    app,
  );
const signIn = (username: string, password: string, app = t) => post("signIn", { username, password }, app);
const userdata = (username: string, token: string, app = t) =>
  app.app.inject({
    method: "GET",
    url: `/api/userdata?username=${encodeURIComponent(username)}`,
    headers: { authorization: `Bearer ${token}` },
  });

const expectError = (res: Res, status: number, error: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<TErrorResponse>();
  expect(body.error).toBe(error);
  return body;
};
const tokensOf = (res: Res): TTokens => {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<TSignInResponse>();
  if (body.result !== "tokens") throw new Error(`expected tokens, got ${body.result}`);
  return body.tokens;
};
/** A code of six digits that is not this one. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Signs up and confirms a user with the code the stand-in "sent". */
const register = async (username: string, app = t) => {
  expect((await signUp(username, {}, app)).statusCode).toBe(200);
  const res = await post("confirmSignUp", { username, code: cognito.lastCode(username) }, app);
  expect(res.statusCode, res.body).toBe(200);
};
const callsOf = (operation: string) => cognito.calls.filter((c) => c.operation === operation);

describe("configuration", () => {
  test("COGNITO_USER_POOL_ID picks the Cognito adapter; the region comes from the pool id unless set", async () => {
    expect(loadConfig({}).cognito).toBeNull();
    expect(loadConfig({ COGNITO_USER_POOL_ID: "eu-west-2_AbC123", COGNITO_CLIENT_ID: "client" }).cognito).toEqual({
      userPoolId: "eu-west-2_AbC123",
      clientId: "client",
      clientSecret: null,
      region: "eu-west-2",
      endpoint: null,
    });
    expect(
      loadConfig({ COGNITO_USER_POOL_ID: "eu-west-2_AbC123", COGNITO_CLIENT_ID: "c", COGNITO_REGION: "us-west-1" })
        .cognito?.region,
    ).toBe("us-west-1");
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.json()).toMatchObject({ identity: "cognito" });
  });

  test("a pool id without a client id, a client id without a pool id, and a pool id over 55 characters are refused clearly", () => {
    expect(() => loadConfig({ COGNITO_USER_POOL_ID: "us-east-1_AbC123" })).toThrow(
      "COGNITO_USER_POOL_ID is set but COGNITO_CLIENT_ID is not: set the app client's id too.",
    );
    expect(() => loadConfig({ COGNITO_CLIENT_ID: "client" })).toThrow(
      /COGNITO_CLIENT_ID is set but COGNITO_USER_POOL_ID is not/,
    );
    const long = `us-east-1_${"a".repeat(46)}`;
    expect(long.length).toBe(56);
    expect(() => loadConfig({ COGNITO_USER_POOL_ID: long, COGNITO_CLIENT_ID: "client" })).toThrow(
      "COGNITO_USER_POOL_ID must be at most 55 characters, got 56.",
    );
    expect(() =>
      loadConfig({ COGNITO_USER_POOL_ID: `us-east-1_${"a".repeat(45)}`, COGNITO_CLIENT_ID: "client" }),
    ).not.toThrow();
    expect(() => loadConfig({ COGNITO_USER_POOL_ID: "no-underscore", COGNITO_CLIENT_ID: "client" })).toThrow(
      /must look like/,
    );
  });
});

describe("sign-up and confirmation through Cognito", () => {
  test("the code Cognito sent confirms the user; confirmation creates the Hub user of spec 3, who signs in and loads a session", async () => {
    const res = await signUp("cog.user", { email: "Cog.User@Example.com" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      userConfirmed: false,
      codeDelivery: { destination: "c***@e***.com", deliveryMedium: "EMAIL" },
    });
    const [call] = callsOf("SignUp").filter((c) => c.body.Username === "cog.user");
    expect(call?.body.UserAttributes).toEqual([
      { Name: "email", Value: "cog.user@example.com" },
      { Name: "given_name", Value: "Test" },
      { Name: "family_name", Value: "Person" },
    ]);
    expect(call?.body.SecretHash).toEqual(expect.any(String));
    expect(await hubUser(t.db, "cog.user")).toBeUndefined();

    const code = cognito.lastCode("cog.user");
    const wrong = await post("confirmSignUp", { username: "cog.user", code: otherCode(code) });
    expect(expectError(wrong, 400, "CodeMismatchException").fields?.code).toBeDefined();
    expect(await hubUser(t.db, "cog.user")).toBeUndefined();

    const ok = await post("confirmSignUp", { username: "cog.user", code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(cognito.users.get("cog.user")?.status).toBe("CONFIRMED");
    expect(await hubUser(t.db, "cog.user")).toMatchObject(
      signedUpHubUser({ userName: "cog.user", email: "cog.user@example.com", firstName: "Test", lastName: "Person" }),
    );
    // The attributes were read with a signed AdminGetUser; the public calls are not signed.
    const adminGet = callsOf("AdminGetUser").filter((c) => c.body.Username === "cog.user");
    expect(adminGet.length).toBeGreaterThanOrEqual(1);
    expect(adminGet.every((c) => c.signed && c.body.UserPoolId === POOL_ID)).toBe(true);
    expect(callsOf("ConfirmSignUp").every((c) => !c.signed)).toBe(true);
    // Nothing to clear for a sign-up without a brand.
    expect(callsOf("AdminDeleteUserAttributes").filter((c) => c.body.Username === "cog.user")).toEqual([]);

    expectError(await post("confirmSignUp", { username: "cog.user", code }), 400, "NotAuthorizedException");

    const tokens = tokensOf(await signIn("cog.user", PASSWORD));
    expect(tokens.idToken.split(".")).toHaveLength(3);
    expect(tokens.expiresIn).toBe(3600);
    const session = await userdata("cog.user", tokens.idToken);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({
      user: { userName: "cog.user", userType: "client", clientId: null },
      sessionClient: null,
    });
  });

  test("a wrong password and an unknown user get the same NotAuthorized answer; an unconfirmed user gets UserNotConfirmed", async () => {
    await register("cog.signin");
    const wrong = expectError(await signIn("cog.signin", "Wr0ng!pass"), 400, "NotAuthorizedException");
    expect(wrong.message).toBe("Incorrect username or password.");
    const unknown = expectError(await signIn("cog.nobody", "Wr0ng!pass"), 400, "NotAuthorizedException");
    expect(unknown).toEqual(wrong);

    expect((await signUp("cog.unconfirmed")).statusCode).toBe(200);
    expectError(await signIn("cog.unconfirmed", "Wr0ng!pass"), 400, "NotAuthorizedException");
    expectError(await signIn("cog.unconfirmed", PASSWORD), 400, "UserNotConfirmedException");
    expect(await hubUser(t.db, "cog.unconfirmed")).toBeUndefined();
  });

  test("a taken username (in any case) is UsernameExists", async () => {
    await register("cog.taken");
    expect(expectError(await signUp("COG.taken"), 400, "UsernameExistsException").fields?.username).toBeDefined();
  });

  test("resending sends a new code and the old one stops working; a confirmed or unknown user has nothing to resend", async () => {
    expect((await signUp("cog.resend")).statusCode).toBe(200);
    const oldCode = cognito.lastCode("cog.resend");
    let newCode = oldCode;
    for (let i = 0; i < 3 && newCode === oldCode; i++) {
      const res = await post("resendConfirmationCode", { username: "cog.resend" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ destination: "c***@e***.com", deliveryMedium: "EMAIL" });
      newCode = cognito.lastCode("cog.resend");
    }
    expect(newCode).not.toBe(oldCode);
    expectError(await post("confirmSignUp", { username: "cog.resend", code: oldCode }), 400, "CodeMismatchException");
    expect((await post("confirmSignUp", { username: "cog.resend", code: newCode })).statusCode).toBe(200);
    expectError(await post("resendConfirmationCode", { username: "cog.resend" }), 400, "InvalidParameterException");
    expectError(await post("resendConfirmationCode", { username: "cog.nobody.here" }), 400, "UserNotFoundException");
  });
});

describe("passwords", () => {
  test("forgot password: Cognito's code sets a new password; the old one stops working; an unknown user gets the same answer", async () => {
    await register("cog.forgetful");
    const asked = await post("forgotPassword", { username: "cog.forgetful" });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ destination: "c***@e***.com", deliveryMedium: "EMAIL" });
    const code = cognito.lastCode("cog.forgetful", "forgotPassword");

    expectError(
      await post("confirmForgotPassword", {
        username: "cog.forgetful",
        code: otherCode(code),
        newPassword: NEW_PASSWORD,
      }),
      400,
      "CodeMismatchException",
    );
    const done = await post("confirmForgotPassword", { username: "cog.forgetful", code, newPassword: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    expectError(await signIn("cog.forgetful", PASSWORD), 400, "NotAuthorizedException");
    const fresh = tokensOf(await signIn("cog.forgetful", NEW_PASSWORD));
    expect((await userdata("cog.forgetful", fresh.idToken)).statusCode).toBe(200);
    expectError(
      await post("confirmForgotPassword", { username: "cog.forgetful", code, newPassword: "An0ther!pass" }),
      400,
      "ExpiredCodeException",
    );

    const unknown = await post("forgotPassword", { username: "cog.nobody.at.all" });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ destination: "the email address on the account", deliveryMedium: "EMAIL" });
  });

  test("an admin-created user (the Hub emails the password, Cognito sends nothing) must set a new password, and completing it returns working tokens", async () => {
    const temporaryPassword = "Temp!pass1";
    await t.app.identity.adminCreateUser({
      username: "Cog.Made",
      email: "Cog.Made@Example.com",
      firstName: "Made",
      lastName: "Admin",
      temporaryPassword,
    });
    const [create] = callsOf("AdminCreateUser");
    expect(create?.signed).toBe(true);
    expect(create?.body.MessageAction).toBe("SUPPRESS");
    expect(create?.body.UserAttributes).toEqual([
      { Name: "email", Value: "cog.made@example.com" },
      { Name: "email_verified", Value: "true" },
      { Name: "given_name", Value: "Made" },
      { Name: "family_name", Value: "Admin" },
    ]);
    expect(cognito.invitations).not.toContainEqual(expect.objectContaining({ username: "Cog.Made" }));
    expect(cognito.users.get("cog.made")?.status).toBe("FORCE_CHANGE_PASSWORD");
    // As users.service does after adminCreateUser.
    await t.db
      .insert(schema.users)
      .values({ userName: "Cog.Made", email: "cog.made@example.com", firstName: "Made", lastName: "Admin", typeId: 1 });

    const first = await signIn("cog.made", temporaryPassword);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ result: "newPasswordRequired" });

    const complete = (temp: string, newPassword: string) =>
      post("completeNewPassword", { username: "cog.made", temporaryPassword: temp, newPassword });
    expectError(await complete("Wr0ng!temp", NEW_PASSWORD), 400, "NotAuthorizedException");
    expectError(await complete(temporaryPassword, temporaryPassword), 400, "InvalidParameterException");
    const done = await complete(temporaryPassword, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    const tokens = done.json<TTokens>();
    expect((await userdata("Cog.Made", tokens.idToken)).statusCode).toBe(200);
    expect(cognito.users.get("cog.made")?.status).toBe("CONFIRMED");

    tokensOf(await signIn("Cog.Made", NEW_PASSWORD));
    expectError(await signIn("cog.made", temporaryPassword), 400, "NotAuthorizedException");
    expectError(await complete(NEW_PASSWORD, "Th1rd!password"), 400, "NotAuthorizedException");
    await expect(
      t.app.identity.adminCreateUser({
        username: "COG.MADE",
        email: "x@example.com",
        firstName: "X",
        lastName: "Y",
        temporaryPassword,
      }),
    ).rejects.toMatchObject({ code: "UsernameExistsException" });
  });

  test("a user an admin just created can be taken back (when the Hub's record of them fails)", async () => {
    await t.app.identity.adminCreateUser({
      username: "Cog.Undo",
      email: "cog.undo@example.com",
      firstName: "Un",
      lastName: "Do",
      temporaryPassword: "Temp!pass1",
    });
    expect(cognito.users.get("cog.undo")).toBeDefined();
    await t.app.identity.adminDeleteUser("Cog.Undo");
    expect(callsOf("AdminDeleteUser").at(-1)?.signed).toBe(true);
    expect(cognito.users.get("cog.undo")).toBeUndefined();
    expectError(await signIn("cog.undo", "Temp!pass1"), 400, "NotAuthorizedException");
  });

  test("a password the pool's policy refuses answers InvalidParameterException with Cognito's reason", async () => {
    await t.app.identity.adminCreateUser({
      username: "cog.policy",
      email: "cog.policy@example.com",
      firstName: "P",
      lastName: "Q",
      temporaryPassword: "Temp!pass1",
    });
    // Passes the Hub's own check (8+ characters) but not this pool's (10+).
    const res = await post("completeNewPassword", {
      username: "cog.policy",
      temporaryPassword: "Temp!pass1",
      newPassword: "Sh0rt!pw1",
    });
    expect(expectError(res, 400, "InvalidParameterException").message).toBe(
      "Password did not conform with policy: Password not long enough",
    );
    const signUpRes = await post("signUp", {
      username: "cog.short",
      password: "Sh0rt!pw1",
      email: "cog.short@example.com",
      firstName: "S",
      lastName: "P",
    });
    expectError(signUpRes, 400, "InvalidParameterException");
  });
});

describe("tokens", () => {
  test("refresh gives a working ID token and the same refresh token; sign-out revokes the refresh token", async () => {
    await register("cog.tokens");
    const tokens = tokensOf(await signIn("cog.tokens", PASSWORD));
    // With a client secret the Hub wraps Cognito's refresh token with the user name its SECRET_HASH needs.
    expect(tokens.refreshToken.startsWith("hubrt.")).toBe(true);

    const refreshed = await post("refresh", { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const renewed = refreshed.json<TTokens>();
    expect(renewed.refreshToken).toBe(tokens.refreshToken);
    expect(renewed.idToken).not.toBe(tokens.idToken);
    expect((await userdata("cog.tokens", renewed.idToken)).statusCode).toBe(200);
    const refreshCall = callsOf("InitiateAuth")
      .filter((c) => c.body.AuthFlow === "REFRESH_TOKEN_AUTH")
      .at(-1);
    expect((refreshCall?.body.AuthParameters as Record<string, string> | undefined)?.SECRET_HASH).toEqual(
      expect.any(String),
    );

    expectError(await post("refresh", { refreshToken: "not-a-refresh-token" }), 400, "NotAuthorizedException");

    const out = await post("signOut", { refreshToken: tokens.refreshToken });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    const revoke = callsOf("RevokeToken").at(-1);
    expect(revoke?.body.ClientSecret).toBe(CLIENT_SECRET);
    expect(String(revoke?.body.Token).startsWith("hubrt.")).toBe(false);
    expect(
      expectError(await post("refresh", { refreshToken: tokens.refreshToken }), 400, "NotAuthorizedException").message,
    ).toBe("Refresh Token has been revoked");
    // Cognito's ID tokens are verified by signature alone: one issued before sign-out works until it
    // expires (docs/adr/0002-cognito.md). The web app drops it at sign-out.
    expect((await userdata("cog.tokens", renewed.idToken)).statusCode).toBe(200);
  });

  test("tokens signed by another key, for another audience, of another use or of another issuer get 401", async () => {
    await register("cog.forger");
    const good = tokensOf(await signIn("cog.forger", PASSWORD)).idToken;
    expect((await userdata("cog.forger", good)).statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(good.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: cognito.issuer,
      aud: SECRET_CLIENT,
      token_use: "id",
      "cognito:username": "cog.forger",
    });

    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: cognito.kid }).sign(privateKey);
    const otherAudience = await cognito.issueIdToken("cog.forger", { audience: "some-other-client" });
    const otherUse = await cognito.issueIdToken("cog.forger", { audience: SECRET_CLIENT, tokenUse: "access" });
    const otherIssuer = await new SignJWT({
      ...claims,
      iss: "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other",
    })
      .setProtectedHeader({ alg: "RS256", kid: cognito.kid })
      .sign(privateKey);
    // The pool's own key and the Hub's client: accepted, so the refusals below are for the reason named.
    expect(
      (await userdata("cog.forger", await cognito.issueIdToken("cog.forger", { audience: SECRET_CLIENT }))).statusCode,
    ).toBe(200);

    for (const token of [forged, otherAudience, otherUse, otherIssuer, "not.a.token", `${good.slice(0, -4)}AAAA`]) {
      const res = await userdata("cog.forger", token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "UNAUTHENTICATED", message: MESSAGES.notAuthenticated });
    }
  });

  test("a Hub user the Hub disabled cannot sign in, and the session Cognito opened is revoked", async () => {
    await register("cog.leaver");
    const open = tokensOf(await signIn("cog.leaver", PASSWORD));
    expect((await userdata("cog.leaver", open.idToken)).statusCode).toBe(200);
    await t.db.update(schema.users).set({ available: false }).where(eq(schema.users.userName, "cog.leaver"));
    const revokesBefore = callsOf("RevokeToken").length;
    expect(expectError(await signIn("cog.leaver", PASSWORD), 400, "NotAuthorizedException").message).toBe(
      "User is disabled.",
    );
    expect(callsOf("RevokeToken").length).toBe(revokesBefore + 1);
    expect((await userdata("cog.leaver", open.idToken)).statusCode).toBe(401);
  });

  test("a user confirmed in Cognito without a Hub user (made in the console, or confirmation cut short) gets one at sign-in", async () => {
    cognito.users.set("cog.console", {
      username: "cog.console",
      sub: "5f0c7a4e-0000-4000-8000-000000000001",
      password: PASSWORD,
      status: "CONFIRMED",
      enabled: true,
      attributes: { email: "cog.console@example.com", email_verified: "true", given_name: "Con", family_name: "Sole" },
    });
    expect(await hubUser(t.db, "cog.console")).toBeUndefined();
    const tokens = tokensOf(await signIn("cog.console", PASSWORD));
    expect(await hubUser(t.db, "cog.console")).toMatchObject({
      email: "cog.console@example.com",
      firstName: "Con",
      lastName: "Sole",
      typeId: GENERATED_USER_TYPE_ID,
    });
    expect((await userdata("cog.console", tokens.idToken)).statusCode).toBe(200);
  });

  test("the JWKS route answers the pool's keys", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/identity/.well-known/jwks.json" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      keys: [expect.objectContaining({ kid: cognito.kid, kty: "RSA", alg: "RS256" })],
    });
  });
});

describe("brand sign-up (issue 3) through Cognito", () => {
  test("the brand travels as custom:hub_brand; confirmation creates the client and its client admin, then clears it", async () => {
    const [plan] = await t.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.name, "Professional"));
    if (!plan) throw new Error("plan Professional missing");
    const brand = { clientName: "Cog Outfitters", siteName: "cog-outfitters", subscriptionId: plan.subscriptionId };
    const res = await signUp("cog.brand", {
      email: "cog.brand@brand.test",
      brand: { ...brand, clientName: "  Cog Outfitters " },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(cognito.users.get("cog.brand")?.attributes[HUB_BRAND_ATTRIBUTE] ?? "null")).toEqual(brand);
    expect(await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, "cog-outfitters"))).toEqual([]);

    // A taken site name is refused before Cognito sees the sign-up.
    const taken = await signUp("cog.dupsite", { brand: { ...brand, siteName: "northwind" } });
    expectError(taken, 409, "CONFLICT");
    expect(cognito.users.has("cog.dupsite")).toBe(false);

    const confirm = await post("confirmSignUp", { username: "cog.brand", code: cognito.lastCode("cog.brand") });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [client] = await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, "cog-outfitters"));
    expect(client).toMatchObject({
      clientName: "Cog Outfitters",
      subscriptionId: plan.subscriptionId,
      factoryId: null,
      active: true,
    });
    if (!client) throw new Error("client missing");
    expect(await hubUser(t.db, "cog.brand")).toMatchObject({
      clientId: client.clientId,
      defaultSite: "cog-outfitters",
      allowedSites: ["cog-outfitters"],
      isClientAdmin: true,
      typeId: GENERATED_USER_TYPE_ID,
    });
    const audits = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "client.signup"));
    expect(audits).toContainEqual(
      expect.objectContaining({ actorUserName: "cog.brand", subject: `client:${client.clientId}` }),
    );
    // The request is acted on once: the attribute is gone from the Cognito user.
    expect(cognito.users.get("cog.brand")?.attributes).not.toHaveProperty(HUB_BRAND_ATTRIBUTE);
    expect(callsOf("AdminDeleteUserAttributes").at(-1)?.body).toMatchObject({
      Username: "cog.brand",
      UserAttributeNames: [HUB_BRAND_ATTRIBUTE],
    });

    const tokens = tokensOf(await signIn("cog.brand", PASSWORD));
    const session = await userdata("cog.brand", tokens.idToken);
    expect(session.json()).toMatchObject({
      user: {
        clientId: client.clientId,
        defaultSite: "cog-outfitters",
        isClientAdmin: true,
        subscriptionName: "Professional",
      },
      sessionClient: { clientId: client.clientId, siteName: "cog-outfitters" },
    });
  });
});

describe("an app client without a secret", () => {
  test("no SECRET_HASH is sent and Cognito's refresh token is handed out as it is", async () => {
    const { cognito: settings } = loadConfig({
      COGNITO_USER_POOL_ID: POOL_ID,
      COGNITO_CLIENT_ID: PUBLIC_CLIENT,
      COGNITO_ENDPOINT: cognito.url,
    });
    const plain = await createTestApp({ database: t.database, config: { cognito: settings } });
    try {
      const before = cognito.calls.length;
      await register("cog.public", plain);
      const tokens = tokensOf(await signIn("cog.public", PASSWORD, plain));
      expect(tokens.refreshToken.startsWith("hubrt.")).toBe(false);
      expect(await hubUser(t.db, "cog.public")).toMatchObject({ typeId: GENERATED_USER_TYPE_ID });
      const renewed = (await post("refresh", { refreshToken: tokens.refreshToken }, plain)).json<TTokens>();
      expect(renewed.refreshToken).toBe(tokens.refreshToken);
      expect((await userdata("cog.public", renewed.idToken, plain)).statusCode).toBe(200);
      // A token for the other app client is not for this Hub.
      const other = tokensOf(await signIn("cog.user", PASSWORD));
      expect((await userdata("cog.user", other.idToken, plain)).statusCode).toBe(401);
      const mine = cognito.calls.slice(before).filter((c) => c.body.ClientId === PUBLIC_CLIENT);
      expect(mine.map((c) => c.operation)).toEqual(expect.arrayContaining(["SignUp", "ConfirmSignUp", "InitiateAuth"]));
      for (const c of mine) {
        expect(c.body.SecretHash).toBeUndefined();
        expect((c.body.AuthParameters as Record<string, string> | undefined)?.SECRET_HASH).toBeUndefined();
      }
    } finally {
      await plain.app.close();
    }
  });
});
