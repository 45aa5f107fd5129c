import { lazy, Suspense } from "react";
import { useAuth } from "../../lib/auth/auth-context";

// The picker (and the teams contract) loads only for people who work in product development.
const TeamPicker = lazy(() => import("./team-picker"));

/** The current team in the header, for users of product development (not internal admins, who open any team). */
export function TeamSwitcher() {
  const { user, cardAccess, productDevData } = useAuth();
  if (!user || user.userType === "icreate" || !productDevData?.currentTeam) return null;
  if (!cardAccess.has("teamManagement") && !cardAccess.has("products")) return null;
  return (
    <Suspense fallback={null}>
      <TeamPicker />
    </Suspense>
  );
}
