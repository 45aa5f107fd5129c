import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const ApiIntegrationsPage = lazy(() => import("./api-integrations-page"));
const AccountIntegrationPage = lazy(() => import("./account-integration-page"));
const SoftwareRequestPage = lazy(() => import("./software-request-page"));

/** The integrations screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/". */
export const integrationsRoutes: RouteObject[] = [
  {
    path: "apiIntegrations",
    element: (
      <CardGuard>
        <ApiIntegrationsPage />
      </CardGuard>
    ),
  },
  {
    path: "accountIntegration",
    element: (
      <CardGuard>
        <AccountIntegrationPage />
      </CardGuard>
    ),
  },
  {
    path: "softwareRequest",
    element: (
      <CardGuard>
        <SoftwareRequestPage />
      </CardGuard>
    ),
  },
];
