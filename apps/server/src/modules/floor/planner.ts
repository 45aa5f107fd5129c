/**
 * The cut planner (docs/adr/0007-cut-planning.md): pure functions, no database.
 *
 * One group is the garments of one fabric, colour and style to cut, as counts per size. A lay is a
 * marker (a size ratio: garments per ply, e.g. { S: 1, M: 2, L: 1 }) spread to a ply count. Each
 * lay must hold at most `maxGarmentsPerPly` garments per ply, at most `maxPlies` plies, and its
 * length (the ratio's garment lengths plus the end allowance) must fit the table. The lays of a
 * group cover its demand EXACTLY per size: never a garment more or less (no over-cut).
 *
 * The plan minimises, in this order, the number of lays (each one is a spread, a marker and a
 * cut: the labour) and the total plies (each ply wastes its end allowance: the fabric). Fabric in
 * the garments themselves is fixed by the demand, so fewer plies is less fabric.
 *
 * Algorithm: a greedy construction (each step takes the lay that covers the most remaining
 * garments, at any feasible ply count), then a local search over the lays (merge two lays into
 * one; re-cover three lays with two; re-balance two lays to fewer plies), run again with the ply
 * maximum lowered by one and two, and finally the best of those and the naive plan (one size per lay, one garment per ply), so the answer is never worse
 * than naive. Everything is deterministic: no randomness, no clocks, bounded work.
 */

export interface PlanSize {
  /** The size's code as units carry it (S, M, OXL…). */
  size: string;
  /** Fabric length one garment of this size takes in a marker, in inches (see sizeLengths). */
  lengthInches: number;
  /** The share of the marker's area the panels cover (0..1): the library marker's efficiency. */
  efficiency: number;
}

export interface PlanLimits {
  /** The most plies one lay may have (the fabric's, or the spreading table's). */
  maxPlies: number;
  /** The cutting table's usable length, in inches: a lay is never longer. */
  tableLengthInches: number;
  /** The most garments one ply of a marker holds (K). */
  maxGarmentsPerPly: number;
  /** Fabric lost at the ends of every ply (spread beyond the marker), in inches. */
  endAllowanceInches: number;
}

export interface PlanGroupInput {
  /** The caller's key for the group (fabric, colour, style). */
  key: string;
  /** The sizes, in display order, with their garment lengths. */
  sizes: PlanSize[];
  /** Garments to cut per size; sizes missing count 0. */
  demand: Record<string, number>;
  limits: PlanLimits;
}

export interface PlannedLay {
  /** Garments per ply by size (only sizes with a count). */
  ratio: Record<string, number>;
  plies: number;
  /** Garments per ply (the ratio's sum). */
  garmentsPerPly: number;
  /** garmentsPerPly × plies. */
  garments: number;
  /** Marker length + end allowance: one ply's spread, in inches (2 decimals). */
  lengthInches: number;
  /** Fabric of the lay: length × plies, in inches (2 decimals). */
  fabricInches: number;
  /** Panels' area over the spread fabric's area, 0..1 (4 decimals). */
  utilisation: number;
}

export interface PlanTotals {
  lays: number;
  plies: number;
  garments: number;
  fabricInches: number;
  utilisation: number;
}

export interface GroupPlan {
  key: string;
  lays: PlannedLay[];
  totals: PlanTotals;
}

export class PlanInputError extends Error {}

type Vec = number[];

interface Lay {
  r: Vec;
  p: number;
}

const sum = (v: Vec) => v.reduce((a, b) => a + b, 0);
const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

interface Ctx {
  len: Vec;
  eff: Vec;
  L: PlanLimits;
  /** Work left for the local search (deterministic budget instead of a clock). */
  budget: number;
}

const markerLength = (c: Ctx, r: Vec) => {
  let x = c.L.endAllowanceInches;
  for (let i = 0; i < r.length; i++) x += (r[i] ?? 0) * (c.len[i] ?? 0);
  return x;
};

const fits = (c: Ctx, r: Vec) =>
  sum(r) > 0 && sum(r) <= c.L.maxGarmentsPerPly && markerLength(c, r) <= c.L.tableLengthInches + 1e-9;

/** Lays compare by count, then total plies. */
const better = (a: Lay[], b: Lay[]) =>
  a.length !== b.length ? a.length < b.length : sum(a.map((l) => l.p)) < sum(b.map((l) => l.p));

// ---------------------------------------------------------------------------------------------
// Construction
// ---------------------------------------------------------------------------------------------

/**
 * The best ratio for `p` plies out of `rem`: as many garments per ply as capacity and table allow,
 * taken one at a time from the size with the most left over after this lay (ties: the shorter
 * garment, then the earlier size), so that what remains stays balanced.
 */
