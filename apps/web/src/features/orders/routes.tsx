import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const OrderEntryPage = lazy(() => import("./order-entry-page"));
const OrdersListPage = lazy(() => import("./orders-list-page"));
const OrderDetailsPage = lazy(() => import("./order-details-page"));
const ItemEditPage = lazy(() => import("./item-edit-page"));
const OrderImportPage = lazy(() => import("./order-import-page"));

/** The orders screens (issue 10), mounted inside the signed-in shell. Paths are relative to "/". */
export const ordersRoutes: RouteObject[] = [
  {
    path: "orderEntry",
    element: (
      <CardGuard>
        <OrderEntryPage />
      </CardGuard>
    ),
  },
  {
    path: "orders",
    element: (
      <CardGuard>
        <OrdersListPage />
      </CardGuard>
    ),
  },
  {
    // Importing places orders: the Order Entry card, like entry itself.
    path: "orders/import",
    element: (
      <CardGuard card="orderEntry">
        <OrderImportPage />
      </CardGuard>
    ),
  },
  {
    path: "orders/:orderId",
    element: (
      <CardGuard card="orders">
        <OrderDetailsPage />
      </CardGuard>
    ),
  },
  {
    path: "orders/:orderId/itemEdit",
    element: (
      <CardGuard card="orders">
        <ItemEditPage />
      </CardGuard>
    ),
  },
];
