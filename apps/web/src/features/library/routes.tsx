import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";
import { importRoutes } from "./import/routes";
import { LIBRARY_PATHS, type LibraryResourceKey } from "./resources/paths";
import { skuMapRoutes } from "./sku-maps/routes";
import { styleRoutes } from "./styles/routes";

// The screens (and their schemas) load when one is opened, never with the sign-in page.
const ListPage = lazy(() => import("./resource-pages").then((m) => ({ default: m.ResourceListScreen })));
const FormPage = lazy(() => import("./resource-pages").then((m) => ({ default: m.ResourceFormScreen })));

const screens = (resource: LibraryResourceKey): RouteObject[] => {
  const paths = LIBRARY_PATHS[resource];
  const guard = (element: ReactNode) => <CardGuard card={paths.card}>{element}</CardGuard>;
  const aliases: readonly string[] = "aliases" in paths ? paths.aliases : [];
  const listPaths = [...new Set([paths.listPath, paths.basePath, ...aliases])];
  return [
    ...listPaths.map((path) => ({ path, element: guard(<ListPage key={path} resource={resource} />) })),
    { path: `${paths.basePath}/new`, element: guard(<FormPage key="new" resource={resource} mode="new" />) },
    // A saved style opens in its record workspace instead (styles/routes.tsx).
    ...(resource === "styles"
      ? []
      : [
          {
            path: `${paths.basePath}/edit/:id`,
            element: guard(<FormPage key="edit" resource={resource} mode="edit" />),
          },
        ]),
  ];
};

/** The manufacturing library (issue 4), mounted inside the signed-in shell. Paths are relative to "/". */
export const libraryRoutes: RouteObject[] = [
  ...(Object.keys(LIBRARY_PATHS) as LibraryResourceKey[]).flatMap(screens),
  ...styleRoutes,
  ...importRoutes,
  ...skuMapRoutes,
];
