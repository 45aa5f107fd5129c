import { z } from "zod";
import { zText } from "../common/text";
import { CM_PER_INCH } from "../products/tech-pack/grading";

/**
 * Pack-out's suggested box and weight (issue 19): an order line whose style was made from a
 * brand's approved tech pack (`lib_style_sources`) carries the shipping profile that version's
 * packaging tab names. For the units going in a box: weight = the grams of each unit's size
 * + the box tare for every box, boxes needed = ceil(units / units per box) per profile. One pure
 * function, used by the server (the suggestion for the units waiting for a box) and the box form
 * (the units the packer ticked).
 */

export const ZPackProfileSchema = z.object({
  /** The order lines whose style links to a version naming this profile. */
  lineNumbers: z.array(z.number().int()),
  name: zText(),
  boxName: zText().nullable(),
  /** The box's dimensions in inches (what the label form takes), when the profile has them. */
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  foldMethod: zText(),
  polybag: z.boolean(),
  unitsPerBox: z.number().int(),
  boxTareGrams: z.number().int(),
  weights: z.array(z.object({ size: zText(), grams: z.number().int() })),
});
export type TPackProfile = z.infer<typeof ZPackProfileSchema>;

export const ZPackSuggestionSchema = z.object({
  profileName: zText(),
  boxName: zText().nullable(),
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  /** The units the suggestion counts (of lines with a profile). */
  units: z.number().int(),
  boxesNeeded: z.number().int(),
  weightGrams: z.number().int(),
  /** The weight in ounces, rounded up to a tenth (the label form's unit). */
  weightOz: z.number(),
  /** Units of a profiled line whose size has no weight in its profile (not weighed). */
  unweighed: z.number().int(),
  /** Units of lines without a profile (not counted). */
  withoutProfile: z.number().int(),
});
export type TPackSuggestion = z.infer<typeof ZPackSuggestionSchema>;

export const GRAMS_PER_OUNCE = 28.349523125;
const tenthUp = (n: number) => Math.ceil(n * 10 - 1e-9) / 10;
const tenth = (n: number) => Math.round(n * 10) / 10;

/** A length in the profile's unit, in inches (to a tenth). */
export const toInches = (value: number | null, unit: string): number | null =>
  value === null ? null : unit === "in" ? value : tenth(value / CM_PER_INCH);

/** The suggestion for some units of an order (null when none of them has a profile). */
export const suggestPacking = (
  units: readonly { lineNumber: number; size: string | null }[],
  profiles: readonly TPackProfile[],
): TPackSuggestion | null => {
  const byLine = new Map<number, TPackProfile>();
  for (const p of profiles) for (const n of p.lineNumbers) byLine.set(n, p);
  const perProfile = new Map<TPackProfile, number>();
  let grams = 0;
  let unweighed = 0;
  let withoutProfile = 0;
  for (const unit of units) {
    const profile = byLine.get(unit.lineNumber);
    if (!profile) {
      withoutProfile += 1;
      continue;
    }
    perProfile.set(profile, (perProfile.get(profile) ?? 0) + 1);
    const size = unit.size?.trim().toLowerCase();
    const weight = profile.weights.find((w) => w.size.trim().toLowerCase() === size);
    if (weight) grams += weight.grams;
    else unweighed += 1;
  }
  if (perProfile.size === 0) return null;
  // The box of the profile with the most units leads; each profile fills its own boxes.
  const [main] = [...perProfile.entries()].sort((a, b) => b[1] - a[1]);
  if (!main) return null;
  let boxes = 0;
  for (const [profile, n] of perProfile) {
    const needed = Math.ceil(n / profile.unitsPerBox);
    boxes += needed;
    grams += needed * profile.boxTareGrams;
  }
  const lead = main[0];
  return {
    profileName: lead.name,
    boxName: lead.boxName,
    lengthIn: lead.lengthIn,
    widthIn: lead.widthIn,
    heightIn: lead.heightIn,
    units: [...perProfile.values()].reduce((s, n) => s + n, 0),
    boxesNeeded: boxes,
    weightGrams: grams,
    weightOz: tenthUp(grams / GRAMS_PER_OUNCE),
    unweighed,
    withoutProfile,
  };
};
