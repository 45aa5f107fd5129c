import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../../components/card-guard";

const PullOrderPage = lazy(() => import("./pull-order-page"));
const CutPlannerPage = lazy(() => import("./cut-planner-page"));
const AllCuttersPage = lazy(() => import("./all-cutters-page"));
const QueuedToCutPage = lazy(() => import("./queued-to-cut-page"));

const guard = (card: string, element: ReactNode) => <CardGuard card={card}>{element}</CardGuard>;

/** Cutting (issue 11), in the signed-in shell: the planner, the cutters and their tickets. */
export const cuttingRoutes: RouteObject[] = [
  { path: "cutPlannerAuto", element: guard("cutPlannerAuto", <CutPlannerPage />) },
  { path: "allCutters", element: guard("allCutters", <AllCuttersPage />) },
  { path: "cutters", element: guard("allCutters", <QueuedToCutPage key="all" queuedOnly={false} />) },
  { path: "queuedToCut", element: guard("allCutters", <QueuedToCutPage key="queued" queuedOnly />) },
];

/** Cutting's floor screen, in the kiosk layout. */
export const cuttingKioskRoutes: RouteObject[] = [
  { path: "pullOrder", element: guard("pullOrder", <PullOrderPage />) },
];
