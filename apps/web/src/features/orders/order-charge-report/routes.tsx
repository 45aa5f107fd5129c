import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const OrderChargeReportPage = lazy(() => import("./order-charge-report-page"));

/** The order charge report (issue 10, nav "Order Charge Report"), behind its card. Paths are relative to "/". */
export const orderChargeReportRoutes: RouteObject[] = [
  {
    path: "orderChargeReport",
    element: (
      <CardGuard>
        <OrderChargeReportPage />
      </CardGuard>
    ),
  },
];
