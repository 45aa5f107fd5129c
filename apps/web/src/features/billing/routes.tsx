import type { RouteObject } from "react-router";

/** The billing screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/". */
export const billingRoutes: RouteObject[] = [];
