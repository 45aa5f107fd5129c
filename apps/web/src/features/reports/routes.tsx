import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const ReportDownloadsPage = lazy(() => import("./report-downloads-page"));
const MarginPage = lazy(() => import("./margin/margin-page"));

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
  // Margin (issue 22, nav "Margin"): the card, and the server refuses a client or a designer whatever cards it holds.
  {
    path: "marginReport",
    element: (
      <CardGuard>
        <MarginPage />
      </CardGuard>
    ),
  },
];
