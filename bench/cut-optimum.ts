/**
 * Part 8b: the cut planner against the optimum (issue 22). For small groups (a few sizes, plies and
 * garments per ply) every marker the planner may use is enumerated (a size ratio of 1..K garments
 * that fits the table and never exceeds a size's demand) and an integer program picks, per marker,
 * its total plies x (integer) and its lay count y (integer, x ≤ maxPlies·y, y ≤ x) so that the lays
 * cover the demand exactly, as the planner does. It minimises the fabric Σ x·(marker length + end
 * allowance), then, at that fabric, the lays. Solved by HiGHS (the `highs` package, WebAssembly),
 * a bench-only devDependency. Runs alone with `npx tsx bench/cut-optimum.ts`.
 */
import { fileURLToPath } from "node:url";
import highsLoader from "highs";
import { type PlanGroupInput, planGroup } from "../apps/server/src/modules/floor/planner";

export interface Optimum {
  fabricInches: number;
  lays: number;
  plies: number;
  markers: number;
}

type Table = (
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAlign?: readonly number[],
) => string;

/** Every ratio of 1..K garments per ply within the table and the demand. */
export const enumerateMarkers = (g: PlanGroupInput): number[][] => {
  const d = g.sizes.map((s) => g.demand[s.size] ?? 0);
  const { maxGarmentsPerPly: K, tableLengthInches: T, endAllowanceInches: E } = g.limits;
  const out: number[][] = [];
  const r = new Array<number>(d.length).fill(0);
  const walk = (i: number, count: number, length: number) => {
    if (i === d.length) {
      if (count > 0) out.push([...r]);
      return;
    }
    const len = g.sizes[i]?.lengthInches ?? 0;
    for (let k = 0; count + k <= K && k <= (d[i] ?? 0) && length + k * len <= T + 1e-9; k++) {
      r[i] = k;
      walk(i + 1, count + k, length + k * len);
    }
    r[i] = 0;
  };
  walk(0, 0, E);
  return out;
};

type Highs = Awaited<ReturnType<typeof highsLoader>>;

/** The exact optimum of one group: least fabric, then fewest lays at that fabric. */
export const solveOptimum = (highs: Highs, g: PlanGroupInput): Optimum => {
  const markers = enumerateMarkers(g);
  const d = g.sizes.map((s) => g.demand[s.size] ?? 0);
  const P = g.limits.maxPlies;
  const lengthOf = (r: number[]) =>
    r.reduce((a, k, i) => a + k * (g.sizes[i]?.lengthInches ?? 0), g.limits.endAllowanceInches);
  const fabricExpr = markers.map((r, m) => `${lengthOf(r).toFixed(6)} x${m}`).join(" + ");
  const laysExpr = markers.map((_, m) => `y${m}`).join(" + ");
  const rows: string[] = [];
  d.forEach((demand, i) => {
    const terms = markers.flatMap((r, m) => ((r[i] ?? 0) > 0 ? [`${r[i]} x${m}`] : []));
    if (terms.length > 0) rows.push(` d${i}: ${terms.join(" + ")} = ${demand}`);
  });
  markers.forEach((_, m) => {
    rows.push(` u${m}: x${m} - ${P} y${m} <= 0`);
    rows.push(` l${m}: x${m} - y${m} >= 0`);
  });
  const ints = markers.flatMap((_, m) => [`x${m}`, `y${m}`]).join(" ");
  const model = (objective: string, extra: string[]) =>
    ["Minimize", ` obj: ${objective}`, "Subject To", ...rows, ...extra, "General", ` ${ints}`, "End"].join("\n");
  const opts = { output_flag: false, mip_rel_gap: 0 } as const;
  // The lays cover the demand exactly, so the garments' own fabric is fixed and the least fabric is
  // the fewest plies (each ply adds one end allowance): integer costs solve much faster.
  const pliesExpr = markers.map((_, m) => `x${m}`).join(" + ");
  const first = highs.solve(model(g.limits.endAllowanceInches > 0 ? pliesExpr : fabricExpr, []), opts);
  if (first.Status !== "Optimal") throw new Error(`${g.key}: ${first.Status}`);
  const cap =
    g.limits.endAllowanceInches > 0
      ? ` f: ${pliesExpr} <= ${Math.round(first.ObjectiveValue)}`
      : ` f: ${fabricExpr} <= ${(first.ObjectiveValue + 1e-4).toFixed(6)}`;
  const second = highs.solve(model(laysExpr, [cap]), opts);
  if (second.Status !== "Optimal") throw new Error(`${g.key}: ${second.Status}`);
  let plies = 0;
  let fabricInches = 0;
  markers.forEach((r, m) => {
    const x = Math.round(second.Columns[`x${m}`]?.Primal ?? 0);
    plies += x;
    fabricInches += x * lengthOf(r);
  });
  return {
    fabricInches: Math.round(fabricInches * 100) / 100,
    lays: Math.round(second.ObjectiveValue),
    plies,
    markers: markers.length,
  };
};

