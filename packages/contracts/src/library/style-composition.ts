import { z } from "zod";
import { MAX_SERIAL, ZDbIdSchema, ZIdSchema } from "../common/ids";
import { ZTabStampSchema, ZTabVersionSchema } from "../common/record-tabs";
import { zText } from "../common/text";
import { ZCentsSchema, ZDecimalSchema, ZOptionalTextSchema } from "./common";
import { ZStyleDetailSchema, ZStyleRequestSchema } from "./styles";

/**
 * A style's composition (issue 4): its quantity price tiers, the options and attributes it offers
 * (with upcharges), its bill of materials (fabrics, parts) and its construction steps. Read and
 * replaced as a whole (GET/PUT /api/library/styles/{id}/composition), or one workspace tab at a
 * time with its tab version (GET/PUT /api/library/styles/{id}/tabs/{pricing|options|materials|steps}).
 */

export const COMPOSITION_MESSAGES = {
  tierMin: "Tiers start at 2 pieces (1 piece is the base price)",
  tierOrder: "Each tier must start above the one before",
  optionTwice: "This option is already chosen",
  attributeTwice: "This attribute is already chosen",
  positive: "Must be more than zero",
} as const;

/**
 * A chosen row of the library. A form's new row starts with null (its select not chosen yet), so
 * the input may be null; it then reads "Choose a fabric". The output is always an id.
 */
const ZRefId = (what: string) =>
  z
    .number({ error: `Choose ${what}` })
    .nullable()
    .transform((id, ctx) => {
      if (id !== null) return id;
      ctx.addIssue({ code: "custom", message: `Choose ${what}` });
      return z.NEVER;
    })
    .pipe(z.number().int().positive().max(MAX_SERIAL, "That id is out of range"));

export const ZStylePriceTierSchema = z.object({
  minQuantity: z
    .number({ error: "Enter a quantity" })
    .int("Must be a whole number")
    .min(2, COMPOSITION_MESSAGES.tierMin)
    .max(10_000_000),
  unitPriceCents: ZCentsSchema,
});
export type TStylePriceTier = z.infer<typeof ZStylePriceTierSchema>;

const ZCompositionOptionSchema = z.object({
  optionId: ZRefId("an option"),
  attributes: z
    .array(z.object({ attributeId: ZDbIdSchema, upchargeCents: ZCentsSchema }))
    .max(500)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((r, i) => {
        if (seen.has(r.attributeId))
          ctx.addIssue({ code: "custom", path: [i, "attributeId"], message: COMPOSITION_MESSAGES.attributeTwice });
        seen.add(r.attributeId);
      });
    }),
});

export const ZStyleCompositionRequestSchema = z.object({
  priceTiers: z
    .array(ZStylePriceTierSchema)
    .max(50)
    .superRefine((rows, ctx) => {
      rows.forEach((r, i) => {
        const prev = rows[i - 1];
        if (prev && r.minQuantity <= prev.minQuantity)
          ctx.addIssue({ code: "custom", path: [i, "minQuantity"], message: COMPOSITION_MESSAGES.tierOrder });
      });
    }),
  options: z
    .array(ZCompositionOptionSchema)
    .max(50)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((r, i) => {
        if (seen.has(r.optionId))
          ctx.addIssue({ code: "custom", path: [i, "optionId"], message: COMPOSITION_MESSAGES.optionTwice });
        seen.add(r.optionId);
      });
    }),
  fabrics: z
    .array(
      z.object({
        fabricId: ZRefId("a fabric"),
        /** Null: every variant; otherwise only variants with this attribute (one of the style's). */
        attributeId: ZDbIdSchema.nullable(),
        placement: ZOptionalTextSchema(120),
        consumption: ZDecimalSchema.positive(COMPOSITION_MESSAGES.positive),
      }),
    )
    .max(200),
  parts: z
    .array(
      z.object({
        partId: ZRefId("a part"),
        attributeId: ZDbIdSchema.nullable(),
        quantity: ZDecimalSchema.positive(COMPOSITION_MESSAGES.positive),
      }),
    )
    .max(200),
  /** Steps in order (step 1..n); a null machine means the instruction's own machine. */
  instructions: z
    .array(z.object({ instructionId: ZRefId("an instruction"), machineId: ZDbIdSchema.nullable() }))
    .max(300),
});
export type TStyleCompositionRequest = z.infer<typeof ZStyleCompositionRequestSchema>;
export type TStyleCompositionRequestInput = z.input<typeof ZStyleCompositionRequestSchema>;

