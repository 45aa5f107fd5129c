import type { RouteObject } from "react-router";

/**
 * The sku map screens come from the library's resource table (LIBRARY_PATHS.skuMaps: /skuMap,
 * /skuMaps, new and edit); the tester sits beside the form. Nothing else to mount here.
 */
export const skuMapRoutes: RouteObject[] = [];
