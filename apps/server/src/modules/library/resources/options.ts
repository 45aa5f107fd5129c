import type { TAttributeRequest, TOptionRequest } from "@hub/contracts";
import { attributesApi, optionsApi } from "@hub/contracts/library/resources-api";
import { schema } from "@hub/db";
import { asc, eq, sql } from "drizzle-orm";
import type { LibraryResource } from "../resource";
import { col, ensureRefs } from "../scope";
import { firstReason, stylesUsing } from "./used-by";

const o = schema.options;
const a = schema.attributes;
const oa = schema.optionAttributes;

const attributeCount = sql<number>`(select count(*)::int from ${oa} where ${col(oa.optionId)} = ${col(o.id)})`;
const optionNames = sql<string>`coalesce((select string_agg(${col(o.name)}, ', ' order by ${col(o.sortOrder)}, ${col(o.name)}) from ${oa} join ${o} on ${col(o.id)} = ${col(oa.optionId)} where ${col(oa.attributeId)} = ${col(a.id)}), '')`;

/** Options: Size, Colour, Fit; their attributes are the option-attribute links. */
export const optionsResource: LibraryResource<TOptionRequest> = {
  api: optionsApi,
  noun: "option",
  table: o,
  columns: {
    id: o.id,
    factoryId: o.factoryId,
    archived: o.archived,
    updatedAt: o.updatedAt,
    code: o.code,
    name: o.name,
    sortOrder: o.sortOrder,
    attributeCount: attributeCount.as("attribute_count"),
  },
  label: sql`${o.name} || ' (' || ${o.code} || ')'`,
  sortable: { code: o.code, name: o.name, sortOrder: o.sortOrder, attributeCount, updatedAt: o.updatedAt },
  defaultSort: ["sortOrder", "asc"],
  search: [o.code, o.name],
  values: async (_tx, req) => ({ code: req.code, name: req.name, sortOrder: req.sortOrder }),
  links: async (tx, id, req, factoryId) => {
    await ensureRefs(tx, a, req.attributeIds, factoryId, "attributeIds", "Attribute");
    await tx.delete(oa).where(eq(oa.optionId, id));
    const unique = [...new Set(req.attributeIds)];
    if (unique.length > 0)
      await tx.insert(oa).values(unique.map((attributeId, sortOrder) => ({ optionId: id, attributeId, sortOrder })));
  },
  unique: [{ field: "code", column: o.code, message: "This code is already used by another option" }],
  detail: async (db, row) => {
    const attributes = await db
      .select({ id: a.id, code: a.code, name: a.name })
      .from(oa)
      .innerJoin(a, eq(a.id, oa.attributeId))
      .where(eq(oa.optionId, Number(row.id)))
      .orderBy(asc(oa.sortOrder), asc(a.sortOrder));
    return { attributes, attributeIds: attributes.map((x) => x.id) };
  },
  usedBy: async (db, id) =>
    firstReason(
      await stylesUsing(db, schema.styleOptions, eq(schema.styleOptions.optionId, id), "option"),
      (
        await db
          .select({ n: sql<number>`1` })
          .from(schema.skuMapSegments)
          .where(eq(schema.skuMapSegments.optionId, id))
          .limit(1)
      ).length > 0
        ? "This option is used by a sku map. Archive it instead."
        : null,
    ),
  csv: [
    { header: "code", value: (r) => r.code },
    { header: "name", value: (r) => r.name },
    { header: "sortOrder", value: (r) => r.sortOrder },
    { header: "attributes", value: (r) => r.attributeCount },
    { header: "archived", value: (r) => r.archived },
  ],
};

/** Attributes: the values of options (XS…3XL, Black, Slim). */
export const attributesResource: LibraryResource<TAttributeRequest> = {
  api: attributesApi,
  noun: "attribute",
  table: a,
  columns: {
    id: a.id,
    factoryId: a.factoryId,
    archived: a.archived,
    updatedAt: a.updatedAt,
    code: a.code,
    name: a.name,
    hexColor: a.hexColor,
    sortOrder: a.sortOrder,
    optionNames: optionNames.as("option_names"),
  },
  label: sql`${a.name} || ' (' || ${a.code} || ')'`,
  sortable: { code: a.code, name: a.name, sortOrder: a.sortOrder, optionNames, updatedAt: a.updatedAt },
  defaultSort: ["sortOrder", "asc"],
  search: [a.code, a.name, optionNames],
  values: async (_tx, req) => ({ code: req.code, name: req.name, hexColor: req.hexColor, sortOrder: req.sortOrder }),
  links: async (tx, id, req, factoryId) => {
    await ensureRefs(tx, o, req.optionIds, factoryId, "optionIds", "Option");
    await tx.delete(oa).where(eq(oa.attributeId, id));
    const unique = [...new Set(req.optionIds)];
    if (unique.length > 0)
      await tx.insert(oa).values(unique.map((optionId) => ({ optionId, attributeId: id, sortOrder: req.sortOrder })));
  },
  unique: [{ field: "code", column: a.code, message: "This code is already used by another attribute" }],
  detail: async (db, row) => {
    const options = await db
      .select({ id: o.id, code: o.code, name: o.name })
      .from(oa)
      .innerJoin(o, eq(o.id, oa.optionId))
      .where(eq(oa.attributeId, Number(row.id)))
      .orderBy(asc(o.sortOrder));
    return { options, optionIds: options.map((x) => x.id) };
  },
  usedBy: async (db, id) =>
    firstReason(
      await stylesUsing(
        db,
        schema.styleOptionAttributes,
        eq(schema.styleOptionAttributes.attributeId, id),
        "attribute",
      ),
      await stylesUsing(db, schema.styleFabrics, eq(schema.styleFabrics.attributeId, id), "attribute"),
      await stylesUsing(db, schema.styleParts, eq(schema.styleParts.attributeId, id), "attribute"),
    ),
  csv: [
    { header: "code", value: (r) => r.code },
    { header: "name", value: (r) => r.name },
    { header: "hexColor", value: (r) => r.hexColor },
    { header: "sortOrder", value: (r) => r.sortOrder },
    { header: "options", value: (r) => r.optionNames },
    { header: "archived", value: (r) => r.archived },
  ],
};
