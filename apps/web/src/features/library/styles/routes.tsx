import type { RouteObject } from "react-router";

/** The library's style composition pages (productPreview, styleParts, styleInstructions) (issue 4). Paths are relative to "/". */
export const styleRoutes: RouteObject[] = [];
