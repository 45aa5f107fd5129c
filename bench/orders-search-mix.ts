/**
 * Every combination of the order search's bench mix (bench/orders-search.ts: text × status × sort,
 * page 0 and its count), each run alone on a database the orders bench kept, slowest first: where
 * the search's time goes, while working on it.
 *
 *   BENCH_ORDERS_ONLY=search BENCH_ORDERS_EMBEDDED=0 BENCH_ORDERS_KEEP=1 npx tsx bench/part.ts orders
 *   BENCH_DATABASE_URL=postgres://…/hub_bench_… npx tsx bench/orders-search-mix.ts
 */
import { openDatabase, schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { listOrders } from "../apps/server/src/modules/orders/list.service";
import { facilityView } from "../apps/server/src/modules/orders/scope";
import { SORTS, STATUSES, TEXTS } from "./orders-search";

const url = process.env.BENCH_DATABASE_URL?.trim();
if (!url) throw new Error("set BENCH_DATABASE_URL to the kept bench database");
const handle = await openDatabase({ url, poolSize: 2 });
try {
  const [factory] = await handle.db
    .select()
    .from(schema.factories)
    .where(eq(schema.factories.name, "Hub Demo Factory"));
  if (!factory) throw new Error("no demo factory");
  const viewer = facilityView(factory.factoryId);
  const rows: { label: string; ms: number }[] = [];
  for (const searchString of TEXTS)
    for (const status of STATUSES)
      for (const sort of SORTS) {
        const times: number[] = [];
        for (let k = 0; k < 3; k++) {
          const started = performance.now();
          await listOrders(handle.db, viewer, { searchString, status, sort, page: 0, size: 25 });
          times.push(performance.now() - started);
        }
        times.sort((x, y) => x - y);
        rows.push({ label: `${searchString} | ${status ?? "any"} | ${sort}`, ms: times[1] ?? 0 });
      }
  rows.sort((x, y) => y.ms - x.ms);
  const mean = rows.reduce((sum, r) => sum + r.ms, 0) / rows.length;
  console.log(`${rows.length} combinations, mean ${mean.toFixed(1)} ms (page 0 with its count, median of 3)`);
  for (const r of rows.slice(0, Number(process.env.TOP ?? 25)))
    console.log(`${r.ms.toFixed(1).padStart(7)} ms  ${r.label}`);
} finally {
  await handle.close();
}
