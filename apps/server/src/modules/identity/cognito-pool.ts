import { createHmac } from "node:crypto";
import type * as CognitoSdk from "@aws-sdk/client-cognito-identity-provider";
import {
  type TBrandSignUp,
  type TCodeDelivery,
  type TIdTokenClaims,
  type TTokens,
  ZBrandSignUpSchema,
  ZIdTokenClaimsSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { sql } from "drizzle-orm";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { HttpError } from "../../platform/errors";
import { loadOnce } from "../../platform/load-once";
import type { ensureHubUser } from "../session/hub-user.service";
import { type IdentityProvider, identityError } from "./provider";
import { createVerifiedTokens } from "./verified-tokens";

/** What `ensureHubUser` needs: the confirmed user's attributes, and a brand sign-up's request. */
export type CognitoUserAttributes = Parameters<typeof ensureHubUser>[1];

export type CognitoPoolOptions = {
  db: HubDb;
  userPoolId: string;
  clientId: string;
  /** The app client's secret, when it has one: SECRET_HASH is then sent on every call that needs it. */
  clientSecret: string | null;
  region: string;
  /** A Cognito-compatible endpoint (tests: a local stand-in); null: AWS's own for the region. */
  endpoint: string | null;
  /**
   * Runs once a sign-up is confirmed (after ConfirmSignUp, with the attributes AdminGetUser reads):
   * the app creates the Hub user with `ensureHubUser`. Cognito has already confirmed the user by
   * then; when this throws, the brand request stays on the user and the next sign-in tries again.
   */
  onConfirmed: (attributes: CognitoUserAttributes, db: HubDb) => Promise<void>;
};

/** The custom attribute that keeps a brand sign-up's request (JSON) from SignUp until confirmation. */
export const HUB_BRAND_ATTRIBUTE = "custom:hub_brand";

/** The answer to a code request when Cognito does not say where the code went. */
const SOMEWHERE = "the email address on the account";

/**
 * With a client secret, REFRESH_TOKEN_AUTH needs SECRET_HASH, which is computed over the user name,
 * and Cognito's refresh token does not reveal it. The Hub then hands out `hubrt.<user name,
 * base64url>.<Cognito's refresh token>` and unwraps it on refresh and sign-out. Without a secret,
 * Cognito's refresh token is handed out as it is.
 */
const WRAPPED = "hubrt.";

const errorName = (error: unknown): string | null =>
  error instanceof Error && typeof error.name === "string" ? error.name : null;

const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message && error.message !== "UnknownError" ? error.message : fallback;

type Operation =
  | "signUp"
  | "confirm"
  | "resend"
  | "signIn"
  | "forgot"
  | "confirmForgot"
  | "newPassword"
  | "refresh"
  | "signOut"
  | "admin";

/**
 * Cognito's exceptions as the user pool's outcomes (identityError); anything else is rethrown and
 * becomes a logged 500. Messages are Cognito's where they are meant for people; none carries a
 * password, code or token.
 */
const mapError = (error: unknown, operation: Operation): unknown => {
  const name = errorName(error);
  switch (name) {
    case "NotAuthorizedException":
      return identityError.notAuthorized(errorMessage(error, "Incorrect username or password."));
    case "UserNotConfirmedException":
      return identityError.notConfirmed();
    case "UsernameExistsException":
      return identityError.usernameExists();
    case "AliasExistsException":
      return identityError.aliasExists();
    case "CodeMismatchException":
      return identityError.codeMismatch();
    case "ExpiredCodeException":
      return identityError.expiredCode();
    case "InvalidParameterException":
    case "InvalidPasswordException":
      return identityError.invalidParameter(errorMessage(error, "Invalid parameter."));
    case "LimitExceededException":
    case "TooManyRequestsException":
    case "TooManyFailedAttemptsException":
      return identityError.limitExceeded(errorMessage(error, "Attempt limit exceeded, please try after some time."));
    case "UserNotFoundException":
      // As Cognito answers with prevent-user-existence-errors: a sign-in reveals nothing.
      if (operation === "signIn" || operation === "newPassword" || operation === "refresh")
        return identityError.notAuthorized();
      if (operation === "confirm" || operation === "confirmForgot") return identityError.codeMismatch();
      return identityError.userNotFound();
    default:
      return error;
  }
};

const delivery = (details: CognitoSdk.CodeDeliveryDetailsType | undefined): TCodeDelivery => ({
  destination: details?.Destination ?? SOMEWHERE,
  deliveryMedium: "EMAIL",
});

const attributeMap = (attributes: CognitoSdk.AttributeType[] | undefined): Record<string, string> =>
  Object.fromEntries(
    (attributes ?? []).filter((a) => a.Name !== undefined).map((a) => [a.Name as string, a.Value ?? ""]),
  );

const parseBrand = (value: string | undefined): TBrandSignUp | null => {
  if (!value) return null;
  try {
    const parsed = ZBrandSignUpSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The identity adapter over an AWS Cognito user pool, through the official SDK (loaded on first
 * use): USER_PASSWORD_AUTH sign-ins, Cognito's codes and emails, and ID tokens verified against
 * the pool's JWKS. The Hub's own user record is made on confirmation, as with the built-in pool.
 * See docs/adr/0002-cognito.md.
 */
export const createCognitoPool = (options: CognitoPoolOptions): IdentityProvider => {
  const { db, userPoolId, clientId, clientSecret } = options;
  const issuer = options.endpoint
    ? `${options.endpoint}/${userPoolId}`
    : `https://cognito-idp.${options.region}.amazonaws.com/${userPoolId}`;
  const jwksUrl = new URL(`${issuer}/.well-known/jwks.json`);

  // The SDK loads with the first identity call, not at start.
  const cognito = loadOnce(
    async (): Promise<{ sdk: typeof CognitoSdk; client: CognitoSdk.CognitoIdentityProviderClient }> => {
      const sdk = await import("@aws-sdk/client-cognito-identity-provider");
      return {
        sdk,
        client: new sdk.CognitoIdentityProviderClient({
          region: options.region,
          ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        }),
      };
    },
  );

  type Loaded = { sdk: typeof CognitoSdk; client: CognitoSdk.CognitoIdentityProviderClient };
  /** Sends one command (`send` builds and sends it); Cognito's exceptions become the user pool's outcomes. */
  const call = async <Out>(operation: Operation, send: (loaded: Loaded) => Promise<Out>): Promise<Out> => {
    const loaded = await cognito();
    try {
      return await send(loaded);
    } catch (error) {
      throw mapError(error, operation);
    }
  };

  /** SECRET_HASH: base64 HMAC-SHA256 of user name + client id under the client secret; undefined without a secret. */
  const secretHash = (username: string): string | undefined =>
    clientSecret
      ? createHmac("sha256", clientSecret)
          .update(username + clientId)
          .digest("base64")
      : undefined;
  const withSecretHash = (username: string): Record<string, string> => {
    const hash = secretHash(username);
    return hash ? { SECRET_HASH: hash } : {};
  };

  const wrapRefresh = (refreshToken: string, idToken: string, username: string): string => {
    if (!clientSecret) return refreshToken;
    let canonical = username;
    try {
      const claims = decodeJwt(idToken);
      if (typeof claims["cognito:username"] === "string") canonical = claims["cognito:username"];
    } catch {
      // Keep the name the person signed in with.
    }
    return `${WRAPPED}${Buffer.from(canonical, "utf8").toString("base64url")}.${refreshToken}`;
  };
  const unwrapRefresh = (token: string): { username: string | null; refreshToken: string } => {
    if (!token.startsWith(WRAPPED)) return { username: null, refreshToken: token };
    const rest = token.slice(WRAPPED.length);
    const dot = rest.indexOf(".");
    if (dot < 0) return { username: null, refreshToken: token };
    return {
      username: Buffer.from(rest.slice(0, dot), "base64url").toString("utf8"),
      refreshToken: rest.slice(dot + 1),
    };
  };

  const tokensOf = (
    result: CognitoSdk.AuthenticationResultType | undefined,
    username: string,
    refreshToken?: string,
  ): TTokens => {
    if (!result?.IdToken || !(refreshToken ?? result.RefreshToken)) throw new Error("Cognito answered no tokens");
    return {
      idToken: result.IdToken,
      refreshToken: refreshToken ?? wrapRefresh(result.RefreshToken as string, result.IdToken, username),
      expiresIn: result.ExpiresIn ?? 3600,
    };
  };

  /** Ends a refresh token Cognito issued (RevokeToken); ID tokens already issued stay valid until they expire. */
  const revoke = async (refreshToken: string) => {
    await call("signOut", ({ sdk, client }) =>
      client.send(
        new sdk.RevokeTokenCommand({
          Token: refreshToken,
          ClientId: clientId,
          ...(clientSecret ? { ClientSecret: clientSecret } : {}),
        }),
      ),
    );
  };

  /** The Hub's user record of a user name: whether it exists, and whether the Hub has disabled it. */
  const hubUser = async (username: string): Promise<{ available: boolean } | undefined> =>
    (
      await db
        .select({ available: schema.users.available })
        .from(schema.users)
        .where(sql`lower(${schema.users.userName}) = lower(${username.trim()})`)
    )[0];

  /**
   * Reads the user's attributes (AdminGetUser), creates the Hub user (onConfirmed) and then clears
   * the brand request, so that it is acted on once.
   */
  const createHubUser = async (username: string): Promise<void> => {
    const user = await call("admin", ({ sdk, client }) =>
      client.send(new sdk.AdminGetUserCommand({ UserPoolId: userPoolId, Username: username })),
    );
    const attributes = attributeMap(user.UserAttributes);
    const brandValue = attributes[HUB_BRAND_ATTRIBUTE];
    await options.onConfirmed(
      {
        username: user.Username ?? username,
        email: attributes.email ?? "",
        firstName: attributes.given_name ?? "",
        lastName: attributes.family_name ?? "",
        pendingBrand: parseBrand(brandValue),
      },
      db,
    );
    if (brandValue !== undefined) {
      await call("admin", ({ sdk, client }) =>
        client.send(
          new sdk.AdminDeleteUserAttributesCommand({
            UserPoolId: userPoolId,
            Username: user.Username ?? username,
            UserAttributeNames: [HUB_BRAND_ATTRIBUTE],
          }),
        ),
      );
    }
  };

  const passwordAuth = (operation: "signIn" | "newPassword", username: string, password: string, address: string) =>
    call(operation, ({ sdk, client }) =>
      client.send(
        new sdk.InitiateAuthCommand({
          AuthFlow: "USER_PASSWORD_AUTH",
          ClientId: clientId,
          AuthParameters: { USERNAME: username, PASSWORD: password, ...withSecretHash(username) },
          // Used by Cognito's threat protection, where the pool has it.
          ...(address ? { UserContextData: { IpAddress: address } } : {}),
        }),
      ),
    );

  let keySet: ReturnType<typeof createRemoteJWKSet> | null = null;
  const verified = createVerifiedTokens();
  const verifyIdToken = async (token: string): Promise<TIdTokenClaims | null> => {
    try {
      keySet ??= createRemoteJWKSet(jwksUrl);
      const { payload } = await jwtVerify(token, keySet, { issuer, audience: clientId, algorithms: ["RS256"] });
      if (payload.token_use !== "id") return null;
      const claims = ZIdTokenClaimsSchema.safeParse({
        sub: payload.sub,
        "cognito:username": payload["cognito:username"],
        email: payload.email,
        given_name: payload.given_name,
        family_name: payload.family_name,
        sid: payload.origin_jti ?? payload.jti,
        token_use: "id",
        exp: payload.exp,
      });
      return claims.success ? (claims.data satisfies TIdTokenClaims) : null;
    } catch {
      return null;
    }
  };

  return {
    kind: "cognito",

    async jwks() {
      const res = await fetch(jwksUrl, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`Cognito JWKS answered ${res.status}`);
      return (await res.json()) as { keys: Record<string, unknown>[] };
    },

    async signUp(input) {
      const out = await call("signUp", ({ sdk, client }) =>
        client.send(
          new sdk.SignUpCommand({
            ClientId: clientId,
            Username: input.username,
            Password: input.password,
            SecretHash: secretHash(input.username),
            UserAttributes: [
              { Name: "email", Value: input.email },
              { Name: "given_name", Value: input.firstName },
              { Name: "family_name", Value: input.lastName },
              ...(input.brand ? [{ Name: HUB_BRAND_ATTRIBUTE, Value: JSON.stringify(input.brand) }] : []),
            ],
          }),
        ),
      );
      return { userConfirmed: out.UserConfirmed ?? false, codeDelivery: delivery(out.CodeDeliveryDetails) };
    },

    async confirmSignUp(username, code) {
      await call("confirm", ({ sdk, client }) =>
        client.send(
          new sdk.ConfirmSignUpCommand({
            ClientId: clientId,
            Username: username,
            ConfirmationCode: code,
            SecretHash: secretHash(username),
          }),
        ),
      );
      await createHubUser(username);
    },

    async resendConfirmationCode(username) {
      const out = await call("resend", ({ sdk, client }) =>
        client.send(
          new sdk.ResendConfirmationCodeCommand({
            ClientId: clientId,
            Username: username,
            SecretHash: secretHash(username),
          }),
        ),
      );
      return delivery(out.CodeDeliveryDetails);
    },

    async signIn(username, password, address) {
      const out = await passwordAuth("signIn", username, password, address);
      if (out.ChallengeName === "NEW_PASSWORD_REQUIRED") return { result: "newPasswordRequired" };
      if (out.ChallengeName) {
        throw new HttpError(
          400,
          "NotAuthorizedException",
          `This account needs a sign-in step the Hub does not offer (${out.ChallengeName}).`,
        );
      }
      const tokens = tokensOf(out.AuthenticationResult, username);
      const hub = await hubUser(username);
      if (hub?.available === false) {
        // The password was right but the Hub has disabled the person: end the session Cognito opened.
        await revoke(unwrapRefresh(tokens.refreshToken).refreshToken).catch(() => {});
        throw identityError.notAuthorized("User is disabled.");
      }
      // Confirmed in Cognito but without a Hub user (confirmation could not create it, or the
      // user was made in the console): create it now, as confirmation would have.
      if (!hub) await createHubUser(username);
      return { result: "tokens", tokens };
    },

    async forgotPassword(username) {
      try {
        const out = await call("forgot", ({ sdk, client }) =>
          client.send(
            new sdk.ForgotPasswordCommand({ ClientId: clientId, Username: username, SecretHash: secretHash(username) }),
          ),
        );
        return delivery(out.CodeDeliveryDetails);
      } catch (error) {
        // Unknown users get the same answer, so the form does not reveal who exists.
        if (error instanceof HttpError && error.code === "UserNotFoundException") return delivery(undefined);
        throw error;
      }
    },

    async confirmForgotPassword(username, code, newPassword) {
      await call("confirmForgot", ({ sdk, client }) =>
        client.send(
          new sdk.ConfirmForgotPasswordCommand({
            ClientId: clientId,
            Username: username,
            ConfirmationCode: code,
            Password: newPassword,
            SecretHash: secretHash(username),
          }),
        ),
      );
    },

    async completeNewPassword(username, temporaryPassword, newPassword, address) {
      if (temporaryPassword === newPassword) {
        throw identityError.invalidParameter("Choose a new password that differs from the temporary one.");
      }
      const first = await passwordAuth("newPassword", username, temporaryPassword, address);
      if (first.ChallengeName !== "NEW_PASSWORD_REQUIRED" || !first.Session) {
        if (first.AuthenticationResult?.RefreshToken)
          await revoke(first.AuthenticationResult.RefreshToken).catch(() => {});
        throw identityError.notAuthorized("Password has already been changed. Sign in with it.");
      }
      const challengeUser = first.ChallengeParameters?.USER_ID_FOR_SRP ?? username;
      const out = await call("newPassword", ({ sdk, client }) =>
        client.send(
          new sdk.RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName: "NEW_PASSWORD_REQUIRED",
            Session: first.Session,
            ChallengeResponses: {
              USERNAME: challengeUser,
              NEW_PASSWORD: newPassword,
              ...withSecretHash(challengeUser),
            },
          }),
        ),
      );
      return tokensOf(out.AuthenticationResult, challengeUser);
    },

    async refresh(refreshToken) {
      const { username, refreshToken: raw } = unwrapRefresh(refreshToken);
      if (clientSecret && !username) throw identityError.notAuthorized("Invalid Refresh Token");
      const out = await call("refresh", ({ sdk, client }) =>
        client.send(
          new sdk.InitiateAuthCommand({
            AuthFlow: "REFRESH_TOKEN_AUTH",
            ClientId: clientId,
            AuthParameters: { REFRESH_TOKEN: raw, ...(username ? withSecretHash(username) : {}) },
          }),
        ),
      );
      // The refresh token stays the same: the one the caller holds.
      return tokensOf(out.AuthenticationResult, username ?? "", refreshToken);
    },

    async signOut(refreshToken) {
      await revoke(unwrapRefresh(refreshToken).refreshToken);
    },

    verifyIdToken: (token) => verified(token, verifyIdToken),

    async adminCreateUser(input) {
      // The Hub sends its own email with the temporary password (users.service), so Cognito sends none.
      await call("admin", ({ sdk, client }) =>
        client.send(
          new sdk.AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: input.username.trim(),
            TemporaryPassword: input.temporaryPassword,
            MessageAction: "SUPPRESS",
            UserAttributes: [
              { Name: "email", Value: input.email.trim().toLowerCase() },
              { Name: "email_verified", Value: "true" },
              { Name: "given_name", Value: input.firstName },
              { Name: "family_name", Value: input.lastName },
            ],
          }),
        ),
      );
    },

    async adminDeleteUser(username) {
      await call("admin", ({ sdk, client }) =>
        client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username.trim() })),
      );
    },
  };
};
