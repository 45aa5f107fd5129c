/**
 * Part 13 of `npm run bench`: the rest of product development (issue 19), in process (Fastify
 * inject) on the embedded database:
 *  - version compare: two versions of a tech pack with 500 BOM rows (fabrics, notions, labels) x 6
 *    colourways and 100 POMs x 8 sizes, a tenth of the rows changed, added or removed between them:
 *    p50/p95 of `GET /productDev/stps/:stpId/compare?from=` (target p95 <= 150 ms);
 *  - the File Manager: a folder of 10,000 files, p50/p95 of listing a page of it by each sort, both
 *    ways, and deep pages (target p95 <= 50 ms);
 *  - Import Tech Pack: a 40-sheet workbook with 2,000 BOM and POM rows read to its preview (< 3 s).
 */
import { performance } from "node:perf_hooks";
import type { TVersionCompare } from "@hub/contracts";
import { schema } from "@hub/db";
import { sql } from "drizzle-orm";
import { techPackFixture } from "../apps/server/test/helpers/tech-pack-fixture";
import { createTestApp } from "../apps/server/test/helpers/test-app";
import { benchTechPackImport } from "./tech-pack-import";

type Row = [metric: string, value: string, target: string, result: string];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (value: number, target: number) => (value <= target ? "ok" : "over");

const SIZES = ["XXS", "XS", "S", "M", "L", "XL", "2XL", "3XL"];
const KEYS = ["BLK", "WHT", "NVY", "RED", "GRN", "SND"];