const ratioFor = (c: Ctx, rem: Vec, p: number): Vec => {
  const n = rem.length;
  const r = new Array<number>(n).fill(0);
  let length = c.L.endAllowanceInches;
  let count = 0;
  for (;;) {
    if (count >= c.L.maxGarmentsPerPly) break;
    let best = -1;
    for (let i = 0; i < n; i++) {
      const left = (rem[i] ?? 0) - p * ((r[i] ?? 0) + 1);
      if (left < 0) continue;
      if (length + (c.len[i] ?? 0) > c.L.tableLengthInches + 1e-9) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const bestLeft = (rem[best] ?? 0) - p * ((r[best] ?? 0) + 1);
      if (left > bestLeft || (left === bestLeft && (c.len[i] ?? 0) < (c.len[best] ?? 0))) best = i;
    }
    if (best < 0) break;
    r[best] = (r[best] ?? 0) + 1;
    length += c.len[best] ?? 0;
    count += 1;
  }
  return r;
};

/** Ply counts worth trying against `rem`: the maximum, and every rem/k that fits under it. */
const plyCandidates = (c: Ctx, rem: Vec): number[] => {
  const set = new Set<number>([c.L.maxPlies]);
  for (const x of rem) {
    if (x <= 0) continue;
    for (let k = 1; k <= c.L.maxGarmentsPerPly; k++) {
      const p = Math.floor(x / k);
      if (p >= 1) set.add(Math.min(p, c.L.maxPlies));
    }
  }
  return [...set].sort((a, b) => b - a);
};

const greedy = (c: Ctx, demand: Vec): Lay[] => {
  const rem = [...demand];
  const lays: Lay[] = [];
  while (sum(rem) > 0) {
    let best: Lay | null = null;
    let bestCover = 0;
    for (const p of plyCandidates(c, rem)) {
      const r = ratioFor(c, rem, p);
      const g = sum(r);
      if (g === 0) continue;
      const cover = g * p;
      if (cover > bestCover || (cover === bestCover && best && g > sum(best.r))) {
        best = { r, p };
        bestCover = cover;
      }
    }
    if (!best) throw new PlanInputError("A garment does not fit the cutting table.");
    lays.push(best);
    for (let i = 0; i < rem.length; i++) rem[i] = (rem[i] ?? 0) - best.p * (best.r[i] ?? 0);
  }
  return lays;
};

/** One size per lay, one garment per ply: the plan to beat. */
const naive = (c: Ctx, demand: Vec): Lay[] => {
  const lays: Lay[] = [];
  demand.forEach((d, i) => {
    const r = demand.map((_, j) => (j === i ? 1 : 0));
    if (d > 0 && !fits(c, r)) throw new PlanInputError("A garment does not fit the cutting table.");
    for (let left = d; left > 0; left -= c.L.maxPlies) lays.push({ r, p: Math.min(left, c.L.maxPlies) });
  });
  return lays;
};

// ---------------------------------------------------------------------------------------------
// Local search
// ---------------------------------------------------------------------------------------------

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** One lay that covers `d` exactly, with the fewest plies; null if none. */
const coverOne = (c: Ctx, d: Vec): Lay | null => {
  const g = d.reduce((a, b) => gcd(a, b), 0);
  if (g === 0) return null;
  // Fewest plies first: the smallest divisor p of g with every d/p within the limits.
  for (let p = 1; p <= Math.min(g, c.L.maxPlies); p++) {
    c.budget -= 1;
    if (g % p !== 0) continue;
    const r = d.map((x) => x / p);
    if (fits(c, r)) return { r, p };
  }
  return null;
};

/**
 * Two lays that cover `d` exactly, with the fewest total plies (below `under`); null if none.
 * For plies p1 ≥ p2, each size needs d = p1·a + p2·b; the choices per size are few, and a small
 * search picks one per size within both markers' capacity and table length.
 */
