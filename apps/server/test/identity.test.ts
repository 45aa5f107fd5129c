import {
  GENERATED_USER_TYPE_ID,
  MESSAGES,
  type TErrorResponse,
  type TSignInResponse,
  type TTokens,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addressDelayMs, LOGIN_LIMITS } from "../src/modules/identity/builtin-pool";
import { ARGON2_OPTIONS } from "../src/modules/identity/password";
import { createTestApp, DEMO_PASSWORD, hubUser, signedUpHubUser, type TestApp } from "./helpers/test-app";

const PASSWORD = "Str0ng!pass";
const NEW_PASSWORD = "N3w!password";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Payload = Record<string, unknown>;
const post = (path: string, payload: Payload, remoteAddress?: string) =>
  t.app.inject({ method: "POST", url: `/api/identity/${path}`, payload, ...(remoteAddress ? { remoteAddress } : {}) });

const signUp = (username: string, email = `${username.toLowerCase()}@example.com`, password = PASSWORD) =>
  post("signUp", { username, password, email, firstName: "Test", lastName: "Person" });

/** A code of six digits that is not this one. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

const expectError = (res: { statusCode: number; json: <T>() => T }, status: number, error: TErrorResponse["error"]) => {
  expect(res.statusCode).toBe(status);
  const body = res.json<TErrorResponse>();
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe("string");
  return body;
};

/** Signs up and confirms a user; answers its email. */
const register = async (username: string, email = `${username.toLowerCase()}@example.com`, password = PASSWORD) => {
  expect((await signUp(username, email, password)).statusCode).toBe(200);
  const res = await post("confirmSignUp", { username, code: await t.lastCode(email) });
  expect(res.statusCode).toBe(200);
  return email;
};

const signIn = (username: string, password: string, remoteAddress?: string) =>
  post("signIn", { username, password }, remoteAddress);

const tokensOf = (res: { statusCode: number; json: <T>() => T }): TTokens => {
  expect(res.statusCode).toBe(200);
  const body = res.json<TSignInResponse>();
  if (body.result !== "tokens") throw new Error(`expected tokens, got ${body.result}`);
  return body.tokens;
};

