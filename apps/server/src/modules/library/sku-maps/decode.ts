import { segmentText, type TSkuDecodeResult, type TSkuMapRequest } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Principal } from "../../../platform/principal";
import { factoryScope } from "../scope";

export type MapToDecode = {
  id: number | null;
  name: string;
  styleId: number;
  styleToken: string;
  styleStart: number;
  segments: { optionId: number; startPosition: number; length: number | null }[];
};

const a = schema.attributes;
const o = schema.options;
const soa = schema.styleOptionAttributes;

type DecodeStyle = { id: number; code: string; name: string };
/** An attribute the style offers for an option. */
type Offered = { optionId: number; attributeId: number; code: string; name: string };

/**
 * Reads a SKU with one map, given what the database says (no database here): the style token at
 * its position, then each segment, in position order, against the attributes the style offers for
 * the segment's option. Every segment that fails adds its reason; a SKU decodes when none does.
 */
export const readSku = (
  map: MapToDecode,
  sku: string,
  style: DecodeStyle | undefined,
  optionNames: ReadonlyMap<number, string>,
  offered: readonly Offered[],
): TSkuDecodeResult => {
  if (!style) return { matched: false, sku, reasons: [`Sku map "${map.name}" names a style that no longer exists.`] };
  const token = sku.slice(map.styleStart - 1, map.styleStart - 1 + map.styleToken.length);
  if (token.toLowerCase() !== map.styleToken.toLowerCase()) {
    return {
      matched: false,
      sku,
      reasons: [
        `Sku map "${map.name}": the style token "${map.styleToken}" should be at position ${map.styleStart}, but the SKU reads "${token}" there.`,
      ],
    };
  }
  const reasons: string[] = [];
  const choices = [];
  for (const segment of [...map.segments].sort((x, y) => x.startPosition - y.startPosition)) {
    const optionName = optionNames.get(segment.optionId) ?? `option ${segment.optionId}`;
    const where = `Sku map "${map.name}": ${optionName} at position ${segment.startPosition}`;
    const text = segmentText(sku, segment.startPosition, segment.length);
    const values = offered.filter((x) => x.optionId === segment.optionId);
    if (segment.startPosition > sku.length) {
      reasons.push(`${where} is past the end of the SKU.`);
      continue;
    }
    if (text === "") {
      reasons.push(`${where} reads nothing: the SKU has a separator ("${sku[segment.startPosition - 1]}") there.`);
      continue;
    }
    const hit = values.find((x) => x.code.toLowerCase() === text.toLowerCase());
    if (!hit) {
      const list = values.map((x) => x.code).join(", ") || "none";
      reasons.push(
        `${where} reads "${text}", which is not a ${optionName.toLowerCase()} ${style.code} offers (${list}).`,
      );
      continue;
    }
    choices.push({
      optionId: segment.optionId,
      optionName,
      startPosition: segment.startPosition,
      text,
      attributeId: hit.attributeId,
      attributeCode: hit.code,
      attributeName: hit.name,
    });
  }
  if (reasons.length > 0) return { matched: false, sku, reasons };
  return { matched: true, sku, skuMapId: map.id, skuMapName: map.name, style, choices };
};

/** Decodes a SKU with one map: loads the style, its options' names and what it offers, then reads. */
const decodeWith = async (db: HubDb, map: MapToDecode, sku: string): Promise<TSkuDecodeResult> => {
  const [style] = await db
    .select({ id: schema.styles.id, code: schema.styles.code, name: schema.styles.name })
    .from(schema.styles)
    .where(eq(schema.styles.id, map.styleId));
  const optionIds = style ? map.segments.map((x) => x.optionId) : [];
  const optionNames = new Map(
    (optionIds.length ? await db.select({ id: o.id, name: o.name }).from(o).where(inArray(o.id, optionIds)) : []).map(
      (x) => [x.id, x.name],
    ),
  );
  const offered =
    style && optionIds.length
      ? await db
          .select({ optionId: soa.optionId, attributeId: a.id, code: a.code, name: a.name })
          .from(soa)
          .innerJoin(a, eq(a.id, soa.attributeId))
          .where(and(eq(soa.styleId, style.id), inArray(soa.optionId, optionIds)))
          .orderBy(asc(soa.sortOrder))
      : [];
  return readSku(map, sku, style, optionNames, offered);
};

/** Decodes with the form's unsaved values (the tester). */
export const decodeWithForm = (db: HubDb, map: TSkuMapRequest, sku: string) =>
  decodeWith(
    db,
    {
      id: null,
      name: map.name || "this map",
      styleId: map.styleId,
      styleToken: map.styleToken,
      styleStart: map.styleStart,
      segments: map.segments,
    },
    sku,
  );

/**
 * Decodes a SKU with the caller's facility's maps: every map whose style token sits at its
 * position is tried; the first that decodes wins, else every map's reason is told.
 */
export const decodeSku = async (db: HubDb, p: Principal, sku: string): Promise<TSkuDecodeResult> => {
  const sm = schema.skuMaps;
  const candidates = await db
    .select({ id: sm.id, name: sm.name, styleId: sm.styleId, styleToken: sm.styleToken, styleStart: sm.styleStart })
    .from(sm)
    .where(
      and(
        factoryScope(p, sm.factoryId),
        sql`lower(substr(${sku}, ${sm.styleStart}, length(${sm.styleToken}))) = lower(${sm.styleToken})`,
      ),
    )
    .orderBy(sql`length(${sm.styleToken}) desc`, asc(sm.id))
    .limit(20);
  if (candidates.length === 0)
    return { matched: false, sku, reasons: [`No sku map has a style token at its position in "${sku}".`] };
  const seg = schema.skuMapSegments;
  const segments = await db
    .select({ skuMapId: seg.skuMapId, optionId: seg.optionId, startPosition: seg.startPosition, length: seg.length })
    .from(seg)
    .where(
      inArray(
        seg.skuMapId,
        candidates.map((c) => c.id),
      ),
    );
  const reasons: string[] = [];
  for (const c of candidates) {
    const result = await decodeWith(db, { ...c, segments: segments.filter((x) => x.skuMapId === c.id) }, sku);
    if (result.matched) return result;
    reasons.push(...result.reasons);
  }
  return { matched: false, sku, reasons };
};
