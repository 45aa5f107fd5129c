import type { TTechPackHistoryPage } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import { containsPattern } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { fieldLabel, formatValue, type HistoryNames, idKind, tabLabel } from "./history-labels";
import { packFor } from "./scope";

/** The tech pack's history: one row per changed field of a save, and its page. */

const history = schema.pdTechPackHistory;

// ---- writing ----------------------------------------------------------------------------------

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

/**
 * The history, one entry per save (the rows one transaction wrote share its time, person and tab),
 * oldest first so "Created" leads; each entry lists its fields with labels and formatted values.
 */
export const readHistory = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  q: { page: number; size: number; tab?: string | undefined; searchString?: string | undefined },
): Promise<TTechPackHistoryPage> => {
  await packFor(db, p, stpId);
  const search = q.searchString?.trim();
  const pattern = search ? containsPattern(search) : null;
  const matching = pattern
    ? sql`bool_or(${history.field} ilike ${pattern} or ${history.newValue} ilike ${pattern} or ${history.oldValue} ilike ${pattern} or ${history.userName} ilike ${pattern})`
    : undefined;
  const where = and(eq(history.techPackId, stpId), q.tab ? eq(history.tab, q.tab) : undefined);
  const groups = db
    .select({
      id: sql<number>`min(${history.id})`.as("id"),
      at: history.at,
      // The exact stored time (microseconds): a JavaScript Date keeps milliseconds only.
      atKey: sql<string>`${history.at}::text`.as("at_key"),
      userName: history.userName,
      tab: history.tab,
    })
    .from(history)
    .where(where)
    .groupBy(history.at, history.userName, history.tab)
    .having(matching)
    .as("g");
  const page = await db
    .select()
    .from(groups)
    .orderBy(asc(groups.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(groups);
  const ats = [...new Set(page.map((g) => g.atKey))];
  const rows =
    ats.length === 0
      ? []
      : await db
          .select({ row: history, atKey: sql<string>`${history.at}::text` })
          .from(history)
          .where(and(where, inArray(sql`${history.at}::text`, ats)))
          .orderBy(asc(history.id));
  const names = await historyNames(
    db,
    rows.map((r) => r.row),
    page.map((g) => g.userName),
  );
  return {
    items: page.map((g) => ({
      id: Number(g.id),
      userName: g.userName,
      userDisplayName: names.byUserName.get(g.userName.toLowerCase()) ?? g.userName,
      at: g.at.toISOString(),
      tab: g.tab,
      tabLabel: tabLabel(g.tab),
      changes: rows
        .filter((x) => x.atKey === g.atKey && x.row.userName === g.userName && x.row.tab === g.tab)
        .map(({ row: r }) => ({
          field: r.field,
          label: fieldLabel(r.field),
          oldValue: formatValue(r.field, r.oldValue, names),
          newValue: formatValue(r.field, r.newValue, names),
        })),
    })),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
};

/** The names behind the ids a page of history names: library items and variants, files, people. */
const historyNames = async (
  db: HubDb,
  rows: { field: string; oldValue: string | null; newValue: string | null }[],
  userNames: string[],
): Promise<HistoryNames & { byUserName: Map<string, string> }> => {
  const ids: Record<keyof HistoryNames, Set<number>> = {
    items: new Set(),
    variants: new Set(),
    files: new Set(),
    people: new Set(),
  };
  for (const r of rows) {
    const kind = idKind(r.field);
    if (!kind) continue;
    for (const v of [r.oldValue, r.newValue]) if (v && /^\d+$/.test(v)) ids[kind].add(Number(v));
  }
  const li = schema.pdLibraryItems;
  const lv = schema.pdLibraryVariants;
  const f = schema.storedFiles;
  const u = schema.users;
  const personName = sql<string>`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.userName})`;
  const pick = async <T extends { id: number; name: string }>(
    set: Set<number>,
    load: (list: number[]) => Promise<T[]>,
  ) => new Map((set.size === 0 ? [] : await load([...set])).map((r) => [r.id, r.name]));
  const people = await db
    .select({ id: u.userId, userName: u.userName, name: personName })
    .from(u)
    .where(
      or(
        ids.people.size > 0 ? inArray(u.userId, [...ids.people]) : undefined,
        userNames.length > 0
          ? inArray(
              sql`lower(${u.userName})`,
              userNames.map((n) => n.toLowerCase()),
            )
          : undefined,
      ) ?? sql`false`,
    );
  return {
    items: await pick(ids.items, (list) =>
      db
        .select({ id: li.id, name: sql<string>`${li.code} || ' ' || ${li.name}` })
        .from(li)
        .where(inArray(li.id, list)),
    ),
    variants: await pick(ids.variants, (list) =>
      db
        .select({ id: lv.id, name: sql<string>`${lv.code} || ' ' || ${lv.name}` })
        .from(lv)
        .where(inArray(lv.id, list)),
    ),
    files: await pick(ids.files, (list) =>
      db.select({ id: f.id, name: f.fileName }).from(f).where(inArray(f.id, list)),
    ),
    people: new Map(people.map((x) => [x.id, x.name])),
    byUserName: new Map(people.map((x) => [x.userName.toLowerCase(), x.name])),
  };
};