const userdata = (username: string, token: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/userdata?username=${encodeURIComponent(username)}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe("sign-up validation", () => {
  test("missing fields answer 400 VALIDATION naming every field", async () => {
    const res = await post("signUp", {});
    const body = expectError(res, 400, "VALIDATION");
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(["email", "firstName", "lastName", "password", "username"]);
    expect(body.fields).toEqual({
      username: "Username is required",
      password: "Password is required",
      email: "Email is required",
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    const signIn = expectError(await post("signIn", {}), 400, "VALIDATION");
    expect(signIn.fields).toEqual({ username: "Username is required", password: "Please enter your password" });
  });

  test("empty username and password get the spec's messages", async () => {
    const res = await post("signIn", { username: " ", password: "" });
    const body = expectError(res, 400, "VALIDATION");
    expect(body.fields).toEqual({ username: MESSAGES.usernameRequired, password: MESSAGES.passwordRequired });
  });

  test("a bad email, a weak password and a bad username each get a message a person can act on", async () => {
    const res = await post("signUp", {
      username: "two words",
      password: "password",
      email: "not-an-email",
      firstName: "A",
      lastName: "B",
    });
    const body = expectError(res, 400, "VALIDATION");
    expect(body.fields?.email).toBe("Enter a valid email address");
    expect(body.fields?.password).toBe("Password needs: an uppercase letter, a number, a symbol (such as ! @ # $)");
    expect(body.fields?.username).toBe("Use letters, numbers and . _ - @ only");
    expect(body.message).toBe("username: Use letters, numbers and . _ - @ only");
    expect(await hubUser(t.db, "two words")).toBeUndefined();
  });

  test("a short password lists what it lacks", async () => {
    const res = await signUp("shorty", "shorty@example.com", "Ab1!");
    expect(expectError(res, 400, "VALIDATION").fields?.password).toBe("Password needs: at least 8 characters");
  });

  test("a code that is not 6 digits is refused before it is checked", async () => {
    const res = await post("confirmSignUp", { username: "anyone", code: "12ab" });
    expect(expectError(res, 400, "VALIDATION").fields?.code).toBe("The code is the 6 digits from the email");
  });
});

describe("sign-up and confirmation", () => {
  test("the confirmation email carries a 6-digit code; a wrong code is refused; the right one creates the Hub user of spec 3", async () => {
    const res = await signUp("new.user", "New.User@Example.com");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userConfirmed: false,
      codeDelivery: { destination: "n***@e***.com", deliveryMedium: "EMAIL" },
    });

    const mails = (await t.mailbox()).filter((m) => m.to === "new.user@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Your Hub confirmation code");
    expect(mails[0]?.text).toMatch(/Your Hub confirmation code is \d{6}\b/);
    const code = await t.lastCode("new.user@example.com");

    // Nothing exists on the Hub side until the email is confirmed.
    expect(await hubUser(t.db, "new.user")).toBeUndefined();

    const wrong = await post("confirmSignUp", { username: "new.user", code: otherCode(code) });
    expect(expectError(wrong, 400, "CodeMismatchException").fields?.code).toBeDefined();
    expect(await hubUser(t.db, "new.user")).toBeUndefined();

    const ok = await post("confirmSignUp", { username: "new.user", code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });

    const user = await hubUser(t.db, "new.user");
    expect(user).toMatchObject(
      signedUpHubUser({ userName: "new.user", email: "new.user@example.com", firstName: "Test", lastName: "Person" }),
    );
    expect(GENERATED_USER_TYPE_ID).toBe(5);

    const [identity] = await t.db
      .select()
      .from(schema.identityUsers)
      .where(eq(schema.identityUsers.username, "new.user"));
    expect(identity).toMatchObject({ status: "CONFIRMED", emailVerified: true });
    expect(identity?.passwordHash).toMatch(/^\$argon2id\$/);

    // Confirming twice is refused, and creates nothing more.
    expectError(await post("confirmSignUp", { username: "new.user", code }), 400, "NotAuthorizedException");
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.users)
      .where(eq(schema.users.userName, "new.user"));
    expect(count?.n).toBe(1);

    // The new user signs in and loads a session of a client-type user.
    const tokens = tokensOf(await signIn("new.user", PASSWORD));
    const session = await userdata("new.user", tokens.idToken);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      user: { userName: "new.user", userType: "client", clientId: null },
      sessionClient: null,
    });
  });

  test("sign-in before confirming: a wrong password is NotAuthorized, the right one UserNotConfirmed", async () => {
    expect((await signUp("unconfirmed")).statusCode).toBe(200);
    expect(expectError(await signIn("unconfirmed", "Wr0ng!pass"), 400, "NotAuthorizedException").message).toBe(
      "Incorrect username or password.",
    );
    expectError(await signIn("unconfirmed", PASSWORD), 400, "UserNotConfirmedException");
    expect(await hubUser(t.db, "unconfirmed")).toBeUndefined();
  });

  test("resending the code sends a new one and the old one stops working", async () => {
    expect((await signUp("resender")).statusCode).toBe(200);
    const oldCode = await t.lastCode("resender@example.com");
    let newCode = oldCode;
    // A fresh code is random: ask again in the unlikely case it repeats the old one.
    for (let i = 0; i < 3 && newCode === oldCode; i++) {
      const res = await post("resendConfirmationCode", { username: "resender" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ destination: "r***@e***.com", deliveryMedium: "EMAIL" });
      newCode = await t.lastCode("resender@example.com");
    }
    expect(newCode).not.toBe(oldCode);
    expect((await t.mailbox()).filter((m) => m.to === "resender@example.com").length).toBeGreaterThanOrEqual(2);

    expectError(await post("confirmSignUp", { username: "resender", code: oldCode }), 400, "CodeMismatchException");
    expect((await post("confirmSignUp", { username: "resender", code: newCode })).statusCode).toBe(200);

    // Once confirmed, there is nothing to resend; an unknown user has no code at all.
    expectError(await post("resendConfirmationCode", { username: "resender" }), 400, "InvalidParameterException");
    expectError(await post("resendConfirmationCode", { username: "nobody-here" }), 400, "UserNotFoundException");
  });

  test("a code dies after five wrong attempts, even for the right code", async () => {
    expect((await signUp("guesser")).statusCode).toBe(200);
    const code = await t.lastCode("guesser@example.com");
    for (let i = 0; i < 5; i++) {
      expectError(
        await post("confirmSignUp", { username: "guesser", code: otherCode(code) }),
        400,
        "CodeMismatchException",
      );
    }
    expectError(await post("confirmSignUp", { username: "guesser", code }), 400, "ExpiredCodeException");
    expect(await hubUser(t.db, "guesser")).toBeUndefined();
  });

  test("a taken username (in any case) and a confirmed email cannot sign up again", async () => {
    await register("Taken.Name");
    const sameName = await signUp("TAKEN.name", "other@example.com");
    expect(expectError(sameName, 400, "UsernameExistsException").fields?.username).toBeDefined();
    const sameEmail = await signUp("someone.else", "CLIENT@demo.hub.test");
    expect(expectError(sameEmail, 400, "AliasExistsException").fields?.email).toBeDefined();
  });

  test("usernames are case-insensitive: confirm, sign in and load the session in any case", async () => {
    expect((await signUp("MixedCase", "mixed@example.com")).statusCode).toBe(200);
    expect(
      (await post("confirmSignUp", { username: "mixedcase", code: await t.lastCode("mixed@example.com") })).statusCode,
    ).toBe(200);
    const tokens = tokensOf(await signIn("MIXEDCASE", PASSWORD));
    const session = await userdata("mixedCASE", tokens.idToken);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { userName: "MixedCase" } });
    tokensOf(await signIn("admin", DEMO_PASSWORD));
    tokensOf(await signIn("Admin", DEMO_PASSWORD));
  });

  test("an invited email registers into the inviting client, not as its admin, and the invitation is marked registered", async () => {
    const [northwind] = await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, "northwind"));
    if (!northwind) throw new Error("demo client northwind missing");
    const [invitation] = await t.db
      .insert(schema.pendingUsers)
      .values({ email: "invitee@brand.test", firstName: "Ivy", clientId: northwind.clientId })
      .returning();
    if (!invitation) throw new Error("invitation insert failed");

    await register("invitee", "Invitee@Brand.test");

    expect(await hubUser(t.db, "invitee")).toMatchObject({
      clientId: northwind.clientId,
      defaultSite: "northwind",
      allowedSites: ["northwind"],
      isClientAdmin: false,
      typeId: GENERATED_USER_TYPE_ID,
    });
    const [after] = await t.db.select().from(schema.pendingUsers).where(eq(schema.pendingUsers.id, invitation.id));
    expect(after?.registered).toBe(true);

    const tokens = tokensOf(await signIn("invitee", PASSWORD));
    const session = await userdata("invitee", tokens.idToken);
    expect(session.json()).toMatchObject({
      user: {
        clientId: northwind.clientId,
        defaultSite: "northwind",
        isClientAdmin: false,
        subscriptionName: "Professional",
      },
      sessionClient: { clientId: northwind.clientId, clientName: "Northwind Apparel", siteName: "northwind" },
    });
  });
});

