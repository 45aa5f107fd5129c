import type { RouteObject } from "react-router";

/** The files screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/". */
export const filesRoutes: RouteObject[] = [];
