import { z } from "zod";
import { ZIdSchema, zDbId } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText, zTrimmed } from "../common/text";

/** Products of product development (issue 12): a team's designs, each with versions and a smart tech pack per version. */

export const PRODUCT_STATUSES = [
  "concept",
  "in_development",
  "sampling",
  "approved",
  "in_production",
  "dropped",
] as const;
export type TProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<TProductStatus, string> = {
  concept: "Concept",
  in_development: "In development",
  sampling: "Sampling",
  approved: "Approved",
  in_production: "In production",
  dropped: "Dropped",
};
export const ZProductStatusSchema = z.enum(PRODUCT_STATUSES, { error: "Choose a status" });

export const PRODUCT_MESSAGES = {
  codeTaken: "A product with this code already exists in the team.",
  notFound: "That product",
  readOnlyVersion: "This is an older version of the tech pack: it can be read, not changed. Open the latest version.",
  created: "The product was created.",
  duplicated: "The product was duplicated.",
  versionCreated: "A new version was made from the latest tech pack.",
  deleted: "The product was deleted.",
} as const;

/** Optional text of the product: empty (or absent) is stored as null. */
const orNull = (v: string | null | undefined) => v || null;
const cents = z
  .number({ error: "Enter an amount" })
  .int("Whole cents only")
  .min(0, "Must not be negative")
  .max(100_000_000, "Too large");
export const ZProductTagsSchema = z
  .array(zText().trim().min(1, "A tag cannot be empty").max(40, "At most 40 characters"))
  .max(20, "At most 20 tags");

/** The product's own fields (Add New Product and the editProductDetails tab). */
export const ZProductFieldsSchema = z.object({
  code: zText().trim().min(1, "Enter a product code").max(40, "At most 40 characters"),
  name: zText().trim().min(1, "Enter a product name").max(200, "At most 200 characters"),
  status: ZProductStatusSchema.default("concept"),
  season: zTrimmed(60).nullable().optional().transform(orNull),
  category: zTrimmed(60).nullable().optional().transform(orNull),
  collection: zTrimmed(100).nullable().optional().transform(orNull),
  batch: zTrimmed(100).nullable().optional().transform(orNull),
  fit: zTrimmed(60).nullable().optional().transform(orNull),
  description: zTrimmed(2000).nullable().optional().transform(orNull),
  tags: ZProductTagsSchema.default([]),
  targetCostCents: cents.nullable().default(null),
  targetPriceCents: cents.nullable().default(null),
});
export type TProductFields = z.infer<typeof ZProductFieldsSchema>;

/** POST /productDev/products: a product with version 1 and its tech pack, optionally started from a POM template and size range. */
export const ZProductCreateRequestSchema = ZProductFieldsSchema.extend({
  teamId: zDbId().optional(),
  pomTemplateId: zDbId().nullable().optional(),
  sizeRangeId: zDbId().nullable().optional(),
});
export type TProductCreateRequest = z.input<typeof ZProductCreateRequestSchema>;

export const ZProductSchema = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    teamName: zText(),
    code: zText(),
    name: zText(),
    status: ZProductStatusSchema,
    season: zText().nullable(),
    category: zText().nullable(),
    collection: zText().nullable(),
    batch: zText().nullable(),
    fit: zText().nullable(),
    description: zText().nullable(),
    tags: z.array(zText()),
    targetCostCents: z.number().int().nullable(),
    targetPriceCents: z.number().int().nullable(),
    latestVersion: z.number().int(),
    /** The latest version's tech pack (the stpId of its routes). */
    latestStpId: z.number().int().nullable(),
    frontImageFileId: z.number().int().nullable(),
    createdBy: zText().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Product" });
export type TProduct = z.infer<typeof ZProductSchema>;

export const PRODUCT_SORTS = ["code", "name", "status", "season", "collection", "updatedAt", "createdAt"] as const;

export const PRODUCT_PACK_FILTERS = ["awaitingApproval", "sent"] as const;
export const PRODUCT_PACK_FILTER_LABELS: Record<(typeof PRODUCT_PACK_FILTERS)[number], string> = {
  awaitingApproval: "A version awaits approval",
  sent: "A version was sent to the factory",
};

/** GET /productDev/products: the one paging contract plus the spec's status, sortBy and sort, and the filters. */
export const ZProductListQuerySchema = ZPageQuerySchema.extend({
  teamId: ZIdSchema.optional(),
  status: ZProductStatusSchema.optional(),
  collection: zText().trim().max(100).optional(),
  batch: zText().trim().max(100).optional(),
  tag: zText().trim().max(40).optional(),
  /** Products with a version awaiting approval (submitted), or with a version sent to a facility (the home page's links). */
  pack: z.enum(PRODUCT_PACK_FILTERS, { error: "Use awaitingApproval or sent" }).optional(),
  /** Spec 7: sortBy + sort (asc|desc), an alternative to `sort=field,dir`. */
  sortBy: z.enum(PRODUCT_SORTS, { error: `Sort by one of ${PRODUCT_SORTS.join(", ")}` }).optional(),
  sortDir: z.enum(["asc", "desc"]).optional(),
});
export type TProductListQuery = z.infer<typeof ZProductListQuerySchema>;
export const ZProductPageSchema = pageOf(ZProductSchema).meta({ id: "ProductPage" });
export type TProductPage = z.infer<typeof ZProductPageSchema>;

