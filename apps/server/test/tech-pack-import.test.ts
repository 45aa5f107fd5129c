import { deflateRawSync } from "node:zlib";
import type { TTpImportPreview, TTpImportResult } from "@hub/contracts";
import { schema } from "@hub/db";
import { count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEMPLATE_SHEETS } from "../src/modules/products/import/template";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type DemoUser, type TestApp } from "./helpers/test-app";
import { multipart } from "./stand-ins/uploads";

/**
 * Import Tech Pack (issue 19): a workbook built here with exceljs becomes a product with its tabs
 * filled; the same code again is version 2; fractions and cm are read; a CSV with section titles
 * works; bad files (not a workbook, a zip bomb, too large, a formula without a value, 100,000 rows)
 * are refused with a clear message and write nothing; the mapping is remembered; access by team.
 */

let t: TestApp;
let f: TechPackFixture;

type Rows = (string | number | { formula: string; result?: number })[][];
const workbook = async (sheets: { name: string; rows: Rows }[]) => {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    for (const r of s.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};
const withCode = (code: string, extra: (s: { name: string; rows: Rows }) => Rows = (s) => s.rows) =>
  TEMPLATE_SHEETS.map((s) => ({
    name: s.name,
    rows: extra({
      name: s.name,
      rows: s.rows.map((r) => (r[0] === "Code" && s.name === "Product details" ? ["Code", code] : [...r])),
    }),
  }));

const preview = (who: DemoUser, fileName: string, content: Buffer, type = "application/octet-stream") => {
  const body = multipart(fileName, content, type);
  return t.request({
    method: "POST",
    url: "/api/productDev/importTechPack/preview",
    token: f.tokens[who],
    headers: body.headers,
    payload: body.payload,
  });
};
const apply = (who: DemoUser, p: TTpImportPreview, mapping = p.sections.map(toMapping)) =>
  f.call(who, "POST", "/api/productDev/importTechPack/apply", { token: p.token, mapping });
const toMapping = (s: TTpImportPreview["sections"][number]) => ({
  section: s.section,
  sheet: s.sheet,
  columns: s.columns.map(({ index, header, field }) => ({ index, header, field })),
});
const tab = async (stpId: number, key: string) =>
  (await f.call("designer", "GET", `/api/productDev/stps/${stpId}/tabs/${key}`)).json<Record<string, unknown>>();
const writes = async () => {
  const [products] = await t.db.select({ n: count() }).from(schema.pdProducts);
  const [imports] = await t.db.select({ n: count() }).from(schema.pdTechPackImports);
  return { products: products?.n, imports: imports?.n };
};

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "IM");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("importing a workbook", () => {
  let first: TTpImportResult;

  test("the template's workbook previews with every section mapped by its headers, and applies into a product", async () => {
    const res = await preview("designer", "tee.xlsx", await workbook(withCode("IM-TEE-1")));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<TTpImportPreview>();
    expect(p.sections.map((s) => s.section)).toEqual(["details", "colorways", "bom", "pom", "construction"]);
    const pom = p.sections.find((s) => s.section === "pom");
    expect(pom?.columns.map((c) => c.field)).toEqual([
      "code",
      "description",
      "howToMeasure",
      "tol",
      "critical",
      "size",
      "size",
      "size",
      "size",
      "size",
    ]);
    expect(
      p.sections
        .find((s) => s.section === "bom")
        ?.columns.slice(-2)
        .map((c) => c.field),
    ).toEqual(["colorway", "colorway"]);
    expect(
      p.problems.filter((x) => x.severity === "error"),
      JSON.stringify(p.problems),
    ).toEqual([]);
    expect(p.counts).toMatchObject({ colorways: 2, bomRows: 4, points: 3, steps: 4, unit: "in", baseSize: "M" });
    expect(p.counts.newLibraryItems).toBe(4);
    expect(p.existing).toBeNull();

    const made = await apply("designer", p);
    expect(made.statusCode, made.body).toBe(201);
    first = made.json<TTpImportResult>();
    expect(first).toMatchObject({ version: 1, created: true, code: "IM-TEE-1" });

    const details = await tab(first.stpId, "editProductDetails");
    expect(details).toMatchObject({ code: "IM-TEE-1", name: "Classic crew tee", season: "SS27", targetCostCents: 650 });
    expect(details.tags).toEqual(["basics", "knit"]);
    const sizing = await tab(first.stpId, "sizing");
    expect(sizing).toMatchObject({ sizes: ["XS", "S", "M", "L", "XL"], baseSize: "M" });
    const spec = await tab(first.stpId, "gradedSpec");
    expect(spec.unit).toBe("in");
    // "21 1/2" and "23": graded from the base 20 by 1.5 and 1.5; XS 18 is 1 below S 19.
    const chart = spec.chart as { code: string; values: Record<string, number> }[];
    expect(chart.find((c) => c.code === "A")?.values).toEqual({ XS: 18, S: 19, M: 20, L: 21.5, XL: 23 });
    expect(chart.find((c) => c.code === "C")?.values).toEqual({ XS: 7.75, S: 8, M: 8.25, L: 8.5, XL: 8.75 });
    const points = spec.points as { code: string; tolPlus: number; critical: boolean }[];
    expect(points.find((x) => x.code === "A")).toMatchObject({ tolPlus: 0.5, critical: true });
    const colorways = await tab(first.stpId, "colorways");
    expect((colorways.colorways as { key: string }[]).map((c) => c.key)).toEqual(["BLK", "WHT"]);
    const fabrics = await tab(first.stpId, "fabrics");
    const rows = fabrics.rows as { quantity: string; costCents: number; cells: Record<string, { note: string }> }[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ quantity: "1.25", costCents: 800 });
    expect(rows[0]?.cells.BLK?.note).toBe("Black");
    expect(((await tab(first.stpId, "labels")).rows as unknown[]).length).toBe(1);
    const steps = (await tab(first.stpId, "constructionDetails")).steps as { title: string }[];
    expect(steps.map((s) => s.title)).toEqual([
      "Join shoulders",
      "Attach neckband",
      "Set sleeves and side seams",
      "Hem",
    ]);
    // Applying the same upload again answers the same product and version.
    const again = await apply("designer", p);
    expect(again.statusCode).toBe(201);
    expect(again.json<TTpImportResult>()).toEqual(first);
  });

  test("the same product code again makes version 2 of that product, never a second product", async () => {
    const before = await writes();
    const sheets = withCode("im-tee-1", (s) =>
      s.name === "Points of measure"
        ? s.rows.map((r) => (r[0] === "A" ? [...r.slice(0, 5), "18", "19", "20.5", "21", "22"] : r))
        : s.rows,
    );
    const p = (await preview("designer", "tee-v2.xlsx", await workbook(sheets))).json<TTpImportPreview>();
    expect(p.existing).toMatchObject({ id: first.productId, latestVersion: 1 });
    expect(p.counts.newLibraryItems).toBe(0);
    const res = await apply("designer", p);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TTpImportResult>()).toMatchObject({ productId: first.productId, version: 2, created: false });
    expect((await writes()).products).toBe(before.products);
    const versions = (await f.call("designer", "GET", `/api/productDev/products/${first.productId}/versions`)).json<{
      versions: unknown[];
    }>();
    expect(versions.versions).toHaveLength(2);
    const chart = (await tab(res.json<TTpImportResult>().stpId, "gradedSpec")).chart as {
      code: string;
      values: Record<string, number>;
    }[];
    expect(chart.find((c) => c.code === "A")?.values.M).toBe(20.5);
  });

  test("cm values and a CSV with section titles in one sheet", async () => {
    const csv = [
      "Product details",
      "Style number,Product name,Season,Base size,Sizes",
      'IM-CSV-1,CSV hoodie,AW27,M,"S,M,L"',
      "",
      "Points of measure",
      "Point of measure,POM code,Tolerance,S,M,L",
      "Chest width,A,1 cm,50 cm,52 cm,54.5 cm",
      "Body length,B,1,68,70,72",
    ].join("\n");
    const res = await preview("designer", "hoodie.csv", Buffer.from(csv), "text/csv");
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<TTpImportPreview>();
    expect(p.sections.map((s) => s.section)).toEqual(["details", "pom"]);
    expect(p.counts).toMatchObject({ unit: "cm", points: 2, sizes: ["S", "M", "L"] });
    const made = await apply("designer", p);
    expect(made.statusCode, made.body).toBe(201);
    const spec = await tab(made.json<TTpImportResult>().stpId, "gradedSpec");
    expect((spec.chart as { code: string; values: Record<string, number> }[])[0]?.values).toEqual({
      S: 50,
      M: 52,
      L: 54.5,
    });
  });

  test("every row's problems are listed by sheet, row and column, and apply refuses them", async () => {
    const sheets = withCode("IM-BAD-1", (s) =>
      s.name === "Points of measure"
        ? [...s.rows, ["D", "Hem width", "", "1/2", "", "20", "twenty", "22", "23", "24"]]
        : s.name === "BOM"
          ? [...s.rows, ["Widget", "W-1", "Widget", "", "1", "pc", "1", "", ""]]
          : s.rows,
    );
    const p = (await preview("designer", "bad.xlsx", await workbook(sheets))).json<TTpImportPreview>();
    expect(p.canApply).toBe(false);
    expect(p.problems).toContainEqual(
      expect.objectContaining({ sheet: "Points of measure", row: 5, column: "G", severity: "error" }),
    );
    expect(p.problems).toContainEqual(expect.objectContaining({ sheet: "BOM", row: 6, column: "A" }));
    const before = await writes();
    const res = await apply("designer", p);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain("problems to fix");
    expect((await writes()).products).toBe(before.products);
  });
});

