import type { TStyleComposition } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { allQueries, executeNamed, rowsOf } from "../../../platform/database";
import type { Principal } from "../../../platform/principal";
import { libraryService } from "../resource";
import { stylesResource } from "../resources/styles";

/**
 * Reading a style's composition (issue 4): price tiers, offered options and attributes with upcharges,
 * fabrics, parts and ordered construction steps, read whole. The style a caller may see, too.
 */

const tiersT = schema.stylePriceTiers;
const so = schema.styleOptions;
const soa = schema.styleOptionAttributes;
const sf = schema.styleFabrics;
const sp = schema.styleParts;
const si = schema.styleInstructions;
const o = schema.options;
const a = schema.attributes;
const f = schema.fabrics;
const pt = schema.parts;
const ins = schema.instructions;
const m = schema.machines;

/** A material's unit, cost and whether it is out of stock. */
const stockOf = <M extends Record<"unit" | "costCents" | "outOfStock", AnyPgColumn>>(m: M) => ({
  unit: m.unit,
  costCents: m.costCents,
  outOfStock: m.outOfStock,
});

/** The columns of a style's material (a fabric or a part): the material's own, and the attribute it is for. */
const materialOf = <
  M extends Record<"code" | "name" | "unit" | "costCents" | "outOfStock", AnyPgColumn>,
  A extends AnyPgColumn,
>(
  m: M,
  attributeId: A,
) => ({ ...m, attributeId, attributeName: a.name });

export const styles = libraryService(stylesResource);

export type Db = HubDb | HubTx;
export const isEditor = (p: Principal) => p.isInternal || p.isFacility;

/** The style row a caller may see (404 otherwise): client users only styles offered to them. */
export const styleFor = async (db: Db, p: Principal, styleId: number) => {
  const row = await styles.getRow(db, p, styleId);
  return {
    id: Number(row.id),
    factoryId: Number(row.factoryId),
    code: String(row.code),
    name: String(row.name),
    basePriceCents: Number(row.basePriceCents),
  };
};

/** What pricing needs of a style: its names, base price, tiers and the options and attributes it offers. */
export type TStylePricing = Pick<
  TStyleComposition,
  "styleId" | "styleCode" | "styleName" | "basePriceCents" | "priceTiers" | "options"
>;

type StyleRow = { id: number; code: string; name: string; basePriceCents: number };

/**
 * The tiers, offered options and their attributes of several styles at once (two queries whatever
 * their number), each style's rows in its display order.
 */
const readOffers = async (db: Db, styleIds: readonly number[]) => {
  const [tiers, offered] = await allQueries(db, [
    db
      .select({ styleId: tiersT.styleId, minQuantity: tiersT.minQuantity, unitPriceCents: tiersT.unitPriceCents })
      .from(tiersT)
      .where(inArray(tiersT.styleId, [...styleIds]))
      .orderBy(asc(tiersT.minQuantity)),
    // An option a row, or a row per attribute it offers: the options in order, their attributes in order.
    db
      .select({
        styleId: so.styleId,
        optionId: so.optionId,
        optionCode: o.code,
        optionName: o.name,
        attributeId: soa.attributeId,
        code: a.code,
        name: a.name,
        hexColor: a.hexColor,
        upchargeCents: soa.upchargeCents,
      })
      .from(so)
      .innerJoin(o, eq(o.id, so.optionId))
      .leftJoin(soa, and(eq(soa.styleId, so.styleId), eq(soa.optionId, so.optionId)))
      .leftJoin(a, eq(a.id, soa.attributeId))
      .where(inArray(so.styleId, [...styleIds]))
      .orderBy(asc(so.sortOrder), asc(o.id), asc(soa.sortOrder), asc(a.id)),
  ]);
  return (style: StyleRow): TStylePricing =>
    pricingOf(
      style,
      tiers.filter((t) => t.styleId === style.id),
      offered.filter((row) => row.styleId === style.id),
    );
};

/** An offered option a row, or a row per attribute it offers (as `readOffers` and `readPricings` read them). */
type OfferedRow = {
  optionId: number;
  optionCode: string;
  optionName: string;
  attributeId: number | null;
  code: string | null;
  name: string | null;
  hexColor: string | null;
  upchargeCents: number | null;
};

/** A style's pricing from its tiers and its offered rows (the options in order, their attributes in order). */
const pricingOf = (
  style: StyleRow,
  tiers: readonly { minQuantity: number; unitPriceCents: number }[],
  offered: readonly OfferedRow[],
): TStylePricing => {
  const options: TStylePricing["options"] = [];
  for (const row of offered) {
    let option = options.at(-1);
    if (option?.optionId !== row.optionId) {
      option = { optionId: row.optionId, code: row.optionCode, name: row.optionName, attributes: [] };
      options.push(option);
    }
    if (row.attributeId === null || row.code === null || row.name === null || row.upchargeCents === null) continue;
    option.attributes.push({
      attributeId: row.attributeId,
      code: row.code,
      name: row.name,
      hexColor: row.hexColor,
      upchargeCents: row.upchargeCents,
    });
  }
  return {
    styleId: style.id,
    styleCode: style.code,
    styleName: style.name,
    basePriceCents: style.basePriceCents,
    priceTiers: tiers.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })),
    options,
  };
};

