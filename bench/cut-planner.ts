/**
 * Part 8: the cut planner (apps/server/src/modules/floor/planner.ts), pure CPU, no database.
 * 5,000 queued units across 10 fabrics (each in 3 colours and 2 styles, sizes XS–3XL in a bell
 * curve, from a seeded PRNG so every run plans the same demand), grouped by fabric, colour and
 * style as the Cut Planner groups them. Times the planner (target ≤ 2 s) and prints the plan's
 * lays, plies, fabric and utilisation beside the naive one-size-per-lay plan, then the planner
 * against the exact optimum on small groups (bench/cut-optimum.ts). Asserts nothing.
 * Runs alone with `npx tsx bench/cut-planner.ts`.
 */
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { type PlanGroupInput, planCuts } from "../apps/server/src/modules/floor/planner";
import { benchCutOptimum } from "./cut-optimum";

const UNITS = 5_000;
const FABRICS = 10;
const COLOURS = ["Black", "White", "Heather"];
const STYLES = 2;
const TARGET_MS = 2_000;
const SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL"];
/** How often each size is ordered (a bell curve around M and L). */
const SIZE_WEIGHTS = [3, 12, 25, 27, 18, 10, 5];
const LIMITS = { maxPlies: 60, tableLengthInches: 360, maxGarmentsPerPly: 6, endAllowanceInches: 2 };

type Table = (
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAlign?: readonly number[],
) => string;

const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The groups the planner gets for 5,000 generated queued units. */
export const benchGroups = (): PlanGroupInput[] => {
  const rnd = prng(11);
  const weightSum = SIZE_WEIGHTS.reduce((a, b) => a + b, 0);
  const pickSize = () => {
    let x = rnd() * weightSum;
    for (let i = 0; i < SIZES.length; i++) {
      x -= SIZE_WEIGHTS[i] ?? 0;
      if (x < 0) return i;
    }
    return SIZES.length - 1;
  };
  const groups = new Map<string, PlanGroupInput>();
  for (let n = 0; n < UNITS; n++) {
    // Some fabrics sell more than others.
    const fabric = Math.min(FABRICS - 1, Math.floor(rnd() ** 1.4 * FABRICS));
    const colour = COLOURS[Math.floor(rnd() * COLOURS.length)] ?? "Black";
    const style = Math.floor(rnd() * STYLES);
    const key = `F${fabric}|${colour}|S${style}`;
    let g = groups.get(key);
    if (!g) {
      // A style's garment lengths: a tee around 40 in at M, 3 in more per size up.
      const base = 36 + fabric + style * 4;
      g = {
        key,
        sizes: SIZES.map((size, i) => ({ size, lengthInches: base + i * 3, efficiency: 0.8 + (fabric % 3) * 0.02 })),
        demand: {},
        limits: LIMITS,
      };
      groups.set(key, g);
    }
    const size = SIZES[pickSize()] ?? "M";
    g.demand[size] = (g.demand[size] ?? 0) + 1;
  }
  return [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const yards = (inches: number) => `${(inches / 36).toFixed(0)} yd`;

export const benchCutPlanner = async (
  section: (title: string) => void,
  table: Table,
): Promise<[string, string, string, string][]> => {
  section(`8. Cut planner: ${UNITS.toLocaleString("en")} queued units, ${FABRICS} fabrics (pure CPU)`);
  const groups = benchGroups();
  planCuts(groups.slice(0, 3)); // warm-up (JIT)
  const runs: number[] = [];
  let plan = planCuts(groups);
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    plan = planCuts(groups);
    runs.push(performance.now() - t);
  }
  const worst = Math.max(...runs);
  console.log(
    `${groups.length} groups (fabric × colour × style); limits: ${LIMITS.maxPlies} plies, ${LIMITS.tableLengthInches} in table, ` +
      `${LIMITS.maxGarmentsPerPly} garments per ply, ${LIMITS.endAllowanceInches} in end allowance`,
  );
  console.log(`planner time over 3 runs: ${runs.map((r) => `${r.toFixed(0)} ms`).join(", ")}`);
  const row = (name: string, t: typeof plan.totals) => [
    name,
    String(t.lays),
    String(t.plies),
    String(t.garments),
    yards(t.fabricInches),
    pct(t.utilisation),
  ];
  console.log(
    table(
      ["plan", "lays", "plies", "garments", "fabric", "utilisation"],
      [row("planner", plan.totals), row("naive (one size per lay)", plan.naiveTotals)],
      [1, 2, 3, 4, 5],
    ),
  );
  const optimum = await benchCutOptimum(section, table);
  return [
    [
      `Cut planner, ${UNITS} units / ${FABRICS} fabrics`,
      `${worst.toFixed(0)} ms`,
      `<= ${TARGET_MS} ms`,
      worst <= TARGET_MS ? "ok" : "over",
    ],
    [
      "Cut planner lays (naive)",
      `${plan.totals.lays} (${plan.naiveTotals.lays})`,
      "fewer than naive",
      plan.totals.lays < plan.naiveTotals.lays ? "ok" : "no better",
    ],
    [
      "Cut planner utilisation (naive)",
      `${pct(plan.totals.utilisation)} (${pct(plan.naiveTotals.utilisation)})`,
      "-",
      "-",
    ],
    ...optimum,
  ];
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table: Table = (header, rows) => [header, ...rows].map((r) => r.join(" | ")).join("\n");
  const rows = await benchCutPlanner((t) => console.log(`\n== ${t}`), table);
  console.log(table(["metric", "value", "target", "result"], rows));
}
