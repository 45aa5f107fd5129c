import type { PlanSize } from "./planner";

/**
 * The cut planner's garment lengths (docs/adr/0007-cut-planning.md), from the library's markers:
 * which sizes a marker's range names, and each size's length per garment. Pure functions.
 */

export interface MarkerInfo {
  id: number;
  name: string;
  /** The library's size range text: "XS–M", "S-XL", "L to 3XL", or a list "S, M, L". */
  sizeRange: string;
  lengthInches: number;
  efficiencyPct: number | null;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The sizes a marker's range names, out of the style's sizes in order (each size as its code and
 * name). "A–B" (en dash, hyphen, em dash or "to") is every size from A to B; "A, B, C" is a list.
 * A range that names no known size is empty.
 */
export const sizesOfRange = (range: string, styleSizes: { code: string; name: string }[]): string[] => {
  const find = (x: string) => styleSizes.findIndex((s) => norm(s.code) === norm(x) || norm(s.name) === norm(x));
  if (range.includes(",")) {
    return range
      .split(",")
      .map((x) => find(x))
      .filter((i) => i >= 0)
      .map((i) => styleSizes[i]?.code ?? "");
  }
  const ends = range.split(/\s*(?:–|—|-|\bto\b)\s*/i).filter((x) => x.trim() !== "");
  if (ends.length === 1) {
    const i = find(ends[0] ?? "");
    return i >= 0 ? [styleSizes[i]?.code ?? ""] : [];
  }
  if (ends.length !== 2) return [];
  const a = find(ends[0] ?? "");
  const b = find(ends[1] ?? "");
  if (a < 0 || b < 0) return [];
  return styleSizes.slice(Math.min(a, b), Math.max(a, b) + 1).map((s) => s.code);
};

export interface SizeLength extends PlanSize {
  /** The marker the length came from; null when from the fabric consumption. */
  markerId: number | null;
}

/**
 * A garment's length per size. A library marker is one garment of each size of its range laid
 * end to end, so one garment of a size in it takes the marker's length ÷ the range's garment
 * count, at the marker's efficiency. A size in several markers takes the shortest; a size in none
 * takes the style's fabric consumption (yards × 36, metres × 39.37) at `fallbackEfficiency`.
 */
export const sizeLengths = (
  styleSizes: { code: string; name: string }[],
  markers: MarkerInfo[],
  fallback: { consumption: number; unit: string } | null,
  fallbackEfficiency = 0.8,
): SizeLength[] => {
  const out: SizeLength[] = [];
  for (const s of styleSizes) {
    let best: SizeLength | null = null;
    for (const m of markers) {
      const inRange = sizesOfRange(m.sizeRange, styleSizes);
      if (!inRange.includes(s.code) || !(m.lengthInches > 0)) continue;
      const len = m.lengthInches / inRange.length;
      if (!best || len < best.lengthInches) {
        best = { size: s.code, lengthInches: len, efficiency: (m.efficiencyPct ?? 80) / 100, markerId: m.id };
      }
    }
    if (!best && fallback && fallback.consumption > 0) {
      const perUnit = fallback.unit === "m" ? 39.37 : 36;
      best = {
        size: s.code,
        lengthInches: fallback.consumption * perUnit,
        efficiency: fallbackEfficiency,
        markerId: null,
      };
    }
    if (best) out.push(best);
  }
  return out;
};
