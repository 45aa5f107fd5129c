import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const ShipmentsListPage = lazy(() => import("./shipments-list-page"));
const ShipmentDetailPage = lazy(() => import("./shipment-detail-page"));
const PackOutPage = lazy(() => import("./pack-out-page"));

/** Shipped Orders and a shipment's page (issue 11), inside the signed-in shell. Paths are relative to "/". */
export const shippingRoutes: RouteObject[] = [
  {
    path: "shipments",
    element: (
      <CardGuard>
        <ShipmentsListPage />
      </CardGuard>
    ),
  },
  {
    path: "shipments/:id",
    element: (
      <CardGuard card="shipments">
        <ShipmentDetailPage />
      </CardGuard>
    ),
  },
];

/** The pack-out station, a floor screen in the kiosk layout (KIOSK_PATHS). */
export const shippingKioskRoutes: RouteObject[] = [
  {
    path: "packOut",
    element: (
      <CardGuard>
        <PackOutPage />
      </CardGuard>
    ),
  },
];
