import type { TPage, TPageQuery } from "@hub/contracts";
import { parseSort } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, asc, type Column, count, desc, gte, lt, or, type SQL, type Subquery, sql } from "drizzle-orm";
import { badRequest } from "./errors";

/**
 * The one paging contract on the server side. A list service names the fields a person may sort
 * by, and the columns a search looks in; these helpers turn the query into SQL.
 *
 *   const where = and(scope, searchAny(q.searchString, [t.name, t.code]));
 *   const rows = await db.select().from(t).where(where)
 *     .orderBy(...orderByFor(q.sort, { name: t.name, code: t.code }, ["name", "asc"], t.id))
 *     .limit(q.size).offset(q.page * q.size);
 *   const [total] = await db.select({ n: count() }).from(t).where(where);
 *   return toPage(rows, total?.n ?? 0, q);
 *
 * `q` is a parsed `ZPageQuerySchema` (page from 0, size, `sort` as "field,asc|desc",
 * searchString); an unknown sort field is a 400 naming the allowed ones.
 */
export const orderByFor = (
  sort: string | undefined,
  sortable: Record<string, Column | SQL>,
  fallback: [field: string, dir: "asc" | "desc"],
  tieBreaker?: Column,
): SQL[] => {
  const parsed = parseSort(sort) ?? { field: fallback[0], dir: fallback[1] };
  const target = sortable[parsed.field];
  if (!target) {
    throw badRequest(`You can sort by ${Object.keys(sortable).join(", ")}.`, {
      sort: `Unknown sort field "${parsed.field}"`,
    });
  }
  const order = [parsed.dir === "asc" ? asc(target) : desc(target)];
  if (tieBreaker) order.push(asc(tieBreaker));
  return order;
};

/** `%text%` for LIKE, with the text's own `\`, `%` and `_` escaped so they match themselves. */
export const containsPattern = (text: string): string =>
  `%${text.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;

/** A case-insensitive substring search over several columns (any type, compared as text). */
export const searchAny = (searchString: string | undefined, columns: (Column | SQL)[]): SQL | undefined => {
  const q = searchString?.trim();
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((c) => sql`${c}::text ilike ${pattern}`));
};

/**
 * A search on a stored lower-cased `search_text` column (with its trigram index): one LIKE the
 * index serves, instead of ILIKE on each column.
 */
export const searchStored = (searchString: string | undefined, searchText: Column | SQL): SQL | undefined => {
  const q = searchString?.trim().toLowerCase();
  return q ? sql`${searchText} like ${containsPattern(q)}` : undefined;
};

/** A list's date range filter: `from` and `to` are calendar days (YYYY-MM-DD, UTC), both included. */
export const dateRange = (column: Column, from: string | undefined, to: string | undefined): SQL | undefined =>
  and(from ? gte(column, new Date(`${from}T00:00:00Z`)) : undefined, to ? lt(column, sql`${to}::date + 1`) : undefined);

/**
 * The rows a list's filter matches, counted over the list's own query (its joins and where), so the
 * count cannot drift from the page; PostgreSQL drops the unused left joins.
 */
export const countOf = (db: HubDb | HubTx, query: { as: (alias: string) => Subquery }) =>
  db.select({ n: count() }).from(query.as("counted"));

export const toPage = <T>(items: T[], total: number, q: TPageQuery): TPage<T> => ({
  items,
  total,
  page: q.page,
  size: q.size,
});

/**
 * A keyset page of a report's rows (Report Downloads): rows in key order after the last page's
 * `last` key, and this page's last key (null when the page came back empty). Each page is one short
 * query, so a report of a million rows is read in constant memory without holding a transaction.
 */
export type KeysetPage = { rows: unknown[][]; last: number | null };
/** How many rows a report reads per query. */
export const KEYSET_PAGE_SIZE = 1_000;