/** GET /productDev/products/statusCount: how many products per status (same filters as the list, without status). */
export const ZProductStatusCountSchema = z
  .object({
    total: z.number().int(),
    counts: z.record(ZProductStatusSchema, z.number().int()),
  })
  .meta({ id: "ProductStatusCount" });
export type TProductStatusCount = z.infer<typeof ZProductStatusCountSchema>;

/** The filter choices of the list: collections, batches and tags in use. */
export const ZProductFacetsSchema = z.object({
  collections: z.array(zText()),
  batches: z.array(zText()),
  tags: z.array(zText()),
});
export type TProductFacets = z.infer<typeof ZProductFacetsSchema>;

export const ZProductIdParamsSchema = z.object({ productId: ZIdSchema });

/** POST /productDev/products/{productId}/duplicate: a copy of the latest tech pack under a new code. */
export const ZProductDuplicateRequestSchema = z.object({
  code: zText().trim().min(1, "Enter a product code").max(40, "At most 40 characters"),
  name: zText().trim().min(1, "Enter a product name").max(200, "At most 200 characters").optional(),
});
export type TProductDuplicateRequest = z.infer<typeof ZProductDuplicateRequestSchema>;

export const TECH_PACK_APPROVAL_STATES = ["draft", "submitted", "approved", "rejected"] as const;
export type TTechPackApprovalState = (typeof TECH_PACK_APPROVAL_STATES)[number];
export const TECH_PACK_APPROVAL_LABELS: Record<TTechPackApprovalState, string> = {
  draft: "Draft",
  submitted: "Submitted for approval",
  approved: "Approved",
  rejected: "Rejected",
};

/** One version of a product, with its tech pack. */
/** A version sent to a facility (issue 23), as the brand sees it: when, by whom, and when the facility first opened it. */
export const ZTechPackSendSchema = z
  .object({
    factoryId: z.number().int(),
    factoryName: zText(),
    sentAt: z.iso.datetime({ offset: true }),
    sentByName: zText(),
    firstOpenedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The facility acknowledged the version (it builds from it): the first time, and who. */
    acknowledgedAt: z.iso.datetime({ offset: true }).nullable(),
    acknowledgedBy: z.string().nullable(),
  })
  .meta({ id: "TechPackSend" });
export type TTechPackSend = z.infer<typeof ZTechPackSendSchema>;

export const ZProductVersionSchema = z
  .object({
    version: z.number().int(),
    stpId: z.number().int(),
    approvalState: z.enum(TECH_PACK_APPROVAL_STATES),
    note: zText().nullable(),
    readOnly: z.boolean(),
    sentToFactoryAt: z.iso.datetime({ offset: true }).nullable(),
    sentToFactoryBy: zText().nullable(),
    /** Every facility the version was sent to, first send first. */
    sends: z.array(ZTechPackSendSchema),
    createdBy: zText().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ProductVersion" });
export type TProductVersion = z.infer<typeof ZProductVersionSchema>;
export const ZProductVersionsSchema = z
  .object({ product: ZProductSchema, versions: z.array(ZProductVersionSchema) })
  .meta({ id: "ProductVersions" });
export type TProductVersions = z.infer<typeof ZProductVersionsSchema>;

/** POST /productDev/products/{productId}/versions: a new version, copying the latest tech pack. */
export const ZProductVersionCreateRequestSchema = z.object({
  note: zText().trim().max(500, "At most 500 characters").optional(),
});
export type TProductVersionCreateRequest = z.infer<typeof ZProductVersionCreateRequestSchema>;

/** Where a product's latest tech pack opens. */
export const techPackPath = (productId: number, version: number, stpId: number, tab = "summary") =>
  `/productDev/products/${productId}/versions/${version}/stps/${stpId}/${tab}`;

/** GET /productDev/products/starters: the caller's teams, with their POM templates and size ranges (Add New Product). */
export const ZProductStartersSchema = z
  .object({
    teams: z.array(z.object({ id: z.number().int(), name: zText() })),
    templates: z.array(
      z.object({
        id: z.number().int(),
        teamId: z.number().int(),
        name: zText(),
        sizeRangeId: z.number().int().nullable(),
      }),
    ),
    sizeRanges: z.array(
      z.object({ id: z.number().int(), teamId: z.number().int(), name: zText(), sizes: z.array(zText()) }),
    ),
  })
  .meta({ id: "ProductStarters" });
export type TProductStarters = z.infer<typeof ZProductStartersSchema>;

/** POST /productDev/products and …/duplicate: the product made, and its first tech pack. */
export const ZProductCreatedSchema = z
  .object({ product: ZProductSchema, stpId: z.number().int() })
  .meta({ id: "ProductCreated" });
export type TProductCreated = z.infer<typeof ZProductCreatedSchema>;
