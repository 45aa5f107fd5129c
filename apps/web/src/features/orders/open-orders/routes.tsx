import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const OpenOrdersPage = lazy(() => import("./open-orders-page"));

/** Manufacturing Status (issue 11, nav "Manufacturing Status"), behind its card. Paths are relative to "/". */
export const openOrdersRoutes: RouteObject[] = [
  {
    path: "openOrders",
    element: (
      <CardGuard>
        <OpenOrdersPage />
      </CardGuard>
    ),
  },
];
