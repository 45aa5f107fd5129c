import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const AssignTotePage = lazy(() => import("./assign-tote-page"));
const ClearTotePage = lazy(() => import("./clear-tote-page"));
const ToteLookupPage = lazy(() => import("./tote-lookup-page"));
const QcPage = lazy(() => import("./qc-page"));
const RecutPage = lazy(() => import("./recut-page"));
const UnitActionsPage = lazy(() => import("./unit-actions-page"));
const SetupPages = lazy(() => import("./setup-pages"));
const TotesPage = lazy(() => import("./totes-page"));

const guard = (card: string, element: ReactNode) => <CardGuard card={card}>{element}</CardGuard>;

/** The floor's scanner screens (issue 11), in the kiosk layout (KIOSK_PATHS). */
export const floorKioskRoutes: RouteObject[] = [
  { path: "assignTote", element: guard("assignTote", <AssignTotePage />) },
  { path: "clearTote", element: guard("clearTote", <ClearTotePage />) },
  { path: "toteLookup", element: guard("toteLookup", <ToteLookupPage />) },
  { path: "recutTote", element: guard("recutTote", <RecutPage />) },
  { path: "qcInspection", element: guard("qcInspection", <QcPage />) },
  { path: "unitActions", element: guard("unitActions", <UnitActionsPage />) },
];

/** The floor's managed lists, in the dashboard layout. */
export const floorRoutes: RouteObject[] = [
  // The people who fill totes keep the list, add totes and print their labels.
  { path: "totes", element: guard("assignTote", <TotesPage />) },
  { path: "floorStations", element: guard("floorStations", <SetupPages screen="stations" mode="list" />) },
  { path: "floorStations/new", element: guard("floorStations", <SetupPages screen="stations" mode="new" />) },
  { path: "floorStations/edit/:id", element: guard("floorStations", <SetupPages screen="stations" mode="edit" />) },
  { path: "qcReasons", element: guard("qcReasons", <SetupPages screen="reasons" mode="list" />) },
  { path: "qcReasons/new", element: guard("qcReasons", <SetupPages screen="reasons" mode="new" />) },
  { path: "qcReasons/edit/:id", element: guard("qcReasons", <SetupPages screen="reasons" mode="edit" />) },
];