describe("sign-in", () => {
  test("a wrong password and an unknown user get the same NotAuthorized answer", async () => {
    const wrong = expectError(await signIn("client", "Wr0ng!pass"), 400, "NotAuthorizedException");
    const unknown = expectError(await signIn("no-such-user", "Wr0ng!pass"), 400, "NotAuthorizedException");
    expect(wrong.message).toBe("Incorrect username or password.");
    expect(unknown).toEqual(wrong);
  });

  test(`after ${LOGIN_LIMITS.perUser} failures for one user the next attempt is 429 LimitExceeded, even with the right password`, async () => {
    await register("lockme");
    const address = "198.51.100.10";
    for (let i = 0; i < LOGIN_LIMITS.perUser; i++) {
      expectError(await signIn("lockme", `Wr0ng!pass${i}`, address), 400, "NotAuthorizedException");
    }
    // Counted per user, whatever the case of the name and wherever the attempt comes from.
    expectError(await signIn("LockMe", PASSWORD, address), 429, "LimitExceededException");
    expectError(await signIn("lockme", PASSWORD, "198.51.100.11"), 429, "LimitExceededException");
    // Other users are not affected.
    tokensOf(await signIn("client2", DEMO_PASSWORD, address));
  });

  test("parallel guesses do not get past the per-user limit", async () => {
    await register("raced");
    const address = "198.51.100.30";
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn("raced", `Wr0ng!guess${i}`, address)),
    );
    let checked = guesses.filter((res) => res.statusCode === 400).length;
    const refused = guesses.filter((res) => res.statusCode === 429);
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.perUser);
    expect(checked + refused.length).toBe(guesses.length);
    for (const res of refused) expectError(res, 429, "LimitExceededException");
    // Refused attempts do not count; one by one, the guesses that were checked and the ones that
    // still are add up to exactly the limit, and then even the right password is refused.
    for (let i = 0; i < LOGIN_LIMITS.perUser + 1; i++) {
      const res = await signIn("raced", `Wr0ng!again${i}`, address);
      if (res.statusCode === 429) break;
      expectError(res, 400, "NotAuthorizedException");
      checked++;
    }
    expect(checked).toBe(LOGIN_LIMITS.perUser);
    expectError(await signIn("raced", PASSWORD, address), 429, "LimitExceededException");
  });

  test(`past ${LOGIN_LIMITS.perAddress} failures from one address, attempts from it are slowed, never refused: a right password still signs in`, async () => {
    // One office behind NAT: many people mistyping, or someone spraying guesses over many users.
    const address = "198.51.100.20";
    const attempts = Array.from({ length: LOGIN_LIMITS.perAddress }, (_, i) =>
      signIn(`ghost-${i}`, "Wr0ng!pass", address),
    );
    for (const res of await Promise.all(attempts)) expectError(res, 400, "NotAuthorizedException");
    // Wrong passwords for real users past the threshold: still checked (400, not 429), each a little slower.
    await register("neighbour");
    for (const [i, username] of ["client", "neighbour"].entries()) {
      const started = performance.now();
      expectError(await signIn(username, "Wr0ng!pass", address), 400, "NotAuthorizedException");
      expect(performance.now() - started).toBeGreaterThanOrEqual(addressDelayMs(LOGIN_LIMITS.perAddress + i + 1) - 5);
    }
    // A user the per-user limit has not locked signs in from that address, after the same wait.
    const started = performance.now();
    tokensOf(await signIn("designer", DEMO_PASSWORD, address));
    expect(performance.now() - started).toBeGreaterThanOrEqual(addressDelayMs(LOGIN_LIMITS.perAddress + 3) - 5);
    tokensOf(await signIn("neighbour", PASSWORD, address));
    // Other addresses are not slowed.
    tokensOf(await signIn("designer", DEMO_PASSWORD, "198.51.100.21"));
    // The per-user wall still stands behind the busy address.
    for (let i = 0; i < LOGIN_LIMITS.perUser - 1; i++) {
      expectError(await signIn("neighbour", `Wr0ng!pass${i}`, address), 400, "NotAuthorizedException");
    }
    expectError(await signIn("neighbour", PASSWORD, address), 429, "LimitExceededException");
  }, 60_000);

  test("the address brake grows with the failures over the threshold, up to its ceiling", () => {
    expect(addressDelayMs(0)).toBe(0);
    expect(addressDelayMs(LOGIN_LIMITS.perAddress)).toBe(0);
    expect(addressDelayMs(LOGIN_LIMITS.perAddress + 1)).toBe(LOGIN_LIMITS.addressDelayMs);
    expect(addressDelayMs(LOGIN_LIMITS.perAddress + 3)).toBe(3 * LOGIN_LIMITS.addressDelayMs);
    expect(addressDelayMs(LOGIN_LIMITS.perAddress + 10_000)).toBe(LOGIN_LIMITS.addressDelayMaxMs);
  });

  test("right passwords never count against the limit, however many sign-ins there are", async () => {
    await register("regular");
    const address = "198.51.100.40";
    for (let i = 0; i < LOGIN_LIMITS.perUser * 2; i++) tokensOf(await signIn("regular", PASSWORD, address));
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.identityLoginFailures)
      .where(sql`${schema.identityLoginFailures.key} in ('user:regular', ${`ip:${address}`})`);
    expect(left?.n).toBe(0);
  });

  test("a password hashed with earlier argon2 settings still signs in, and is then stored with the current ones", async () => {
    await register("oldhash");
    const old = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await t.db
      .update(schema.identityUsers)
      .set({ passwordHash: old })
      .where(eq(schema.identityUsers.username, "oldhash"));
    tokensOf(await signIn("oldhash", PASSWORD));
    const [row] = await t.db
      .select({ passwordHash: schema.identityUsers.passwordHash })
      .from(schema.identityUsers)
      .where(eq(schema.identityUsers.username, "oldhash"));
    expect(row?.passwordHash).not.toBe(old);
    expect(
      row?.passwordHash.startsWith(`$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=1$`),
    ).toBe(true);
    tokensOf(await signIn("oldhash", PASSWORD));
    expectError(await signIn("oldhash", "Wr0ng!pass"), 400, "NotAuthorizedException");
  });

  test("a disabled Hub user cannot sign in, and its open session stops working", async () => {
    await register("leaver");
    const tokens = tokensOf(await signIn("leaver", PASSWORD));
    expect((await userdata("leaver", tokens.idToken)).statusCode).toBe(200);
    await t.db.update(schema.users).set({ available: false }).where(eq(schema.users.userName, "leaver"));
    expect(expectError(await signIn("leaver", PASSWORD), 400, "NotAuthorizedException").message).toBe(
      "User is disabled.",
    );
    expect((await userdata("leaver", tokens.idToken)).statusCode).toBe(401);
  });
});

