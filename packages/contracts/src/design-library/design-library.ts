import { z } from "zod";
import { ZDbIdSchema, ZIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import {
  LIBRARY_MESSAGES,
  ZCentsSchema,
  ZCodeSchema,
  ZHexColorSchema,
  ZLibraryListQuerySchema,
  ZLookupQuerySchema,
  ZNameSchema,
  ZOptionalTextSchema,
} from "../library/common";
import { gradePoint } from "../products/tech-pack/grading";
import type { TAttrField, TDesignItemPage } from "./pages";

export * from "./pages";

/**
 * The design library of product development (issue 12): what a brand's design team picks from
 * when it writes a tech pack. Every row belongs to a team; the pages live under
 * /productDev/libary/{page} (the spec's spelling) and so does the API: /api/productDev/libary/{page}.
 */

export const DESIGN_LIBRARY_MESSAGES = {
  hexRequired: "A colour needs its hex value, like #1A2B3C",
  sizesRequired: "Add at least one size",
  sizeDuplicate: "Each size once",
  baseSizeMissing: "The base size must be one of the sizes",
  pomCodeDuplicate: "Each point of measure code once",
  variantCodeDuplicate: "Each variant code once",
  gradeRuleSize: (size: string) => `${size} is not a size of the template's size range`,
  noClient: "This team belongs to no client, so it cannot keep files.",
  teamNotFound: "That team was not found.",
  otherUser: "You can list your own library only.",
} as const;

/**
 * Every design-library list: the one paging contract (plus archived) and spec 7's userId and
 * teamId. Without teamId a member sees the current team's rows; internal admins every team's.
 */
export const ZDesignListQuerySchema = ZLibraryListQuerySchema.extend({
  userId: ZIdSchema.optional(),
  teamId: ZIdSchema.optional(),
});
export type TDesignListQuery = z.infer<typeof ZDesignListQuerySchema>;
export const ZDesignLookupQuerySchema = ZLookupQuerySchema.extend({ teamId: ZIdSchema.optional() });
/** Spec 7's `?id=` of findById, update and delete. */
export const ZIdQuerySchema = z.object({ id: ZIdSchema });

const ZTeamOwnerSchema = ZDbIdSchema.optional();
const ZRowMetaSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  archived: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
const ZQtySchema = z.number({ error: "Enter a number" }).min(0, LIBRARY_MESSAGES.notNegative).max(1_000_000);

const attrRequest = (f: TAttrField): z.ZodType => {
  switch (f.type) {
    case "int":
      return z
        .number({ error: "Enter a whole number" })
        .int(LIBRARY_MESSAGES.wholeNumber)
        .min(0, LIBRARY_MESSAGES.notNegative)
        .max(1_000_000)
        .nullable()
        .default(null);
    case "decimal":
      return ZQtySchema.nullable().default(null);
    case "hex":
      return f.required
        ? zText({ error: DESIGN_LIBRARY_MESSAGES.hexRequired })
            .trim()
            .regex(/^#[0-9A-Fa-f]{6}$/, DESIGN_LIBRARY_MESSAGES.hexRequired)
        : ZHexColorSchema.default(null);
    default:
      return ZOptionalTextSchema(200).default(null);
  }
};
const attrResponse = (f: TAttrField): z.ZodType => {
  if (f.type === "int" || f.type === "decimal") return z.number().nullable();
  return zText().nullable();
};
const shapeOf = (fields: readonly TAttrField[], of: (f: TAttrField) => z.ZodType) =>
  Object.fromEntries(fields.map((f) => [f.name, of(f)])) as Record<string, z.ZodType>;

/** A variant edited on its item: an id keeps an existing variant (the tech pack's BOM points at it). */
export const ZDesignVariantRequestSchema = z.object({
  id: ZDbIdSchema.optional(),
  code: ZCodeSchema,
  name: ZNameSchema,
  supplierId: ZDbIdSchema.nullable().default(null),
  costCents: ZCentsSchema.nullable().default(null),
  imageFileId: ZDbIdSchema.nullable().default(null),
  /** The colourway's swatch (a fabric in Navy: #1F2A44). */
  hex: ZHexColorSchema.default(null),
});
export type TDesignVariantRequest = z.infer<typeof ZDesignVariantRequestSchema>;
export const ZDesignVariantSchema = z.object({
  id: z.number().int(),
  code: zText(),
  name: zText(),
  supplierId: z.number().int().nullable(),
  supplierName: zText().nullable(),
  costCents: z.number().int().nullable(),
  imageFileId: z.number().int().nullable(),
  hex: zText().nullable(),
});
export type TDesignVariant = z.infer<typeof ZDesignVariantSchema>;

const ZDesignItemBaseRequestSchema = z.object({
  teamId: ZTeamOwnerSchema,
  code: ZCodeSchema,
  name: ZNameSchema,
  description: ZOptionalTextSchema(2000).default(null),
  supplierId: ZDbIdSchema.nullable().default(null),
  unit: ZOptionalTextSchema(20).default(null),
  costCents: ZCentsSchema.nullable().default(null),
  imageFileId: ZDbIdSchema.nullable().default(null),
  variants: z.array(ZDesignVariantRequestSchema).max(200, "At most 200 variants").default([]),
});
/** What every item request has (kind-specific fields come on top, flat). */
export type TDesignItemRequest = z.infer<typeof ZDesignItemBaseRequestSchema> & Record<string, unknown>;

const ZDesignItemBaseSchema = ZRowMetaSchema.extend({
  kind: zText(),
  code: zText(),
  name: zText(),
  description: zText().nullable(),
  supplierId: z.number().int().nullable(),
  supplierName: zText().nullable(),
  unit: zText().nullable(),
  costCents: z.number().int().nullable(),
  imageFileId: z.number().int().nullable(),
  variantCount: z.number().int(),
});
export type TDesignItem = z.infer<typeof ZDesignItemBaseSchema> & Record<string, unknown>;
export type TDesignItemDetail = TDesignItem & { variants: TDesignVariant[] };

const uniqueVariantCodes = (req: { variants: { code: string }[] }, ctx: z.core.$RefinementCtx) => {
  const seen = new Set<string>();
  req.variants.forEach((v, i) => {
    const k = v.code.toLowerCase();
    if (seen.has(k))
      ctx.addIssue({
        code: "custom",
        path: ["variants", i, "code"],
        message: DESIGN_LIBRARY_MESSAGES.variantCodeDuplicate,
      });
    seen.add(k);
  });
};

/** The request, row, detail and page schemas of one item page; its kind's fields are flat. */
export const designItemSchemas = (page: TDesignItemPage) => {
  const id = `DesignItem_${page.key}`;
  const request = ZDesignItemBaseRequestSchema.extend(shapeOf(page.attrs, attrRequest)).superRefine((req, ctx) =>
    uniqueVariantCodes(req as { variants: { code: string }[] }, ctx),
  ) as unknown as z.ZodType<TDesignItemRequest>;
  const item = ZDesignItemBaseSchema.extend(shapeOf(page.attrs, attrResponse)).meta({ id });
  const detail = item.extend({ variants: z.array(ZDesignVariantSchema) }).meta({ id: `${id}_detail` });
  return {
    request,
    item: item as unknown as z.ZodType<TDesignItem>,
    detail: detail as unknown as z.ZodType<TDesignItemDetail>,
    page: pageOf(item) as unknown as z.ZodType<{ items: TDesignItem[]; total: number; page: number; size: number }>,
  };
};

// Suppliers: the brand's own (mills, trim houses, label makers), not the factory's.

export const ZDesignSupplierRequestSchema = z.object({
  teamId: ZTeamOwnerSchema,
  code: ZCodeSchema,
  name: ZNameSchema,
  contactName: ZOptionalTextSchema(120).default(null),
  email: zText()
    .trim()
    .max(254)
    .nullable()
    .default(null)
    .transform((v) => (v === "" ? null : v))
    .pipe(z.email("Enter a valid email address").nullable()),
  phone: ZOptionalTextSchema(40).default(null),
  country: ZOptionalTextSchema(60).default(null),
  currency: zText()
    .trim()
    .regex(/^[A-Z]{3}$/, "Currency is three capital letters, like USD")
    .default("USD"),
  leadTimeDays: z
    .number({ error: "Enter a whole number" })
    .int(LIBRARY_MESSAGES.wholeNumber)
    .min(0, LIBRARY_MESSAGES.notNegative)
    .max(3650)
    .nullable()
    .default(null),
  notes: ZOptionalTextSchema(2000).default(null),
});
export type TDesignSupplierRequest = z.infer<typeof ZDesignSupplierRequestSchema>;
export const ZDesignSupplierSchema = ZRowMetaSchema.extend({
  code: zText(),
  name: zText(),
  contactName: zText().nullable(),
  email: zText().nullable(),
  phone: zText().nullable(),
  country: zText().nullable(),
  currency: zText(),
  leadTimeDays: z.number().int().nullable(),
  notes: zText().nullable(),
}).meta({ id: "DesignSupplier" });
export type TDesignSupplier = z.infer<typeof ZDesignSupplierSchema>;
export const ZDesignSupplierPageSchema = pageOf(ZDesignSupplierSchema);

// Size ranges: ordered sizes with the base size the spec is written in.

const ZSizeSchema = zText().trim().min(1, "A size needs a name").max(20, LIBRARY_MESSAGES.tooLong);
export const ZSizeRangeRequestSchema = z
  .object({
    teamId: ZTeamOwnerSchema,
    name: ZNameSchema,
    sizes: z.array(ZSizeSchema).min(1, DESIGN_LIBRARY_MESSAGES.sizesRequired).max(40, "At most 40 sizes"),
    baseSize: ZSizeSchema,
  })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.sizes.forEach((s, i) => {
      if (seen.has(s.toLowerCase()))
        ctx.addIssue({ code: "custom", path: ["sizes", i], message: DESIGN_LIBRARY_MESSAGES.sizeDuplicate });
      seen.add(s.toLowerCase());
    });
    if (!r.sizes.includes(r.baseSize))
      ctx.addIssue({ code: "custom", path: ["baseSize"], message: DESIGN_LIBRARY_MESSAGES.baseSizeMissing });
  });
