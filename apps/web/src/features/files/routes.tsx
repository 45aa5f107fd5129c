import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const UploadPrintFilesPage = lazy(() => import("./upload-print-files-page"));

/** The files screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/". */
export const filesRoutes: RouteObject[] = [
  {
    path: "uploadPrintFiles",
    element: (
      <CardGuard>
        <UploadPrintFilesPage />
      </CardGuard>
    ),
  },
];
