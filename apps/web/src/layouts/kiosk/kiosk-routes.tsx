import { NAV_ITEMS } from "@hub/contracts/nav/nav-tree";
import { matchPath } from "react-router";

/**
 * The factory-floor screens that open in the kiosk layout: used standing up, with a barcode scanner.
 * A floor screen that is built joins the kiosk route's children in `app/signed-in-routes.tsx`;
 * until then its coming-soon placeholder is shown in the kiosk layout.
 */
export const KIOSK_PATHS = [
  "/assignTote",
  "/clearTote",
  "/toteLookup",
  "/recutTote",
  "/pullOrder",
  "/packOut",
  "/qcInspection",
  "/unitActions",
];

/** The screen's title in the top bar: its nav item's title. */
export const kioskTitleOf = (pathname: string) =>
  NAV_ITEMS.find((i) => matchPath({ path: i.path, end: true }, pathname))?.title ?? "Hub";
