import { z } from "zod";
import { ZCentsSchema } from "../../common/lists";
import { zText } from "../../common/text";
import { ZTabChangesSchema } from "./compare";

/**
 * From an approved tech pack to the floor (issue 19): a facility makes a manufacturing-library style
 * from an approved version sent to it, in one action. The style's options and attributes come from
 * the sizes and colourways, its fabrics and parts from the BOM, its instructions from the
 * construction steps; `lib_style_sources` links the two. A later approved version marks the style
 * out of date, with the changes listed, until the facility reviews them.
 */

export const ZMakeStyleRequestSchema = z.object({
  /** The style's base price (cents); offered to the brand's client only. */
  basePriceCents: ZCentsSchema.default(0),
});
export type TMakeStyleRequest = z.input<typeof ZMakeStyleRequestSchema>;

const ZStyleRefSchema = z.object({ id: z.number().int(), code: zText(), name: zText() });

/** For the facility's read-only tech pack screen: the style made from this version, or whether one can be. */
export const ZPackStyleSchema = z
  .object({
    stpId: z.number().int(),
    /** The facility's style made from this version (or updated to it), if any. */
    style: ZStyleRefSchema.nullable(),
    /** A style can be made from this version by the caller (a facility it was sent to, approved, none yet). */
    canMake: z.boolean(),
    /** Why not, when it cannot. */
    reason: zText().nullable(),
    /** The code the style would take (the product's code). */
    code: zText(),
  })
  .meta({ id: "TechPackStyle" });
export type TPackStyle = z.infer<typeof ZPackStyleSchema>;

const ZVersionRefSchema = z.object({ stpId: z.number().int(), version: z.number().int() });

/** A style's source: its product and version, and a newer approved version it does not follow yet. */
export const ZStyleSourceSchema = z
  .object({
    styleId: z.number().int(),
    style: ZStyleRefSchema,
    productId: z.number().int(),
    productCode: zText(),
    productName: zText(),
    brand: zText(),
    from: ZVersionRefSchema,
    /** The newer approved version, when the style is out of date; null when up to date. */
    outOfDate: ZVersionRefSchema.nullable(),
    /** What changed from `from` to `outOfDate` (version compare), tab by tab; empty when up to date. */
    changes: z.array(ZTabChangesSchema),
  })
  .meta({ id: "StyleSource" });
export type TStyleSource = z.infer<typeof ZStyleSourceSchema>;

/** `GET /library/styles/:id/source`: the style's source, or null for a style not made from a tech pack. */
export const ZStyleSourceAnswerSchema = z.object({ source: ZStyleSourceSchema.nullable() }).meta({
  id: "StyleSourceAnswer",
});
export type TStyleSourceAnswer = z.infer<typeof ZStyleSourceAnswerSchema>;

export const STYLE_SOURCE_MESSAGES = {
  notApproved: "Only an approved version can become a style.",
  onlyFacility: "Only a facility the version was sent to can make a style from it.",
  codeTaken: (code: string) =>
    `Your library already has a style with the code ${code}. Rename or archive it, then make the style again.`,
  alreadyMade: (code: string, version: number) => `Version ${version} is already your style ${code}.`,
  madeMeanwhile: "Someone at your facility made this style just now. Reload the page to open it.",
  notSource: "This style was not made from a tech pack.",
  upToDate: "The style is up to date.",
} as const;

/* ---------- QC: critical measurements ---------- */

/** A critical point of measure of a unit's size: what QC measures. */
export const ZQcPointSchema = z.object({
  code: zText(),
  description: zText(),
  howToMeasure: zText(),
  target: z.number(),
  tolPlus: z.number(),
  tolMinus: z.number(),
});
export type TQcPoint = z.infer<typeof ZQcPointSchema>;

/** `GET /floor/qc/units/barcode/:barcode/points`: the critical POMs QC measures on this unit (none without a source). */
export const ZQcPointsSchema = z
  .object({
    unitId: z.number().int(),
    barcode: zText(),
    size: zText().nullable(),
    unit: z.enum(["cm", "in"]),
    /** The product and version the unit's style was made from; null when it has none. */
    source: z.object({ productCode: zText(), productName: zText(), version: z.number().int() }).nullable(),
    points: z.array(ZQcPointSchema),
  })
  .meta({ id: "QcPoints" });
export type TQcPoints = z.infer<typeof ZQcPointsSchema>;

/** A measurement typed at QC: the point's code and the value in the tech pack's unit. */
export const ZQcMeasurementSchema = z.object({
  code: zText().trim().min(1, "Name the point of measure").max(20, "At most 20 characters"),
  value: z.number({ error: "Enter a number" }).min(0, "Must not be negative").max(10_000, "Too large"),
});
export type TQcMeasurement = z.infer<typeof ZQcMeasurementSchema>;

/** A measured point as kept with the inspection (order history, unit detail). */
export const ZQcMeasuredSchema = z.object({
  code: zText(),
  description: zText(),
  size: zText(),
  unit: z.enum(["cm", "in"]),
  target: z.number(),
  tolPlus: z.number(),
  tolMinus: z.number(),
  measured: z.number(),
  withinTolerance: z.boolean(),
});
export type TQcMeasured = z.infer<typeof ZQcMeasuredSchema>;

export const QC_MEASURE_MESSAGES = {
  missing: (codes: string[]) => `Measure every critical point: ${codes.join(", ")}.`,
  unknown: (code: string) => `${code} is not a critical point of measure of this unit.`,
  noPoints: "This unit has no critical points of measure to record.",
  /** The reason code a measurement out of tolerance fails with (made for the facility if it has none). */
  reasonCode: "MEAS",
  reasonName: "Measurement",
} as const;

/** "A 53.5 cm (target 52 +1/−1) out of tolerance". */
export const describeMeasurement = (m: TQcMeasured): string =>
  `${m.code} ${m.measured} ${m.unit} (target ${m.target} +${m.tolPlus}/−${m.tolMinus})${m.withinTolerance ? "" : " out of tolerance"}`;