describe("bad files are refused clearly and write nothing", () => {
  const refused = async (fileName: string, content: Buffer, status: number, text: RegExp) => {
    const before = await writes();
    const res = await preview("designer", fileName, content);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ message: string }>().message).toMatch(text);
    expect(await writes()).toEqual(before);
  };

  test("not a workbook", async () => {
    await refused(
      "tech-pack.xlsx",
      Buffer.from("\x89PNG\r\n\x1a\nnot a workbook at all"),
      400,
      /not an Excel workbook/,
    );
    await refused(
      "tech-pack.xlsx",
      Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(64)]),
      400,
      /not an Excel workbook/,
    );
  });

  test("a zip bomb: a part that unzips past the cap", async () => {
    // A valid workbook with one more part of 80 MB of zeros (about 80 KB compressed).
    const good = await workbook(withCode("IM-BOMB"));
    const JSZip = (await import("jszip")).default;
    const zip = await JSZip.loadAsync(good);
    zip.file("xl/media/bomb.bin", deflateRawSync(Buffer.alloc(80 * 1024 * 1024)), {
      compression: "STORE",
    });
    // Stored as the deflate stream, then relabelled as deflated: it inflates to 80 MB.
    const raw = await zip.generateAsync({ type: "nodebuffer", compression: "STORE" });
    const bomb = relabelDeflated(raw, "xl/media/bomb.bin");
    await refused("bomb.xlsx", bomb, 400, /unzips to more than 60 MB/);
  });

  test("over the size limit", async () => {
    await refused("huge.csv", Buffer.alloc(11 * 1024 * 1024, "a"), 413, /larger than 10 MB/);
  });

  test("a formula cell: its saved value is taken; without one it is refused, never calculated", async () => {
    const withResult = withCode("IM-FORMULA", (s) =>
      s.name === "Points of measure"
        ? s.rows.map((r) => (r[0] === "A" ? [...r.slice(0, 8), { formula: "H2+1.5", result: 21.5 }, "23"] : r))
        : s.rows,
    );
    const ok = await preview("designer", "formula.xlsx", await workbook(withResult));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TTpImportPreview>().problems.filter((x) => x.severity === "error")).toEqual([]);
    const without = withCode("IM-FORMULA2", (s) =>
      s.name === "Points of measure"
        ? s.rows.map((r) => (r[0] === "A" ? [...r.slice(0, 8), { formula: "H2+1.5" }, "23"] : r))
        : s.rows,
    );
    await refused("formula.xlsx", await workbook(without), 400, /cell I2 holds a formula without a saved value/);
  });

  test("a sheet with 100,000 rows", async () => {
    const rows: Rows = [["POM", "Description", "M"]];
    for (let i = 1; i < 100_000; i++) rows.push([`P${i}`, "x", 1]);
    await refused(
      "long.xlsx",
      await workbook([{ name: "Points of measure", rows }]),
      400,
      /100,000 rows; an import reads at most 5,000/,
    );
  }, 60_000);
});

