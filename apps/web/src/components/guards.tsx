import { lazy, type ReactNode, Suspense, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuth } from "../lib/auth/auth-context";
import { LoadingScreen } from "./loading-screen";

const LoginPage = lazy(() => import("../features/auth/login-page"));

/**
 * Protected routes (spec 2.2): signed out, the login screen appears in place and the wanted path
 * is remembered; after sign-in the user is sent there.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { isInitialized, isAuthenticated } = useAuth();
  const { pathname, search } = useLocation();
  const [requested, setRequested] = useState<string | null>(null);

  if (!isInitialized) return <LoadingScreen />;
  if (!isAuthenticated) {
    const wanted = `${pathname}${search}`;
    if (requested !== wanted) setRequested(wanted);
    return (
      <Suspense fallback={<LoadingScreen />}>
        <LoginPage />
      </Suspense>
    );
  }
  if (requested && requested !== `${pathname}${search}`) {
    setRequested(null);
    return <Navigate to={requested} replace />;
  }
  return <>{children}</>;
}

/** Public pages (spec 2.1): a signed-in user goes to "/"; a loader while auth initialises. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { isInitialized, isAuthenticated } = useAuth();
  if (!isInitialized) return <LoadingScreen />;
  if (isAuthenticated) return <Navigate to="/" replace />;
  return <>{children}</>;
}
