import { TECH_PACK_TABS } from "@hub/contracts/products/tech-pack/tech-pack";
import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";
import { workspaceTabRoutes } from "../../components/record-workspace/tab-routes";
import { TECH_PACK_TAB_SCREENS } from "./tech-pack/tabs";

const ProductsListPage = lazy(() => import("./products-list-page"));
const NewProductPage = lazy(() => import("./new-product-page"));
const VersionsPage = lazy(() => import("./versions-page"));
const WorkspacePage = lazy(() => import("./tech-pack/workspace-page"));
const TechPacksPage = lazy(() => import("./tech-packs-page"));
const ImportTechPackPage = lazy(() => import("./import/import-tech-pack-page"));
const guard = (element: ReactNode) => <CardGuard card="products">{element}</CardGuard>;
/** A tech pack opens for its team (Products) and, read-only, for a facility it was sent to (Tech Packs). */
const packGuard = (element: ReactNode) => <CardGuard anyOf={["products", "techPacks"]}>{element}</CardGuard>;

/** Products and the smart tech pack (issue 12), mounted inside the signed-in shell. */
export const productsRoutes: RouteObject[] = [
  { path: "productDev/products", element: guard(<ProductsListPage />) },
  {
    path: "productDev/techPacks",
    element: (
      <CardGuard card="techPacks">
        <TechPacksPage />
      </CardGuard>
    ),
  },
  {
    path: "productDev/files/importTechPack",
    element: (
      <CardGuard card="importTechPack">
        <ImportTechPackPage />
      </CardGuard>
    ),
  },
  { path: "productDev/products/addNewProduct", element: guard(<NewProductPage />) },
  { path: "productDev/products/:productId/versions", element: guard(<VersionsPage />) },
  {
    path: "productDev/products/:productId/versions/:version/stps/:stpId",
    element: packGuard(<WorkspacePage />),
    children: workspaceTabRoutes(
      TECH_PACK_TABS.map((path) => {
        const Screen = TECH_PACK_TAB_SCREENS[path];
        return { path, element: <Screen /> };
      }),
    ),
  },
];