const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ALL_SIZES = ["XS", "S", "M", "L", "XL", "2XL"];

/** Small seeded groups: 3–5 sizes, 3–5 garments per ply, 8–20 plies, 10–60 garments a size. */
export const smallInstances = (count = 8): PlanGroupInput[] => {
  const rnd = prng(22);
  const pick = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  return Array.from({ length: count }, (_, n) => {
    const sizeCount = pick(3, 5);
    const start = pick(0, ALL_SIZES.length - sizeCount);
    const base = pick(34, 46);
    const sizes = ALL_SIZES.slice(start, start + sizeCount).map((size, i) => ({
      size,
      lengthInches: base + (start + i) * 3,
      efficiency: 0.82,
    }));
    const K = pick(3, 5);
    const demand: Record<string, number> = {};
    for (const s of sizes) demand[s.size] = pick(10, 60);
    return {
      key: `I${n + 1}`,
      sizes,
      demand,
      limits: { maxPlies: pick(8, 20), tableLengthInches: pick(160, 260), maxGarmentsPerPly: K, endAllowanceInches: 2 },
    };
  });
};

const yd = (inches: number) => `${(inches / 36).toFixed(2)} yd`;

export const benchCutOptimum = async (
  section: (title: string) => void,
  table: Table,
): Promise<[string, string, string, string][]> => {
  section("8b. Cut planner against the optimum (integer program, HiGHS)");
  const highs = await highsLoader();
  const rows: string[][] = [];
  let worst = 0;
  for (const g of smallInstances()) {
    const plan = planGroup(g).totals;
    const t = performance.now();
    const opt = solveOptimum(highs, g);
    const ms = performance.now() - t;
    const gap = (plan.fabricInches - opt.fabricInches) / opt.fabricInches;
    worst = Math.max(worst, gap);
    const L = g.limits;
    rows.push([
      g.key,
      g.sizes.map((s) => `${s.size}:${g.demand[s.size]}`).join(" "),
      `${L.maxGarmentsPerPly}/${L.maxPlies}/${L.tableLengthInches}`,
      String(opt.markers),
      `${yd(plan.fabricInches)} (${plan.plies})`,
      `${yd(opt.fabricInches)} (${opt.plies})`,
      `${(gap * 100).toFixed(2)}%`,
      String(plan.lays),
      String(opt.lays),
      `${ms.toFixed(0)} ms`,
    ]);
  }
  console.log(
    table(
      [
        "group",
        "demand",
        "K/plies/table",
        "markers",
        "planner fabric (plies)",
        "optimum fabric (plies)",
        "gap",
        "planner lays",
        "optimum lays",
        "solve",
      ],
      rows,
      [3, 4, 5, 6, 7, 8, 9],
    ),
  );
  return [
    [
      "Cut planner fabric gap to the optimum (worst)",
      `${(worst * 100).toFixed(2)}%`,
      "<= 2%",
      worst <= 0.02 ? "ok" : "over",
    ],
  ];
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table: Table = (header, rows) => [header, ...rows].map((r) => r.join(" | ")).join("\n");
  const rows = await benchCutOptimum((t) => console.log(`\n== ${t}`), table);
  console.log(table(["metric", "value", "target", "result"], rows));
}