describe("tokens and sessions", () => {
  test("sign-in returns tokens; refresh gives a working ID token; sign-out revokes the session and only that one", async () => {
    const tokens = tokensOf(await signIn("admin", DEMO_PASSWORD));
    expect(tokens.idToken.split(".")).toHaveLength(3);
    expect(tokens.refreshToken.length).toBeGreaterThanOrEqual(32);
    expect(tokens.expiresIn).toBe(t.config.idTokenTtlSeconds);
    const other = tokensOf(await signIn("admin", DEMO_PASSWORD));

    expect((await userdata("admin", tokens.idToken)).statusCode).toBe(200);

    const refreshed = await post("refresh", { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.json<TTokens>();
    expect(renewed.refreshToken).toBe(tokens.refreshToken);
    expect((await userdata("admin", renewed.idToken)).statusCode).toBe(200);

    expectError(await post("refresh", { refreshToken: "not-a-refresh-token" }), 400, "NotAuthorizedException");

    const out = await post("signOut", { refreshToken: tokens.refreshToken });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });

    const after = await userdata("admin", tokens.idToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: "UNAUTHENTICATED", message: MESSAGES.notAuthenticated });
    expect((await userdata("admin", renewed.idToken)).statusCode).toBe(401);
    expect(
      expectError(await post("refresh", { refreshToken: tokens.refreshToken }), 400, "NotAuthorizedException").message,
    ).toBe("Refresh Token has been revoked");

    // The same user's other session is untouched.
    expect((await userdata("admin", other.idToken)).statusCode).toBe(200);
  });

  test("a session past its expiry no longer signs requests in, though its ID token is still within its lifetime", async () => {
    const tokens = tokensOf(await signIn("admin", DEMO_PASSWORD));
    expect((await userdata("admin", tokens.idToken)).statusCode).toBe(200);
    const sid = JSON.parse(Buffer.from(tokens.idToken.split(".")[1] ?? "", "base64url").toString()).sid as string;
    await t.db
      .update(schema.identitySessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.identitySessions.id, sid));
    expect((await userdata("admin", tokens.idToken)).statusCode).toBe(401);
    await t.db
      .update(schema.identitySessions)
      .set({ expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(schema.identitySessions.id, sid));
    expect((await userdata("admin", tokens.idToken)).statusCode).toBe(200);
  });
});

