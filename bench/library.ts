/**
 * Part 5 of `npm run bench`: the manufacturing library (issue 4).
 *  - search endpoints p95 (page, size, sort, searchString) on the demo library, then on a generated
 *    library of 10,000 styles with 100,000 style option rows (offered attributes), target < 50 ms;
 *  - a 50,000-row fabric CSV: validate + apply, target < 60 s.
 * In process (Fastify inject) on the embedded database, so the numbers are the server's own work.
 */
import { performance } from "node:perf_hooks";
import { schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "../apps/server/test/helpers/test-app";

type Row = [metric: string, value: string, target: string, result: string];
const TARGET_MS = 50;
const IMPORT_TARGET_S = 60;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;

type Scenario = { name: string; who: DemoUser; url: (i: number) => string };

const SCENARIOS: Scenario[] = [
  {
    name: "styles",
    who: "factory",
    url: (i) =>
      `/api/library/styles?page=${i % 20}&size=25&sort=${pick(["code,asc", "name,desc", "basePriceCents,asc", "updatedAt,desc", "category,asc"], i)}${
        i % 3 === 0
          ? ""
          : `&searchString=${encodeURIComponent(pick(["hoodie", "style 12", "BS-99", "tee", "dress 4"], i))}`
      }`,
  },
  {
    name: "styles as a client",
    who: "client",
    url: (i) => `/api/library/styles?page=${i % 5}&size=25&sort=name,asc${i % 2 ? "&searchString=tee" : ""}`,
  },
  {
    name: "options",
    who: "factory",
    url: (i) => `/api/library/options?sort=${pick(["sortOrder,asc", "attributeCount,desc", "name,asc"], i)}`,
  },
  {
    name: "attributes",
    who: "factory",
    url: (i) =>
      `/api/library/attributes?page=${i % 2}&sort=${pick(["sortOrder,asc", "optionNames,asc", "code,desc"], i)}${i % 2 ? "&searchString=size" : ""}`,
  },
  {
    name: "fabrics",
    who: "factory",
    url: (i) =>
      `/api/library/fabrics?sort=${pick(["fabricCode,asc", "costCents,desc", "fabricType,asc"], i)}${i % 2 ? "&searchString=jersey" : ""}`,
  },
  {
    name: "parts",
    who: "factory",
    url: (i) =>
      `/api/library/parts?sort=${pick(["partCode,asc", "category,asc"], i)}${i % 2 ? "&searchString=zip" : ""}`,
  },
  {
    name: "instructions",
    who: "factory",
    url: (i) =>
      `/api/library/instructions?sort=${pick(["code,asc", "machineName,asc", "imageCount,desc"], i)}${i % 2 ? "&searchString=hem" : ""}`,
  },
  {
    name: "machines",
    who: "factory",
    url: (i) =>
      `/api/library/machines?sort=${pick(["code,asc", "instructionCount,desc"], i)}${i % 2 ? "&searchString=overlock" : ""}`,
  },
  {
    name: "skuMaps",
    who: "factory",
    url: (i) => `/api/library/skuMaps?sort=name,asc${i % 2 ? "&searchString=tee" : ""}`,
  },
];

const measure = async (t: TestApp, tokens: Record<DemoUser, string>, s: Scenario, n: number) => {
  for (let i = 0; i < 5; i++) await t.request({ method: "GET", url: s.url(i), token: tokens[s.who] }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await t.request({ method: "GET", url: s.url(i), token: tokens[s.who] });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return times.sort((a, b) => a - b);
};

/** 10,000 styles, each offering Size (7) and Colour (3): 100,000 offered-attribute rows. */
const generate = async (t: TestApp): Promise<void> => {
  const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  const f = factory?.factoryId ?? 0;
  await t.db.execute(sql`
    insert into lib_styles (factory_id, code, name, category, base_price_cents, offered_to_all)
    select ${f}, 'BS-' || g, 'Bench style ' || g || ' ' || (array['tee','hoodie','legging','dress','jogger'])[g % 5 + 1],
           (array['Tees','Hoodies','Leggings','Dresses','Joggers'])[g % 5 + 1], 1000 + g % 4000, g % 10 <> 0
    from generate_series(1, 10000) g`);
  await t.db.execute(sql`
    insert into lib_style_options (style_id, option_id, sort_order)
    select s.id, o.id, o.sort_order from lib_styles s cross join lib_options o
    where s.code like 'BS-%' and o.factory_id = ${f} and o.code in ('SIZE', 'COLOR')`);
  await t.db.execute(sql`
    insert into lib_style_option_attributes (style_id, option_id, attribute_id, upcharge_cents, sort_order)
    select s.id, oa.option_id, oa.attribute_id, 0, oa.sort_order
    from lib_styles s
    join lib_options o on o.factory_id = ${f} and o.code in ('SIZE', 'COLOR')
    join lib_option_attributes oa on oa.option_id = o.id
    where s.code like 'BS-%' and (o.code = 'SIZE' or oa.sort_order < 3)`);
  await t.db.execute(sql`analyze`);
};

export const benchLibrary = async (
  section: (title: string) => void,
  table: (h: string[], r: string[][], right?: number[]) => string,
): Promise<Row[]> => {
  const summary: Row[] = [];
  section("5. Manufacturing library: search endpoints (in process) and a 50,000-row CSV import");
  const t = await createTestApp();
  try {
    const tokens = await signInDemoUsers(t);
    const rows: string[][] = [];
    const run = async (label: string) => {
      let worst = 0;
      for (const s of SCENARIOS) {
        const times = await measure(t, tokens, s, 200);
        const p95 = percentile(times, 95);
        worst = Math.max(worst, p95);
        rows.push([
          label,
          s.name,
          `${percentile(times, 50).toFixed(1)} ms`,
          `${p95.toFixed(1)} ms`,
          p95 < TARGET_MS ? "PASS" : "MISS",
        ]);
      }
      return worst;
    };
    const demoWorst = await run("demo library");
    const started = performance.now();
    await generate(t);
    const [counts] = await t.db
      .select({
        styles: sql<number>`(select count(*)::int from lib_styles)`,
        optionRows: sql<number>`(select count(*)::int from lib_style_option_attributes)`,
      })
      .from(schema.factories)
      .limit(1);
    console.log(
      `generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${counts?.styles} styles, ${counts?.optionRows} style option rows`,
    );
    const bigWorst = await run("10k styles / 100k option rows");
    console.log(table(["library", "endpoint", "p50", "p95", `p95 < ${TARGET_MS} ms`], rows, [2, 3]));
    summary.push([
      "Library search p95, demo (worst endpoint)",
      `${demoWorst.toFixed(1)} ms`,
      `< ${TARGET_MS} ms`,
      demoWorst < TARGET_MS ? "PASS" : "MISS",
    ]);
    summary.push([
      "Library search p95, 10k styles (worst)",
      `${bigWorst.toFixed(1)} ms`,
      `< ${TARGET_MS} ms`,
      bigWorst < TARGET_MS ? "PASS" : "MISS",
    ]);

    // 50,000 fabric rows: validate (nothing written), then apply in one transaction
    const header = "fabricCode,fabricName,fabricType,supplier,color,cost,unit,widthInches,weightGsm";
    const lines = [header];
    for (let i = 0; i < 50_000; i++)
      lines.push(
        `BF-${i},Bench jersey ${i},Bench knit,Mill ${i % 9},,${(3 + (i % 100) / 100).toFixed(2)},yd,60,${150 + (i % 60)}`,
      );
    const csv = lines.join("\n");
    const t0 = performance.now();
    const validated = await t.request({
      method: "POST",
      url: "/api/library/import/validate?resource=fabrics&fileName=bench.csv",
      token: tokens.admin,
      payload: csv,
      headers: { "content-type": "text/csv" },
    });
    const t1 = performance.now();
    if (validated.statusCode !== 200)
      throw new Error(`validate: ${validated.statusCode} ${validated.body.slice(0, 200)}`);
    const report = validated.json<{ importId: string; errorCount: number }>();
    const applied = await t.request({
      method: "POST",
      url: `/api/library/import/${report.importId}/apply`,
      token: tokens.admin,
    });
    const t2 = performance.now();
    if (applied.statusCode !== 200) throw new Error(`apply: ${applied.statusCode} ${applied.body.slice(0, 200)}`);
    const total = (t2 - t0) / 1000;
    console.log(
      table(
        ["CSV import, 50,000 fabric rows", "time"],
        [
          ["validate (parse, check every row, keep)", `${((t1 - t0) / 1000).toFixed(1)} s`],
          ["apply (one transaction)", `${((t2 - t1) / 1000).toFixed(1)} s`],
          ["total", `${total.toFixed(1)} s`],
        ],
        [1],
      ),
    );
    summary.push([
      "Library CSV import, 50,000 rows",
      `${total.toFixed(1)} s`,
      `< ${IMPORT_TARGET_S} s`,
      total < IMPORT_TARGET_S ? "PASS" : "MISS",
    ]);
  } finally {
    await t.close();
  }
  return summary;
};
