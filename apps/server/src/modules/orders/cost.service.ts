import type { TOrderCost } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { type LineCostRow, lineCostSql } from "./cost-lines";
import { orderScope } from "./scope";

/**
 * What an order really cost (issue 22), computed on read in one statement: each line's quoted and
 * actual cost as cost-lines.ts defines them (the margin report reads the same), margin = the
 * line's price − actual.
 */
const o = schema.orders;

export const getOrderCost = async (db: HubDb, p: Principal, orderId: number): Promise<TOrderCost> => {
  const rows = rowsOf<LineCostRow>(
    await db.execute(sql`select c.* from (${lineCostSql(and(eq(o.id, orderId), orderScope(p)))}) c
      order by c.line_number`),
  );
  const [first] = rows;
  if (!first) throw notFound("That order");
  const lines = rows.map((r) => {
    const quoted =
      r.q_fabric === null || r.q_part === null || r.q_labour === null
        ? null
        : split(Number(r.q_fabric), Number(r.q_part), Number(r.q_labour));
    const actual = split(Number(r.a_fabric), Number(r.a_part), Number(r.a_labour));
    const priceCents = Number(r.price_cents);
    return {
      itemId: Number(r.item_id),
      lineNumber: Number(r.line_number),
      sku: r.sku,
      styleCode: r.style_code,
      quantity: Number(r.quantity),
      priceCents,
      quoted,
      actual,
      labourMinutes: Number(r.labour_minutes),
      marginCents: priceCents - actual.totalCents,
    };
  });
  const sum = (f: (x: (typeof lines)[number]) => number) => lines.reduce((acc, x) => acc + f(x), 0);
  const priceCents = sum((x) => x.priceCents);
  const actualCents = sum((x) => x.actual.totalCents);
  return {
    orderId: Number(first.order_id),
    labourCentsPerMinute: Number(first.rate ?? 0),
    lines,
    priceCents,
    quotedCents: lines.some((x) => !x.quoted) ? null : sum((x) => x.quoted?.totalCents ?? 0),
    actualCents,
    marginCents: priceCents - actualCents,
  };
};

const split = (fabricCents: number, partCents: number, labourCents: number) => ({
  fabricCents,
  partCents,
  labourCents,
  totalCents: fabricCents + partCents + labourCents,
});
