import type { TCurrentUser, TProductDevData, TPublicConfig, TUserDataResponse } from "@hub/contracts";
import { APPLICATION_NAME } from "@hub/contracts/common/constants";
import { MESSAGES } from "@hub/contracts/common/messages";
import { sessionApi } from "@hub/contracts/session/api";
import { systemApi } from "@hub/contracts/system/api";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { call } from "../api";
import { ApiError } from "../api-error";
import { callPublic } from "../call-public";
import { identityClient, sessionStore } from "../identity-client";
import { lookupPublicIp } from "../public-ip";

type SessionClient = TUserDataResponse["sessionClient"];

export type AuthState = {
  isInitialized: boolean;
  isAuthenticated: boolean;
  user: TCurrentUser | null;
  productDevData: TProductDevData | null;
  sessionClient: SessionClient;
};

/** Thrown by login when the account must choose a new password first. */
export class NewPasswordRequired extends Error {
  constructor(
    readonly username: string,
    readonly temporaryPassword: string,
  ) {
    super("newPasswordRequired");
  }
}

type AuthContextValue = AuthState & {
  cardAccess: ReadonlySet<string>;
  login: (username: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session, always fresh (spec 9: user queries use zero stale time). Loaded without the query
 * library, to keep the first page small.
 */
const loadUserData = (username: string): Promise<TUserDataResponse> =>
  call(sessionApi.userData, { query: { username } });

let publicConfig: Promise<TPublicConfig> | null = null;
const config = () => {
  publicConfig ??= callPublic(systemApi.config).catch((error: unknown) => {
    publicConfig = null;
    throw error;
  });
  return publicConfig;
};

/** Spec 4: after a successful login, look up the public IP and post a login audit record. */
const postLoginAudit = async (userName: string) => {
  try {
    const { ipLookupUrls } = await config();
    const ipAddress = await lookupPublicIp(ipLookupUrls);
    await call(sessionApi.loginAudit, {
      body: { loginDate: new Date().toISOString(), userName, application: APPLICATION_NAME, ipAddress },
    });
  } catch {
    // The audit never stands in a person's way.
  }
};

const signedOut: AuthState = {
  isInitialized: true,
  isAuthenticated: false,
  user: null,
  productDevData: null,
  sessionClient: null,
};

/** Logout clears the session, the stored client and all local storage (spec 4). */
const clearEverything = () => {
  sessionStore.clear();
  localStorage.clear();
  // Cached server state goes too; the query library is loaded only once someone was signed in.
  void import("../query-client").then(({ queryClient }) => queryClient.clear());
};

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ ...signedOut, isInitialized: false });

  const applyUserData = useCallback((data: TUserDataResponse) => {
    setState({
      isInitialized: true,
      isAuthenticated: true,
      user: data.user,
      productDevData: data.productDevData,
      sessionClient: data.sessionClient,
    });
  }, []);

  useEffect(() => {
    const session = sessionStore.read();
    if (!session) {
      setState(signedOut);
      return;
    }
    loadUserData(session.username)
      .then(applyUserData)
      .catch((error: unknown) => {
        // A session that no longer loads (signed out elsewhere, expired) starts over at sign-in.
        if (error instanceof ApiError && error.status === 401) sessionStore.clear();
        setState(signedOut);
      });
  }, [applyUserData]);

  const login = useCallback(
    async (username: string, password: string) => {
      const outcome = await identityClient.signIn(username, password);
      if (outcome.result === "newPasswordRequired") throw new NewPasswordRequired(username, password);
      sessionStore.write(username, outcome.tokens);
      let data: TUserDataResponse;
      try {
        data = await loadUserData(username);
      } catch {
        // Spec 4: a session that fails to load after sign-in signs out and reloads.
        clearEverything();
        window.location.reload();
        return;
      }
      void postLoginAudit(data.user.userName);
      applyUserData(data);
    },
    [applyUserData],
  );

  const logout = useCallback(async () => {
    const session = sessionStore.read();
    clearEverything();
    setState(signedOut);
    if (session) await identityClient.signOut(session.refreshToken).catch(() => undefined);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      cardAccess: new Set(state.user?.cardAccess.map((c) => c.routeName) ?? []),
      login,
      logout,
    }),
    [state, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
};

export const loginErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.code === "NotAuthorizedException") return MESSAGES.incorrectCredentials;
    if (error.code === "TRANSPORT") return error.message;
  }
  return MESSAGES.tryAgain;
};
