import type { RouteObject } from "react-router";

/** The library's sku map pages and the SKU tester (issue 4). Paths are relative to "/". */
export const skuMapRoutes: RouteObject[] = [];
