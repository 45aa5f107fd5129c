import { describe, expect, it } from "vitest";
import {
  type GroupPlan,
  naivePlan,
  type PlanGroupInput,
  PlanInputError,
  type PlanLimits,
  planCuts,
  planGroup,
  sizeLengths,
  sizesOfRange,
} from "./planner";

const SIZES = ["XS", "S", "M", "L", "XL", "2XL"].map((size, i) => ({
  size,
  lengthInches: 38 + i * 3,
  efficiency: 0.82,
}));
const LIMITS: PlanLimits = { maxPlies: 40, tableLengthInches: 360, maxGarmentsPerPly: 6, endAllowanceInches: 2 };

const group = (demand: Record<string, number>, limits: Partial<PlanLimits> = {}): PlanGroupInput => ({
  key: "g",
  sizes: SIZES,
  demand,
  limits: { ...LIMITS, ...limits },
});

/** The garments a plan cuts per size. */
const covered = (p: GroupPlan) => {
  const out: Record<string, number> = {};
  for (const l of p.lays) for (const [s, n] of Object.entries(l.ratio)) out[s] = (out[s] ?? 0) + n * l.plies;
  return out;
};
const nonZero = (d: Record<string, number>) => Object.fromEntries(Object.entries(d).filter(([, n]) => n > 0));

const checkPlan = (g: PlanGroupInput, p: GroupPlan) => {
  expect(covered(p)).toEqual(nonZero(g.demand));
  for (const l of p.lays) {
    expect(l.plies).toBeGreaterThanOrEqual(1);
    expect(l.plies).toBeLessThanOrEqual(g.limits.maxPlies);
    expect(l.garmentsPerPly).toBeGreaterThanOrEqual(1);
    expect(l.garmentsPerPly).toBeLessThanOrEqual(g.limits.maxGarmentsPerPly);
    expect(l.lengthInches).toBeLessThanOrEqual(g.limits.tableLengthInches);
    expect(Object.values(l.ratio).every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    expect(l.utilisation).toBeGreaterThan(0);
    expect(l.utilisation).toBeLessThanOrEqual(1);
  }
};

/** A small seeded PRNG (mulberry32), so the random demands are the same on every run. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe("planGroup", () => {
  it("puts sizes of a common multiple into one lay", () => {
    const g = group({ S: 10, M: 20, L: 10 });
    const p = planGroup(g);
    checkPlan(g, p);
    expect(p.lays).toHaveLength(1);
    expect(p.lays[0]).toMatchObject({ ratio: { S: 1, M: 2, L: 1 }, plies: 10, garments: 40 });
    expect(naivePlan(g).lays).toHaveLength(3);
  });

  it("covers an awkward demand exactly, in fewer lays than naive", () => {
    const g = group({ XS: 3, S: 17, M: 29, L: 31, XL: 13, "2XL": 1 });
    const p = planGroup(g);
    checkPlan(g, p);
    expect(p.lays.length).toBeLessThan(naivePlan(g).lays.length);
    expect(p.totals.garments).toBe(94);
    expect(p.totals.utilisation).toBeGreaterThan(naivePlan(g).totals.utilisation);
  });

  it("respects the ply limit, the marker capacity and the table length", () => {
    const g = group({ S: 200, M: 350, L: 120 }, { maxPlies: 25, maxGarmentsPerPly: 3, tableLengthInches: 130 });
    const p = planGroup(g);
    checkPlan(g, p);
    // Three of the longest garment (L: 47 in) plus the allowance do not fit 130 in.
    expect(p.lays.every((l) => l.lengthInches <= 130)).toBe(true);
  });

  it("refuses a garment longer than the table, and bad limits", () => {
    expect(() => planGroup(group({ M: 2 }, { tableLengthInches: 30 }))).toThrow(PlanInputError);
    expect(() => planGroup(group({ M: 2 }, { maxPlies: 0 }))).toThrow(/maxPlies/);
    expect(() => planGroup(group({ XXXL: 2 }))).toThrow(/XXXL has no garment length/);
  });

  it("plans nothing for no demand", () => {
    expect(planGroup(group({})).lays).toEqual([]);
  });

  it("is deterministic", () => {
    const g = group({ XS: 7, S: 23, M: 41, L: 38, XL: 19, "2XL": 6 });
    expect(planGroup(g)).toEqual(planGroup(g));
  });

  it("over random demands: exact cover, within limits, never more lays than naive (seeded)", () => {
    const rnd = prng(20261123);
    let fewer = 0;
    for (let n = 0; n < 150; n++) {
      const demand: Record<string, number> = {};
      for (const s of SIZES) if (rnd() < 0.8) demand[s.size] = Math.floor(rnd() * (rnd() < 0.3 ? 120 : 25));
      const g = group(demand, {
        maxPlies: 5 + Math.floor(rnd() * 60),
        maxGarmentsPerPly: 1 + Math.floor(rnd() * 8),
        tableLengthInches: 60 + Math.floor(rnd() * 400),
      });
      const p = planGroup(g);
      checkPlan(g, p);
      const base = naivePlan(g);
      checkPlan(g, base);
      expect(p.lays.length).toBeLessThanOrEqual(base.lays.length);
      if (p.lays.length < base.lays.length) fewer++;
    }
    expect(fewer).toBeGreaterThan(75);
  });
});

describe("planCuts", () => {
  it("answers every group with the naive plan and totals beside it", () => {
    const plan = planCuts([group({ S: 10, M: 20, L: 10 }), { ...group({ XL: 5 }), key: "h" }]);
    expect(plan.groups.map((g) => g.key)).toEqual(["g", "h"]);
    expect(plan.totals.lays).toBe(2);
    expect(plan.naiveTotals.lays).toBe(4);
    expect(plan.totals.garments).toBe(45);
    expect(plan.naiveTotals.garments).toBe(45);
  });
});

describe("garment lengths from markers", () => {
  const sizes = ["XS", "S", "M", "L", "XL", "2XL", "3XL"].map((code) => ({ code, name: code }));
  it("reads size ranges", () => {
    expect(sizesOfRange("XS–M", sizes)).toEqual(["XS", "S", "M"]);
    expect(sizesOfRange("L-3XL", sizes)).toEqual(["L", "XL", "2XL", "3XL"]);
    expect(sizesOfRange("s to m", sizes)).toEqual(["S", "M"]);
    expect(sizesOfRange("S, XL", sizes)).toEqual(["S", "XL"]);
    expect(sizesOfRange("Q–Z", sizes)).toEqual([]);
  });
  it("divides a marker's length by its garments and falls back to the consumption", () => {
    const out = sizeLengths(
      sizes.slice(0, 5),
      [
        { id: 1, name: "small", sizeRange: "XS–M", lengthInches: 120, efficiencyPct: 82.5 },
        { id: 2, name: "large", sizeRange: "L–XL", lengthInches: 100, efficiencyPct: null },
      ],
      { consumption: 1.5, unit: "yd" },
    );
    expect(out.map((s) => [s.size, s.lengthInches, s.efficiency, s.markerId])).toEqual([
      ["XS", 40, 0.825, 1],
      ["S", 40, 0.825, 1],
      ["M", 40, 0.825, 1],
      ["L", 50, 0.8, 2],
      ["XL", 50, 0.8, 2],
    ]);
    const none = sizeLengths(sizes.slice(0, 1), [], { consumption: 1, unit: "m" });
    expect(none[0]?.lengthInches).toBeCloseTo(39.37);
    expect(none[0]?.markerId).toBeNull();
  });
});
