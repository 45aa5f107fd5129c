import { SESSION_CLIENT_USER_TYPES } from "@hub/contracts/session/session-client";
import { lazy, Suspense } from "react";
import { useAuth } from "../../lib/auth/auth-context";

// The picker (Autocomplete, the query library) loads only for the internal users who see it.
const SessionClientPicker = lazy(() => import("./session-client-picker"));

/** Lets internal users choose the session client they work in (spec 4). Hidden for everyone else. */
export function SessionClientSwitcher() {
  const { user } = useAuth();
  if (!user || !SESSION_CLIENT_USER_TYPES.includes(user.userType)) return null;
  return (
    <Suspense fallback={null}>
      <SessionClientPicker />
    </Suspense>
  );
}
