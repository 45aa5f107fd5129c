import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";
import { workspaceTabRoutes } from "../../components/record-workspace/tab-routes";

const OrderEntryPage = lazy(() => import("./order-entry-page"));
const OrdersListPage = lazy(() => import("./orders-list-page"));
// The tabs come in the details page's chunk: opening another tab never waits for code.
const orderDetails = () => import("./order-details/order-details-page");
const OrderDetailsPage = lazy(orderDetails);
const LinesTab = lazy(() => orderDetails().then((m) => ({ default: m.LinesTab })));
const CommentsTab = lazy(() => orderDetails().then((m) => ({ default: m.CommentsTab })));
const IssuesTab = lazy(() => orderDetails().then((m) => ({ default: m.IssuesTab })));
const CostTab = lazy(() => orderDetails().then((m) => ({ default: m.CostTab })));
const HistoryTab = lazy(() => orderDetails().then((m) => ({ default: m.HistoryTab })));
const PaymentsTab = lazy(() => orderDetails().then((m) => ({ default: m.PaymentsTab })));
const UnitsTab = lazy(() => orderDetails().then((m) => ({ default: m.UnitsTab })));
const ItemEditPage = lazy(() => import("./item-edit-page"));
const OrderImportPage = lazy(() => import("./order-import-page"));

/**
 * The orders screens (issue 10), mounted inside the signed-in shell. Paths are relative to "/".
 * An order's details are a record workspace at orders/:orderId/{tab} (orders/:orderId opens the
 * first tab; its tabs are ORDER_TABS in order-details/context.ts).
 */
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
    children: workspaceTabRoutes([
      { path: "lines", element: <LinesTab /> },
      { path: "comments", element: <CommentsTab /> },
      { path: "issues", element: <IssuesTab /> },
      { path: "history", element: <HistoryTab /> },
      { path: "cost", element: <CostTab /> },
      { path: "payments", element: <PaymentsTab /> },
      { path: "units", element: <UnitsTab /> },
    ]),
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
