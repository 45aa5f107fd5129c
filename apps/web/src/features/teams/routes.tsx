import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const TeamManagementPage = lazy(() => import("./team-management"));

/** Team Management (issue 12), inside the signed-in shell. */
export const teamsRoutes: RouteObject[] = [
  {
    path: "productDev/teamManagement",
    element: (
      <CardGuard card="teamManagement">
        <TeamManagementPage />
      </CardGuard>
    ),
  },
];