export const benchProductDev = async (
  section: (title: string) => void,
  table: (h: string[], r: string[][], right?: number[]) => string,
): Promise<Row[]> => {
  const summary: Row[] = [];
  section(
    "13. Product development: version compare (500 BOM rows, 100 POMs x 8 sizes) and a File Manager folder of 10,000 files (in process)",
  );
  const t = await createTestApp();
  try {
    const f = await techPackFixture(t, "CMPB");
    const [notion] = await t.db
      .insert(schema.pdLibraryItems)
      .values({
        teamId: f.teamId,
        kind: "notions",
        code: "CMPB-BTN",
        name: "Button 15 mm",
        unit: "pc",
        costCents: 5,
        attrs: {},
      })
      .returning({ id: schema.pdLibraryItems.id });
    if (!notion) throw new Error("notion not made");
    const made = await f.call("designer", "POST", "/api/productDev/products", {
      code: "CMPB-1",
      name: "Compare bench",
    });
    const { product, stpId: v1 } = made.json<{ product: { id: number }; stpId: number }>();
    const put = async (stpId: number, tab: string, body: object) => {
      const url = `/api/productDev/stps/${stpId}/tabs/${tab}`;
      const current = (await f.call("designer", "GET", url)).json<{ version: number }>();
      const res = await f.call("designer", "PUT", url, { version: current.version, ...body });
      if (res.statusCode !== 200) throw new Error(`${tab}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    const cells = (variant: number | null, note = "") =>
      Object.fromEntries(KEYS.map((k) => [k, { variantId: variant, note }]));
    /** One BOM tab of `n` rows; `changed` rows of the second version differ in quantity and a cell's note. */
    const bom = (itemId: number, variant: number | null, n: number, second: boolean) =>
      Array.from({ length: n }, (_, i) => ({
        itemId,
        placement: `Place ${i + 1}`,
        quantity: second && i % 10 === 0 ? "0.45" : "0.35",
        unit: "m",
        costCents: 800,
        cells: cells(variant, second && i % 10 === 5 ? "changed" : ""),
      })).filter((_, i) => !(second && i % 25 === 24));
    const points = (second: boolean) =>
      Array.from({ length: second ? 104 : 100 }, (_, i) => ({
        code: `P${i + 1}`,
        description: `Point of measure ${i + 1}`,
        howToMeasure: "Flat",
        baseValue: 20 + i + (second && i % 10 === 3 ? 0.5 : 0),
        gradeRules: Object.fromEntries(
          SIZES.filter((s) => s !== "M").map((s) => [s, second && i % 10 === 7 ? 1.5 : 1.25]),
        ),
        tolPlus: 0.5,
        tolMinus: 0.5,
        critical: i % 7 === 0,
      }));
    const fill = async (stpId: number, second: boolean) => {
      await put(stpId, "colorways", {
        colorways: KEYS.map((key) => ({
          key,
          name: `Colour ${key}${second && key === "RED" ? " II" : ""}`,
          colorIds: [f.ids.black],
        })),
      });
      await put(stpId, "sizing", { sizeRangeId: null, sizes: SIZES, baseSize: "M" });
      await put(stpId, "fabrics", { rows: bom(f.ids.jersey, f.ids.jerseyBlack, 200, second) });
      await put(stpId, "notions", { rows: bom(notion.id, null, 150, second) });
      await put(stpId, "labels", { rows: bom(f.ids.label, null, 150, second) });
      await put(stpId, "gradedSpec", { unit: "cm", points: points(second) });
    };
    await fill(v1, false);
    const nv = await f.call("designer", "POST", `/api/productDev/products/${product.id}/versions`, {});
    if (nv.statusCode !== 201) throw new Error(`new version: ${nv.statusCode} ${nv.body.slice(0, 300)}`);
    const v2 = nv.json<{ stpId: number }>().stpId;
    await fill(v2, true);

    const url = `/api/productDev/stps/${v2}/compare?from=${v1}`;
    const first = await f.call("designer", "GET", url);
    if (first.statusCode !== 200) throw new Error(`compare: ${first.statusCode} ${first.body.slice(0, 300)}`);
    const changes = first.json<TVersionCompare>().tabs.reduce((n, tab) => n + tab.rows.length + tab.fields.length, 0);
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const start = performance.now();
      const res = await f.call("designer", "GET", url);
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`compare: ${res.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      table(
        ["version compare (500 BOM rows x 6 colourways, 100 POMs x 8 sizes)", "changes found", "p50", "p95"],
        [["v2 against v1", String(changes), ms(percentile(times, 50)), ms(p95)]],
        [1, 2, 3],
      ),
    );
    summary.push(["Version compare p95 (500 BOM rows, 100 POMs x 8)", ms(p95), "<= 150 ms", verdict(p95, 150)]);

    // A folder of 10,000 files (stored_files rows and the team's pd_team_files rows, made in SQL).
    const folder = await f.call("designer", "POST", "/api/productDev/files/folders", { name: "Bench 10k" });
    if (folder.statusCode !== 201) throw new Error(`folder: ${folder.statusCode} ${folder.body.slice(0, 300)}`);
    const folderId = folder.json<{ id: number }>().id;
    await t.db.execute(sql`
      with made as (
        insert into ${schema.storedFiles} (client_id, area, storage_key, file_name, content_type, size_bytes, sha256)
        select (select client_id from ${schema.teams} where id = ${f.teamId}), 'techPack', 'bench/fm/' || g,
          'Sketch ' || lpad(g::text, 5, '0') || '.pdf', 'application/pdf', 1000 + (g * 7919) % 500000, 'bench'
        from generate_series(1, 10000) g
        returning id)
      insert into ${schema.pdTeamFiles} (file_id, team_id, folder_id) select id, ${f.teamId}, ${folderId} from made`);
    await t.db.execute(sql`analyze`);
    const listUrls = [
      `folderId=${folderId}&page=0&size=50`,
      `folderId=${folderId}&page=0&size=50&sort=name,desc`,
      `folderId=${folderId}&page=0&size=50&sort=sizeBytes,desc`,
      `folderId=${folderId}&page=0&size=50&sort=updatedAt,desc`,
      `folderId=${folderId}&page=150&size=50`,
      `folderId=${folderId}&page=0&size=50&searchString=sketch%200999`,
    ];
    const fmRows: string[][] = [];
    let fmWorst = 0;
    for (const q of listUrls) {
      const url = `/api/productDev/files/list?${q}`;
      const warm = await f.call("designer", "GET", url);
      if (warm.statusCode !== 200) throw new Error(`list: ${warm.statusCode} ${warm.body.slice(0, 300)}`);
      const fmTimes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        await f.call("designer", "GET", url);
        fmTimes.push(performance.now() - start);
      }
      fmTimes.sort((x, y) => x - y);
      const fmP95 = percentile(fmTimes, 95);
      fmWorst = Math.max(fmWorst, fmP95);
      fmRows.push([q.replace(`folderId=${folderId}&`, ""), ms(percentile(fmTimes, 50)), ms(fmP95)]);
    }
    console.log(table(["File Manager, a folder of 10,000 files", "p50", "p95"], fmRows, [1, 2]));
    summary.push(["File Manager list p95, 10k files (worst)", ms(fmWorst), "<= 50 ms", verdict(fmWorst, 50)]);

    console.log("\nImport Tech Pack: a 40-sheet workbook with 2,000 BOM and POM rows to its preview");
    const importMs = await benchTechPackImport();
    summary.push([
      "Import Tech Pack preview, 40 sheets (slowest of 4)",
      ms(importMs),
      "< 3000 ms",
      verdict(importMs, 3000),
    ]);
  } finally {
    await t.close();
  }
  return summary;
};
