import type { TCodeDelivery, TIdTokenClaims, TSignUpRequest, TTokens } from "@hub/contracts";
import { HttpError } from "../../platform/errors";

/**
 * The identity adapter: user-pool semantics (sign up, confirm, sign in with its three outcomes,
 * forgot/confirm password, new-password challenge, tokens). The built-in pool implements it over
 * our database; a Cognito adapter implements the same with USER_PASSWORD_AUTH.
 */
export interface IdentityProvider {
  readonly kind: "builtin" | "cognito";
  /**
   * Registers an unconfirmed user. `input.brand` (a brand signing up from /auth/subscription) is
   * kept with the user until confirmation, when `ensureHubUser` creates the client: the built-in
   * pool stores it in identity_users.pending_brand; the Cognito adapter keeps it in the user's
   * `custom:hub_brand` attribute (docs/adr/0002-cognito.md).
   */
  signUp(input: TSignUpRequest): Promise<{ userConfirmed: boolean; codeDelivery: TCodeDelivery }>;
  confirmSignUp(username: string, code: string): Promise<void>;
  resendConfirmationCode(username: string): Promise<TCodeDelivery>;
  signIn(
    username: string,
    password: string,
    address: string,
  ): Promise<{ result: "tokens"; tokens: TTokens } | { result: "newPasswordRequired" }>;
  forgotPassword(username: string): Promise<TCodeDelivery>;
  confirmForgotPassword(username: string, code: string, newPassword: string): Promise<void>;
  completeNewPassword(
    username: string,
    temporaryPassword: string,
    newPassword: string,
    address: string,
  ): Promise<TTokens>;
  refresh(refreshToken: string): Promise<TTokens>;
  signOut(refreshToken: string): Promise<void>;
  /** Verifies an ID token and that its session has not ended; null when it is not valid. */
  verifyIdToken(token: string): Promise<TIdTokenClaims | null>;
  /**
   * Only where sessions are rows of the Hub's own database (the built-in pool): verifies an ID
   * token's signature and claims, and leaves the session to be checked by the statement that
   * loads the caller's principal (`loadPrincipal(db, name, sessionId)`), so an authenticated
   * request costs one statement, not two. Null when the token is not valid.
   */
  readIdToken?(token: string): Promise<{ claims: TIdTokenClaims; sessionId: string } | null>;
  /**
   * An admin creates a user with a temporary password; the first sign-in must set a new one. The
   * Hub sends its own email with the password, so the pool sends none.
   */
  adminCreateUser(input: {
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    temporaryPassword: string;
  }): Promise<void>;
  /** Takes back a user an admin just created when the Hub's own record of them could not be written. */
  adminDeleteUser(username: string): Promise<void>;
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
}

/** Errors named as the user pool names them; the web app maps them to the spec's texts. */
export const identityError = {
  notAuthorized: (message = "Incorrect username or password.") => new HttpError(400, "NotAuthorizedException", message),
  notConfirmed: () => new HttpError(400, "UserNotConfirmedException", "User is not confirmed."),
  usernameExists: () =>
    new HttpError(400, "UsernameExistsException", "An account with that username already exists.", {
      username: "This username is taken. Choose another.",
    }),
  aliasExists: () =>
    new HttpError(400, "AliasExistsException", "An account with that email already exists.", {
      email: "An account with this email already exists. Sign in or reset your password.",
    }),
  codeMismatch: () =>
    new HttpError(400, "CodeMismatchException", "Invalid verification code provided, please try again.", {
      code: "That code is not right. Check the email and try again.",
    }),
  expiredCode: () =>
    new HttpError(400, "ExpiredCodeException", "Invalid code provided, please request a code again.", {
      code: "This code has expired or was used too often. Ask for a new one.",
    }),
  invalidParameter: (message: string) => new HttpError(400, "InvalidParameterException", message),
  limitExceeded: (message = "Attempt limit exceeded, please try after some time.") =>
    new HttpError(429, "LimitExceededException", message),
  userNotFound: () => new HttpError(400, "UserNotFoundException", "Username/client id combination not found."),
};
