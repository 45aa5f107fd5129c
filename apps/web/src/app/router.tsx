import { PLACEHOLDER_ROUTES } from "@hub/contracts/nav/routes";
import { lazy, Suspense } from "react";
import { Navigate, Outlet, type RouteObject, useRoutes } from "react-router";
import { ComingSoon } from "../components/coming-soon";
import { AuthGuard, CardGuard, GuestGuard } from "../components/guards";
import { LoadingScreen } from "../components/loading-screen";
import { accountRoutes } from "../features/account/routes";
import { billingRoutes } from "../features/billing/routes";
import { clientsRoutes } from "../features/clients/routes";
import { filesRoutes } from "../features/files/routes";
import { integrationsRoutes } from "../features/integrations/routes";
import { libraryRoutes } from "../features/library/routes";
import { usersRoutes } from "../features/users/routes";

const DashboardLayout = lazy(() => import("../layouts/dashboard/dashboard-layout"));
const IndexPage = lazy(() => import("../features/home/index-page"));
const LoginPage = lazy(() => import("../features/auth/login-page"));
const RegisterPage = lazy(() => import("../features/auth/register-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/reset-password-page"));
const NewPasswordPage = lazy(() => import("../features/auth/new-password-page"));
const SubscriptionPage = lazy(() => import("../features/auth/subscription-page"));
const TermsPage = lazy(() => import("../features/policies/terms-page"));
const PrivacyPage = lazy(() => import("../features/policies/privacy-page"));
const AcceptableUsePage = lazy(() => import("../features/policies/acceptable-use-page"));
const NotFoundPage = lazy(() => import("../features/errors/not-found-page"));

function Suspended() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** Screens that are built, by area. */
const featureRoutes: RouteObject[] = [
  ...clientsRoutes,
  ...usersRoutes,
  ...accountRoutes,
  ...integrationsRoutes,
  ...billingRoutes,
  ...filesRoutes,
  ...libraryRoutes,
];
const built = new Set(featureRoutes.map((r) => r.path));

/** Routes that later issues turn into screens; until then each shows the coming-soon page. */
const placeholderRoutes: RouteObject[] = PLACEHOLDER_ROUTES.filter((path) => !built.has(path.slice(1))).map((path) => ({
  path: path.slice(1),
  element: (
    <CardGuard>
      <ComingSoon />
    </CardGuard>
  ),
}));

export const routes: RouteObject[] = [
  {
    element: <Suspended />,
    children: [
      {
        path: "auth",
        element: (
          <GuestGuard>
            <Outlet />
          </GuestGuard>
        ),
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: "login", element: <LoginPage /> },
          { path: "register", element: <RegisterPage /> },
          { path: "reset-password", element: <ResetPasswordPage /> },
          { path: "new-password", element: <NewPasswordPage /> },
          { path: "subscription", element: <SubscriptionPage /> },
        ],
      },
      { path: "terms-and-conditions", element: <TermsPage /> },
      { path: "privacy-policy", element: <PrivacyPage /> },
      { path: "acceptable-use-policy", element: <AcceptableUsePage /> },
      { path: "404", element: <NotFoundPage /> },
      {
        path: "/",
        element: (
          <AuthGuard>
            <DashboardLayout />
          </AuthGuard>
        ),
        children: [{ index: true, element: <IndexPage /> }, ...featureRoutes, ...placeholderRoutes],
      },
      { path: "*", element: <Navigate to="/404" replace /> },
    ],
  },
];

/** Declarative routing: the app uses no loaders or actions, and the data router would weigh more. */
export function AppRoutes() {
  return useRoutes(routes);
}
