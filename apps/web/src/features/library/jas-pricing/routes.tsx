import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const JasPricingPage = lazy(() => import("./jas-pricing-page"));

/** JAS Pricing (issue 18, nav "JAS Pricing"), behind its card. Paths are relative to "/". */
export const jasPricingRoutes: RouteObject[] = [
  {
    path: "jasPricing",
    element: (
      <CardGuard>
        <JasPricingPage />
      </CardGuard>
    ),
  },
];