export type TSizeRangeRequest = z.infer<typeof ZSizeRangeRequestSchema>;
export const ZSizeRangeSchema = ZRowMetaSchema.extend({
  name: zText(),
  sizes: z.array(zText()),
  baseSize: zText(),
}).meta({ id: "SizeRange" });
export type TSizeRange = z.infer<typeof ZSizeRangeSchema>;
export const ZSizeRangePageSchema = pageOf(ZSizeRangeSchema);

// POM templates: points of measure with tolerances and grade rules, reusable across products.

export const POM_UNITS = ["cm", "in"] as const;
export type TPomUnit = (typeof POM_UNITS)[number];
const ZGradeSchema = z.number({ error: "Enter a number" }).min(-1000).max(1000);

export const ZPomPointRequestSchema = z.object({
  code: ZCodeSchema,
  description: zText().trim().min(1, "Describe the point of measure").max(200, LIBRARY_MESSAGES.tooLong),
  howToMeasure: ZOptionalTextSchema(1000).default(null),
  tolPlus: ZQtySchema.default(0),
  tolMinus: ZQtySchema.default(0),
  critical: z.boolean().default(false),
  baseValue: ZQtySchema.nullable().default(null),
  /** Per size: the step from its neighbour towards the base size (see gradeValues). */
  gradeRules: z.record(ZSizeSchema, ZGradeSchema).default({}),
});
export type TPomPointRequest = z.infer<typeof ZPomPointRequestSchema>;

