import { createHmac, randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

/** A code the stand-in "sent" by email: read it here instead of from a mailbox. */
export type CognitoSentCode = { username: string; email: string; purpose: "signUp" | "forgotPassword"; code: string };
/** One call the stand-in saw: the operation, its JSON body, and whether it carried a SigV4-looking Authorization header. */
export type CognitoCall = { operation: string; body: Record<string, unknown>; signed: boolean };

export type CognitoStandInUser = {
  username: string;
  sub: string;
  password: string;
  status: "UNCONFIRMED" | "CONFIRMED" | "FORCE_CHANGE_PASSWORD";
  enabled: boolean;
  attributes: Record<string, string>;
};

export type CognitoStandIn = {
  /** The endpoint to give the SDK (COGNITO_ENDPOINT). */
  url: string;
  userPoolId: string;
  /** `${url}/${userPoolId}`: the `iss` of every token, and where the JWKS is. */
  issuer: string;
  /** The id of the signing key (a test can sign with another key under the same id). */
  kid: string;
  codes: CognitoSentCode[];
  /** Invitations AdminCreateUser "sent" (not sent with MessageAction SUPPRESS). */
  invitations: { username: string; email: string }[];
  calls: CognitoCall[];
  users: Map<string, CognitoStandInUser>;
  /** The newest code sent to a user name for a purpose. */
  lastCode: (username: string, purpose?: CognitoSentCode["purpose"]) => string;
  /** An ID token for a user signed with the pool's key, for tests that need one the API would not issue (another audience). */
  issueIdToken: (username: string, overrides?: { audience?: string; tokenUse?: string }) => Promise<string>;
  close: () => Promise<void>;
};

class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

/** `clara@northwind.com` -> `c***@n***.com`, as Cognito shows a code's destination. */
const mask = (email: string): string => {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${dot > 0 ? domain.slice(dot) : ""}`;
};

/** Cognito's password policy: (by default) 8+ characters with a lower- and upper-case letter, a digit and a symbol. */
const passwordChecker =
  (minLength: number) =>
  (password: unknown): string => {
    const p = typeof password === "string" ? password : "";
    const missing = [
      p.length < minLength && "Password not long enough",
      !/[a-z]/.test(p) && "Password must have lowercase characters",
      !/[A-Z]/.test(p) && "Password must have uppercase characters",
      !/\d/.test(p) && "Password must have numeric characters",
      !/[^A-Za-z0-9]/.test(p) && "Password must have symbol characters",
    ].filter(Boolean);
    if (missing.length > 0)
      throw new CognitoError("InvalidPasswordException", `Password did not conform with policy: ${missing[0]}`);
    return p;
  };

const str = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * A local stand-in for the part of the Cognito user pool API the Hub's adapter uses, speaking
 * Cognito's JSON 1.1 protocol (POST /, X-Amz-Target, errors as `{ __type, message }` with 400):
 * SignUp, ConfirmSignUp, ResendConfirmationCode, ForgotPassword, ConfirmForgotPassword,
 * InitiateAuth (USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH), RespondToAuthChallenge
 * (NEW_PASSWORD_REQUIRED), RevokeToken, AdminCreateUser, AdminGetUser, AdminDeleteUser, AdminDeleteUserAttributes.
 * Users live in memory; ID and access tokens are RS256 with Cognito's claims; the JWKS is at
 * `/<poolId>/.well-known/jwks.json`. An app client with a secret demands SECRET_HASH as Cognito does.
 * The only custom attribute the pool has is `custom:hub_brand`. Like a pool without
 * prevent-user-existence-errors, unknown users answer UserNotFoundException.
 */
export const startCognitoStandIn = async (
  options: {
    userPoolId?: string;
    /** App clients by id, with their secret (null: none). */
    clients?: Record<string, string | null>;
    tokenTtlSeconds?: number;
    /** The pool's minimum password length (Cognito's default: 8). */
    minPasswordLength?: number;
  } = {},
): Promise<CognitoStandIn> => {
  const checkPassword = passwordChecker(options.minPasswordLength ?? 8);
  const userPoolId = options.userPoolId ?? "us-east-1_StandIn01";
  const clients = options.clients ?? { "standin-client": null };
  const ttl = options.tokenTtlSeconds ?? 3600;
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = randomBytes(8).toString("hex");
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }] };

  const users = new Map<string, CognitoStandInUser>();
  const codes: CognitoSentCode[] = [];
  const invitations: { username: string; email: string }[] = [];
  const calls: CognitoCall[] = [];
  /** Outstanding codes by user key and purpose. */
  const liveCodes = new Map<string, string>();
  const refreshTokens = new Map<string, { username: string; clientId: string; originJti: string; revoked: boolean }>();
  const sessions = new Map<string, { username: string; clientId: string }>();
  let issuer = "";

  const key = (username: string) => username.trim().toLowerCase();
  const findUser = (username: unknown): CognitoStandInUser | undefined => users.get(key(str(username)));
  const requireUser = (username: unknown): CognitoStandInUser => {
    const user = findUser(username);
    if (!user) throw new CognitoError("UserNotFoundException", "User does not exist.");
    return user;
  };

  const requireClient = (body: Record<string, unknown>): { clientId: string; secret: string | null } => {
    const clientId = str(body.ClientId);
    if (!(clientId in clients)) throw new CognitoError("ResourceNotFoundException", "User pool client does not exist.");
    return { clientId, secret: clients[clientId] ?? null };
  };
  const checkSecretHash = (client: { clientId: string; secret: string | null }, username: string, hash: unknown) => {
    if (!client.secret) return;
    if (typeof hash !== "string" || hash === "") {
      throw new CognitoError(
        "NotAuthorizedException",
        `Client ${client.clientId} is configured for secret but secret was not received`,
      );
    }
    const expected = createHmac("sha256", client.secret)
      .update(username + client.clientId)
      .digest("base64");
    if (hash !== expected)
      throw new CognitoError("NotAuthorizedException", `Unable to verify secret hash for client ${client.clientId}`);
  };

  const sendCode = (user: CognitoStandInUser, purpose: CognitoSentCode["purpose"]) => {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    liveCodes.set(`${purpose}:${key(user.username)}`, code);
    codes.push({ username: user.username, email: user.attributes.email ?? "", purpose, code });
    return { Destination: mask(user.attributes.email ?? ""), DeliveryMedium: "EMAIL", AttributeName: "email" };
  };
  const useCode = (user: CognitoStandInUser, purpose: CognitoSentCode["purpose"], code: unknown) => {
    const live = liveCodes.get(`${purpose}:${key(user.username)}`);
    if (!live) throw new CognitoError("ExpiredCodeException", "Invalid code provided, please request a code again.");
    if (live !== code)
      throw new CognitoError("CodeMismatchException", "Invalid verification code provided, please try again.");
    liveCodes.delete(`${purpose}:${key(user.username)}`);
  };

  const signIdToken = (user: CognitoStandInUser, audience: string, originJti: string, tokenUse = "id") =>
    new SignJWT({
      "cognito:username": user.username,
      email: user.attributes.email,
      email_verified: user.attributes.email_verified === "true",
      given_name: user.attributes.given_name,
      family_name: user.attributes.family_name,
      token_use: tokenUse,
      origin_jti: originJti,
      auth_time: Math.floor(Date.now() / 1000),
    })
      .setProtectedHeader({ alg: "RS256", kid })
      .setSubject(user.sub)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ttl}s`)
      .sign(privateKey);

  const authResult = async (
    user: CognitoStandInUser,
    clientId: string,
    refresh: { token: string; originJti: string } | null,
  ) => {
    const originJti = refresh?.originJti ?? randomUUID();
    const accessToken = await new SignJWT({
      client_id: clientId,
      username: user.username,
      token_use: "access",
      scope: "aws.cognito.signin.user.admin",
      origin_jti: originJti,
      auth_time: Math.floor(Date.now() / 1000),
    })
      .setProtectedHeader({ alg: "RS256", kid })
      .setSubject(user.sub)
      .setIssuer(issuer)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ttl}s`)
      .sign(privateKey);
    const result: Record<string, unknown> = {
      AccessToken: accessToken,
      IdToken: await signIdToken(user, clientId, originJti),
      ExpiresIn: ttl,
      TokenType: "Bearer",
    };
    if (!refresh) {
      const token = `eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIiwiYWxnIjoiUlNBLU9BRVAifQ.${randomBytes(48).toString("base64url")}`;
      refreshTokens.set(token, { username: user.username, clientId, originJti, revoked: false });
      result.RefreshToken = token;
    }
    return result;
  };

  const attributesOf = (user: CognitoStandInUser) =>
    Object.entries({ sub: user.sub, ...user.attributes }).map(([Name, Value]) => ({ Name, Value }));
  const readAttributes = (list: unknown): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const a of Array.isArray(list) ? (list as { Name?: unknown; Value?: unknown }[]) : []) {
      const name = str(a.Name);
      if (name.startsWith("custom:") && name !== "custom:hub_brand") {
        throw new CognitoError(
          "InvalidParameterException",
          `Attributes did not conform to the schema: Type for attribute {${name}} could not be determined`,
        );
      }
      out[name] = str(a.Value);
    }
    return out;
  };
  const requirePool = (body: Record<string, unknown>) => {
    if (body.UserPoolId !== userPoolId)
      throw new CognitoError("ResourceNotFoundException", `User pool ${str(body.UserPoolId)} does not exist.`);
  };

  const operations: Record<string, (body: Record<string, unknown>) => Promise<unknown> | unknown> = {
    SignUp: (body) => {
      const client = requireClient(body);
      const username = str(body.Username);
      checkSecretHash(client, username, body.SecretHash);
      if (findUser(username)) throw new CognitoError("UsernameExistsException", "User already exists");
      const password = checkPassword(body.Password);
      const attributes = readAttributes(body.UserAttributes);
      if (!attributes.email)
        throw new CognitoError(
          "InvalidParameterException",
          "Attributes did not conform to the schema: email: The attribute is required",
        );
      const user: CognitoStandInUser = {
        username,
        sub: randomUUID(),
        password,
        status: "UNCONFIRMED",
        enabled: true,
        attributes: { ...attributes, email_verified: "false" },
      };
      users.set(key(username), user);
      return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: sendCode(user, "signUp") };
    },
    ConfirmSignUp: (body) => {
      const client = requireClient(body);
      checkSecretHash(client, str(body.Username), body.SecretHash);
      const user = requireUser(body.Username);
      if (user.status !== "UNCONFIRMED")
        throw new CognitoError("NotAuthorizedException", `User cannot be confirmed. Current status is ${user.status}`);
      useCode(user, "signUp", body.ConfirmationCode);
      const email = key(user.attributes.email ?? "");
      for (const other of users.values()) {
        if (other !== user && other.status !== "UNCONFIRMED" && key(other.attributes.email ?? "") === email) {
          throw new CognitoError("AliasExistsException", "An account with the email already exists.");
        }
      }
      user.status = "CONFIRMED";
      user.attributes.email_verified = "true";
      return {};
    },
    ResendConfirmationCode: (body) => {
      const client = requireClient(body);
      checkSecretHash(client, str(body.Username), body.SecretHash);
      const user = requireUser(body.Username);
      if (user.status !== "UNCONFIRMED")
        throw new CognitoError("InvalidParameterException", "User is already confirmed.");
      return { CodeDeliveryDetails: sendCode(user, "signUp") };
    },
    ForgotPassword: (body) => {
      const client = requireClient(body);
      checkSecretHash(client, str(body.Username), body.SecretHash);
      const user = requireUser(body.Username);
      return { CodeDeliveryDetails: sendCode(user, "forgotPassword") };
    },
    ConfirmForgotPassword: (body) => {
      const client = requireClient(body);
      checkSecretHash(client, str(body.Username), body.SecretHash);
      const user = requireUser(body.Username);
      const password = checkPassword(body.Password);
      useCode(user, "forgotPassword", body.ConfirmationCode);
      user.password = password;
      user.status = "CONFIRMED";
      return {};
    },
    InitiateAuth: async (body) => {
      const client = requireClient(body);
      const params = (body.AuthParameters ?? {}) as Record<string, string>;
      if (body.AuthFlow === "USER_PASSWORD_AUTH") {
        checkSecretHash(client, str(params.USERNAME), params.SECRET_HASH);
        const user = requireUser(params.USERNAME);
        if (user.password !== params.PASSWORD)
          throw new CognitoError("NotAuthorizedException", "Incorrect username or password.");
        if (!user.enabled) throw new CognitoError("NotAuthorizedException", "User is disabled.");
        if (user.status === "UNCONFIRMED")
          throw new CognitoError("UserNotConfirmedException", "User is not confirmed.");
        if (user.status === "FORCE_CHANGE_PASSWORD") {
          const session = randomBytes(32).toString("base64url");
          sessions.set(session, { username: user.username, clientId: client.clientId });
          const { email_verified: _verified, ...visible } = user.attributes;
          return {
            ChallengeName: "NEW_PASSWORD_REQUIRED",
            Session: session,
            ChallengeParameters: {
              USER_ID_FOR_SRP: user.username,
              requiredAttributes: "[]",
              userAttributes: JSON.stringify(visible),
            },
          };
        }
        return { ChallengeParameters: {}, AuthenticationResult: await authResult(user, client.clientId, null) };
      }
      if (body.AuthFlow === "REFRESH_TOKEN_AUTH") {
        const stored = refreshTokens.get(str(params.REFRESH_TOKEN));
        if (!stored || stored.clientId !== client.clientId)
          throw new CognitoError("NotAuthorizedException", "Invalid Refresh Token");
        if (stored.revoked) throw new CognitoError("NotAuthorizedException", "Refresh Token has been revoked");
        checkSecretHash(client, stored.username, params.SECRET_HASH);
        const user = requireUser(stored.username);
        if (!user.enabled) throw new CognitoError("NotAuthorizedException", "User is disabled.");
        return {
          ChallengeParameters: {},
          AuthenticationResult: await authResult(user, client.clientId, {
            token: str(params.REFRESH_TOKEN),
            originJti: stored.originJti,
          }),
        };
      }
      throw new CognitoError("InvalidParameterException", `Unsupported AuthFlow ${str(body.AuthFlow)}`);
    },
    RespondToAuthChallenge: async (body) => {
      const client = requireClient(body);
      if (body.ChallengeName !== "NEW_PASSWORD_REQUIRED")
        throw new CognitoError("InvalidParameterException", "Unsupported challenge");
      const responses = (body.ChallengeResponses ?? {}) as Record<string, string>;
      const session = sessions.get(str(body.Session));
      if (!session || session.clientId !== client.clientId || key(session.username) !== key(str(responses.USERNAME))) {
        throw new CognitoError("NotAuthorizedException", "Invalid session for the user.");
      }
      checkSecretHash(client, str(responses.USERNAME), responses.SECRET_HASH);
      const user = requireUser(session.username);
      user.password = checkPassword(responses.NEW_PASSWORD);
      user.status = "CONFIRMED";
      sessions.delete(str(body.Session));
      return { ChallengeParameters: {}, AuthenticationResult: await authResult(user, client.clientId, null) };
    },
    RevokeToken: (body) => {
      const client = requireClient(body);
      if (client.secret && body.ClientSecret !== client.secret)
        throw new CognitoError("NotAuthorizedException", "Invalid client secret.");
      const stored = refreshTokens.get(str(body.Token));
      if (stored && stored.clientId === client.clientId) stored.revoked = true;
      return {};
    },
    AdminCreateUser: (body) => {
      requirePool(body);
      const username = str(body.Username);
      if (findUser(username)) throw new CognitoError("UsernameExistsException", "User account already exists");
      const password = checkPassword(body.TemporaryPassword);
      const user: CognitoStandInUser = {
        username,
        sub: randomUUID(),
        password,
        status: "FORCE_CHANGE_PASSWORD",
        enabled: true,
        attributes: readAttributes(body.UserAttributes),
      };
      users.set(key(username), user);
      if (body.MessageAction !== "SUPPRESS") invitations.push({ username, email: user.attributes.email ?? "" });
      return { User: { Username: username, Attributes: attributesOf(user), Enabled: true, UserStatus: user.status } };
    },
    AdminGetUser: (body) => {
      requirePool(body);
      const user = requireUser(body.Username);
      return {
        Username: user.username,
        UserAttributes: attributesOf(user),
        Enabled: user.enabled,
        UserStatus: user.status,
      };
    },
    AdminDeleteUser: (body) => {
      requirePool(body);
      const user = requireUser(body.Username);
      users.delete(key(user.username));
      return {};
    },
    AdminDeleteUserAttributes: (body) => {
      requirePool(body);
      const user = requireUser(body.Username);
      for (const name of Array.isArray(body.UserAttributeNames) ? body.UserAttributeNames : [])
        delete user.attributes[str(name)];
      return {};
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown, type?: string) => {
    res.writeHead(status, {
      "content-type": "application/x-amz-json-1.1",
      "x-amzn-requestid": randomUUID(),
      ...(type ? { "x-amzn-errortype": type } : {}),
    });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    try {
      if (req.method === "GET" && path === `/${userPoolId}/.well-known/jwks.json`) {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(jwks));
      }
      const target = String(req.headers["x-amz-target"] ?? "");
      const operation = target.startsWith("AWSCognitoIdentityProviderService.")
        ? target.slice("AWSCognitoIdentityProviderService.".length)
        : "";
      const raw = await readBody(req);
      if (req.method !== "POST" || path !== "/" || !operation)
        return send(res, 404, { message: `Unknown request ${req.method} ${path}` });
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      calls.push({ operation, body, signed: String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256") });
      const handler = operations[operation];
      if (!handler) throw new CognitoError("UnknownOperationException", `The stand-in does not offer ${operation}`);
      return send(res, 200, await handler(body));
    } catch (error) {
      if (error instanceof CognitoError)
        return send(res, 400, { __type: error.type, message: error.message }, error.type);
      return send(res, 500, { __type: "InternalErrorException", message: String(error) }, "InternalErrorException");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  issuer = `${url}/${userPoolId}`;

  return {
    url,
    userPoolId,
    issuer,
    kid,
    codes,
    invitations,
    calls,
    users,
    lastCode: (username, purpose = "signUp") => {
      const found = codes.filter((c) => key(c.username) === key(username) && c.purpose === purpose).at(-1);
      if (!found) throw new Error(`the stand-in sent no ${purpose} code to ${username}`);
      return found.code;
    },
    issueIdToken: async (username, overrides = {}) => {
      const user = requireUser(username);
      return signIdToken(user, overrides.audience ?? Object.keys(clients)[0] ?? "", randomUUID(), overrides.tokenUse);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