describe("the mapping is remembered, and the team scope holds", () => {
  test("a column mapped by hand is proposed next time for the team", async () => {
    const sheets = withCode("IM-MAP-1", (s) =>
      s.name === "Points of measure" ? s.rows.map((r, i) => (i === 0 ? ["Messpunkt", ...r.slice(1)] : r)) : s.rows,
    );
    const p = (await preview("designer", "map.xlsx", await workbook(sheets))).json<TTpImportPreview>();
    const pom = p.sections.find((s) => s.section === "pom");
    expect(pom?.columns[0]).toMatchObject({ header: "Messpunkt", field: "ignore", proposedBy: "none" });
    expect(p.canApply).toBe(false);
    const mapping = p.sections.map(toMapping);
    const pomMap = mapping.find((m) => m.section === "pom");
    if (pomMap?.columns[0]) pomMap.columns[0].field = "code";
    const remapped = (
      await f.call("designer", "POST", "/api/productDev/importTechPack/remap", { token: p.token, mapping })
    ).json<TTpImportPreview>();
    expect(remapped.canApply, JSON.stringify(remapped.problems)).toBe(true);
    expect((await apply("designer", p, mapping)).statusCode).toBe(201);
    const next = (await preview("designer", "map2.xlsx", await workbook(sheets))).json<TTpImportPreview>();
    expect(next.sections.find((s) => s.section === "pom")?.columns[0]).toMatchObject({
      field: "code",
      proposedBy: "remembered",
    });
  });

  test("access: another client's user and a facility cannot see or apply the team's upload; anonymous is 401", async () => {
    const p = (
      await preview("designer", "scope.xlsx", await workbook(withCode("IM-SCOPE-1")))
    ).json<TTpImportPreview>();
    const body = { token: p.token, mapping: p.sections.map(toMapping) };
    // Bluebird's client user has the card but is not in the team: the token is unknown to them.
    expect((await f.call("client2", "POST", "/api/productDev/importTechPack/apply", body)).statusCode).toBe(404);
    expect((await f.call("client2", "POST", "/api/productDev/importTechPack/remap", body)).statusCode).toBe(404);
    expect((await f.call("factory", "POST", "/api/productDev/importTechPack/apply", body)).statusCode).toBe(403);
    expect((await f.call(null, "POST", "/api/productDev/importTechPack/apply", body)).statusCode).toBe(401);
    expect((await preview("factory", "scope.xlsx", Buffer.from("x"))).statusCode).toBe(403);
    const [row] = await t.db.select().from(schema.pdTechPackImports).where(eq(schema.pdTechPackImports.token, p.token));
    expect(row?.appliedProductId).toBeNull();
    // Northwind's client admin is a member of the team: they apply it.
    expect((await f.call("client", "POST", "/api/productDev/importTechPack/apply", body)).statusCode).toBe(201);
  });

  test("the template downloads as a workbook with one sheet per section", async () => {
    const res = await f.call("designer", "GET", "/api/productDev/importTechPack/template.xlsx");
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(TEMPLATE_SHEETS.map((s) => s.name));
  });
});

/** Marks a stored zip entry as deflated (method 8) in both its local and central headers. */
function relabelDeflated(zip: Buffer, name: string): Buffer {
  const out = Buffer.from(zip);
  const nameBytes = Buffer.from(name);
  for (let i = 0; i < out.length - 4; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50 && out.subarray(i + 30, i + 30 + nameBytes.length).equals(nameBytes))
      out.writeUInt16LE(8, i + 8);
    if (sig === 0x02014b50 && out.subarray(i + 46, i + 46 + nameBytes.length).equals(nameBytes))
      out.writeUInt16LE(8, i + 10);
  }
  return out;
}
