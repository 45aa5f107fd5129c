import { ALL_CARDS, DEFAULT_TYPE_CARDS, USER_TYPES } from "@hub/contracts";
import { like } from "drizzle-orm";
import type { HubTx } from "../client";
import { cardGrants, cards } from "../schema/index";

/**
 * The default card grants of the user types, each given once per installation.
 *
 * A default (type, card) is granted the first time this installation's seed sees it, and remembered
 * as given in `cards` as a row named `default:<type>:<card>` (beside the card rows themselves, which
 * no card name can collide with: card names have no colon). So a card added to a type's defaults
 * later reaches that type on installations that already knew the card, and a type grant an admin
 * removed afterwards is never given again.
 *
 * Installations that predate this bookkeeping have no `default:` rows. On their first start with it,
 * every default whose card they already knew counts as given (its grant was written when the card
 * was new, then kept or removed by an admin), except DEFAULTS_ADDED_LATER: defaults added to a type
 * after its card existed, which such an installation never received.
 */
export const DEFAULT_MARK_PREFIX = "default:";
export const defaultMark = (typeName: string, card: string) => `${DEFAULT_MARK_PREFIX}${typeName}:${card}`;

/** Defaults added to a type's list after the card itself existed (issues 16 and 18), as `type:card`. */
export const DEFAULTS_ADDED_LATER: readonly string[] = [
  "factory:supplierDetails",
  "manufacturer:salesDashboard",
  "factory:reportDownloads",
  "factory:productionOverview",
];

const allDefaults = () =>
  USER_TYPES.flatMap((t) => (DEFAULT_TYPE_CARDS[t.name] ?? []).map((card) => ({ type: t, card })));

/** Registers cards new to this installation and grants every default not given yet (in the seed's transaction). */
export const applyDefaultCardGrants = async (tx: HubTx): Promise<void> => {
  const rows = await tx.select({ routeName: cards.routeName }).from(cards);
  const names = new Set(rows.map((r) => r.routeName));
  const marks = new Set([...names].filter((n) => n.startsWith(DEFAULT_MARK_PREFIX)));
  const known = new Set([...names].filter((n) => !n.startsWith(DEFAULT_MARK_PREFIX)));

  const fresh = ALL_CARDS.filter((card) => !known.has(card));
  if (fresh.length > 0)
    await tx
      .insert(cards)
      .values(fresh.map((routeName) => ({ routeName })))
      .onConflictDoNothing();

  if (marks.size === 0 && known.size > 0) {
    // The first start with the bookkeeping on an older installation: what it already gave.
    const given = allDefaults()
      .filter(({ type, card }) => known.has(card) && !DEFAULTS_ADDED_LATER.includes(`${type.name}:${card}`))
      .map(({ type, card }) => defaultMark(type.name, card));
    if (given.length > 0)
      await tx
        .insert(cards)
        .values(given.map((routeName) => ({ routeName })))
        .onConflictDoNothing();
    for (const m of given) marks.add(m);
  }

  const due = allDefaults().filter(({ type, card }) => !marks.has(defaultMark(type.name, card)));
  if (due.length === 0) return;
  await tx
    .insert(cardGrants)
    .values(due.map(({ type, card }) => ({ routeName: card, typeId: type.id })))
    .onConflictDoNothing();
  await tx
    .insert(cards)
    .values(due.map(({ type, card }) => ({ routeName: defaultMark(type.name, card) })))
    .onConflictDoNothing();
};

/** The `default:` rows (for tests and diagnostics). */
export const defaultMarksWhere = like(cards.routeName, `${DEFAULT_MARK_PREFIX}%`);
