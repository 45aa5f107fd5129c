import {
  DESIGN_LIBRARY_MESSAGES,
  pomPointFields,
  type TDesignSupplier,
  type TDesignSupplierRequest,
  type TPomTemplateDetail,
  type TPomTemplateRequest,
  type TSizeRange,
  type TSizeRangeRequest,
} from "@hub/contracts";
import { designPomTemplatesApi, designSizesApi, designSuppliersApi } from "@hub/contracts/design-library/resources-api";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { badRequest } from "../../platform/errors";
import { col, ensureOwnedRefs, nameList } from "../../platform/resource/resource";
import type { DesignResource } from "./resource";

const s = schema.pdSuppliers;
const sr = schema.pdSizeRanges;
const pt = schema.pdPomTemplates;
const pp = schema.pdPomTemplatePoints;

/** The brand's own suppliers (mills, trim houses); items and variants name them. */
export const suppliersResource: DesignResource<TDesignSupplierRequest, TDesignSupplier> = {
  api: designSuppliersApi,
  noun: "supplier",
  table: s,
  columns: {
    id: s.id,
    teamId: s.teamId,
    archived: s.archived,
    updatedAt: s.updatedAt,
    code: s.code,
    name: s.name,
    contactName: s.contactName,
    email: s.email,
    phone: s.phone,
    country: s.country,
    currency: s.currency,
    leadTimeDays: s.leadTimeDays,
    notes: s.notes,
  },
  label: sql`${s.code} || ' · ' || ${s.name}`,
  sortable: {
    code: s.code,
    name: s.name,
    contactName: s.contactName,
    country: s.country,
    currency: s.currency,
    leadTimeDays: s.leadTimeDays,
    updatedAt: s.updatedAt,
  },
  defaultSort: ["name", "asc"],
  search: [s.code, s.name, s.contactName, s.email, s.country],
  values: async (_tx, req) => ({
    code: req.code,
    name: req.name,
    contactName: req.contactName,
    email: req.email,
    phone: req.phone,
    country: req.country,
    currency: req.currency,
    leadTimeDays: req.leadTimeDays,
    notes: req.notes,
  }),
  unique: [{ field: "code", column: s.code, message: "This supplier code is already used" }],
  csv: [
    { header: "code", value: (r) => r.code },
    { header: "name", value: (r) => r.name },
    { header: "contactName", value: (r) => r.contactName },
    { header: "email", value: (r) => r.email },
    { header: "phone", value: (r) => r.phone },
    { header: "country", value: (r) => r.country },
    { header: "currency", value: (r) => r.currency },
    { header: "leadTimeDays", value: (r) => r.leadTimeDays },
    { header: "archived", value: (r) => r.archived },
  ],
};

/** Size ranges: ordered sizes with a base size (XS–3XL, 0–16). */
export const sizesResource: DesignResource<TSizeRangeRequest, TSizeRange> = {
  api: designSizesApi,
  noun: "size range",
  table: sr,
  columns: {
    id: sr.id,
    teamId: sr.teamId,
    archived: sr.archived,
    updatedAt: sr.updatedAt,
    name: sr.name,
    sizes: sr.sizes,
    baseSize: sr.baseSize,
  },
  label: sql`${sr.name} || ' (' || array_to_string(${sr.sizes}, ', ') || ')'`,
  sortable: { name: sr.name, baseSize: sr.baseSize, updatedAt: sr.updatedAt },
  defaultSort: ["name", "asc"],
  search: [sr.name, sql`array_to_string(${sr.sizes}, ' ')`],
  values: async (_tx, req) => ({ name: req.name, sizes: req.sizes, baseSize: req.baseSize }),
  unique: [{ field: "name", column: sr.name, message: "This name is already used" }],
  usedBy: async (db, id) => {
    const rows = await db.select({ name: pt.name }).from(pt).where(eq(pt.sizeRangeId, id)).orderBy(asc(pt.name));
    return rows.length === 0
      ? null
      : `This size range is used by the POM templates ${nameList(
          rows.map((r) => r.name),
          rows.length,
        )}. Archive it instead.`;
  },
  csv: [
    { header: "name", value: (r) => r.name },
    { header: "sizes", value: (r) => (Array.isArray(r.sizes) ? r.sizes.join(" ") : "") },
    { header: "baseSize", value: (r) => r.baseSize },
    { header: "archived", value: (r) => r.archived },
  ],
};

