import type { ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router";

/**
 * The child routes of a record workspace: the index goes to the first tab, each tab is its path,
 * and an unknown tab is the app's 404 (as any unknown address is).
 */
export const workspaceTabRoutes = (tabs: readonly { path: string; element: ReactNode }[]): RouteObject[] => {
  const first = tabs[0];
  if (!first) throw new Error("a record workspace needs at least one tab");
  return [
    { index: true, element: <Navigate to={first.path} replace /> },
    ...tabs.map((t) => ({ path: t.path, element: t.element })),
    { path: "*", element: <Navigate to="/404" replace /> },
  ];
};
