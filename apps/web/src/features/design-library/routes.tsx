import { DESIGN_ITEM_PAGES, DESIGN_LIBRARY_OTHER_PAGES } from "@hub/contracts/design-library/design-library";
import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

// The screens (and their schemas) load when one is opened, never with the sign-in page.
const ListScreen = lazy(() => import("./screens").then((m) => ({ default: m.DesignListScreen })));
const FormScreen = lazy(() => import("./screens").then((m) => ({ default: m.DesignFormScreen })));

const PAGES = [...DESIGN_ITEM_PAGES, ...DESIGN_LIBRARY_OTHER_PAGES].map((p) => ({ key: p.key, card: p.card }));

/** The design library (issue 12): /productDev/libary/{page}, /new and /edit/:id for every page. */
export const designLibraryRoutes: RouteObject[] = PAGES.flatMap(({ key, card }) => {
  const guard = (element: ReactNode) => <CardGuard card={card}>{element}</CardGuard>;
  const base = `productDev/libary/${key}`;
  return [
    { path: base, element: guard(<ListScreen key={key} page={key} />) },
    { path: `${base}/new`, element: guard(<FormScreen key={`${key}-new`} page={key} mode="new" />) },
    { path: `${base}/edit/:id`, element: guard(<FormScreen key={`${key}-edit`} page={key} mode="edit" />) },
  ];
});
