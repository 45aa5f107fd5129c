import { type SQL, sql } from "drizzle-orm";
import * as schema from "./schema/index";

/**
 * The quoted cost of a piece (issue 22), in SQL over the line being inserted (`x`, placing's
 * json_populate_recordset row: its style_id and options): exactly the build-up of the custom
 * product price (library/styles/pricing.ts costOf): each fabric and part that applies to every
 * variant or to one of the line's attributes, its quantity times its cost rounded half up once,
 * and the steps' standard minutes summed, times the style facility's labour rate, rounded once.
 * Scalar subqueries inside the line insert: placing runs no extra statement (issue 21). Here, beside
 * the schema, so the demo seed quotes its orders with the very same SQL (seed/orders.ts, over
 * `order_items x` itself, which has the same style_id and options columns).
 */
const sf = schema.styleFabrics;
const f = schema.fabrics;
const sp = schema.styleParts;
const pt = schema.parts;
const si = schema.styleInstructions;
const ins = schema.instructions;
const st = schema.styles;
const fa = schema.factories;

const chosen = sql`(select (e->>'attributeId')::int from jsonb_array_elements(x.options) e)`;

export const quotedCostColumns = (): {
  quotedFabricCents: SQL;
  quotedPartCents: SQL;
  quotedLabourCents: SQL;
} => ({
  quotedFabricCents: sql`(select coalesce(sum(round(${sf.consumption} * coalesce(${f.costCents}, 0))), 0)::int
    from ${sf} join ${f} on ${f.id} = ${sf.fabricId}
    where ${sf.styleId} = x.style_id and (${sf.attributeId} is null or ${sf.attributeId} in ${chosen}))`,
  quotedPartCents: sql`(select coalesce(sum(round(${sp.quantity} * coalesce(${pt.costCents}, 0))), 0)::int
    from ${sp} join ${pt} on ${pt.id} = ${sp.partId}
    where ${sp.styleId} = x.style_id and (${sp.attributeId} is null or ${sp.attributeId} in ${chosen}))`,
  quotedLabourCents: sql`(select round(coalesce((select sum(coalesce(${ins.standardMinutes}, 0))
        from ${si} join ${ins} on ${ins.id} = ${si.instructionId} where ${si.styleId} = x.style_id), 0)
      * coalesce(${fa.labourCentsPerMinute}, 0))::int
    from ${st} left join ${fa} on ${fa.factoryId} = ${st.factoryId} where ${st.id} = x.style_id)`,
});
