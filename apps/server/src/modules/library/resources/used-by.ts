import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { asc, countDistinct, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { nameList } from "../scope";

const s = schema.styles;

/**
 * The styles that use a row through a link table, as a refusal message:
 * "This fabric is used by styles TEE-100, HOOD-200. Archive it instead, or take it off those styles first."
 */
export const stylesUsing = async (
  db: HubDb | HubTx,
  link: PgTable & { styleId: PgColumn },
  match: SQL,
  what: string,
): Promise<string | null> => {
  const [total] = await db
    .select({ n: countDistinct(link.styleId) })
    .from(link)
    .where(match);
  const n = Number(total?.n ?? 0);
  if (n === 0) return null;
  const rows = await db
    .selectDistinct({ code: s.code })
    .from(link)
    .innerJoin(s, eq(s.id, link.styleId))
    .where(match)
    .orderBy(asc(s.code))
    .limit(5);
  const codes = rows.map((r) => r.code);
  return `This ${what} is used by ${n === 1 ? "style" : "styles"} ${nameList(codes, n)}. Archive it instead, or take it off ${n === 1 ? "that style" : "those styles"} first.`;
};

/** Joins several refusal reasons (or null when there are none). */
export const firstReason = (...reasons: (string | null)[]): string | null => reasons.find((r) => r !== null) ?? null;
