/**
 * Part 8 of `npm run bench`: products and the smart tech pack (issue 12), in process (Fastify
 * inject) on the embedded database:
 *  - a tech pack with 60 POMs × 8 sizes and 40 BOM rows × 6 colourways: p95 of loading each tab
 *    (target ≤ 80 ms) and the time to render its PDF (target ≤ 2 s);
 *  - the products list on 20,000 products: p95 over searches, status filters and sorts (≤ 50 ms).
 */
import { performance } from "node:perf_hooks";
import { DOCUMENT_TABS } from "@hub/contracts";
import { schema } from "@hub/db";
import { sql } from "drizzle-orm";
import { techPackFixture } from "../apps/server/test/helpers/tech-pack-fixture";
import { createTestApp } from "../apps/server/test/helpers/test-app";

type Row = [metric: string, value: string, target: string, result: string];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (value: number, target: number) => (value <= target ? "ok" : "over");

const SIZES = ["XXS", "XS", "S", "M", "L", "XL", "2XL", "3XL"];

export const benchTechPack = async (
  section: (title: string) => void,
  table: (h: string[], r: string[][], right?: number[]) => string,
): Promise<Row[]> => {
  const summary: Row[] = [];
  section("8. Products and the smart tech pack: tab loads, PDF, products list on 20,000 products (in process)");
  const t = await createTestApp();
  try {
    const f = await techPackFixture(t, "BENCH");
    const made = await f.call("designer", "POST", "/api/productDev/products", { code: "BENCH-1", name: "Bench tee" });
    const { stpId } = made.json<{ stpId: number }>();
    const keys = ["BLK", "WHT", "NVY", "RED", "GRN", "SND"];
    const put = async (tab: string, body: object) => {
      const current = (await f.call("designer", "GET", `/api/productDev/stps/${stpId}/tabs/${tab}`)).json<{
        version: number;
      }>();
      const res = await f.call("designer", "PUT", `/api/productDev/stps/${stpId}/tabs/${tab}`, {
        version: current.version,
        ...body,
      });
      if (res.statusCode !== 200) throw new Error(`${tab}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    await put("colorways", { colorways: keys.map((key) => ({ key, name: `Colour ${key}`, colorIds: [f.ids.black] })) });
    await put("sizing", { sizeRangeId: null, sizes: SIZES, baseSize: "M" });
    const cells = (variant: number | null) =>
      Object.fromEntries(keys.map((k) => [k, { variantId: variant, note: "" }]));
    await put("fabrics", {
      rows: Array.from({ length: 20 }, (_, i) => ({
        itemId: f.ids.jersey,
        placement: `Panel ${i + 1}`,
        quantity: "0.35",
        unit: "m",
        costCents: 800,
        cells: cells(i % 2 ? f.ids.jerseyBlack : f.ids.jerseyWhite),
      })),
    });
    await put("labels", {
      rows: Array.from({ length: 20 }, (_, i) => ({
        itemId: f.ids.label,
        placement: `Label ${i + 1}`,
        quantity: "1",
        unit: "pc",
        costCents: 25,
        cells: cells(null),
      })),
    });
    await put("gradedSpec", {
      unit: "cm",
      points: Array.from({ length: 60 }, (_, i) => ({
        code: `P${i + 1}`,
        description: `Point of measure ${i + 1}`,
        howToMeasure: "Flat",
        baseValue: 20 + i,
        gradeRules: Object.fromEntries(SIZES.filter((s) => s !== "M").map((s) => [s, 1.25])),
        tolPlus: 0.5,
        tolMinus: 0.5,
        critical: i % 7 === 0,
      })),
    });
    await put("estimates", {
      labourCents: 450,
      overheadCents: 150,
      freightCents: 80,
      dutyBps: 1200,
      marginBps: 6000,
      setupCents: 20_000,
      quantities: [100, 500, 1000],
    });

    const tabs = ["summary", ...DOCUMENT_TABS.map((tab) => `tabs/${tab}`), "approval", "history", "confirmSetup"];
    const rows: string[][] = [];
    let worst = 0;
    for (const tab of tabs) {
      const url = `/api/productDev/stps/${stpId}/${tab}`;
      await f.call("designer", "GET", url);
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const start = performance.now();
        const res = await f.call("designer", "GET", url);
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      rows.push([tab, ms(percentile(times, 50)), ms(p95)]);
    }
    console.log(table(["tab (60 POMs x 8 sizes, 40 BOM rows x 6 colourways)", "p50", "p95"], rows, [1, 2]));
    summary.push(["Tech pack tab load p95 (worst tab)", ms(worst), "<= 80 ms", verdict(worst, 80)]);

    await f.call("designer", "GET", `/api/productDev/stps/${stpId}/techPack.pdf`); // loads react-pdf once
    const pdfTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const res = await f.call("designer", "GET", `/api/productDev/stps/${stpId}/techPack.pdf`);
      pdfTimes.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`pdf: ${res.statusCode}`);
    }
    const pdf = Math.max(...pdfTimes);
    console.log(`PDF render (3 runs after the first): ${pdfTimes.map(ms).join(", ")}`);
    summary.push(["Tech pack PDF render (slowest of 3)", ms(pdf), "<= 2000 ms", verdict(pdf, 2000)]);

    // 20,000 products in the design team, in every status.
    await t.db.execute(sql`
      insert into ${schema.pdProducts} (team_id, code, name, status, season, category, collection, batch, tags)
      select ${f.teamId}, 'GEN-' || g, 'Generated product ' || g,
        (array['concept','in_development','sampling','approved','in_production','dropped'])[1 + g % 6],
        'SS' || (20 + g % 8), (array['Tops','Bottoms','Fleece','Dresses'])[1 + g % 4],
        'Collection ' || (g % 40), 'Drop ' || (g % 5), array['gen', 'tag' || (g % 30)]
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`analyze ${schema.pdProducts}`);
    const urls = [
      "/api/productDev/products?page=0&size=25",
      "/api/productDev/products?page=3&size=25&status=sampling",
      "/api/productDev/products?size=25&searchString=product%201234",
      "/api/productDev/products?size=25&sort=name,asc&collection=Collection%207",
      "/api/productDev/products?size=25&sortBy=code&sortDir=desc&tag=tag5",
      "/api/productDev/products/statusCount?searchString=generated",
    ];
    const listRows: string[][] = [];
    let worstList = 0;
    for (const url of urls) {
      await f.call("designer", "GET", url);
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        await f.call("designer", "GET", url);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      worstList = Math.max(worstList, p95);
      listRows.push([url.replace("/api/productDev/products", ""), ms(percentile(times, 50)), ms(p95)]);
    }
    console.log(table(["products list, 20,000 products", "p50", "p95"], listRows, [1, 2]));
    summary.push(["Products list p95, 20k products (worst)", ms(worstList), "<= 50 ms", verdict(worstList, 50)]);
  } finally {
    await t.close();
  }
  return summary;
};