describe("forgotten password", () => {
  test("the emailed code sets a new password; the old one stops working and every open session ends", async () => {
    const email = await register("forgetful");
    const session = tokensOf(await signIn("forgetful", PASSWORD));
    expect((await userdata("forgetful", session.idToken)).statusCode).toBe(200);

    const asked = await post("forgotPassword", { username: "Forgetful" });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ destination: "f***@e***.com", deliveryMedium: "EMAIL" });
    const mail = (await t.mailbox()).filter((m) => m.to === email).at(-1);
    expect(mail?.subject).toBe("Reset your Hub password");
    const code = await t.lastCode(email);

    expectError(
      await post("confirmForgotPassword", { username: "forgetful", code: otherCode(code), newPassword: NEW_PASSWORD }),
      400,
      "CodeMismatchException",
    );
    const weak = await post("confirmForgotPassword", { username: "forgetful", code, newPassword: "weak" });
    expect(expectError(weak, 400, "VALIDATION").fields?.newPassword).toMatch(/^Password needs: /);

    const done = await post("confirmForgotPassword", { username: "forgetful", code, newPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    expect((await userdata("forgetful", session.idToken)).statusCode).toBe(401);
    expectError(await post("refresh", { refreshToken: session.refreshToken }), 400, "NotAuthorizedException");
    expectError(await signIn("forgetful", PASSWORD), 400, "NotAuthorizedException");
    const fresh = tokensOf(await signIn("forgetful", NEW_PASSWORD));
    expect((await userdata("forgetful", fresh.idToken)).statusCode).toBe(200);

    // A code works once.
    expectError(
      await post("confirmForgotPassword", { username: "forgetful", code, newPassword: "An0ther!pass" }),
      400,
      "ExpiredCodeException",
    );
  });

  test("an unknown user gets the same answer and no email", async () => {
    const before = (await t.mailbox()).length;
    const res = await post("forgotPassword", { username: "nobody-at-all" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deliveryMedium: "EMAIL" });
    expect((await t.mailbox()).length).toBe(before);
  });
});

