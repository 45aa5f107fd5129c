import type { TPage, TPageQuery } from "@hub/contracts";
import { parseSort } from "@hub/contracts";
import { asc, type Column, desc, or, type SQL, sql } from "drizzle-orm";
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

/** A case-insensitive substring search over several columns (any type, compared as text). */
export const searchAny = (searchString: string | undefined, columns: (Column | SQL)[]): SQL | undefined => {
  const q = searchString?.trim();
  if (!q) return undefined;
  const pattern = `%${q.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;
  return or(...columns.map((c) => sql`${c}::text ilike ${pattern}`));
};

export const toPage = <T>(items: T[], total: number, q: TPageQuery): TPage<T> => ({
  items,
  total,
  page: q.page,
  size: q.size,
});
