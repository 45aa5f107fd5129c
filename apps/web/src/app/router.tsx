import { lazy, Suspense } from "react";
import { Navigate, Outlet, type RouteObject, useRoutes } from "react-router";
import { GuestGuard } from "../components/guards";
import { LoadingScreen } from "../components/loading-screen";

const SignedInRoutes = lazy(() => import("./signed-in-routes"));
const LoginPage = lazy(() => import("../features/auth/login-page"));
const RegisterPage = lazy(() => import("../features/auth/register-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/reset-password-page"));
const NewPasswordPage = lazy(() => import("../features/auth/new-password-page"));
const SubscriptionPage = lazy(() => import("../features/auth/subscription-page"));
const TermsPage = lazy(() => import("../features/policies/terms-page"));
const PrivacyPage = lazy(() => import("../features/policies/privacy-page"));
const AcceptableUsePage = lazy(() => import("../features/policies/acceptable-use-page"));
const NotFoundPage = lazy(() => import("../features/errors/not-found-page"));
/** The wall display: opened by a signed link on a floor TV, signed in or not. */
const WallPage = lazy(() => import("../features/dashboards/wall-page"));

function Suspended() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}

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
      { path: "wall", element: <WallPage /> },
      // Everything else: the signed-in screens (or /404), from a chunk of their own.
      { path: "*", element: <SignedInRoutes /> },
    ],
  },
];

/**
 * Declarative routing: the app uses no loaders or actions, and the data router would weigh more on
 * the login page (about 18 KB gzip). Record workspaces guard unsaved tabs without `useBlocker`.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
