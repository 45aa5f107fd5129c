import { accountGuardRedirect } from "@hub/contracts/client-account/client-account";
import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuth } from "../../lib/auth/auth-context";
import { useGuardStatus } from "./api";

/**
 * Spec 4's guards for client users (user limit, required subscription, plan level): the rules are
 * `accountGuardRedirect` in the contracts; this asks the server for the numbers and redirects.
 */
export function AccountGuards({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const isClient = user?.userType === "client";
  const { pathname } = useLocation();
  const status = useGuardStatus(isClient);
  const { refetch } = status;

  // Each new page checks again (spec 9: subscription queries are never stale).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (isClient && pathname) void refetch();
  }, [pathname, isClient, refetch]);

  if (!isClient || !status.data) return <>{children}</>;
  const to = accountGuardRedirect(pathname, status.data);
  if (to) return <Navigate to={to} replace />;
  return <>{children}</>;
}