describe("admin-created users", () => {
  test("the first sign-in asks for a new password; completing it returns tokens and the new password works", async () => {
    const temporaryPassword = "Temp!pass1";
    await t.app.identity.adminCreateUser({
      username: "Made.By.Admin",
      email: "Made.By.Admin@Example.com",
      firstName: "Made",
      lastName: "Admin",
      temporaryPassword,
    });
    const [identity] = await t.db
      .select()
      .from(schema.identityUsers)
      .where(eq(schema.identityUsers.username, "Made.By.Admin"));
    expect(identity).toMatchObject({
      status: "FORCE_CHANGE_PASSWORD",
      email: "made.by.admin@example.com",
      emailVerified: true,
    });

    const first = await signIn("made.by.admin", temporaryPassword);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: "newPasswordRequired" });

    const complete = (temp: string, newPassword: string) =>
      post("completeNewPassword", { username: "made.by.admin", temporaryPassword: temp, newPassword });
    expectError(await complete("Wr0ng!temp", NEW_PASSWORD), 400, "NotAuthorizedException");
    expectError(await complete(temporaryPassword, temporaryPassword), 400, "InvalidParameterException");
    expect(
      expectError(await complete(temporaryPassword, "short"), 400, "VALIDATION").fields?.newPassword,
    ).toBeDefined();

    const done = await complete(temporaryPassword, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    const tokens = done.json<TTokens>();
    expect(tokens.idToken.split(".")).toHaveLength(3);
    expect(tokens.refreshToken).toBeTruthy();

    tokensOf(await signIn("Made.By.Admin", NEW_PASSWORD));
    expectError(await signIn("made.by.admin", temporaryPassword), 400, "NotAuthorizedException");
    expectError(await complete(NEW_PASSWORD, "Th1rd!password"), 400, "NotAuthorizedException");
  });

  test("an admin cannot create a user whose name is taken", async () => {
    await expect(
      t.app.identity.adminCreateUser({
        username: "CLIENT",
        email: "x@example.com",
        firstName: "X",
        lastName: "Y",
        temporaryPassword: "Temp!pass1",
      }),
    ).rejects.toMatchObject({ code: "UsernameExistsException" });
  });
});

