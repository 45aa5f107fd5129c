import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const FinancialsPage = lazy(() => import("./financials-page"));

/** Financials (issue 18, nav "Financials"), behind its card. Paths are relative to "/". */
export const financialsRoutes: RouteObject[] = [
  {
    path: "financials",
    element: (
      <CardGuard>
        <FinancialsPage />
      </CardGuard>
    ),
  },
];