const coverTwo = (c: Ctx, d: Vec, under: number): Lay[] | null => {
  const total = sum(d);
  const top = Math.min(c.L.maxPlies, Math.max(...d));
  const K = c.L.maxGarmentsPerPly;
  const idx = d.map((_, i) => i).filter((i) => (d[i] ?? 0) > 0);
  for (let plies = Math.ceil(total / K); plies < under && plies <= 2 * top; plies++) {
    for (let p1 = Math.min(top, plies - 1); p1 >= Math.ceil(plies / 2); p1--) {
      const p2 = plies - p1;
      if (p2 < 1 || p2 > p1) continue;
      if (c.budget <= 0) return null;
      // Per size, the (a, b) splits.
      const options: [number, number][][] = [];
      let ok = true;
      for (const i of idx) {
        const x = d[i] ?? 0;
        const opts: [number, number][] = [];
        for (let a = Math.min(Math.floor(x / p1), K); a >= 0; a--) {
          c.budget -= 1;
          const rest = x - p1 * a;
          if (rest % p2 === 0 && rest / p2 <= K) opts.push([a, rest / p2]);
        }
        if (opts.length === 0) {
          ok = false;
          break;
        }
        options.push(opts);
      }
      if (!ok) continue;
      const a = new Array<number>(d.length).fill(0);
      const b = new Array<number>(d.length).fill(0);
      const search = (k: number, sa: number, sb: number): boolean => {
        c.budget -= 1;
        if (c.budget <= 0) return false;
        if (k === idx.length) return sa > 0 && sb > 0 && fits(c, a) && fits(c, b);
        const i = idx[k] ?? 0;
        for (const [x, y] of options[k] ?? []) {
          if (sa + x > K || sb + y > K) continue;
          a[i] = x;
          b[i] = y;
          if (search(k + 1, sa + x, sb + y)) return true;
        }
        a[i] = 0;
        b[i] = 0;
        return false;
      };
      if (search(0, 0, 0))
        return [
          { r: [...a], p: p1 },
          { r: [...b], p: p2 },
        ];
    }
  }
  return null;
};

const pooled = (lays: Lay[]): Vec => {
  const n = lays[0]?.r.length ?? 0;
  const d = new Array<number>(n).fill(0);
  for (const l of lays) for (let i = 0; i < n; i++) d[i] = (d[i] ?? 0) + l.p * (l.r[i] ?? 0);
  return d;
};

/** The smallest lays first: they are the ones worth folding into others. */
const bySize = (lays: Lay[]) => [...lays].sort((x, y) => x.p * sum(x.r) - y.p * sum(y.r) || x.p - y.p);

/** How many of the smallest lays the 3 → 2 move looks among (it is cubic in this). */
const TRIPLE_WINDOW = 10;

