import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const FileManagerPage = lazy(() => import("./file-manager-page"));
const FilesDashboardPage = lazy(() => import("./dashboard-page"));

/** The File Manager and the Files Dashboard (issue 19), both behind the fileManager card. */
export const fileManagerRoutes: RouteObject[] = [
  {
    path: "productDev/files/fileManager",
    element: (
      <CardGuard card="fileManager">
        <FileManagerPage />
      </CardGuard>
    ),
  },
  {
    path: "productDev/files/dashboard",
    element: (
      <CardGuard card="fileManager">
        <FilesDashboardPage />
      </CardGuard>
    ),
  },
];
