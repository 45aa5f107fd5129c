import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const ImportCsvPage = lazy(() => import("./import-csv-page"));

/** The library's Import Csv page (issue 4). Paths are relative to "/". */
export const importRoutes: RouteObject[] = [
  {
    path: "importCsv",
    element: (
      <CardGuard card="importCsv">
        <ImportCsvPage />
      </CardGuard>
    ),
  },
];
