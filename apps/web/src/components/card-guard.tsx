import { NAV_ITEMS } from "@hub/contracts/nav/nav-tree";
import type { ReactNode } from "react";
import { matchPath, useLocation } from "react-router";
import { useAuth } from "../lib/auth/auth-context";
import { NoAccess } from "./no-access";

/** A screen tied to a card shows only to users whose cardAccess holds that card. */
export function CardGuard({
  children,
  card,
}: {
  children: ReactNode /** The card, for screens that are not nav items. */;
  card?: string;
}) {
  const { cardAccess } = useAuth();
  const { pathname } = useLocation();
  const needed = card ?? NAV_ITEMS.find((i) => matchPath({ path: i.path, end: false }, pathname))?.card;
  if (needed && !cardAccess.has(needed)) return <NoAccess />;
  return <>{children}</>;
}
