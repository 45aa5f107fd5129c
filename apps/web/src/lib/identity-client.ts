import type { TCodeDelivery, TSignInResponse, TSignUpRequest, TTokens } from "@hub/contracts";
import { ApiError, send, toApiError } from "./api-error";

const STORAGE_KEY = "hub.identity";

export type StoredSession = { username: string; idToken: string; refreshToken: string; expiresAt: number };

const post = async <T>(action: string, body: unknown): Promise<T> => {
  const response = await send(`/api/identity/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
};

/**
 * The browser side of the user pool. Today it speaks to the built-in pool; a Cognito client would
 * implement the same functions. Tokens live in local storage, as the pool's own SDK keeps them.
 */
export const identityClient = {
  signUp: (input: TSignUpRequest) => post<{ userConfirmed: boolean; codeDelivery: TCodeDelivery }>("signUp", input),
  confirmSignUp: (username: string, code: string) => post<{ ok: true }>("confirmSignUp", { username, code }),
  resendConfirmationCode: (username: string) => post<TCodeDelivery>("resendConfirmationCode", { username }),
  signIn: (username: string, password: string) => post<TSignInResponse>("signIn", { username, password }),
  forgotPassword: (username: string) => post<TCodeDelivery>("forgotPassword", { username }),
  confirmForgotPassword: (username: string, code: string, newPassword: string) =>
    post<{ ok: true }>("confirmForgotPassword", { username, code, newPassword }),
  completeNewPassword: (username: string, temporaryPassword: string, newPassword: string) =>
    post<TTokens>("completeNewPassword", { username, temporaryPassword, newPassword }),
  refresh: (refreshToken: string) => post<TTokens>("refresh", { refreshToken }),
  signOut: (refreshToken: string) => post<{ ok: true }>("signOut", { refreshToken }),
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
