import { type TPackProfile, toInches } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";

/**
 * The shipping profiles of an order's lines, as pack-out reads them (issue 19): an order line's
 * style → its `lib_style_sources` row (the product and the approved version it was made from) →
 * that version's packaging tab → the profile it names, which must be the product's team's. This is
 * the only way a facility reads a team's profile: through an order it packs (the caller checked the
 * order is in its scope). Lines without a link or a profile are left out.
 */
type Row = {
  line_number: number;
  id: number;
  name: string;
  box_name: string | null;
  box_length: string | null;
  box_width: string | null;
  box_height: string | null;
  dimension_unit: string;
  fold_method: string;
  polybag: boolean;
  units_per_box: number;
  box_tare_grams: number;
  weights: { size: string; grams: number }[];
};

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

export const packProfilesOf = async (q: HubDb | HubTx, orderId: number): Promise<TPackProfile[]> => {
  const rows = rowsOf<Row>(
    await q.execute(sql`
      select oi.line_number, sp.id, sp.name, box.name as box_name, sp.box_length, sp.box_width, sp.box_height,
        sp.dimension_unit, sp.fold_method, sp.polybag, sp.units_per_box, sp.box_tare_grams, sp.weights
      from order_items oi
      join lib_style_sources ss on ss.style_id = oi.style_id
      join pd_tech_packs tp on tp.id = ss.tech_pack_id and tp.product_id = ss.product_id
      join pd_products pr on pr.id = ss.product_id
      join pd_tech_pack_parts part on part.tech_pack_id = tp.id and part.tab = 'packaging'
      join pd_shipping_profiles sp on to_jsonb(sp.id) = part.data->'shippingProfileId' and sp.team_id = pr.team_id
      left join pd_library_items box on box.id = sp.box_item_id
      where oi.order_id = ${orderId}
      order by oi.line_number`),
  );
  const byProfile = new Map<number, TPackProfile>();
  for (const r of rows) {
    const known = byProfile.get(r.id);
    if (known) {
      known.lineNumbers.push(r.line_number);
      continue;
    }
    byProfile.set(r.id, {
      lineNumbers: [r.line_number],
      name: r.name,
      boxName: r.box_name,
      lengthIn: toInches(num(r.box_length), r.dimension_unit),
      widthIn: toInches(num(r.box_width), r.dimension_unit),
      heightIn: toInches(num(r.box_height), r.dimension_unit),
      foldMethod: r.fold_method,
      polybag: r.polybag,
      unitsPerBox: r.units_per_box,
      boxTareGrams: r.box_tare_grams,
      weights: r.weights.map((w) => ({ size: w.size, grams: w.grams })),
    });
  }
  return [...byProfile.values()];
};