/** The composition as read: the request's fields with what screens show (labels; costs for editors only). */
export const ZStyleCompositionSchema = z
  .object({
    styleId: z.number().int(),
    styleCode: zText(),
    styleName: zText(),
    basePriceCents: z.number().int(),
    /** The facility's labour rate; null for client users (costs are the facility's business). */
    labourCentsPerMinute: z.number().int().nullable(),
    priceTiers: z.array(ZStylePriceTierSchema),
    options: z.array(
      z.object({
        optionId: z.number().int(),
        code: zText(),
        name: zText(),
        attributes: z.array(
          z.object({
            attributeId: z.number().int(),
            code: zText(),
            name: zText(),
            hexColor: zText().nullable(),
            upchargeCents: z.number().int(),
          }),
        ),
      }),
    ),
    fabrics: z.array(
      z.object({
        fabricId: z.number().int(),
        code: zText(),
        name: zText(),
        unit: zText(),
        costCents: z.number().int().nullable(),
        outOfStock: z.boolean(),
        attributeId: z.number().int().nullable(),
        attributeName: zText().nullable(),
        placement: zText().nullable(),
        consumption: z.number(),
      }),
    ),
    parts: z.array(
      z.object({
        partId: z.number().int(),
        code: zText(),
        name: zText(),
        unit: zText(),
        costCents: z.number().int().nullable(),
        outOfStock: z.boolean(),
        attributeId: z.number().int().nullable(),
        attributeName: zText().nullable(),
        quantity: z.number(),
      }),
    ),
    instructions: z.array(
      z.object({
        step: z.number().int(),
        instructionId: z.number().int(),
        code: zText(),
        name: zText(),
        /** The override, or null for the instruction's own machine. */
        machineId: z.number().int().nullable(),
        /** The machine the step runs on (the override or the instruction's own). */
        machineName: zText().nullable(),
        standardMinutes: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: "StyleComposition" });
export type TStyleComposition = z.infer<typeof ZStyleCompositionSchema>;

/** Turns a read composition back into the request that would save it unchanged. */
export const compositionToRequest = (c: TStyleComposition): TStyleCompositionRequest => ({
  priceTiers: c.priceTiers.map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: t.unitPriceCents })),
  options: c.options.map((o) => ({
    optionId: o.optionId,
    attributes: o.attributes.map((a) => ({ attributeId: a.attributeId, upchargeCents: a.upchargeCents })),
  })),
  fabrics: c.fabrics.map((f) => ({
    fabricId: f.fabricId,
    attributeId: f.attributeId,
    placement: f.placement,
    consumption: f.consumption,
  })),
  parts: c.parts.map((p) => ({ partId: p.partId, attributeId: p.attributeId, quantity: p.quantity })),
  instructions: c.instructions.map((s) => ({ instructionId: s.instructionId, machineId: s.machineId })),
});

/* ---------------------------------------------------------------- the style workspace's tabs */

/** The tabs of /styles/edit/{id}/{tab}, in order; `details` is the style's own form. */
export const STYLE_TABS = ["details", "pricing", "options", "materials", "steps"] as const;
export type TStyleTab = (typeof STYLE_TABS)[number];
export const STYLE_TAB_LABELS: Record<TStyleTab, string> = {
  details: "Details",
  pricing: "Pricing",
  options: "Options",
  materials: "Materials",
  steps: "Steps",
};

