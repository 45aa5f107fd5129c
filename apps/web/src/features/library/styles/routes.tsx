import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const ProductPreviewPage = lazy(() => import("./product-preview-page"));
const StylePartsPage = lazy(() => import("./style-parts-page"));
const StyleInstructionsPage = lazy(() => import("./style-instructions-page"));

/** The library's style composition pages (productPreview, styleParts, styleInstructions) (issue 4). Paths are relative to "/". */
export const styleRoutes: RouteObject[] = [
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
