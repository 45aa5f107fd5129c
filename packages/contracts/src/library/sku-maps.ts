import { z } from "zod";
import { ZDbIdSchema, zDbId } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import { ZLibraryRowMetaSchema, ZNameSchema, ZOwnerSchema } from "./common";

/**
 * Sku map: how an incoming SKU string names a style and its options. The style token sits at
 * `styleStart` (1-based); each segment names one option at its own start position, `length`
 * characters long, or up to the next separator (- _ / space) or the end when length is empty.
 */
export const SKU_SEPARATORS = /[-_/ ]/;

export const ZSkuMapSegmentSchema = z.object({
  optionId: zDbId("Choose an option"),
  startPosition: z
    .number({ error: "Enter a position" })
    .int("Must be a whole number")
    .min(1, "Positions start at 1")
    .max(100, "At most 100"),
  length: z.number().int("Must be a whole number").min(1, "At least 1").max(50, "At most 50").nullable(),
});
export type TSkuMapSegment = z.infer<typeof ZSkuMapSegmentSchema>;

export const ZSkuMapRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  name: ZNameSchema,
  styleId: ZDbIdSchema.nullable()
    .refine((v) => v !== null, "Choose a style")
    .transform((v) => v as number),
  styleToken: zText()
    .trim()
    .min(1, "Style token is required")
    .max(40, "At most 40 characters")
    .regex(/^[^\s]*$/, "The style token has no spaces"),
  styleStart: z
    .number({ error: "Enter a position" })
    .int("Must be a whole number")
    .min(1, "Positions start at 1")
    .max(100, "At most 100"),
  segments: z
    .array(ZSkuMapSegmentSchema)
    .min(1, "Add at least one segment")
    .max(10, "At most 10 segments")
    .refine((rows) => new Set(rows.map((r) => r.optionId)).size === rows.length, "Each option may have one segment"),
});
export type TSkuMapRequest = z.infer<typeof ZSkuMapRequestSchema>;
export type TSkuMapRequestInput = z.input<typeof ZSkuMapRequestSchema>;

export const ZSkuMapSchema = ZLibraryRowMetaSchema.extend({
  name: zText(),
  styleId: z.number().int(),
  styleCode: zText(),
  styleName: zText(),
  styleToken: zText(),
  styleStart: z.number().int(),
  segmentCount: z.number().int(),
}).meta({ id: "SkuMap" });
export type TSkuMap = z.infer<typeof ZSkuMapSchema>;
export const ZSkuMapDetailSchema = ZSkuMapSchema.extend({
  segments: z.array(ZSkuMapSegmentSchema.extend({ optionName: zText() })),
});
export type TSkuMapDetail = z.infer<typeof ZSkuMapDetailSchema>;
export const ZSkuMapPageSchema = pageOf(ZSkuMapSchema);

export const ZSkuSchema = zText().trim().min(1, "Type a SKU").max(100, "At most 100 characters");
export const ZSkuDecodeRequestSchema = z.object({ sku: ZSkuSchema });
export type TSkuDecodeRequest = z.infer<typeof ZSkuDecodeRequestSchema>;
/** The tester decodes with the form's unsaved values. */
export const ZSkuDecodeWithRequestSchema = z.object({ sku: ZSkuSchema, map: ZSkuMapRequestSchema });
export type TSkuDecodeWithRequest = z.infer<typeof ZSkuDecodeWithRequestSchema>;

export const ZSkuChoiceSchema = z.object({
  optionId: z.number().int(),
  optionName: zText(),
  startPosition: z.number().int(),
  text: zText(),
  attributeId: z.number().int(),
  attributeCode: zText(),
  attributeName: zText(),
});
export const ZSkuDecodeResultSchema = z.discriminatedUnion("matched", [
  z.object({
    matched: z.literal(true),
    sku: zText(),
    skuMapId: z.number().int().nullable(),
    skuMapName: zText(),
    style: z.object({ id: z.number().int(), code: zText(), name: zText() }),
    choices: z.array(ZSkuChoiceSchema),
  }),
  z.object({ matched: z.literal(false), sku: zText(), reasons: z.array(zText()) }),
]);
export type TSkuDecodeResult = z.infer<typeof ZSkuDecodeResultSchema>;

/** The text of a segment: `length` characters from `start` (1-based), or up to the next separator. */
export const segmentText = (sku: string, start: number, length: number | null): string => {
  const from = sku.slice(start - 1);
  if (length !== null) return from.slice(0, length);
  const stop = from.search(SKU_SEPARATORS);
  return stop === -1 ? from : from.slice(0, stop);
};