/** Details: the style's own fields (the library form's), with the tab's version. */
export const ZStyleDetailsRequestSchema = ZStyleRequestSchema.extend({ version: ZTabVersionSchema });
export type TStyleDetailsRequest = z.infer<typeof ZStyleDetailsRequestSchema>;
export const ZStyleDetailsTabSchema = ZStyleDetailSchema.extend(ZTabStampSchema.shape).meta({ id: "StyleDetailsTab" });
export type TStyleDetailsTab = z.infer<typeof ZStyleDetailsTabSchema>;

const request = ZStyleCompositionRequestSchema.shape;
const read = ZStyleCompositionSchema.shape;

/** Pricing: the quantity tiers above the base price. */
export const ZStylePricingRequestSchema = z.object({ version: ZTabVersionSchema, priceTiers: request.priceTiers });
export type TStylePricingRequest = z.infer<typeof ZStylePricingRequestSchema>;
export type TStylePricingRequestInput = z.input<typeof ZStylePricingRequestSchema>;
export const ZStylePricingTabSchema = ZTabStampSchema.extend({
  styleId: z.number().int(),
  basePriceCents: z.number().int(),
  priceTiers: read.priceTiers,
}).meta({ id: "StylePricingTab" });
export type TStylePricingTab = z.infer<typeof ZStylePricingTabSchema>;

/** Options: the options offered, in order, with their attributes and upcharges. */
export const ZStyleOptionsRequestSchema = z.object({ version: ZTabVersionSchema, options: request.options });
export type TStyleOptionsRequest = z.infer<typeof ZStyleOptionsRequestSchema>;
export type TStyleOptionsRequestInput = z.input<typeof ZStyleOptionsRequestSchema>;
export const ZStyleOptionsTabSchema = ZTabStampSchema.extend({
  styleId: z.number().int(),
  options: read.options,
}).meta({ id: "StyleOptionsTab" });
export type TStyleOptionsTab = z.infer<typeof ZStyleOptionsTabSchema>;

/** Materials: fabrics and parts (a row tied to an attribute must use one the Options tab offers). */
export const ZStyleMaterialsRequestSchema = z.object({
  version: ZTabVersionSchema,
  fabrics: request.fabrics,
  parts: request.parts,
});
export type TStyleMaterialsRequest = z.infer<typeof ZStyleMaterialsRequestSchema>;
export type TStyleMaterialsRequestInput = z.input<typeof ZStyleMaterialsRequestSchema>;
export const ZStyleMaterialsTabSchema = ZTabStampSchema.extend({
  styleId: z.number().int(),
  fabrics: read.fabrics,
  parts: read.parts,
  /** The attributes the style offers (saved on the Options tab): what a row may be tied to. */
  offeredAttributes: z.array(z.object({ attributeId: z.number().int(), name: zText() })),
}).meta({ id: "StyleMaterialsTab" });
export type TStyleMaterialsTab = z.infer<typeof ZStyleMaterialsTabSchema>;

/** Steps: the construction steps in order. */
export const ZStyleStepsRequestSchema = z.object({ version: ZTabVersionSchema, instructions: request.instructions });
export type TStyleStepsRequest = z.infer<typeof ZStyleStepsRequestSchema>;
export type TStyleStepsRequestInput = z.input<typeof ZStyleStepsRequestSchema>;
export const ZStyleStepsTabSchema = ZTabStampSchema.extend({
  styleId: z.number().int(),
  instructions: read.instructions,
}).meta({ id: "StyleStepsTab" });
export type TStyleStepsTab = z.infer<typeof ZStyleStepsTabSchema>;

export const PROFILE_KINDS = ["attribute", "part", "instruction"] as const;
export const ZApplyProfileRequestSchema = z.object({
  kind: z.enum(PROFILE_KINDS, { error: "Choose attribute, part or instruction" }),
  profileId: ZDbIdSchema,
});
export type TApplyProfileRequest = z.infer<typeof ZApplyProfileRequestSchema>;

/* ---------------------------------------------------------------- pricing (spec 7) */

const ZQuantitySchema = z
  .number({ error: "Enter a quantity" })
  .int("Must be a whole number")
  .min(1, "At least 1")
  .max(1_000_000, "At most 1,000,000");

