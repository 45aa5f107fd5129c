import { convertMeasure, type MeasureUnit } from "@hub/contracts";

/**
 * Reading a measurement as a tech pack writes it: `12 1/2`, `12-1/2`, `1/4`, `12.5`, `12,5`,
 * `31.75 cm`, `12 1/2"`, `12.5 in`, `-1/8`. Answers the number and the unit it names (null when
 * none), or null when the text is not a measurement.
 */
export const parseMeasure = (text: string): { value: number; unit: MeasureUnit | null } | null => {
  let t = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (t === "") return null;
  let unit: MeasureUnit | null = null;
  const suffix = t.match(/\s?(cm|centimet(?:er|re)s?|in|inch|inches|"|”|″)$/);
  if (suffix) {
    unit = suffix[1]?.startsWith("c") ? "cm" : "in";
    t = t.slice(0, t.length - suffix[0].length).trim();
  }
  let sign = 1;
  if (t.startsWith("-") || t.startsWith("−")) {
    sign = -1;
    t = t.slice(1).trim();
  } else if (t.startsWith("+")) t = t.slice(1).trim();
  // A whole number and a fraction: "12 1/2", "12-1/2"; a fraction alone: "1/2".
  const mixed = t.match(/^(\d{1,5})(?:\s+|-)(\d{1,3})\/(\d{1,3})$/) ?? t.match(/^()(\d{1,3})\/(\d{1,3})$/);
  if (mixed) {
    const whole = mixed[1] ? Number(mixed[1]) : 0;
    const num = Number(mixed[2]);
    const den = Number(mixed[3]);
    if (den === 0 || num >= den * 16) return null;
    return { value: sign * round2(whole + num / den), unit };
  }
  const decimal = t.match(/^(\d{1,5})(?:[.,](\d{1,6}))?$/) ?? t.match(/^()[.,](\d{1,6})$/);
  if (decimal) return { value: sign * round2(Number(`${decimal[1] || "0"}.${decimal[2] ?? "0"}`)), unit };
  return null;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A measurement in the spec's unit: a value that names the other unit is converted. */
export const measureIn = (m: { value: number; unit: MeasureUnit | null }, unit: MeasureUnit): number =>
  m.unit && m.unit !== unit ? convertMeasure(m.value, m.unit, unit) : m.value;

/** Money as a person types it (`$12.50`, `12,50`, `1,234.5`) in cents, or null. */
export const parseCents = (text: string): number | null => {
  const t = text
    .trim()
    .replace(/^[$€£]\s?/, "")
    .replace(/\s?(usd|eur|gbp)$/i, "");
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) return Math.round(Number(t.replaceAll(",", "")) * 100);
  const m = t.match(/^(\d{1,9})(?:[.,](\d{1,2}))?$/);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
};

/** A BOM quantity as the contract keeps it: a decimal string of up to 4 places ("1/2" → "0.5"). */
export const parseQuantity = (text: string): string | null => {
  const t = text.trim();
  if (t === "") return null;
  const m = parseMeasure(t.replace(/\s?(m|yd|yds|pcs?|cones?|rolls?|each|ea)$/i, ""));
  if (!m || m.value < 0 || m.value >= 10_000_000) return null;
  // parseMeasure keeps two places; a quantity may have four.
  const plain = t.match(/^(\d{1,7})(?:[.,](\d{1,4}))?$/);
  if (plain) return plain[2] ? `${plain[1]}.${plain[2]}` : (plain[1] as string);
  return String(m.value);
};

/** A spreadsheet column's letter from its 1-based number (1 → A, 27 → AA). */
export const columnLetter = (n: number): string => {
  let s = "";
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
};
