import { STALE_TAB_FIELD, type TTabStamp } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { conflict } from "./errors";

/**
 * Per-tab versions of a record workspace (ARCHITECTURE.md "The record workspace"). A tab's GET
 * answers its `version`; its save sends that version back and calls `bumpTabVersion` first thing
 * in the save's transaction. The bump is one atomic statement (UPDATE … WHERE version = expected,
 * or INSERT … ON CONFLICT DO NOTHING for a tab never saved), so of two saves that loaded the same
 * version exactly one moves it on; the other gets a 409 and its transaction writes nothing. On
 * PostgreSQL the loser waits on the winner's row lock and then finds the version moved.
 */

const t = schema.recordTabVersions;

export type TabVersion = { version: number; savedAt: Date | null; savedBy: string | null };

const NEVER_SAVED: TabVersion = { version: 0, savedAt: null, savedBy: null };

/** The stamp a tab's GET answers (ZTabStampSchema). */
export const tabStamp = (v: TabVersion): TTabStamp => ({
  version: v.version,
  savedAt: v.savedAt?.toISOString() ?? null,
  savedBy: v.savedBy,
});

const where = (kind: string, recordId: number, tab: string) =>
  and(eq(t.kind, kind), eq(t.recordId, recordId), eq(t.tab, tab));

/** The tab's current version (0 when it was never saved through a versioned save). */
export const readTabVersion = async (
  db: HubDb | HubTx,
  kind: string,
  recordId: number,
  tab: string,
): Promise<TabVersion> => {
  const [row] = await db
    .select({ version: t.version, savedAt: t.updatedAt, savedBy: t.updatedBy })
    .from(t)
    .where(where(kind, recordId, tab));
  return row ?? NEVER_SAVED;
};

/** The 409 of a stale save: who changed the tab and when, when known. */
export const staleTabMessage = (label: string, current: TabVersion): string => {
  const who = current.savedBy ? ` by ${current.savedBy}` : " by someone else";
  const when = current.savedAt ? ` on ${current.savedAt.toISOString().slice(0, 16).replace("T", " at ")} UTC` : "";
  return `${label} was changed${who}${when} since you opened it. Reload to see the changes, then make yours again.`;
};

/**
 * Moves the tab from `expected` to `expected + 1` inside the save's transaction, or throws a 409
 * `conflict` (naming who and when) when someone saved the tab since `expected` was read. Call it
 * before the save writes anything, so the loser of a race waits on the winner's lock, not after it.
 * `label` names the tab in the message ("Pricing").
 */
export const bumpTabVersion = async (
  tx: HubTx,
  kind: string,
  recordId: number,
  tab: string,
  expected: number,
  actor: string,
  label: string,
): Promise<number> => {
  const next = expected + 1;
  const moved =
    expected === 0
      ? await tx
          .insert(t)
          .values({ kind, recordId, tab, version: next, updatedBy: actor, updatedAt: new Date() })
          .onConflictDoNothing()
          .returning({ version: t.version })
      : await tx
          .update(t)
          .set({ version: next, updatedBy: actor, updatedAt: new Date() })
          .where(and(where(kind, recordId, tab), eq(t.version, expected)))
          .returning({ version: t.version });
  if (moved.length === 1) return next;
  const current = await readTabVersion(tx, kind, recordId, tab);
  throw conflict(staleTabMessage(label, current), { [STALE_TAB_FIELD]: "Changed by someone else since it was opened" });
};

/**
 * Moves a tab on without a check, for writes that do not come from the tab's own form (the whole
 * composition PUT, applying a profile, an import): screens open on the tab then see a 409 on save
 * instead of silently overwriting them.
 */
export const touchTabVersion = (tx: HubTx, kind: string, recordId: number, tab: string, actor: string) =>
  touchTabVersions(tx, kind, [recordId], tab, actor);

/** `touchTabVersion` for many records at once (an import's batch), in one statement. */
export const touchTabVersions = async (
  tx: HubTx,
  kind: string,
  recordIds: readonly number[],
  tab: string,
  actor: string,
): Promise<void> => {
  const ids = [...new Set(recordIds)];
  if (ids.length === 0) return;
  const now = new Date();
  await tx
    .insert(t)
    .values(ids.map((recordId) => ({ kind, recordId, tab, version: 1, updatedBy: actor, updatedAt: now })))
    .onConflictDoUpdate({
      target: [t.kind, t.recordId, t.tab],
      set: { version: sql`${t.version} + 1`, updatedBy: actor, updatedAt: now },
    });
};