export const ZProductPriceRequestSchema = z.object({
  styleId: ZDbIdSchema,
  quantity: ZQuantitySchema,
  /** One attribute for each option the style offers. */
  attributeIds: z.array(ZDbIdSchema).max(50),
});
export type TProductPriceRequest = z.infer<typeof ZProductPriceRequestSchema>;

export const ZProductPriceSchema = z
  .object({
    styleId: z.number().int(),
    quantity: z.number().int(),
    /** The tier that applies (1 when the base price does). */
    tierMinQuantity: z.number().int(),
    baseUnitPriceCents: z.number().int(),
    upchargeCents: z.number().int(),
    unitPriceCents: z.number().int(),
    totalCents: z.number().int(),
    currency: z.literal("USD"),
  })
  .meta({ id: "ProductPrice" });
export type TProductPrice = z.infer<typeof ZProductPriceSchema>;

export const ZCustomProductPriceRequestSchema = ZProductPriceRequestSchema.extend({
  marginPct: z.number({ error: "Enter a margin" }).min(0, "At least 0").max(90, "At most 90").default(40),
});
export type TCustomProductPriceRequest = z.infer<typeof ZCustomProductPriceRequestSchema>;
export type TCustomProductPriceRequestInput = z.input<typeof ZCustomProductPriceRequestSchema>;

export const ZCostLineSchema = z.object({
  kind: z.enum(["fabric", "part", "labour"]),
  /** The fabric's, part's or instruction's id (labour: the style's). */
  refId: z.number().int(),
  code: zText(),
  name: zText(),
  quantity: z.number(),
  unit: zText(),
  unitCostCents: z.number().int(),
  costCents: z.number().int(),
});
export type TCostLine = z.infer<typeof ZCostLineSchema>;

export const ZCustomProductPriceSchema = z
  .object({
    styleId: z.number().int(),
    quantity: z.number().int(),
    marginPct: z.number(),
    fabricCents: z.number().int(),
    partCents: z.number().int(),
    labourMinutes: z.number(),
    labourCentsPerMinute: z.number().int(),
    labourCents: z.number().int(),
    unitCostCents: z.number().int(),
    unitPriceCents: z.number().int(),
    totalCents: z.number().int(),
    currency: z.literal("USD"),
    lines: z.array(ZCostLineSchema),
  })
  .meta({ id: "CustomProductPrice" });
export type TCustomProductPrice = z.infer<typeof ZCustomProductPriceSchema>;

export const ZProductDetailsQuerySchema = z.object({ styleId: ZIdSchema });

export const ZProductDetailsSchema = z
  .object({
    styleId: z.number().int(),
    code: zText(),
    name: zText(),
    category: zText(),
    description: zText().nullable(),
    imageUrl: zText().nullable(),
    basePriceCents: z.number().int(),
    currency: z.literal("USD"),
    options: z.array(
      z.object({
        optionId: z.number().int(),
        code: zText(),
        name: zText(),
        attributes: z.array(
          z.object({
            attributeId: z.number().int(),
            code: zText(),
            name: zText(),
            hexColor: zText().nullable(),
            upchargeCents: z.number().int(),
            /** A fabric or part needed only for this attribute is out of stock. */
            outOfStock: z.boolean(),
          }),
        ),
      }),
    ),
    /** The base row (from 1 piece) and the style's tiers, ascending. */
    priceTiers: z.array(ZStylePriceTierSchema.extend({ minQuantity: z.number().int() })),
    /** A fabric or part every variant needs is out of stock. */
    outOfStock: z.boolean(),
  })
  .meta({ id: "ProductDetails" });
export type TProductDetails = z.infer<typeof ZProductDetailsSchema>;

/** The tier that applies to a quantity: the highest minQuantity at or below it, else the base price. */
export const tierFor = (
  basePriceCents: number,
  tiers: readonly TStylePriceTier[],
  quantity: number,
): { minQuantity: number; unitPriceCents: number } => {
  let best = { minQuantity: 1, unitPriceCents: basePriceCents };
  for (const t of tiers) if (t.minQuantity <= quantity && t.minQuantity > best.minQuantity) best = t;
  return best;
};
