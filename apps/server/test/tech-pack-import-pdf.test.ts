import type { TFmList, TTpImportPdfResult } from "@hub/contracts";
import { schema } from "@hub/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { textPdf } from "./helpers/pdf-fixture";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type DemoUser, type TestApp } from "./helpers/test-app";
import { multipart, PNG } from "./stand-ins/uploads";

/**
 * Import Tech Pack with a PDF (issue 19: "A PDF tech pack is attached to the new product's Files
 * tab, with its text extracted for search"): the PDF becomes a team file with its text, on the Files
 * tab of a new product (or the next version of the product with the code); the File Manager's
 * search finds it by a word inside; a retry makes nothing twice; bad files write nothing; access.
 */

let t: TestApp;
let f: TechPackFixture;

const JACKET = textPdf([
  ["Style IMP-900 Field Jacket", "Shell: cotton ripstop, 220 gsm"],
  ["Construction: bartack both pocket corners", "Critical: chest width +/- 1/2"],
]);

const importPdf = (who: DemoUser | null, fileName: string, bytes: Buffer, query: Record<string, string>) => {
  const body = multipart(fileName, bytes, "application/pdf");
  return t.request({
    method: "POST",
    url: `/api/productDev/importTechPack/pdf?${new URLSearchParams(query)}`,
    ...(who ? { token: f.tokens[who] } : {}),
    headers: body.headers,
    payload: body.payload,
  });
};
const filesTab = async (stpId: number) =>
  (await f.call("designer", "GET", `/api/productDev/stps/${stpId}/tabs/files`)).json<{
    files: { fileId: number; note: string }[];
  }>();
