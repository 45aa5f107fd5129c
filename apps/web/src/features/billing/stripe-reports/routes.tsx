import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const StripeReportsPage = lazy(() => import("./stripe-reports-page"));

/** Stripe Reports (issue 18, nav "Stripe Reports"), behind its card. Paths are relative to "/". */
export const stripeReportsRoutes: RouteObject[] = [
  {
    path: "stripeReports",
    element: (
      <CardGuard>
        <StripeReportsPage />
      </CardGuard>
    ),
  },
];
