import { type TFabricInWipReportQuery, UNIT_OPEN_STATUSES } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { type KeysetPage, searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope } from "../../platform/resource/owners";

/**
 * The fabric a garment uses: its style's fabric dependencies (the library's consumption per unit)
 * that apply to its variant; a dependency for one of the line's attributes (e.g. Black) replaces the
 * all-variants one of the same placement. Marking a cut ticket cut consumes this from the stock
 * ledger (floor/cut-tickets.service.ts); the Fabric in WIP report sums it over the units in work.
 */

const u = schema.floorUnits;
const f = schema.fabrics;

/**
 * Common table expressions over the units `unitWhere` picks (a condition on `floor_units`, which
 * they read under its own name), ending in `unit_fabric(unit_id, fabric_id, consumption)`: one row
 * per unit and fabric dependency that applies to it. Use as `with ${unitFabricUse(where)} select …`.
 */
export const unitFabricUse = (unitWhere: SQL | undefined): SQL => {
  const where = unitWhere ?? sql`true`;
  return sql`unit_attrs as (
      select ${u.id} as unit_id, (opt->>'attributeId')::int as attribute_id
      from ${u} join order_items oi on oi.id = ${u.itemId}
      cross join lateral jsonb_array_elements(oi.options) opt
      where ${where}
    ), deps as (
      select ${u.id} as unit_id, sf.fabric_id, sf.consumption, sf.attribute_id, coalesce(sf.placement, '') as placement
      from ${u} join lib_style_fabrics sf on sf.style_id = ${u.styleId}
      where ${where}
        and (sf.attribute_id is null
          or exists (select 1 from unit_attrs ua where ua.unit_id = ${u.id} and ua.attribute_id = sf.attribute_id))
    ), unit_fabric as (
      select d.unit_id, d.fabric_id, d.consumption from deps d
      where d.attribute_id is not null
        or not exists (select 1 from deps x where x.unit_id = d.unit_id and x.attribute_id is not null and x.placement = d.placement)
    )`;
};

export const FABRIC_IN_WIP_CSV_HEADER = [
  "Fabric",
  "Fabric name",
  "Colour",
  "Unit",
  "Units",
  "Quantity",
  "Units to cut",
  "Quantity to cut",
];

/** Units whose fabric is not drawn from stock yet (it is consumed when their ticket is marked cut). */
const NOT_CUT = sql`fu.status in ('queued', 'printed')`;

/**
 * The Fabric in WIP report (Report Downloads): per fabric and unit colour, how many units in work
 * (not shipped or cancelled) use it and how much (the library's consumption per garment), and of
 * those the units not cut yet and the fabric they still need. The caller's facilities' units
 * (inventory's scope: an internal admin's every facility's; the Client filter narrows); read in
 * keyset pages by the group's rank (fabric code, then colour).
 */
export const fabricInWipReportPage = async (
  db: HubDb,
  p: Principal,
  q: TFabricInWipReportQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const units = and(
    facilityScope(p, u.factoryId),
    inArray(u.status, [...UNIT_OPEN_STATUSES]),
    q.clientId ? eq(u.clientId, q.clientId) : undefined,
  );
  const search = searchAny(q.searchString, [f.fabricCode, f.fabricName]) ?? sql`true`;
  const result = await db.execute(sql`with ${unitFabricUse(units)}, grouped as (
      select ${f.fabricCode} as code, ${f.fabricName} as name, coalesce(fu.colour, '') as colour, ${f.unit} as unit,
        count(distinct uf.unit_id)::int as units,
        sum(uf.consumption)::numeric(20,4)::text as quantity,
        (count(distinct uf.unit_id) filter (where ${NOT_CUT}))::int as units_to_cut,
        coalesce(sum(uf.consumption) filter (where ${NOT_CUT}), 0)::numeric(20,4)::text as quantity_to_cut,
        (row_number() over (order by lower(${f.fabricCode}), ${f.id}, coalesce(fu.colour, '')))::int as rank
      from unit_fabric uf
      join floor_units fu on fu.id = uf.unit_id
      join ${f} on ${f.id} = uf.fabric_id
      where ${search}
      group by ${f.id}, ${f.fabricCode}, ${f.fabricName}, ${f.unit}, coalesce(fu.colour, '')
    )
    select * from grouped where rank > ${after} order by rank limit ${limit}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return {
    rows: rows.map((r) => [
      r.code,
      r.name,
      r.colour === "" ? null : r.colour,
      r.unit,
      Number(r.units),
      r.quantity,
      Number(r.units_to_cut),
      r.quantity_to_cut,
    ]),
    last: rows.length === 0 ? null : Number(rows.at(-1)?.rank),
  };
};
