import { NAV_ITEMS } from "@hub/contracts/nav/nav-tree";
import type { ReactNode } from "react";
import { matchPath, useLocation } from "react-router";
import { useAuth } from "../lib/auth/auth-context";
import { NoAccess } from "./no-access";

/** A screen tied to a card shows only to users whose cardAccess holds that card. */
export function CardGuard({
  children,
  card,
  anyOf,
}: {
  children: ReactNode /** The card, for screens that are not nav items. */;
  card?: string;
  /** Any one of these cards opens the screen (one screen two kinds of user reach; the server narrows). */
  anyOf?: readonly string[];
}) {
  const { cardAccess } = useAuth();
  const { pathname } = useLocation();
  if (anyOf) return anyOf.some((c) => cardAccess.has(c)) ? children : <NoAccess />;
  const needed = card ?? NAV_ITEMS.find((i) => matchPath({ path: i.path, end: false }, pathname))?.card;
  if (needed && !cardAccess.has(needed)) return <NoAccess />;
  return <>{children}</>;
}
