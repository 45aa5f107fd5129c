import { lazy } from "react";
import type { RouteObject } from "react-router";

const PaymentMethodsPage = lazy(() => import("./payment-methods-page"));

/**
 * The billing screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/".
 * paymentMethods has no card of its own: the server lets client admins and internal users in and
 * answers everyone else 403, which the page shows.
 */
export const billingRoutes: RouteObject[] = [{ path: "paymentMethods", element: <PaymentMethodsPage /> }];
