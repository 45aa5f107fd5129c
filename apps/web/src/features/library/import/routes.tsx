import type { RouteObject } from "react-router";

/** The library's Import Csv page (issue 4). Paths are relative to "/". */
export const importRoutes: RouteObject[] = [];