const improve = (c: Ctx, start: Lay[]): Lay[] => {
  let lays = bySize(start);
  let changed = true;
  while (changed && c.budget > 0) {
    changed = false;
    // Merge: two lays → one.
    outer: for (let i = 0; i < lays.length; i++) {
      for (let j = i + 1; j < lays.length; j++) {
        const a = lays[i] as Lay;
        const b = lays[j] as Lay;
        const one = coverOne(c, pooled([a, b]));
        if (one) {
          lays = bySize([...lays.filter((_, k) => k !== i && k !== j), one]);
          changed = true;
          break outer;
        }
      }
    }
    if (changed) continue;
    // Three lays → two.
    const w = Math.min(lays.length, TRIPLE_WINDOW);
    outer3: for (let i = 0; i < w; i++) {
      for (let j = i + 1; j < w; j++) {
        for (let k = j + 1; k < w; k++) {
          if (c.budget <= 0) break outer3;
          const three = [lays[i], lays[j], lays[k]] as Lay[];
          const two = coverTwo(c, pooled(three), Number.POSITIVE_INFINITY);
          if (two) {
            lays = bySize([...lays.filter((_, x) => x !== i && x !== j && x !== k), ...two]);
            changed = true;
            break outer3;
          }
        }
      }
    }
    if (changed) continue;
    // Re-balance: two lays → two with fewer plies (less end-allowance fabric).
    const w2 = Math.min(lays.length, TRIPLE_WINDOW * 2);
    outer2: for (let i = 0; i < w2; i++) {
      for (let j = i + 1; j < w2; j++) {
        if (c.budget <= 0) break outer2;
        const a = lays[i] as Lay;
        const b = lays[j] as Lay;
        const two = coverTwo(c, pooled([a, b]), a.p + b.p);
        if (two) {
          lays = bySize([...lays.filter((_, x) => x !== i && x !== j), ...two]);
          changed = true;
          break outer2;
        }
      }
    }
  }
  return lays;
};

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const checkInput = (g: PlanGroupInput) => {
  const L = g.limits;
  for (const [name, v] of [
    ["maxPlies", L.maxPlies],
    ["maxGarmentsPerPly", L.maxGarmentsPerPly],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new PlanInputError(`${name} must be a whole number of at least 1.`);
  }
  if (!(L.tableLengthInches > 0)) throw new PlanInputError("tableLengthInches must be above 0.");
  if (!(L.endAllowanceInches >= 0)) throw new PlanInputError("endAllowanceInches must be 0 or more.");
  const known = new Set(g.sizes.map((s) => s.size));
  for (const [size, n] of Object.entries(g.demand)) {
    if (!Number.isInteger(n) || n < 0) throw new PlanInputError(`The demand of ${size} must be a whole number.`);
    if (n > 0 && !known.has(size)) throw new PlanInputError(`Size ${size} has no garment length.`);
  }
  for (const s of g.sizes) {
    if (!(s.lengthInches > 0)) throw new PlanInputError(`Size ${s.size} needs a garment length above 0.`);
  }
};

const ctxOf = (g: PlanGroupInput, budget: number): Ctx => ({
  len: g.sizes.map((s) => s.lengthInches),
  eff: g.sizes.map((s) => Math.min(1, Math.max(0, s.efficiency))),
  L: g.limits,
  budget,
});

const answer = (c: Ctx, g: PlanGroupInput, lays: Lay[]): GroupPlan => {
  const out = lays
    .map((l): PlannedLay => {
      const length = markerLength(c, l.r);
      let used = 0;
      for (let i = 0; i < l.r.length; i++) used += (l.r[i] ?? 0) * (c.len[i] ?? 0) * (c.eff[i] ?? 0);
      const ratio: Record<string, number> = {};
      g.sizes.forEach((s, i) => {
        if ((l.r[i] ?? 0) > 0) ratio[s.size] = l.r[i] ?? 0;
      });
      const gpp = sum(l.r);
      return {
        ratio,
        plies: l.p,
        garmentsPerPly: gpp,
        garments: gpp * l.p,
        lengthInches: round(length, 2),
        fabricInches: round(length * l.p, 2),
        utilisation: round(used / length, 4),
      };
    })
    // Biggest lays first, then by ratio: a stable, readable order.
    .sort(
      (a, b) =>
        b.garments - a.garments || b.plies - a.plies || JSON.stringify(a.ratio).localeCompare(JSON.stringify(b.ratio)),
    );
  return { key: g.key, lays: out, totals: totalsOf(out) };
};

/** Totals of some lays; utilisation is weighted by fabric. */
export const totalsOf = (lays: PlannedLay[]): PlanTotals => {
  let fabric = 0;
  let used = 0;
  for (const l of lays) {
    fabric += l.fabricInches;
    used += l.fabricInches * l.utilisation;
  }
  return {
    lays: lays.length,
    plies: lays.reduce((a, l) => a + l.plies, 0),
    garments: lays.reduce((a, l) => a + l.garments, 0),
    fabricInches: round(fabric, 2),
    utilisation: fabric > 0 ? round(used / fabric, 4) : 0,
  };
};

/** The default work budget of the local search per group (steps, not time: the same answer everywhere). */
export const DEFAULT_BUDGET = 200_000;

/** The naive plan of a group: one size per lay, one garment per ply. */
export const naivePlan = (g: PlanGroupInput): GroupPlan => {
  checkInput(g);
  const c = ctxOf(g, 0);
  return answer(
    c,
    g,
    naive(
      c,
      g.sizes.map((s) => g.demand[s.size] ?? 0),
    ),
  );
};

/** The planned lays of one group. */
export const planGroup = (g: PlanGroupInput, opts: { budget?: number } = {}): GroupPlan => {
  checkInput(g);
  const c = ctxOf(g, opts.budget ?? DEFAULT_BUDGET);
  const demand = g.sizes.map((s) => g.demand[s.size] ?? 0);
  if (sum(demand) === 0) return answer(c, g, []);
  let best: Lay[] | null = null;
  // The greedy fills lays to the ply maximum, which can leave awkward remainders: a cap a ply or two
  // lower often plans fewer lays or plies (bench/cut-optimum.ts). Each cap gets its own budget.
  for (const cap of RETRY_CAPS.map((k) => g.limits.maxPlies - k).filter((p) => p >= 1)) {
    const run: Ctx = { ...c, L: { ...g.limits, maxPlies: cap }, budget: opts.budget ?? DEFAULT_BUDGET };
    const built = improve(run, greedy(run, demand));
    if (!best || better(built, best)) best = built;
  }
  const base = naive(c, demand);
  return answer(c, g, !best || better(base, best) ? base : best);
};

/** The ply caps below the maximum the planner also tries (0 is the maximum itself). */
const RETRY_CAPS = [0, 1, 2];

export interface CutPlan {
  groups: GroupPlan[];
  naive: GroupPlan[];
  totals: PlanTotals;
  naiveTotals: PlanTotals;
}

/** Every group planned, with the naive plan beside it. */
export const planCuts = (groups: PlanGroupInput[], opts: { budget?: number } = {}): CutPlan => {
  const planned = groups.map((g) => planGroup(g, opts));
  const naives = groups.map((g) => naivePlan(g));
  return {
    groups: planned,
    naive: naives,
    totals: totalsOf(planned.flatMap((p) => p.lays)),
    naiveTotals: totalsOf(naives.flatMap((p) => p.lays)),
  };
};

// Garment lengths from the library's markers: planner-markers.ts.
export { type MarkerInfo, type SizeLength, sizeLengths, sizesOfRange } from "./planner-markers";