export const ZPomTemplateRequestSchema = z
  .object({
    teamId: ZTeamOwnerSchema,
    name: ZNameSchema,
    sizeRangeId: ZDbIdSchema.nullable().default(null),
    unit: z.enum(POM_UNITS, { error: "Choose cm or in" }).default("cm"),
    points: z.array(ZPomPointRequestSchema).max(300, "At most 300 points").default([]),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.points.forEach((p, i) => {
      if (seen.has(p.code.toLowerCase()))
        ctx.addIssue({
          code: "custom",
          path: ["points", i, "code"],
          message: DESIGN_LIBRARY_MESSAGES.pomCodeDuplicate,
        });
      seen.add(p.code.toLowerCase());
    });
  });
export type TPomTemplateRequest = z.infer<typeof ZPomTemplateRequestSchema>;
export type TPomTemplateRequestInput = z.input<typeof ZPomTemplateRequestSchema>;

export const ZPomPointSchema = z.object({
  id: z.number().int(),
  sortOrder: z.number().int(),
  code: zText(),
  description: zText(),
  howToMeasure: zText().nullable(),
  tolPlus: z.number(),
  tolMinus: z.number(),
  critical: z.boolean(),
  baseValue: z.number().nullable(),
  gradeRules: z.record(zText(), z.number()),
});
export type TPomPoint = z.infer<typeof ZPomPointSchema>;
type TPomPointFields = Omit<TPomPoint, "id" | "sortOrder">;
/** A point of measure's own fields, as a template's request carries them (a stored point without its id and place). */
export const pomPointFields = (p: TPomPointFields): TPomPointFields => ({
  code: p.code,
  description: p.description,
  howToMeasure: p.howToMeasure,
  tolPlus: p.tolPlus,
  tolMinus: p.tolMinus,
  critical: p.critical,
  baseValue: p.baseValue,
  gradeRules: p.gradeRules,
});
export const ZPomTemplateSchema = ZRowMetaSchema.extend({
  name: zText(),
  sizeRangeId: z.number().int().nullable(),
  sizeRangeName: zText().nullable(),
  unit: z.enum(POM_UNITS),
  pointCount: z.number().int(),
}).meta({ id: "PomTemplate" });
export type TPomTemplate = z.infer<typeof ZPomTemplateSchema>;
export const ZPomTemplateDetailSchema = ZPomTemplateSchema.extend({
  points: z.array(ZPomPointSchema),
  /** The size range's sizes and base size (empty without one). */
  sizes: z.array(zText()),
  baseSize: zText().nullable(),
});
export type TPomTemplateDetail = z.infer<typeof ZPomTemplateDetailSchema>;
export const ZPomTemplatePageSchema = pageOf(ZPomTemplateSchema);

/**
 * The value of a point in every size from its base value and grade rules: the tech pack's
 * `gradePoint` (one arithmetic for both), with null in every size but the base while there is no
 * base value.
 */
export const gradeValues = (
  sizes: readonly string[],
  baseSize: string,
  baseValue: number | null,
  rules: Readonly<Record<string, number>>,
): Record<string, number | null> => {
  if (baseValue === null || !sizes.includes(baseSize))
    return Object.fromEntries(sizes.map((s) => [s, s === baseSize ? baseValue : null]));
  return gradePoint(baseValue, rules, sizes, baseSize);
};

/** An uploaded library image (PNG, JPEG or WebP), kept as a file of the team's client. */
export const ZDesignUploadSchema = z.object({
  id: z.number().int(),
  fileName: zText(),
  contentType: zText(),
  sizeBytes: z.number().int(),
});
export type TDesignUpload = z.infer<typeof ZDesignUploadSchema>;
export const ZDesignUploadQuerySchema = z.object({ teamId: ZIdSchema.optional() });
