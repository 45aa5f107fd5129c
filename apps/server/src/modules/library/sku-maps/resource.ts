import type { TSkuMapDetail, TSkuMapRequest } from "@hub/contracts";
import { skuMapsApi } from "@hub/contracts/library/resources-api";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { badRequest } from "../../../platform/errors";
import type { LibraryResource } from "../resource";
import { col, ensureRefs } from "../scope";

const sm = schema.skuMaps;
const seg = schema.skuMapSegments;
const s = schema.styles;
const o = schema.options;
const segmentCount = sql<number>`(select count(*)::int from ${seg} where ${col(seg.skuMapId)} = ${col(sm.id)})`;

/**
 * A map must name options its style offers, and its segments may not overlap each other or the
 * style token (where their lengths are known).
 */
export const checkSkuMap = async (db: HubDb | HubTx, req: TSkuMapRequest, factoryId: number): Promise<void> => {
  await ensureRefs(db, s, [req.styleId], factoryId, "styleId", "Style");
  const offered = new Set(
    (
      await db
        .select({ optionId: schema.styleOptions.optionId })
        .from(schema.styleOptions)
        .where(
          and(
            eq(schema.styleOptions.styleId, req.styleId),
            inArray(
              schema.styleOptions.optionId,
              req.segments.map((x) => x.optionId),
            ),
          ),
        )
    ).map((r) => r.optionId),
  );
  const fields: Record<string, string> = {};
  req.segments.forEach((x, n) => {
    if (!offered.has(x.optionId)) fields[`segments.${n}.optionId`] = "The style does not offer this option";
  });
  const spans = [
    { field: "styleStart", from: req.styleStart, to: req.styleStart + req.styleToken.length - 1 },
    ...req.segments.map((x, n) => ({
      field: `segments.${n}.startPosition`,
      from: x.startPosition,
      to: x.startPosition + (x.length ?? 1) - 1,
    })),
  ];
  for (let i = 0; i < spans.length; i++) {
    for (let j = i + 1; j < spans.length; j++) {
      const a = spans[i];
      const b = spans[j];
      if (a && b && a.from <= b.to && b.from <= a.to)
        fields[b.field] = a.field === "styleStart" ? "Overlaps the style token" : "Overlaps another segment";
    }
  }
  const first = Object.entries(fields)[0];
  if (first) {
    throw badRequest(
      first[1] === "The style does not offer this option"
        ? "A segment names an option the style does not offer."
        : "Segments may not overlap each other or the style token.",
      fields,
    );
  }
};

export const skuMapsResource: LibraryResource<TSkuMapRequest, TSkuMapDetail> = {
  api: skuMapsApi,
  noun: "sku map",
  table: sm,
  columns: {
    id: sm.id,
    factoryId: sm.factoryId,
    archived: sql<boolean>`false`.as("archived"),
    updatedAt: sm.updatedAt,
    name: sm.name,
    styleId: sm.styleId,
    styleCode: s.code,
    styleName: s.name,
    styleToken: sm.styleToken,
    styleStart: sm.styleStart,
    segmentCount: segmentCount.as("segment_count"),
  },
  joins: (q) => q.innerJoin(s, eq(s.id, sm.styleId)),
  label: sql`${sm.name}`,
  sortable: { name: sm.name, styleCode: s.code, styleToken: sm.styleToken, segmentCount, updatedAt: sm.updatedAt },
  defaultSort: ["name", "asc"],
  search: [sm.name, sm.styleToken, s.code, s.name],
  values: async (tx, req, factoryId) => {
    await checkSkuMap(tx, req, factoryId);
    return { name: req.name, styleId: req.styleId, styleToken: req.styleToken, styleStart: req.styleStart };
  },
  links: async (tx, id, req) => {
    await tx.delete(seg).where(eq(seg.skuMapId, id));
    await tx.insert(seg).values(
      req.segments.map((x) => ({
        skuMapId: id,
        optionId: x.optionId,
        startPosition: x.startPosition,
        length: x.length,
      })),
    );
  },
  unique: [{ field: "name", column: sm.name, message: "This name is already used by another sku map" }],
  detail: async (db, row) => ({
    segments: await db
      .select({ optionId: seg.optionId, optionName: o.name, startPosition: seg.startPosition, length: seg.length })
      .from(seg)
      .innerJoin(o, eq(o.id, seg.optionId))
      .where(eq(seg.skuMapId, Number(row.id)))
      .orderBy(asc(seg.startPosition)),
  }),
  csv: [
    { header: "name", value: (r) => r.name },
    { header: "style", value: (r) => r.styleCode },
    { header: "styleToken", value: (r) => r.styleToken },
    { header: "styleStart", value: (r) => r.styleStart },
    { header: "segments", value: (r) => r.segmentCount },
  ],
};
