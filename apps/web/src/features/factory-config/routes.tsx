import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const FactoryConfigPage = lazy(() => import("./factory-config-page"));

/** Factory Config: a facility's own settings (facility users and internal admins with the card). */
export const factoryConfigRoutes: RouteObject[] = [
  {
    path: "factoryConfig",
    element: (
      <CardGuard card="factoryConfig">
        <FactoryConfigPage />
      </CardGuard>
    ),
  },
];
