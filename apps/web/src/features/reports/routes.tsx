import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const ReportDownloadsPage = lazy(() => import("./report-downloads-page"));

/**
 * Report Downloads (issue 18, nav "Report Downloads"), behind its card; a client below the
 * Professional plan is sent to Your Account by the account guards (the nav item's minPlanLevel).
 */
export const reportsRoutes: RouteObject[] = [
  {
    path: "reportDownloads",
    element: (
      <CardGuard>
        <ReportDownloadsPage />
      </CardGuard>
    ),
  },
];
