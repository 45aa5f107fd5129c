import { lazy } from "react";
import type { RouteObject } from "react-router";

const MessagesPage = lazy(() => import("./messages-page"));

/** Messages (issue 20): every signed-in person's own inbox; no card, nobody else's. */
export const messagesRoutes: RouteObject[] = [{ path: "messages", element: <MessagesPage /> }];
