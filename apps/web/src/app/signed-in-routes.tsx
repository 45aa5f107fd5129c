import { PLACEHOLDER_ROUTES } from "@hub/contracts/nav/routes";
import { lazy } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { CardGuard } from "../components/card-guard";
import { ComingSoon } from "../components/coming-soon";
import { AuthGuard } from "../components/guards";
import { financialsRoutes } from "../features/billing/financials/routes";
import { billingRoutes } from "../features/billing/routes";
import { stripeReportsRoutes } from "../features/billing/stripe-reports/routes";
import { accountRoutes } from "../features/client-account/routes";
import { clientsRoutes } from "../features/clients/routes";
import { dashboardsRoutes } from "../features/dashboards/routes";
import { designLibraryRoutes } from "../features/design-library/routes";
import { factoryConfigRoutes } from "../features/factory-config/routes";
import { fileManagerRoutes } from "../features/file-manager/routes";
import { filesRoutes } from "../features/files/routes";
import { cuttingKioskRoutes, cuttingRoutes } from "../features/floor/cutting/routes";
import { floorKioskRoutes, floorRoutes } from "../features/floor/routes";
import { integrationsRoutes } from "../features/integrations/routes";
import { inventoryRoutes } from "../features/inventory/routes";
import { jasPricingRoutes } from "../features/library/jas-pricing/routes";
import { libraryRoutes } from "../features/library/routes";
import { messagesRoutes } from "../features/messages/routes";
import { openOrdersRoutes } from "../features/orders/open-orders/routes";
import { orderChargeReportRoutes } from "../features/orders/order-charge-report/routes";
import { ordersRoutes } from "../features/orders/routes";
import { productGroupRoutes } from "../features/products/groups/routes";
import { productsRoutes } from "../features/products/routes";
import { shippingProfileRoutes } from "../features/products/shipping-profiles/routes";
import { reportsRoutes } from "../features/reports/routes";
import { returnsRoutes } from "../features/returns/routes";
import { shippingKioskRoutes, shippingRoutes } from "../features/shipping/routes";
import { teamsRoutes } from "../features/teams/routes";
import { usersRoutes } from "../features/users/routes";
import { KIOSK_PATHS } from "../layouts/kiosk/kiosk-routes";

const DashboardLayout = lazy(() => import("../layouts/dashboard/dashboard-layout"));
const KioskLayout = lazy(() => import("../layouts/kiosk/kiosk-layout"));
const KioskComingSoon = lazy(() => import("../layouts/kiosk/kiosk-coming-soon"));
const IndexPage = lazy(() => import("../features/home/index-page"));

/** Screens that are built, by area. */
const featureRoutes: RouteObject[] = [
  ...clientsRoutes,
  ...usersRoutes,
  ...accountRoutes,
  ...integrationsRoutes,
  ...messagesRoutes,
  ...factoryConfigRoutes,
  ...billingRoutes,
  ...filesRoutes,
  ...libraryRoutes,
  ...ordersRoutes,
  ...inventoryRoutes,
  ...returnsRoutes,
  ...orderChargeReportRoutes,
  ...financialsRoutes,
  ...jasPricingRoutes,
  ...stripeReportsRoutes,
  ...reportsRoutes,
  ...cuttingRoutes,
  ...teamsRoutes,
  ...designLibraryRoutes,
  ...productGroupRoutes,
  ...fileManagerRoutes,

  ...shippingProfileRoutes,
  ...shippingRoutes,
  ...productsRoutes,
  ...openOrdersRoutes,
  ...floorRoutes,
  ...dashboardsRoutes,
];
/** Floor screens that are built: they open in the kiosk layout. */
const kioskFeatureRoutes: RouteObject[] = [...cuttingKioskRoutes, ...shippingKioskRoutes, ...floorKioskRoutes];
const built = new Set([...featureRoutes, ...kioskFeatureRoutes].map((r) => r.path));

/** Routes that later issues turn into screens; until then each shows the coming-soon page. */
const waiting = PLACEHOLDER_ROUTES.filter((path) => !built.has(path.slice(1)));
const placeholderRoutes: RouteObject[] = waiting
  .filter((path) => !KIOSK_PATHS.includes(path))
  .map((path) => ({
    path: path.slice(1),
    element: (
      <CardGuard>
        <ComingSoon />
      </CardGuard>
    ),
  }));

/** Floor screens (kiosk layout): the built ones go here; the rest show a scan field and coming soon. */
const kioskRoutes: RouteObject[] = waiting
  .filter((path) => KIOSK_PATHS.includes(path))
  .map((path) => ({
    path: path.slice(1),
    element: (
      <CardGuard>
        <KioskComingSoon />
      </CardGuard>
    ),
  }));

const routes: RouteObject[] = [
  {
    path: "/",
    element: (
      <AuthGuard>
        <DashboardLayout />
      </AuthGuard>
    ),
    children: [{ index: true, element: <IndexPage /> }, ...featureRoutes, ...placeholderRoutes],
  },
  {
    element: (
      <AuthGuard>
        <KioskLayout />
      </AuthGuard>
    ),
    children: [...kioskFeatureRoutes, ...kioskRoutes],
  },
  { path: "*", element: <Navigate to="/404" replace /> },
];

/**
 * The signed-in part of the route table (spec 2.2), loaded only when a path outside the public
 * pages is opened: the sign-in page never downloads the screens' routes. Unknown paths go to /404.
 */
export default function SignedInRoutes() {
  return useRoutes(routes);
}
