import type { TTechPackHistoryPage } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, desc, eq, or, sql } from "drizzle-orm";
import { containsPattern } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { packFor } from "./scope";

/** The tech pack's history: one row per changed field of a save, and its page. */

const history = schema.pdTechPackHistory;

// ---- saving tabs -------------------------------------------------------------------------------

/** Flattens a document to `path → text` ("rows[2].quantity" → "1.25") for the history. */
export const flatten = (value: unknown, path = "", out: Map<string, string> = new Map()): Map<string, string> => {
  if (Array.isArray(value)) {
    if (value.length === 0 && path) out.set(path, "[]");
    value.forEach((v, i) => {
      flatten(v, `${path}[${i}]`, out);
    });
  } else if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && path) out.set(path, "{}");
    for (const [k, v] of entries) flatten(v, path ? `${path}.${k}` : k, out);
  } else if (path) {
    out.set(path, value === null || value === undefined ? "" : String(value));
  }
  return out;
};

const MAX_HISTORY_ROWS = 300;

/** One history row per field that changed between two documents (capped; the rest summed up in one row). */
export const writeHistory = async (
  tx: HubTx,
  stpId: number,
  actor: string,
  tab: string,
  before: unknown,
  after: unknown,
): Promise<number> => {
  const a = flatten(before);
  const b = flatten(after);
  const changes: { field: string; oldValue: string | null; newValue: string | null }[] = [];
  for (const [field, v] of b)
    if (a.get(field) !== v) changes.push({ field, oldValue: a.get(field) ?? null, newValue: v });
  for (const [field, v] of a) if (!b.has(field)) changes.push({ field, oldValue: v, newValue: null });
  if (changes.length === 0) return 0;
  const kept = changes.slice(0, MAX_HISTORY_ROWS);
  if (changes.length > kept.length)
    kept.push({ field: "(more)", oldValue: null, newValue: `${changes.length - kept.length} more changes` });
  await tx.insert(history).values(
    kept.map((c) => ({
      techPackId: stpId,
      userName: actor,
      tab,
      field: c.field.slice(0, 300),
      oldValue: c.oldValue?.slice(0, 2000) ?? null,
      newValue: c.newValue?.slice(0, 2000) ?? null,
    })),
  );
  return changes.length;
};

// ---- history ----------------------------------------------------------------------------------

export const readHistory = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  q: { page: number; size: number; tab?: string | undefined; searchString?: string | undefined },
): Promise<TTechPackHistoryPage> => {
  await packFor(db, p, stpId);
  const search = q.searchString?.trim();
  const where = and(
    eq(history.techPackId, stpId),
    q.tab ? eq(history.tab, q.tab) : undefined,
    search
      ? or(
          sql`${history.field} ilike ${containsPattern(search)}`,
          sql`${history.newValue} ilike ${containsPattern(search)}`,
          sql`${history.oldValue} ilike ${containsPattern(search)}`,
          sql`${history.userName} ilike ${containsPattern(search)}`,
        )
      : undefined,
  );
  const rows = await db
    .select()
    .from(history)
    .where(where)
    .orderBy(desc(history.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(history).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      at: r.at.toISOString(),
      tab: r.tab,
      field: r.field,
      oldValue: r.oldValue,
      newValue: r.newValue,
    })),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
};
