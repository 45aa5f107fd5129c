import type {
  TAttrField,
  TDesignItemDetail,
  TDesignItemPage,
  TDesignItemRequest,
  TDesignVariantRequest,
} from "@hub/contracts";
import { designItemsApi } from "@hub/contracts/design-library/resources-api";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { badRequest } from "../../platform/errors";
import { col } from "../../platform/resource/resource";
import { type DesignResource, teamImage, teamSupplier } from "./resource";

const i = schema.pdLibraryItems;
const v = schema.pdLibraryVariants;
const s = schema.pdSuppliers;
const itemSupplier = alias(schema.pdSuppliers, "item_supplier");

/** One kind-specific field read out of attrs, typed as the contract's row says. */
const attrColumn = (f: TAttrField): SQL => {
  const raw = sql`${i.attrs}->>${f.name}`;
  if (f.type === "int") return sql<number | null>`(${raw})::int`;
  if (f.type === "decimal") return sql<number | null>`(${raw})::float8`;
  return sql<string | null>`${raw}`;
};

/** The attrs a request writes: the kind's fields, nulls left out. */
const attrsOf = (page: TDesignItemPage, req: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const f of page.attrs) {
    const value = req[f.name];
    if (value !== null && value !== undefined) out[f.name] = value;
  }
  return out;
};

const variantColumns = {
  id: v.id,
  code: v.code,
  name: v.name,
  supplierId: v.supplierId,
  supplierName: s.name,
  costCents: v.costCents,
  imageFileId: v.imageFileId,
  hex: sql<string | null>`${v.attrs}->>'hex'`,
};

export const variantsOf = async (db: HubDb | HubTx, itemId: number) =>
  db
    .select(variantColumns)
    .from(v)
    .leftJoin(s, eq(s.id, v.supplierId))
    .where(eq(v.itemId, itemId))
    .orderBy(asc(v.code), asc(v.id));

/**
 * Rewrites an item's variants from the request: a variant with an id (one of this item's) is
 * updated in place, so what points at it (a tech pack's BOM row) stays; new ones are added;
 * variants the request leaves out are deleted.
 */
const writeVariants = async (tx: HubTx, itemId: number, variants: TDesignVariantRequest[], teamId: number) => {
  const kept = variants.map((x) => x.id).filter((x): x is number => x !== undefined);
  if (kept.length > 0) {
    const own = await tx
      .select({ id: v.id })
      .from(v)
      .where(and(eq(v.itemId, itemId), inArray(v.id, kept)));
    const known = new Set(own.map((r) => r.id));
    const index = variants.findIndex((x) => x.id !== undefined && !known.has(x.id));
    if (index >= 0)
      throw badRequest(`Variant ${variants[index]?.id} is not a variant of this item.`, {
        [`variants.${index}.id`]: "Unknown variant",
      });
  }
  for (const [n, x] of variants.entries()) {
    await teamSupplier(tx, x.supplierId, teamId, `variants.${n}.supplierId`);
    await teamImage(tx, x.imageFileId, teamId, `variants.${n}.imageFileId`);
  }
  await tx.delete(v).where(and(eq(v.itemId, itemId), kept.length > 0 ? notInArray(v.id, kept) : undefined));
  // Codes are unique per item: park kept rows' codes first, so two variants may swap codes.
  if (kept.length > 0)
    await tx
      .update(v)
      .set({ code: sql`'~' || ${v.id}::text` })
      .where(inArray(v.id, kept));
  const now = new Date();
  for (const x of variants) {
    const values = {
      code: x.code,
      name: x.name,
      supplierId: x.supplierId,
      costCents: x.costCents,
      imageFileId: x.imageFileId,
      attrs: x.hex ? { hex: x.hex } : {},
      updatedAt: now,
    };
    if (x.id !== undefined) await tx.update(v).set(values).where(eq(v.id, x.id));
    else await tx.insert(v).values({ ...values, itemId });
  }
};

/** One page of pd_library_items (fabrics, notions, labels…): the kind is its fixed filter. */
export const itemResource = (page: TDesignItemPage): DesignResource<TDesignItemRequest, TDesignItemDetail> => {
  const attrColumns = Object.fromEntries(page.attrs.map((f) => [f.name, attrColumn(f)]));
  const textAttrs = page.attrs.filter((f) => f.type === "text" || f.type === "hex");
  return {
    api: designItemsApi[page.key],
    noun: page.noun,
    table: i,
    columns: {
      id: i.id,
      teamId: i.teamId,
      archived: i.archived,
      updatedAt: i.updatedAt,
      kind: i.kind,
      code: i.code,
      name: i.name,
      description: i.description,
      supplierId: i.supplierId,
      supplierName: sql<string | null>`${itemSupplier.name}`.as("item_supplier_name"),
      unit: i.unit,
      costCents: i.costCents,
      imageFileId: i.imageFileId,
      variantCount: sql<number>`(select count(*)::int from ${v} where ${v.itemId} = ${col(i.id)})`.as("variant_count"),
      ...attrColumns,
    },
    joins: (q) => q.leftJoin(itemSupplier, eq(itemSupplier.id, i.supplierId)),
    label: sql`${i.code} || ' · ' || ${i.name}`,
    sortable: {
      code: i.code,
      name: i.name,
      supplierName: itemSupplier.name,
      unit: i.unit,
      costCents: i.costCents,
      updatedAt: i.updatedAt,
      ...Object.fromEntries(textAttrs.map((f) => [f.name, attrColumn(f)])),
    },
    defaultSort: ["code", "asc"],
    search: [i.code, i.name, i.description, itemSupplier.name, sql`${i.attrs}::text`],
    filter: eq(i.kind, page.kind),
    values: async (tx, req, teamId) => ({
      kind: page.kind,
      code: req.code,
      name: req.name,
      description: req.description,
      supplierId: await teamSupplier(tx, req.supplierId, teamId),
      unit: req.unit,
      costCents: req.costCents,
      imageFileId: await teamImage(tx, req.imageFileId, teamId),
      attrs: attrsOf(page, req),
    }),
    links: async (tx, id, req, teamId) => writeVariants(tx, id, req.variants, teamId),
    unique: [{ field: "code", column: i.code, message: "This code is already used" }],
    detail: async (db, row) => ({ variants: await variantsOf(db, Number(row.id)) }),
    csv: [
      { header: "code", value: (r) => r.code },
      { header: "name", value: (r) => r.name },
      { header: "description", value: (r) => r.description },
      { header: "supplier", value: (r) => r.supplierName },
      { header: "unit", value: (r) => r.unit },
      { header: "cost", value: (r) => (r.costCents == null ? "" : (Number(r.costCents) / 100).toFixed(2)) },
      ...page.attrs.map((f) => ({ header: f.name, value: (r: Record<string, unknown>) => r[f.name] })),
      { header: "variants", value: (r) => r.variantCount },
      { header: "archived", value: (r) => r.archived },
    ],
  };
};
