import type { TSignUpRequest, TTokens } from "@hub/contracts";
import { identityApi } from "@hub/contracts/identity/api";
import { ApiError } from "./api-error";
import { callPublic } from "./call-public";

const STORAGE_KEY = "hub.identity";

export type StoredSession = { username: string; idToken: string; refreshToken: string; expiresAt: number };

/**
 * The browser side of the user pool. Today it speaks to the built-in pool; a Cognito client would
 * implement the same functions. Tokens live in local storage, as the pool's own SDK keeps them.
 */
export const identityClient = {
  signUp: (input: TSignUpRequest) => callPublic(identityApi.signUp, { body: input }),
  confirmSignUp: (username: string, code: string) =>
    callPublic(identityApi.confirmSignUp, { body: { username, code } }),
  resendConfirmationCode: (username: string) => callPublic(identityApi.resendConfirmationCode, { body: { username } }),
  signIn: (username: string, password: string) => callPublic(identityApi.signIn, { body: { username, password } }),
  forgotPassword: (username: string) => callPublic(identityApi.forgotPassword, { body: { username } }),
  confirmForgotPassword: (username: string, code: string, newPassword: string) =>
    callPublic(identityApi.confirmForgotPassword, { body: { username, code, newPassword } }),
  completeNewPassword: (username: string, temporaryPassword: string, newPassword: string) =>
    callPublic(identityApi.completeNewPassword, { body: { username, temporaryPassword, newPassword } }),
  refresh: (refreshToken: string) => callPublic(identityApi.refresh, { body: { refreshToken } }),
  signOut: (refreshToken: string) => callPublic(identityApi.signOut, { body: { refreshToken } }),
};

export const sessionStore = {
  read(): StoredSession | null {
    try {
      const raw = localStorage.getItem(STORAGE_KEY);
      return raw ? (JSON.parse(raw) as StoredSession) : null;
    } catch {
      return null;
    }
  },
  write(username: string, tokens: TTokens): StoredSession {
    const session = {
      username,
      idToken: tokens.idToken,
      refreshToken: tokens.refreshToken,
      expiresAt: Date.now() + tokens.expiresIn * 1000,
    };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    return session;
  },
  clear() {
    localStorage.removeItem(STORAGE_KEY);
  },
};

let refreshing: Promise<StoredSession> | null = null;

/** A current ID token, refreshed a minute before it expires; a failed refresh clears the cached user. */
export const currentIdToken = async (): Promise<string> => {
  const session = sessionStore.read();
  if (!session) throw new ApiError(401, "UNAUTHENTICATED", "User is not authenticated");
  if (session.expiresAt - Date.now() > 60_000) return session.idToken;
  refreshing ??= identityClient
    .refresh(session.refreshToken)
    .then((tokens) => sessionStore.write(session.username, tokens))
    .catch((error: unknown) => {
      sessionStore.clear();
      throw error instanceof ApiError && error.status >= 400 && error.status < 500
        ? new ApiError(401, "UNAUTHENTICATED", "User is not authenticated")
        : error;
    })
    .finally(() => {
      refreshing = null;
    });
  return (await refreshing).idToken;
};
