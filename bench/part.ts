/**
 * One part of `npm run bench` alone: `npx tsx bench/part.ts <part>`, where part is one of
 * orders, cut-planner, tech-pack, open-orders, floor, dashboards, product-dev. Same environment variables as the full bench
 * (BENCH_DATABASE_URL or DATABASE_URL for the PostgreSQL parts, and each part's own sizes).
 */
import { benchCutPlanner } from "./cut-planner";
import { benchDashboards } from "./dashboards";
import { benchFloor } from "./floor";
import { benchOpenOrders } from "./open-orders";
import { benchOrders } from "./orders";
import { benchProductDev } from "./product-dev";
import { benchTechPack } from "./tech-pack";

type Table = (header: readonly string[], rows: readonly (readonly string[])[], right?: readonly number[]) => string;
type Part = (section: (title: string) => void, table: Table) => Promise<string[][]>;

const PARTS: Record<string, Part> = {
  orders: benchOrders,
  "cut-planner": benchCutPlanner,
  "tech-pack": benchTechPack,
  "open-orders": benchOpenOrders,
  floor: benchFloor,
  dashboards: benchDashboards,
  "product-dev": benchProductDev,
};

const table: Table = (header, rows, right = []) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (right.includes(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
};

const name = process.argv[2] ?? "";
const part = PARTS[name];
if (!part) {
  console.error(`usage: npx tsx bench/part.ts <${Object.keys(PARTS).join("|")}>`);
  process.exit(2);
}
const rows = await part((title) => console.log(`\n== ${title} ==\n`), table);
console.log(`\n${table(["metric", "value", "target", "result"], rows)}`);
process.exit(0);
