import { createHash, randomBytes, randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { TCodeDelivery, TIdTokenClaims, TSignUpRequest, TTokens } from "@hub/contracts";
import { ZIdTokenClaimsSchema } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { isDatabaseUnavailable } from "../../platform/db-errors";
import type { Mailer } from "../../platform/mail";
import { poolKeys } from "./builtin-keys";
import { burnVerify, hashPassword, needsRehash, verifyPassword } from "./password";
import { type IdentityProvider, identityError } from "./provider";
import { createVerifiedTokens } from "./verified-tokens";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const ISSUER = "hub-identity";
const AUDIENCE = "hub-web";

/**
 * Failed sign-ins in a window. Per user it is a wall: past `perUser` the user pool refuses every
 * attempt for that user, even the right password. Per address it is a brake, because one address
 * may be a whole office behind NAT: past `perAddress`, every attempt from that address (right or
 * wrong, so the wait tells nothing) waits `addressDelayMs` for each failure over the threshold, up
 * to `addressDelayMaxMs`, before its password is checked, and is then checked as usual.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perUser: 5,
  perAddress: 30,
  addressDelayMs: 200,
  addressDelayMaxMs: 5_000,
} as const;

/** How long an attempt waits, given its address's failures in the window (this attempt included). */
export const addressDelayMs = (failures: number): number =>
  Math.min(
    LOGIN_LIMITS.addressDelayMaxMs,
    Math.max(0, failures - LOGIN_LIMITS.perAddress) * LOGIN_LIMITS.addressDelayMs,
  );
export const CODE_RULES = { signupHours: 24, resetMinutes: 60, maxAttempts: 5 } as const;

/** `clara@northwind.com` -> `c***@n***.com`, as the user pool shows a code's destination. */
export const maskEmail = (email: string): string => {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
};

export type BuiltinPoolOptions = {
  db: HubDb;
  mailer: Mailer;
  publicUrl: string;
  idTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * Runs once a sign-up is confirmed (the user pool's post-confirmation trigger), inside the
   * transaction that confirms the user: when it throws, the user stays unconfirmed, the code
   * unused and its pending brand kept, so nothing is half-written.
   */
  onConfirmed: (user: typeof schema.identityUsers.$inferSelect, tx: HubTx) => Promise<void>;
};

type IdentityUser = typeof schema.identityUsers.$inferSelect;

export const createBuiltinPool = (options: BuiltinPoolOptions): IdentityProvider => {
  const { db, mailer } = options;
  /** Every signed-in request checks its session: built once, prepared by name (planned once per connection). */
  const sessionById = db
    .select({ revokedAt: schema.identitySessions.revokedAt, expiresAt: schema.identitySessions.expiresAt })
    .from(schema.identitySessions)
    .where(eq(schema.identitySessions.id, sql.placeholder("sid")))
    .prepare("hub_session_by_id");
  const { getSigningKey, jwks, getKeySet } = poolKeys(db);
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const verified = createVerifiedTokens();
  /** A token's claims once its signature, issuer and audience check out (its session is not looked at). */
  const readClaims = (token: string): Promise<TIdTokenClaims | null> => verified(token, verifyClaims);
  const verifyClaims = async (token: string): Promise<TIdTokenClaims | null> => {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, await getKeySet(), { issuer: ISSUER, audience: AUDIENCE }));
    } catch (error) {
      // A database that cannot answer (the signing keys are read from it once) says nothing about the token: a 503.
      if (isDatabaseUnavailable(error)) throw error;
      return null;
    }
    const claims = ZIdTokenClaimsSchema.safeParse(payload);
    // Sessions are keyed by uuid: a sid of any other shape names none.
    return claims.success && UUID.test(claims.data.sid) ? claims.data : null;
  };

  const findUser = async (username: string): Promise<IdentityUser | undefined> =>
    (
      await db
        .select()
        .from(schema.identityUsers)
        .where(sql`lower(${schema.identityUsers.username}) = lower(${username.trim()})`)
    )[0];

  const issueCode = async (user: IdentityUser, purpose: "confirm_signup" | "reset_password"): Promise<string> => {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const ttlMs = purpose === "confirm_signup" ? CODE_RULES.signupHours * 3_600_000 : CODE_RULES.resetMinutes * 60_000;
    await db.transaction(async (tx) => {
      // A new code replaces any earlier one of the same purpose.
      await tx
        .update(schema.identityCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(schema.identityCodes.userId, user.id),
            eq(schema.identityCodes.purpose, purpose),
            isNull(schema.identityCodes.consumedAt),
          ),
        );
      await tx
        .insert(schema.identityCodes)
        .values({ userId: user.id, purpose, codeHash: sha256(code), expiresAt: new Date(Date.now() + ttlMs) });
    });
    return code;
  };

  const sendCode = async (user: IdentityUser, purpose: "confirm_signup" | "reset_password"): Promise<TCodeDelivery> => {
    const code = await issueCode(user, purpose);
    const text =
      purpose === "confirm_signup"
        ? `Hello ${user.firstName},\n\nYour Hub confirmation code is ${code}\n\nEnter it on the sign-in screen to finish confirming your email. The code is valid for ${CODE_RULES.signupHours} hours.\n\nIf you did not create a Hub account, you can ignore this email.\n\n${options.publicUrl}/auth/login`
        : `Hello ${user.firstName},\n\nYour Hub password reset code is ${code}\n\nEnter it on the reset-password screen with your new password. The code is valid for ${CODE_RULES.resetMinutes} minutes.\n\nIf you did not ask to reset your password, you can ignore this email: your password has not changed.\n\n${options.publicUrl}/auth/reset-password`;
    await mailer.send({
      to: user.email,
      subject: purpose === "confirm_signup" ? "Your Hub confirmation code" : "Reset your Hub password",
      text,
    });
    return { destination: maskEmail(user.email), deliveryMedium: "EMAIL" };
  };

  /** Checks a code; a wrong one counts against the code, which dies after too many attempts. */
  /** Checks a code (a wrong one counts an attempt at once); answers the code's id, still unused. */
  const checkCode = async (
    user: IdentityUser,
    purpose: "confirm_signup" | "reset_password",
    code: string,
  ): Promise<string> => {
    const [row] = await db
      .select()
      .from(schema.identityCodes)
      .where(
        and(
          eq(schema.identityCodes.userId, user.id),
          eq(schema.identityCodes.purpose, purpose),
          isNull(schema.identityCodes.consumedAt),
        ),
      )
      .orderBy(sql`${schema.identityCodes.createdAt} desc`)
      .limit(1);
    if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= CODE_RULES.maxAttempts)
      throw identityError.expiredCode();
    if (row.codeHash !== sha256(code.trim())) {
      await db
        .update(schema.identityCodes)
        .set({ attempts: sql`${schema.identityCodes.attempts} + 1` })
        .where(eq(schema.identityCodes.id, row.id));
      throw identityError.codeMismatch();
    }
    return row.id;
  };

  /** Marks a checked code used; a code that another request used meanwhile counts as expired. */
  const useCode = async (exec: HubDb | HubTx, codeId: string): Promise<void> => {
    const [used] = await exec
      .update(schema.identityCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(schema.identityCodes.id, codeId), isNull(schema.identityCodes.consumedAt)))
      .returning({ id: schema.identityCodes.id });
    if (!used) throw identityError.expiredCode();
  };

  /** Failures older than the window count for nothing; now and then they are cleared away. */
  const pruneFailures = async () => {
    if (Math.random() >= 0.02) return;
    const before = new Date(Date.now() - LOGIN_LIMITS.windowMinutes * 60_000);
    await db.delete(schema.identityLoginFailures).where(lt(schema.identityLoginFailures.at, before));
  };

  /**
   * Counts an attempt as a failure before the password is checked, so that parallel attempts cannot
   * all pass the per-user limit before any of them is recorded (the count is a statement of its own, after
   * the attempt is committed, so it sees every attempt committed before it). Refused attempts do not
   * count. The attempt's rows are answered so that an attempt that turns out not to be a failure
   * (the password was right) can be un-counted: by release(), or with the new session by
   * issueTokens(). The pool user, and whether the Hub has disabled them, come with the count.
   */
  const reserveAttempt = async (
    username: string,
    address: string,
  ): Promise<{
    rows: string[];
    release: () => Promise<void>;
    user: IdentityUser | null;
    available: boolean | null;
  }> => {
    const userKey = `user:${username.trim().toLowerCase()}`;
    const addressKey = `ip:${address}`;
    const f = schema.identityLoginFailures;
    const inserted = await db
      .insert(f)
      .values([{ key: userKey }, { key: addressKey }])
      .returning({ id: f.id });
    const rows = inserted.map((r) => r.id);
    const release = async () => {
      await db.delete(f).where(inArray(f.id, rows));
    };
    const since = new Date(Date.now() - LOGIN_LIMITS.windowMinutes * 60_000);
    const failures = (key: string) =>
      sql<number>`(select count(*)::int from ${f} where ${f.key} = ${key} and ${f.at} > ${since})`;
    // One row whether or not the user exists: the counts, and the user where there is one.
    const [row] = await db
      .select({
        perUser: failures(userKey),
        perAddress: failures(addressKey),
        user: schema.identityUsers,
        available: schema.users.available,
      })
      .from(sql`(select 1) as attempt`)
      .leftJoin(schema.identityUsers, sql`lower(${schema.identityUsers.username}) = lower(${username.trim()})`)
      .leftJoin(schema.users, sql`lower(${schema.users.userName}) = lower(${schema.identityUsers.username})`);
    await pruneFailures();
    // Each count includes this attempt itself.
    if (!row || row.perUser > LOGIN_LIMITS.perUser) {
      await release();
      throw identityError.limitExceeded("Password attempts exceeded");
    }
    // The address brake: a wait, never a refusal, so a busy office's right passwords still sign in.
    const wait = addressDelayMs(row.perAddress);
    if (wait > 0) await sleep(wait);
    return { rows, release, user: row.user, available: row.available };
  };

  /**
   * Opens a session and answers its tokens. `settle` names a sign-in attempt's rows to un-count in
   * the same statement: a sign-in is the hottest write the Hub has, and one statement is one commit.
   */
  const issueTokens = async (user: IdentityUser, settle: string[] = []): Promise<TTokens> => {
    const refreshToken = randomBytes(32).toString("base64url");
    const values = {
      userId: user.id,
      refreshTokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + options.refreshTokenTtlDays * 86_400_000),
    };
    const f = schema.identityLoginFailures;
    const insert = (
      settle.length > 0
        ? db.with(db.$with("settled").as(db.delete(f).where(inArray(f.id, settle)).returning({ id: f.id })))
        : db
    )
      .insert(schema.identitySessions)
      .values(values)
      .returning({ id: schema.identitySessions.id });
    const [session] = await insert;
    if (!session) throw new Error("session insert failed");
    return { idToken: await signIdToken(user, session.id), refreshToken, expiresIn: options.idTokenTtlSeconds };
  };

  const signIdToken = async (user: IdentityUser, sid: string): Promise<string> => {
    const { kid, key } = await getSigningKey();
    return new SignJWT({
      "cognito:username": user.username,
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      sid,
      token_use: "id",
    })
      .setProtectedHeader({ alg: "EdDSA", kid })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${options.idTokenTtlSeconds}s`)
      .sign(key);
  };

  return {
    kind: "builtin",
    jwks,

    async signUp(input: TSignUpRequest) {
      if (await findUser(input.username)) throw identityError.usernameExists();
      const [sameEmail] = await db
        .select({ id: schema.identityUsers.id })
        .from(schema.identityUsers)
        .where(
          and(
            sql`lower(${schema.identityUsers.email}) = lower(${input.email})`,
            eq(schema.identityUsers.status, "CONFIRMED"),
          ),
        );
      if (sameEmail) throw identityError.aliasExists();
      const passwordHash = await hashPassword(input.password);
      const [user] = await db
        .insert(schema.identityUsers)
        .values({
          username: input.username.trim(),
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          status: "UNCONFIRMED",
          pendingBrand: input.brand ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!user) throw identityError.usernameExists();
      return { userConfirmed: false, codeDelivery: await sendCode(user, "confirm_signup") };
    },

    async confirmSignUp(username, code) {
      const user = await findUser(username);
      if (!user) throw identityError.codeMismatch();
      if (user.status !== "UNCONFIRMED")
        throw identityError.notAuthorized("User cannot be confirmed. Current status is CONFIRMED");
      const codeId = await checkCode(user, "confirm_signup", code);
      // The code, the status and the Hub's records (a brand's new client) commit together or not at all.
      await db.transaction(async (tx) => {
        await useCode(tx, codeId);
        const [confirmed] = await tx
          .update(schema.identityUsers)
          .set({ status: "CONFIRMED", emailVerified: true, pendingBrand: null, updatedAt: new Date() })
          .where(and(eq(schema.identityUsers.id, user.id), eq(schema.identityUsers.status, "UNCONFIRMED")))
          .returning();
        if (!confirmed) throw identityError.notAuthorized("User cannot be confirmed. Current status is CONFIRMED");
        await options.onConfirmed({ ...confirmed, pendingBrand: user.pendingBrand }, tx);
      });
    },

    async resendConfirmationCode(username) {
      const user = await findUser(username);
      if (!user) throw identityError.userNotFound();
      if (user.status !== "UNCONFIRMED") throw identityError.invalidParameter("User is already confirmed.");
      return sendCode(user, "confirm_signup");
    },

    async signIn(username, password, address) {
      const attempt = await reserveAttempt(username, address);
      const { user, available } = attempt;
      if (!user) {
        await burnVerify(password);
        throw identityError.notAuthorized();
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw identityError.notAuthorized();
      if (user.status !== "CONFIRMED" || available === false) await attempt.release();
      if (user.status === "UNCONFIRMED") throw identityError.notConfirmed();
      if (user.status === "FORCE_CHANGE_PASSWORD") return { result: "newPasswordRequired" };
      if (available === false) throw identityError.notAuthorized("User is disabled.");
      // A hash made with earlier settings is remade with the current ones while the password is at hand.
      if (needsRehash(user.passwordHash)) {
        await db
          .update(schema.identityUsers)
          .set({ passwordHash: await hashPassword(password) })
          .where(eq(schema.identityUsers.id, user.id));
      }
      return { result: "tokens", tokens: await issueTokens(user, attempt.rows) };
    },

    async forgotPassword(username) {
      const user = await findUser(username);
      // Unknown users get the same answer, and no email, so the form does not reveal who exists.
      if (!user) return { destination: "the email address on the account", deliveryMedium: "EMAIL" };
      return sendCode(user, "reset_password");
    },

    async confirmForgotPassword(username, code, newPassword) {
      const user = await findUser(username);
      if (!user) throw identityError.codeMismatch();
      const codeId = await checkCode(user, "reset_password", code);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await useCode(tx, codeId);
        await tx
          .update(schema.identityUsers)
          .set({ passwordHash, status: "CONFIRMED", emailVerified: true, pendingBrand: null, updatedAt: new Date() })
          .where(eq(schema.identityUsers.id, user.id));
        // A new password ends every session that the old one opened.
        await tx
          .update(schema.identitySessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(schema.identitySessions.userId, user.id), isNull(schema.identitySessions.revokedAt)));
        if (user.status === "UNCONFIRMED")
          await options.onConfirmed({ ...user, status: "CONFIRMED", emailVerified: true }, tx);
      });
    },

    async completeNewPassword(username, temporaryPassword, newPassword, address) {
      const attempt = await reserveAttempt(username, address);
      const { user } = attempt;
      if (!user || !(await verifyPassword(user.passwordHash, temporaryPassword))) throw identityError.notAuthorized();
      await attempt.release();
      if (user.status !== "FORCE_CHANGE_PASSWORD")
        throw identityError.notAuthorized("Password has already been changed. Sign in with it.");
      if (temporaryPassword === newPassword) {
        throw identityError.invalidParameter("Choose a new password that differs from the temporary one.");
      }
      const [updated] = await db
        .update(schema.identityUsers)
        .set({
          passwordHash: await hashPassword(newPassword),
          status: "CONFIRMED",
          emailVerified: true,
          updatedAt: new Date(),
        })
        .where(eq(schema.identityUsers.id, user.id))
        .returning();
      if (!updated) throw identityError.notAuthorized();
      return issueTokens(updated);
    },

    async refresh(refreshToken) {
      const [row] = await db
        .select({ session: schema.identitySessions, user: schema.identityUsers })
        .from(schema.identitySessions)
        .innerJoin(schema.identityUsers, eq(schema.identityUsers.id, schema.identitySessions.userId))
        .where(eq(schema.identitySessions.refreshTokenHash, sha256(refreshToken)));
      if (!row || row.session.revokedAt || row.session.expiresAt.getTime() < Date.now()) {
        throw identityError.notAuthorized("Refresh Token has been revoked");
      }
      return {
        idToken: await signIdToken(row.user, row.session.id),
        refreshToken,
        expiresIn: options.idTokenTtlSeconds,
      };
    },

    async signOut(refreshToken) {
      await db
        .update(schema.identitySessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(schema.identitySessions.refreshTokenHash, sha256(refreshToken)),
            isNull(schema.identitySessions.revokedAt),
          ),
        );
    },

    async readIdToken(token) {
      const claims = await readClaims(token);
      return claims ? { claims, sessionId: claims.sid } : null;
    },

    async verifyIdToken(token) {
      try {
        const claims = await readClaims(token);
        if (!claims) return null;
        const [session] = await sessionById.execute({ sid: claims.sid });
        if (!session || session.revokedAt || session.expiresAt.getTime() < Date.now()) return null;
        return claims;
      } catch (error) {
        // A database that cannot answer says nothing about the token: a 503, not a sign-out.
        if (isDatabaseUnavailable(error)) throw error;
        return null;
      }
    },

    async adminCreateUser(input) {
      if (await findUser(input.username)) throw identityError.usernameExists();
      await db.insert(schema.identityUsers).values({
        username: input.username.trim(),
        email: input.email.trim().toLowerCase(),
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(input.temporaryPassword),
        status: "FORCE_CHANGE_PASSWORD",
        emailVerified: true,
      });
    },

    async adminDeleteUser(username) {
      await db
        .delete(schema.identityUsers)
        .where(sql`lower(${schema.identityUsers.username}) = lower(${username.trim()})`);
    },
  };
};
