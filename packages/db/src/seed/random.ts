/**
 * A seeded pseudo-random generator (mulberry32) for the demo data: the same seed gives the same
 * orders, stock and purchase orders on every machine, so a newcomer, a test and a screenshot see
 * one demo business.
 */
export type Rng = {
  /** [0, 1) */
  next: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};

export const rng = (seed: number): Rng => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  };
  return { next, int, pick, chance: (p) => next() < p };
};

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/**
 * The moment demo dates count back from: now, to the minute. Dates are relative to the seeding
 * moment (not a fixed calendar date) so the demo always shows "the last 13 months": the template is
 * made once per install, so the demo is as fresh as the installation.
 */
export const demoAnchor = (): number => Math.floor(Date.now() / MINUTE) * MINUTE;

/** Splits rows into chunks so a multi-row insert stays under PostgreSQL's 65,535 parameters. */
export const chunks = <T>(rows: readonly T[], size = 500): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};
