import { PRODUCT_GROUPS } from "@hub/contracts/products/groups";
import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

// Loaded when one is opened, never with the sign-in page.
const ListScreen = lazy(() => import("./screens").then((m) => ({ default: m.GroupListScreen })));
const FormScreen = lazy(() => import("./screens").then((m) => ({ default: m.GroupFormScreen })));

/** /productDev/{collections|batches|tags}, /new and /edit/:id (issue 19). */
export const productGroupRoutes: RouteObject[] = PRODUCT_GROUPS.flatMap(({ key }) => {
  const guard = (element: ReactNode) => <CardGuard card="products">{element}</CardGuard>;
  const base = `productDev/${key}`;
  return [
    { path: base, element: guard(<ListScreen key={key} kind={key} />) },
    { path: `${base}/new`, element: guard(<FormScreen key={`${key}-new`} kind={key} mode="new" />) },
    { path: `${base}/edit/:id`, element: guard(<FormScreen key={`${key}-edit`} kind={key} mode="edit" />) },
  ];
});
