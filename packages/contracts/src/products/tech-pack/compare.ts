import { z } from "zod";
import { zDbId } from "../../common/ids";

/**
 * Version compare (issue 19): what changed between two versions of one product, tab by tab. Rows are
 * matched by what names them, not by position (a BOM row by its library item, a colourway by its key,
 * a point of measure by its code, a construction step or pattern piece by its name), so a row moved
 * up is not a change and one inserted above does not shift every row below it.
 */

export const ZVersionCompareQuerySchema = z.object({
  /** The older version's tech pack (stpId) of the same product. */
  from: z.coerce.number().pipe(zDbId("Choose a version to compare with")),
});
export type TVersionCompareQuery = z.infer<typeof ZVersionCompareQuerySchema>;

/** One field of a row (or of the tab itself) that differs: its value as text on each side; null where it has none. */
export const ZFieldChangeSchema = z.object({
  field: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});
export type TFieldChange = z.infer<typeof ZFieldChangeSchema>;

export const ZRowChangeSchema = z.object({
  /** The list the row is in (BOM rows, points, colourways, steps…). */
  list: z.string(),
  key: z.string(),
  /** What a person calls the row: the item's code and name, the POM's code, the step's title. */
  label: z.string(),
  change: z.enum(["added", "removed", "changed"]),
  /** Every field of an added or removed row (old or new only); the differing fields of a changed one. */
  fields: z.array(ZFieldChangeSchema),
});
export type TRowChange = z.infer<typeof ZRowChangeSchema>;

export const ZTabChangesSchema = z.object({
  tab: z.string(),
  label: z.string(),
  /** Fields of the tab itself (a unit, notes, the base size…). */
  fields: z.array(ZFieldChangeSchema),
  rows: z.array(ZRowChangeSchema),
  /** Who last saved this tab in the versions after `from`, up to `to`, and when (from the tab's history). */
  lastChangedBy: z.string().nullable(),
  lastChangedAt: z.string().nullable(),
});
export type TTabChanges = z.infer<typeof ZTabChangesSchema>;

const ZVersionRefSchema = z.object({ stpId: z.number().int(), version: z.number().int(), status: z.string() });

export const ZVersionCompareSchema = z
  .object({
    productId: z.number().int(),
    from: ZVersionRefSchema,
    to: ZVersionRefSchema,
    /** Only the tabs with a difference, in the tech pack's order. */
    tabs: z.array(ZTabChangesSchema),
  })
  .meta({ id: "TechPackVersionCompare" });
export type TVersionCompare = z.infer<typeof ZVersionCompareSchema>;

export const ZAcknowledgementSchema = z
  .object({ stpId: z.number().int(), acknowledgedAt: z.string(), acknowledgedBy: z.string() })
  .meta({ id: "TechPackAcknowledgement" });
export type TAcknowledgement = z.infer<typeof ZAcknowledgementSchema>;

export const COMPARE_MESSAGES = {
  otherProduct: "Both versions must be of the same product.",
  onlyFacility: "Only a facility the version was sent to acknowledges it.",
} as const;
