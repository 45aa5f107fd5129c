import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

// Loaded when opened, never with the sign-in page.
const ListScreen = lazy(() => import("./screens").then((m) => ({ default: m.ShippingProfileListScreen })));
const FormScreen = lazy(() => import("./screens").then((m) => ({ default: m.ShippingProfileFormScreen })));

const guard = (element: ReactNode) => <CardGuard card="shippingProfiles">{element}</CardGuard>;
const base = "productDev/shippingProfiles";

/** /productDev/shippingProfiles, /new and /edit/:id (issue 19). */
export const shippingProfileRoutes: RouteObject[] = [
  { path: base, element: guard(<ListScreen />) },
  { path: `${base}/new`, element: guard(<FormScreen key="new" mode="new" />) },
  { path: `${base}/edit/:id`, element: guard(<FormScreen key="edit" mode="edit" />) },
];
