import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const OpenOrdersPage = lazy(() => import("./open-orders-page"));
const FloorUnitsPage = lazy(() => import("./floor-units-page"));

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
  {
    // The floor's units by state (the home page's numbers open it).
    path: "openOrders/units",
    element: (
      <CardGuard card="openOrders">
        <FloorUnitsPage />
      </CardGuard>
    ),
  },
];
