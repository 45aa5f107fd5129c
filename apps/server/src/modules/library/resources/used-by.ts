import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { asc, count, countDistinct, eq, type SQL } from "drizzle-orm";
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

/**
 * A fabric or part that is stock (ledger rows) or on a purchase order cannot be deleted: deleting
 * it would take its stock history with it (docs/adr/0004-inventory.md). Archiving keeps both.
 */
export const stockUsing = async (
  db: HubDb | HubTx,
  material: "fabric" | "part",
  id: number,
): Promise<string | null> => {
  const l = schema.stockLedger;
  const pol = schema.purchaseOrderLines;
  const po = schema.purchaseOrders;
  const [ledger] = await db
    .select({ n: count() })
    .from(l)
    .where(eq(material === "fabric" ? l.fabricId : l.partId, id));
  const n = Number(ledger?.n ?? 0);
  if (n > 0)
    return `This ${material} has stock history (${n} ${n === 1 ? "movement" : "movements"} in the stock ledger). Archive it instead: deleting it would erase its stock history.`;
  const onLine = eq(material === "fabric" ? pol.fabricId : pol.partId, id);
  const [pos] = await db
    .select({ n: countDistinct(pol.poId) })
    .from(pol)
    .where(onLine);
  const total = Number(pos?.n ?? 0);
  if (total === 0) return null;
  const orders = await db
    .selectDistinct({ number: po.number })
    .from(pol)
    .innerJoin(po, eq(po.id, pol.poId))
    .where(onLine)
    .orderBy(asc(po.number))
    .limit(5);
  const numbers = orders.map((o) => o.number);
  return `This ${material} is on ${total === 1 ? "purchase order" : "purchase orders"} ${nameList(numbers, total)}. Archive it instead.`;
};

/** Joins several refusal reasons (or null when there are none). */
export const firstReason = (...reasons: (string | null)[]): string | null => reasons.find((r) => r !== null) ?? null;