/**
 * The pricing of every style of `styleIds` the caller may see, by id (one the caller may not see is
 * absent): one query for any number of styles, so an order of ten styles reads them at once.
 */
export const readPricings = async (
  db: Db,
  p: Principal,
  styleIds: readonly number[],
): Promise<Map<number, TStylePricing>> => {
  const ids = [...new Set(styleIds)];
  if (ids.length === 0) return new Map();
  const t = schema.styles;
  // Each style with its tiers and its offered rows (JSON arrays, in order): one query for any number
  // of styles, its text the same whatever their number (`= any` of one array), so it is parsed and
  // planned once a connection (executeNamed: placing reads it for every order, issue 21).
  const result = await executeNamed(
    db,
    sql`select ${t.id} as id, ${t.code} as code, ${t.name} as name, ${t.basePriceCents} as "basePriceCents",
      coalesce((select json_agg(json_build_object(
          'minQuantity', pt.min_quantity, 'unitPriceCents', pt.unit_price_cents) order by pt.min_quantity)
        from ${tiersT} pt where pt.style_id = ${t.id}), '[]'::json) as tiers,
      coalesce((select json_agg(json_build_object('optionId', so.option_id, 'optionCode', o.code,
          'optionName', o.name, 'attributeId', soa.attribute_id, 'code', a.code, 'name', a.name,
          'hexColor', a.hex_color, 'upchargeCents', soa.upcharge_cents)
          order by so.sort_order, o.id, soa.sort_order, a.id)
        from ${so} so join ${o} o on o.id = so.option_id
          left join ${soa} soa on soa.style_id = so.style_id and soa.option_id = so.option_id
          left join ${a} a on a.id = soa.attribute_id
        where so.style_id = ${t.id}), '[]'::json) as offered
    from ${t} where ${t.id} = any(${`{${ids.join(",")}}`}::int[]) and ${styles.scopeOf(p)}`,
  );
  const rows = rowsOf<StyleRow & { tiers: { minQuantity: number; unitPriceCents: number }[]; offered: OfferedRow[] }>(
    result,
  );
  return new Map(rows.map((r) => [r.id, pricingOf(r, r.tiers, r.offered)]));
};

/** The composition of a style; costs and the labour rate only for the facility and internal users. */
export const readComposition = async (db: Db, p: Principal, styleId: number): Promise<TStyleComposition> => {
  const style = await styleFor(db, p, styleId);
  const editor = isEditor(p);
  const [pricingOf, fabrics, parts, steps, factory] = await allQueries(db, [
    readOffers(db, [styleId]),
    db
      .select({
        fabricId: sf.fabricId,
        ...materialOf({ code: f.fabricCode, name: f.fabricName, ...stockOf(f) }, sf.attributeId),
        placement: sf.placement,
        consumption: sf.consumption,
      })
      .from(sf)
      .innerJoin(f, eq(f.id, sf.fabricId))
      .leftJoin(a, eq(a.id, sf.attributeId))
      .where(eq(sf.styleId, styleId))
      .orderBy(asc(sf.id)),
    db
      .select({
        partId: sp.partId,
        ...materialOf({ code: pt.partCode, name: pt.name, ...stockOf(pt) }, sp.attributeId),
        quantity: sp.quantity,
      })
      .from(sp)
      .innerJoin(pt, eq(pt.id, sp.partId))
      .leftJoin(a, eq(a.id, sp.attributeId))
      .where(eq(sp.styleId, styleId))
      .orderBy(asc(sp.id)),
    db
      .select({
        step: si.step,
        instructionId: si.instructionId,
        code: ins.code,
        name: ins.name,
        machineId: si.machineId,
        machineName: m.name,
        standardMinutes: ins.standardMinutes,
      })
      .from(si)
      .innerJoin(ins, eq(ins.id, si.instructionId))
      .leftJoin(m, sql`${m.id} = coalesce(${si.machineId}, ${ins.machineId})`)
      .where(eq(si.styleId, styleId))
      .orderBy(asc(si.step)),
    db
      .select({ rate: schema.factories.labourCentsPerMinute })
      .from(schema.factories)
      .where(eq(schema.factories.factoryId, style.factoryId)),
  ]);
  return {
    ...pricingOf(style),
    labourCentsPerMinute: editor ? (factory[0]?.rate ?? 0) : null,
    fabrics: fabrics.map((x) => ({ ...x, consumption: Number(x.consumption), costCents: editor ? x.costCents : null })),
    parts: parts.map((x) => ({ ...x, quantity: Number(x.quantity), costCents: editor ? x.costCents : null })),
    instructions: steps.map((x) => ({
      ...x,
      standardMinutes: x.standardMinutes === null ? null : Number(x.standardMinutes),
    })),
  };
};