const templateRange = alias(schema.pdSizeRanges, "template_range");

/** The sizes of a template's size range (the grade rules must name them). */
const rangeOf = async (tx: HubTx, sizeRangeId: number | null, teamId: number) => {
  if (sizeRangeId === null) return null;
  await ensureOwnedRefs(
    tx,
    { table: sr, ownerColumn: sr.teamId, ownerId: teamId },
    [sizeRangeId],
    "sizeRangeId",
    "Size range",
    "in this team's library",
  );
  const [row] = await tx.select({ sizes: sr.sizes, baseSize: sr.baseSize }).from(sr).where(eq(sr.id, sizeRangeId));
  return row ?? null;
};

/** POM templates: points of measure with tolerances and grade rules, edited as one table. */
export const pomTemplatesResource: DesignResource<TPomTemplateRequest, TPomTemplateDetail> = {
  api: designPomTemplatesApi,
  noun: "POM template",
  table: pt,
  columns: {
    id: pt.id,
    teamId: pt.teamId,
    archived: pt.archived,
    updatedAt: pt.updatedAt,
    name: pt.name,
    sizeRangeId: pt.sizeRangeId,
    sizeRangeName: sql<string | null>`${templateRange.name}`.as("template_range_name"),
    unit: pt.unit,
    pointCount: sql<number>`(select count(*)::int from ${pp} where ${pp.templateId} = ${col(pt.id)})`.as("point_count"),
  },
  joins: (q) => q.leftJoin(templateRange, eq(templateRange.id, pt.sizeRangeId)),
  label: sql`${pt.name}`,
  sortable: { name: pt.name, sizeRangeName: templateRange.name, unit: pt.unit, updatedAt: pt.updatedAt },
  defaultSort: ["name", "asc"],
  search: [pt.name, templateRange.name],
  values: async (tx, req, teamId) => {
    const range = await rangeOf(tx, req.sizeRangeId, teamId);
    if (range) {
      for (const [n, point] of req.points.entries()) {
        const stray = Object.keys(point.gradeRules).find((size) => !range.sizes.includes(size));
        if (stray !== undefined)
          throw badRequest(DESIGN_LIBRARY_MESSAGES.gradeRuleSize(stray), {
            [`points.${n}.gradeRules`]: DESIGN_LIBRARY_MESSAGES.gradeRuleSize(stray),
          });
      }
    }
    return { name: req.name, sizeRangeId: req.sizeRangeId, unit: req.unit };
  },
  links: async (tx, id, req) => {
    await tx.delete(pp).where(eq(pp.templateId, id));
    if (req.points.length === 0) return;
    await tx.insert(pp).values(req.points.map((p, n) => ({ templateId: id, sortOrder: n, ...pomPointFields(p) })));
  },
  unique: [{ field: "name", column: pt.name, message: "This name is already used" }],
  detail: async (db, row) => {
    const points = await db
      .select({
        id: pp.id,
        sortOrder: pp.sortOrder,
        code: pp.code,
        description: pp.description,
        howToMeasure: pp.howToMeasure,
        tolPlus: pp.tolPlus,
        tolMinus: pp.tolMinus,
        critical: pp.critical,
        baseValue: pp.baseValue,
        gradeRules: pp.gradeRules,
      })
      .from(pp)
      .where(eq(pp.templateId, Number(row.id)))
      .orderBy(asc(pp.sortOrder), asc(pp.id));
    const rangeId = row.sizeRangeId === null ? null : Number(row.sizeRangeId);
    const [range] =
      rangeId === null
        ? []
        : await db.select({ sizes: sr.sizes, baseSize: sr.baseSize }).from(sr).where(eq(sr.id, rangeId));
    return { points, sizes: range?.sizes ?? [], baseSize: range?.baseSize ?? null };
  },
  csv: [
    { header: "name", value: (r) => r.name },
    { header: "sizeRange", value: (r) => r.sizeRangeName },
    { header: "unit", value: (r) => r.unit },
    { header: "points", value: (r) => r.pointCount },
    { header: "archived", value: (r) => r.archived },
  ],
};
