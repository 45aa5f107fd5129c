import type { RouteObject } from "react-router";

/** The integrations screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/". */
export const integrationsRoutes: RouteObject[] = [];
