import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const ReturnsListPage = lazy(() => import("./returns-list-page"));
const ReturnNewPage = lazy(() => import("./return-new-page"));
const ReturnDetailPage = lazy(() => import("./return-detail-page"));

/** The returns screens (issue 10), mounted inside the signed-in shell. Paths are relative to "/". */
export const returnsRoutes: RouteObject[] = [
  {
    path: "returns",
    element: (
      <CardGuard>
        <ReturnsListPage />
      </CardGuard>
    ),
  },
  {
    path: "returns/new",
    element: (
      <CardGuard>
        <ReturnNewPage />
      </CardGuard>
    ),
  },
  {
    path: "returns/:id",
    element: (
      <CardGuard>
        <ReturnDetailPage />
      </CardGuard>
    ),
  },
];