const search = async (who: DemoUser, text: string) => {
  const res = await f.call(who, "GET", `/api/productDev/files/list?searchString=${encodeURIComponent(text)}`);
  return res;
};
const writes = async () => {
  const [products] = await t.db.select({ n: count() }).from(schema.pdProducts);
  const [packs] = await t.db.select({ n: count() }).from(schema.pdTechPacks);
  const [stored] = await t.db.select({ n: count() }).from(schema.storedFiles);
  return { products: products?.n, packs: packs?.n, stored: stored?.n };
};

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "IP");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("importing a PDF tech pack", () => {
  let first: TTpImportPdfResult;

  test("a new code makes the product with version 1 and the PDF on its Files tab, text kept", async () => {
    const res = await importPdf("designer", "IMP-900 jacket.pdf", JACKET, { code: "IMP-900", name: "Field jacket" });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json<TTpImportPdfResult>();
    expect(first).toMatchObject({
      created: true,
      version: 1,
      code: "IMP-900",
      fileName: "IMP-900 jacket.pdf",
      pages: 2,
      alreadyImported: false,
    });
    expect(first.textCharacters).toBeGreaterThan(50);
    expect((await filesTab(first.stpId)).files).toEqual([{ fileId: first.fileId, note: "Imported PDF tech pack" }]);
    const [owned] = await t.db.select().from(schema.pdTeamFiles).where(eq(schema.pdTeamFiles.fileId, first.fileId));
    expect(owned?.teamId).toBe(f.teamId);
    expect(owned?.textContent).toContain("bartack both pocket corners");
    // The version's file opens through the tech pack, bytes intact.
    const file = await f.call("designer", "GET", `/api/productDev/stps/${first.stpId}/uploads/${first.fileId}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.equals(JACKET)).toBe(true);
  });

  test("the File Manager's search finds the PDF by a word inside it, with the words around it", async () => {
    const res = await search("designer", "RIPSTOP");
    expect(res.statusCode, res.body).toBe(200);
    const hit = res.json<TFmList>().items.find((e) => e.id === first.fileId);
    expect(hit?.name).toBe("IMP-900 jacket.pdf");
    expect(hit?.match).toContain("cotton ripstop, 220 gsm");
    // A match by name carries no text excerpt.
    const byName = (await search("designer", "IMP-900 jacket"))
      .json<TFmList>()
      .items.find((e) => e.id === first.fileId);
    expect(byName?.match ?? null).toBeNull();
    // Nobody else's search reaches it: Bluebird's user has no design team, the factory no card.
    expect((await search("client2", "ripstop")).statusCode).toBe(400);
    expect((await search("factory", "ripstop")).statusCode).toBe(403);
  });

  test("the same PDF again is answered with the version it is on: nothing is made twice", async () => {
    const before = await writes();
    const res = await importPdf("designer", "IMP-900 jacket.pdf", JACKET, { code: "imp-900", name: "Field jacket" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TTpImportPdfResult>()).toMatchObject({
      alreadyImported: true,
      stpId: first.stpId,
      version: 1,
      fileId: first.fileId,
    });
    expect(await writes()).toEqual(before);
  });

  test("another PDF for the same code makes the next version, keeping the product's own name", async () => {
    const sketch = textPdf([["IMP-900 revised sketch", "Hood added"]]);
    const res = await importPdf("designer", "revised.pdf", sketch, { code: "IMP-900", name: "Another name" });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json<TTpImportPdfResult>();
    expect(second).toMatchObject({ created: false, version: 2, productId: first.productId, code: "IMP-900" });
    expect((await filesTab(second.stpId)).files.map((x) => x.fileId)).toEqual([first.fileId, second.fileId]);
    const [product] = await t.db.select().from(schema.pdProducts).where(eq(schema.pdProducts.id, first.productId));
    expect(product).toMatchObject({ name: "Field jacket", latestVersion: 2 });
  });

  test("the same new PDF sent twice at once makes one version, and the other answers it", async () => {
    const before = await writes();
    const pdf = textPdf([["IMP-900 twice", "double click"]]);
    const [a, b] = await Promise.all([
      importPdf("designer", "twice.pdf", pdf, { code: "IMP-900", name: "Field jacket" }),
      importPdf("designer", "twice.pdf", pdf, { code: "IMP-900", name: "Field jacket" }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 201]);
    const [ra, rb] = [a.json<TTpImportPdfResult>(), b.json<TTpImportPdfResult>()];
    expect(ra.stpId).toBe(rb.stpId);
    expect(ra.fileId).toBe(rb.fileId);
    const after = await writes();
    expect(after.packs).toBe((before.packs ?? 0) + 1);
    expect(after.stored).toBe((before.stored ?? 0) + 1);
  });

  test("a PDF with no text (a scan) is still attached, with no search text", async () => {
    const res = await importPdf("designer", "scan.pdf", textPdf([[]]), { code: "IMP-901", name: "Scanned" });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<TTpImportPdfResult>();
    expect(made).toMatchObject({ created: true, pages: 1, textCharacters: 0 });
    const [owned] = await t.db.select().from(schema.pdTeamFiles).where(eq(schema.pdTeamFiles.fileId, made.fileId));
    expect(owned?.textContent).toBeNull();
  });
});

describe("what a PDF import refuses, writing nothing", () => {
  test.each([
    ["a PNG named .pdf", "fake.pdf", PNG, "This file is not a PDF"],
    ["a workbook's name on PDF bytes", "tp.xlsx", JACKET, "This file is not a PDF"],
    ["a damaged PDF", "broken.pdf", Buffer.from("%PDF-1.4\nthis is not a pdf at all"), "could not be read"],
    ["an empty file", "empty.pdf", Buffer.alloc(0), "empty"],
  ])("%s", async (_what, fileName, bytes, message) => {
    const before = await writes();
    const res = await importPdf("designer", fileName, bytes, { code: "IMP-BAD", name: "Bad" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await writes()).toEqual(before);
  });

  test("no code, or a code too long, is a 400 naming the field", async () => {
    const before = await writes();
    const none = await importPdf("designer", "a.pdf", JACKET, { name: "No code" });
    expect(none.statusCode).toBe(400);
    const long = await importPdf("designer", "a.pdf", JACKET, { code: "X".repeat(41), name: "Long" });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain("At most 40 characters");
    expect(await writes()).toEqual(before);
  });

  test("a PDF over 20 MB is a 413", async () => {
    const before = await writes();
    const big = Buffer.concat([JACKET, Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const res = await importPdf("designer", "big.pdf", big, { code: "IMP-BIG", name: "Big" });
    expect(res.statusCode).toBe(413);
    expect(await writes()).toEqual(before);
  });

  test("access: a facility is refused, anonymous is 401, another client's user cannot name the team", async () => {
    const before = await writes();
    expect((await importPdf("factory", "a.pdf", JACKET, { code: "IMP-ACC", name: "A" })).statusCode).toBe(403);
    expect((await importPdf(null, "a.pdf", JACKET, { code: "IMP-ACC", name: "A" })).statusCode).toBe(401);
    const other = await importPdf("client2", "a.pdf", JACKET, { code: "IMP-ACC", name: "A", teamId: String(f.teamId) });
    // The one team rule (platform/resource/owners.ts): a team the caller is not in is refused by name.
    expect(other.statusCode).toBe(400);
    expect(other.json<{ fields?: Record<string, string> }>().fields?.teamId).toBe("Not your team");
    expect(await writes()).toEqual(before);
  });
});

describe("PDFs reaching the team other ways keep their text too", () => {
  test("a PDF uploaded in the File Manager is found by a word inside it", async () => {
    const body = multipart("supplier spec.pdf", textPdf([["Zipper YKK Vislon #5 antique brass"]]), "application/pdf");
    const res = await t.request({
      method: "POST",
      url: "/api/productDev/files/items",
      token: f.tokens.designer,
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const hits = (await search("designer", "vislon")).json<TFmList>().items;
    expect(hits.map((e) => e.name)).toEqual(["supplier spec.pdf"]);
    expect(hits[0]?.match).toContain("Zipper YKK Vislon #5");
  });
});
