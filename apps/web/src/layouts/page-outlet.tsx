import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../components/loading-screen";
import { AccountGuards } from "../features/client-account/account-guards";
import { QueryProvider } from "../lib/query-provider";

/** A signed-in layout's page: the data layer, the account guards, and the route's screen as it loads. */
export function PageOutlet() {
  return (
    <QueryProvider>
      <AccountGuards>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AccountGuards>
    </QueryProvider>
  );
}