describe("brand sign-up (issue 3: /auth/subscription)", () => {
  const planId = async (name: string) => {
    const [plan] = await t.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.name, name));
    if (!plan) throw new Error(`plan ${name} missing`);
    return plan.subscriptionId;
  };
  const brandSignUp = (username: string, brand: Payload) =>
    post("signUp", {
      username,
      password: PASSWORD,
      email: `${username}@brand.test`,
      firstName: "Bree",
      lastName: "Brand",
      brand,
    });

  test("sign-up then confirmation creates the client on its plan, with the person as its client admin", async () => {
    const professional = await planId("Professional");
    const res = await brandSignUp("breebrand", {
      clientName: "  Acme Outfitters ",
      siteName: "acme-outfitters",
      subscriptionId: professional,
    });
    expect(res.statusCode).toBe(200);
    // Nothing exists before the code is confirmed; the request waits with the identity user.
    expect(await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, "acme-outfitters"))).toEqual([]);
    const [pending] = await t.db
      .select()
      .from(schema.identityUsers)
      .where(eq(schema.identityUsers.username, "breebrand"));
    expect(pending?.pendingBrand).toEqual({
      clientName: "Acme Outfitters",
      siteName: "acme-outfitters",
      subscriptionId: professional,
    });

    const confirm = await post("confirmSignUp", {
      username: "breebrand",
      code: await t.lastCode("breebrand@brand.test"),
    });
    expect(confirm.statusCode).toBe(200);

    const [client] = await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, "acme-outfitters"));
    expect(client).toMatchObject({
      clientName: "Acme Outfitters",
      subscriptionId: professional,
      factoryId: null,
      active: true,
    });
    if (!client) throw new Error("client missing");
    expect(await hubUser(t.db, "breebrand")).toMatchObject({
      clientId: client.clientId,
      defaultSite: "acme-outfitters",
      allowedSites: ["acme-outfitters"],
      isClientAdmin: true,
      isInternalAdmin: false,
      typeId: GENERATED_USER_TYPE_ID,
    });
    const [confirmed] = await t.db
      .select()
      .from(schema.identityUsers)
      .where(eq(schema.identityUsers.username, "breebrand"));
    expect(confirmed).toMatchObject({ status: "CONFIRMED", pendingBrand: null });
    const audits = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "client.signup"));
    expect(audits).toContainEqual(
      expect.objectContaining({ actorUserName: "breebrand", subject: `client:${client.clientId}` }),
    );

    const tokens = tokensOf(await signIn("breebrand", PASSWORD));
    const session = await userdata("breebrand", tokens.idToken);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      user: {
        clientId: client.clientId,
        defaultSite: "acme-outfitters",
        isClientAdmin: true,
        subscriptionName: "Professional",
      },
      sessionClient: {
        clientId: client.clientId,
        clientName: "Acme Outfitters",
        siteName: "acme-outfitters",
        subscriptionId: professional,
      },
    });
  });

  test("a site name already used (in any case) is refused at sign-up under the field, and nothing is kept", async () => {
    const basic = await planId("Basic");
    const res = await brandSignUp("dupsite", {
      clientName: "Another Northwind",
      siteName: "northwind",
      subscriptionId: basic,
    });
    const body = expectError(res, 409, "CONFLICT");
    expect(body.fields).toEqual({ "brand.siteName": "This site name is already used by another client" });
    expect(await t.db.select().from(schema.identityUsers).where(eq(schema.identityUsers.username, "dupsite"))).toEqual(
      [],
    );

    // Site names follow the client form's rules: uppercase is refused by the contract itself.
    const upper = expectError(
      await brandSignUp("dupsite", { clientName: "N", siteName: "NorthWind", subscriptionId: basic }),
      400,
      "VALIDATION",
    );
    expect(upper.fields?.["brand.siteName"]).toBe("Site name may hold only lowercase letters, digits and hyphens");
  });

  test("a plan that does not exist is refused", async () => {
    const body = expectError(
      await brandSignUp("badplan", { clientName: "Ghost Co", siteName: "ghost-co", subscriptionId: 999_999 }),
      400,
      "BAD_REQUEST",
    );
    expect(body.fields).toEqual({ "brand.subscriptionId": "Choose one of the plans" });
    expect(await t.db.select().from(schema.identityUsers).where(eq(schema.identityUsers.username, "badplan"))).toEqual(
      [],
    );
  });

  test("a site name taken before confirmation fails it with 409 and writes nothing; the code still works once it is free", async () => {
    const basic = await planId("Basic");
    expect(
      (await brandSignUp("racer", { clientName: "Racer", siteName: "race-site", subscriptionId: basic })).statusCode,
    ).toBe(200);
    const [rival] = await t.db
      .insert(schema.clients)
      .values({ clientName: "Rival", siteName: "Race-Site", subscriptionId: basic })
      .returning();
    if (!rival) throw new Error("rival insert failed");
    const code = await t.lastCode("racer@brand.test");

    const body = expectError(await post("confirmSignUp", { username: "racer", code }), 409, "CONFLICT");
    expect(body.fields?.["brand.siteName"]).toMatch(/taken/);
    expect(await hubUser(t.db, "racer")).toBeUndefined();
    const [still] = await t.db.select().from(schema.identityUsers).where(eq(schema.identityUsers.username, "racer"));
    expect(still).toMatchObject({ status: "UNCONFIRMED", pendingBrand: { siteName: "race-site" } });
    expect(
      await t.db.select().from(schema.clients).where(sql`lower(${schema.clients.siteName}) = 'race-site'`),
    ).toHaveLength(1);

    await t.db.delete(schema.clients).where(eq(schema.clients.clientId, rival.clientId));
    expect((await post("confirmSignUp", { username: "racer", code })).statusCode).toBe(200);
    expect(await hubUser(t.db, "racer")).toMatchObject({ defaultSite: "race-site", isClientAdmin: true });
  });

  test("a brand sign-up ignores an invitation to the same email; a plain sign-up is unchanged", async () => {
    const [northwind] = await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, "northwind"));
    if (!northwind) throw new Error("demo client northwind missing");
    await t.db
      .insert(schema.pendingUsers)
      .values({ email: "invbrand@brand.test", firstName: "Ina", clientId: northwind.clientId });
    expect(
      (
        await brandSignUp("invbrand", {
          clientName: "Own Brand",
          siteName: "own-brand",
          subscriptionId: await planId("Basic"),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post("confirmSignUp", { username: "invbrand", code: await t.lastCode("invbrand@brand.test") })).statusCode,
    ).toBe(200);
    const user = await hubUser(t.db, "invbrand");
    expect(user).toMatchObject({ defaultSite: "own-brand", isClientAdmin: true });
    expect(user?.clientId).not.toBe(northwind.clientId);

    await register("plainperson");
    expect(await hubUser(t.db, "plainperson")).toMatchObject({
      clientId: null,
      defaultSite: null,
      allowedSites: [],
      isClientAdmin: false,
    });
  });
});
