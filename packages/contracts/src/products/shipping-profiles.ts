import { z } from "zod";
import { ZDbIdSchema, zDbId } from "../common/ids";
import type { Access } from "../common/operation";
import { pageOf } from "../common/paging";
import { resourceApi } from "../common/resource-api";
import { zText, zTrimmed } from "../common/text";
import { ZDesignListQuerySchema, ZDesignLookupQuerySchema } from "../design-library/design-library";
import { DESIGN_LIBRARY_EDITOR_TYPES } from "../design-library/pages";
import { ZNameSchema, ZOptionalTextSchema } from "../library/common";

/**
 * Shipping profiles (issue 19, `/productDev/shippingProfiles`): how a team's product is packed to
 * ship. The box (a Shipping Library item and/or its inside dimensions), the fold, polybag and
 * inserts (Shipping Library items), units per box, a box tare and the weight of one garment per
 * size. A tech pack's packaging tab names one; pack-out suggests the box and the weight from it
 * (contracts `shipping/pack-suggestion.ts`). A resource of the team in spec 7's shape.
 */

export const FOLD_METHODS = ["flat fold", "roll", "hang", "folded with tissue"] as const;
export type TFoldMethod = (typeof FOLD_METHODS)[number];
export const DIMENSION_UNITS = ["cm", "in"] as const;
export type TDimensionUnit = (typeof DIMENSION_UNITS)[number];

export const SHIPPING_PROFILE_MESSAGES = {
  boxRequired: "Choose a box from the Shipping Library or enter its length, width and height",
  allDimensions: "Enter the length, width and height, or none of them",
  sizeTwice: "Each size can have one weight",
  polybagItem: "A polybag item needs the polybag switched on",
  unknownItem: "That item is not in your team's Shipping Library",
  unknownProfile: "That shipping profile is not one of your team's",
} as const;

const dimension = (what: string) =>
  z
    .number({ error: `Enter the ${what}` })
    .positive(`The ${what} must be more than zero`)
    .max(1000, "At most 1000")
    .nullable()
    .default(null);

export const ZSizeWeightSchema = z.object({
  size: zTrimmed(20, 1, "Enter a size"),
  grams: z
    .number({ error: "Enter the grams" })
    .int("Whole grams")
    .min(1, "More than zero grams")
    .max(20_000, "At most 20000 g"),
});
export type TSizeWeight = z.infer<typeof ZSizeWeightSchema>;

export const ZShippingProfileRequestSchema = z
  .object({
    teamId: ZDbIdSchema.optional(),
    name: ZNameSchema,
    description: ZOptionalTextSchema(500).default(null),
    /** The box: a Shipping Library item of the team, its inside dimensions, or both. */
    boxItemId: zDbId().nullable().default(null),
    boxLength: dimension("length"),
    boxWidth: dimension("width"),
    boxHeight: dimension("height"),
    dimensionUnit: z.enum(DIMENSION_UNITS, { error: "Choose cm or in" }).default("cm"),
    foldMethod: z.enum(FOLD_METHODS, { error: "Choose a fold method" }),
    polybag: z.boolean().default(false),
    polybagItemId: zDbId().nullable().default(null),
    insertItemIds: z
      .array(zDbId())
      .max(20, "At most 20 inserts")
      .refine((ids) => new Set(ids).size === ids.length, "An insert is listed twice")
      .default([]),
    unitsPerBox: z
      .number({ error: "Enter the units per box" })
      .int("Whole units")
      .min(1, "At least 1 unit per box")
      .max(10_000, "At most 10000"),
    /** The empty box's weight with its polybags and inserts, added to a box's weight. */
    boxTareGrams: z.number({ error: "Enter grams" }).int("Whole grams").min(0, "Not negative").max(50_000).default(0),
    /** Grams of one packed garment per size. */
    weights: z.array(ZSizeWeightSchema).max(40, "At most 40 sizes").default([]),
  })
  .superRefine((v, ctx) => {
    const dims = [v.boxLength, v.boxWidth, v.boxHeight];
    const given = dims.filter((d) => d !== null).length;
    if (given > 0 && given < 3)
      for (const [i, key] of (["boxLength", "boxWidth", "boxHeight"] as const).entries())
        if (dims[i] === null)
          ctx.addIssue({ code: "custom", path: [key], message: SHIPPING_PROFILE_MESSAGES.allDimensions });
    if (given === 0 && v.boxItemId === null)
      ctx.addIssue({ code: "custom", path: ["boxItemId"], message: SHIPPING_PROFILE_MESSAGES.boxRequired });
    if (!v.polybag && v.polybagItemId !== null)
      ctx.addIssue({ code: "custom", path: ["polybagItemId"], message: SHIPPING_PROFILE_MESSAGES.polybagItem });
    const seen = new Set<string>();
    for (const [i, w] of v.weights.entries()) {
      const key = w.size.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: ["weights", i, "size"], message: SHIPPING_PROFILE_MESSAGES.sizeTwice });
      seen.add(key);
    }
  });
export type TShippingProfileRequest = z.infer<typeof ZShippingProfileRequestSchema>;

export const ZShippingProfileSchema = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    archived: z.boolean(),
    updatedAt: z.iso.datetime({ offset: true }),
    name: zText(),
    description: zText().nullable(),
    boxItemId: z.number().int().nullable(),
    boxItemName: zText().nullable(),
    boxLength: z.number().nullable(),
    boxWidth: z.number().nullable(),
    boxHeight: z.number().nullable(),
    dimensionUnit: z.enum(DIMENSION_UNITS),
    foldMethod: z.enum(FOLD_METHODS),
    polybag: z.boolean(),
    polybagItemId: z.number().int().nullable(),
    insertItemIds: z.array(z.number().int()),
    unitsPerBox: z.number().int(),
    boxTareGrams: z.number().int(),
    weights: z.array(z.object({ size: zText(), grams: z.number().int() })),
    /** How many of the team's products have a version whose packaging tab names it. */
    productCount: z.number().int(),
  })
  .meta({ id: "ShippingProfile" });
export type TShippingProfile = z.infer<typeof ZShippingProfileSchema>;
export const ZShippingProfilePageSchema = pageOf(ZShippingProfileSchema);

/** "40 x 30 x 20 cm", or the library box's name, or both. */
export const shippingBoxLabel = (p: {
  boxItemName: string | null;
  boxLength: number | null;
  boxWidth: number | null;
  boxHeight: number | null;
  dimensionUnit: string;
}): string => {
  const dims =
    p.boxLength !== null && p.boxWidth !== null && p.boxHeight !== null
      ? `${p.boxLength} x ${p.boxWidth} x ${p.boxHeight} ${p.dimensionUnit}`
      : null;
  return [p.boxItemName, dims].filter(Boolean).join(", ") || "–";
};

const access: { read: Access; write: Access } = {
  read: { signedIn: true, card: "shippingProfiles" },
  write: { signedIn: true, card: "shippingProfiles", types: DESIGN_LIBRARY_EDITOR_TYPES },
};

export const shippingProfilesApi = resourceApi({
  area: "productDev",
  prefix: "/productDev",
  key: "shippingProfiles",
  schemas: {
    request: ZShippingProfileRequestSchema,
    page: ZShippingProfilePageSchema,
    detail: ZShippingProfileSchema,
  },
  access,
  listQuery: ZDesignListQuerySchema,
  lookupQuery: ZDesignLookupQuerySchema,
  spec7: true,
  archivable: true,
});
