import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { NoAccess } from "../../components/no-access";
import { useAuth } from "../../lib/auth/auth-context";

const YourAccountPage = lazy(() => import("./your-account-page"));
const YourAddressesPage = lazy(() => import("./your-addresses-page"));
const YourClientUsersPage = lazy(() => import("./your-client-users-page"));
const ManageSubscriptionPage = lazy(() => import("./manage-subscription-page"));
const NewSubscriptionPage = lazy(() => import("./new-subscription-page"));

/** Every account screen hangs off the Your Account card, as the server's routes do. */
function AccountCard({ children }: { children: ReactNode }) {
  const { cardAccess } = useAuth();
  return cardAccess.has("yourAccount") ? children : <NoAccess />;
}

/** The account screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/". */
export const accountRoutes: RouteObject[] = [
  {
    path: "yourAccount",
    element: (
      <AccountCard>
        <YourAccountPage />
      </AccountCard>
    ),
  },
  {
    path: "yourAddresses",
    element: (
      <AccountCard>
        <YourAddressesPage />
      </AccountCard>
    ),
  },
  {
    path: "yourClientUsers",
    element: (
      <AccountCard>
        <YourClientUsersPage />
      </AccountCard>
    ),
  },
  {
    path: "manageSubscription",
    element: (
      <AccountCard>
        <ManageSubscriptionPage />
      </AccountCard>
    ),
  },
  {
    path: "newSubscription",
    element: (
      <AccountCard>
        <NewSubscriptionPage />
      </AccountCard>
    ),
  },
];
