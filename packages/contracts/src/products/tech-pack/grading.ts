/**
 * The graded spec's arithmetic, shared by the server (size chart, PDF) and the web (live chart,
 * cm/in view). Measurements are kept in hundredths of their unit as integers while computing, so a
 * grade of 1.27 added seven times is exactly 8.89, never 8.890000000000001.
 *
 * A grade rule is the increment of a size from its neighbour towards the base size: for sizes
 * above the base, value(size) = value(previous size) + rule(size); below it, value(size) =
 * value(next size) − rule(size). A size without a rule grades by 0 (same as its neighbour).
 */

export type MeasureUnit = "cm" | "in";

/** Hundredths, as an integer (1.27 → 127). */
export const toHundredths = (value: number): number => Math.round(value * 100);
export const fromHundredths = (h: number): number => h / 100;

/** Every size's value of one point of measure, from its base value and grade rules. */
export const gradePoint = (
  baseValue: number,
  gradeRules: Readonly<Record<string, number>>,
  sizes: readonly string[],
  baseSize: string,
): Record<string, number> => {
  const base = sizes.indexOf(baseSize);
  const out: Record<string, number> = {};
  if (base < 0) return out;
  const rule = (size: string) => toHundredths(gradeRules[size] ?? 0);
  let value = toHundredths(baseValue);
  out[baseSize] = fromHundredths(value);
  for (let i = base + 1; i < sizes.length; i++) {
    const size = sizes[i] as string;
    value += rule(size);
    out[size] = fromHundredths(value);
  }
  value = toHundredths(baseValue);
  for (let i = base - 1; i >= 0; i--) {
    const size = sizes[i] as string;
    value -= rule(size);
    out[size] = fromHundredths(value);
  }
  return out;
};

export const CM_PER_INCH = 2.54;

/** A measurement in another unit, rounded to hundredths (cm → in: ÷ 2.54). */
export const convertMeasure = (value: number, from: MeasureUnit, to: MeasureUnit): number => {
  if (from === to) return value;
  const converted = from === "cm" ? value / CM_PER_INCH : value * CM_PER_INCH;
  return fromHundredths(Math.round(converted * 100));
};

/** Inches as the trade writes them, to the nearest eighth: 28.3 → "28 3/8". */
export const inchFraction = (inches: number): string => {
  const sign = inches < 0 ? "-" : "";
  const eighths = Math.round(Math.abs(inches) * 8);
  const whole = Math.floor(eighths / 8);
  let rest = eighths % 8;
  let den = 8;
  while (rest > 0 && rest % 2 === 0) {
    rest /= 2;
    den /= 2;
  }
  if (rest === 0) return `${sign}${whole}`;
  return whole === 0 ? `${sign}${rest}/${den}` : `${sign}${whole} ${rest}/${den}`;
};

/** Whether a measured garment is within the point's tolerance of its spec value. */
export const withinTolerance = (measured: number, spec: number, tolPlus: number, tolMinus: number): boolean => {
  const d = toHundredths(measured) - toHundredths(spec);
  return d <= toHundredths(tolPlus) && d >= -toHundredths(tolMinus);
};
