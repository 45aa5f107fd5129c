import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";
import { workspaceTabRoutes } from "../../../components/record-workspace/tab-routes";

const ProductPreviewPage = lazy(() => import("./product-preview-page"));
const StylePartsPage = lazy(() => import("./style-parts-page"));
const StyleInstructionsPage = lazy(() => import("./style-instructions-page"));
const StyleWorkspacePage = lazy(() => import("./workspace/style-workspace-page"));
const DetailsTab = lazy(() => import("./workspace/details-tab"));
const PricingTab = lazy(() => import("./workspace/pricing-tab"));
const OptionsTab = lazy(() => import("./workspace/options-tab"));
const MaterialsTab = lazy(() => import("./workspace/materials-tab"));
const StepsTab = lazy(() => import("./workspace/steps-tab"));

/**
 * The library's style pages (issue 4), relative to "/": a saved style's record workspace at
 * styles/edit/:id/{tab} (styles/edit/:id opens the first tab; its tabs are STYLE_TABS), and the
 * productPreview, styleParts and styleInstructions pages.
 */
export const styleRoutes: RouteObject[] = [
  {
    path: "styles/edit/:id",
    element: (
      <CardGuard card="styles">
        <StyleWorkspacePage />
      </CardGuard>
    ),
    children: workspaceTabRoutes([
      { path: "details", element: <DetailsTab /> },
      { path: "pricing", element: <PricingTab /> },
      { path: "options", element: <OptionsTab /> },
      { path: "materials", element: <MaterialsTab /> },
      { path: "steps", element: <StepsTab /> },
    ]),
  },
  {
    path: "styles/productPreview/:id",
    element: (
      <CardGuard card="styles">
        <ProductPreviewPage />
      </CardGuard>
    ),
  },
  {
    path: "styles/styleParts/:id",
    element: (
      <CardGuard card="styles">
        <StylePartsPage />
      </CardGuard>
    ),
  },
  {
    path: "styles/styleInstructions/:id",
    element: (
      <CardGuard card="styles">
        <StyleInstructionsPage />
      </CardGuard>
    ),
  },
];
