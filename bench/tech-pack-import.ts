/**
 * Import Tech Pack's preview on a large workbook (issue 19's target: a 40-sheet workbook with 2,000
 * BOM and POM rows previews in under 3 s): `npx tsx bench/tech-pack-import.ts`. Times what the
 * preview does besides its few queries: the bounded unzip and exceljs read, finding the sections,
 * proposing the mapping and building the documents with their problems. Part of bench part 13
 * (`npx tsx bench/part.ts product-dev`), or alone with this file.
 */
import ExcelJS from "exceljs";
import { buildImport } from "../apps/server/src/modules/products/import/build";
import { findBlocks, mappingFor } from "../apps/server/src/modules/products/import/sections";
import { readUpload } from "../apps/server/src/modules/products/import/workbook";

const SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL"];

/** Builds the workbook, previews it four times and answers the slowest, in ms. */
export const benchTechPackImport = async (): Promise<number> => {
  const wb = new ExcelJS.Workbook();
  const details = wb.addWorksheet("Product details");
  for (const r of [
    ["Code", "BENCH-1"],
    ["Name", "Bench tee"],
    ["Sizes", SIZES.join(", ")],
    ["Base size", "M"],
  ])
    details.addRow(r);
  const cw = wb.addWorksheet("Colourways");
  cw.addRow(["Code", "Name"]);
  for (const c of ["BLK", "WHT", "NVY", "RED"]) cw.addRow([c, c]);
  // 38 more sheets: 19 of BOM and 19 of POMs, 2,000 rows between them.
  for (let s = 0; s < 19; s++) {
    const bom = wb.addWorksheet(`BOM ${s + 1}`);
    bom.addRow(["Type", "Code", "Name", "Placement", "Quantity", "Unit", "Cost", "BLK", "WHT", "NVY", "RED"]);
    for (let i = 0; i < 53; i++)
      bom.addRow([
        "Fabric",
        `F-${s}-${i}`,
        `Fabric ${s}-${i}`,
        "Body",
        "1.25",
        "m",
        "8.00",
        "Black",
        "White",
        "Navy",
        "Red",
      ]);
    const pom = wb.addWorksheet(`POM ${s + 1}`);
    pom.addRow(["POM", "Description", "Tol", ...SIZES]);
    for (let i = 0; i < 53; i++)
      pom.addRow([`P${s}-${i}`, `Point ${i}`, "1/4", "18", "19", "20", "21 1/2", "23", "24 1/4", "25 1/2"]);
  }
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  const times: number[] = [];
  for (let run = 0; run < 4; run++) {
    const start = performance.now();
    const sheets = await readUpload(buffer, "bench.xlsx");
    const { blocks } = findBlocks(sheets);
    const mapping = mappingFor(blocks, new Map());
    const built = buildImport(blocks.map((block, i) => ({ block, columns: mapping[i] ?? [] })));
    times.push(performance.now() - start);
    if (run === 0)
      console.log(
        `${wb.worksheets.length} sheets, ${(buffer.length / 1024).toFixed(0)} KB; ${built.bom?.length} BOM rows, ${built.spec?.points.length} POMs read`,
      );
  }
  console.log(`preview without its queries: ${times.map((t) => `${t.toFixed(0)} ms`).join(", ")} (target < 3,000 ms)`);
  return Math.max(...times);
};

if (import.meta.url === `file://${process.argv[1]}`) await benchTechPackImport();
