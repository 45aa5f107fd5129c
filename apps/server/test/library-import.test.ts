import { IMPORT_MAX_BYTES, type TErrorResponse, type TImportReport, type TPage } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/** Import Csv (issue 4): templates, the row-by-row report, all-or-nothing apply, idempotency, access. */

let t: TestApp;
let tokens: Record<DemoUser, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  // The factory type has no Import Csv card by default; this facility user is granted it.
  const [factoryUser] = await t.db.select().from(schema.users).where(eq(schema.users.userName, "factory"));
  await t.db.insert(schema.cardGrants).values({ routeName: "importCsv", userId: factoryUser?.userId ?? 0 });
});
afterAll(async () => {
  await t?.close();
});

const validate = (who: DemoUser, resource: string, csv: string) =>
  t.request({
    method: "POST",
    url: `/api/library/import/validate?resource=${resource}&fileName=test.csv`,
    token: tokens[who],
    payload: csv,
    headers: { "content-type": "text/csv" },
  });
const apply = (who: DemoUser, id: string, key?: string) =>
  t.request({
    method: "POST",
    url: `/api/library/import/${id}/apply`,
    token: tokens[who],
    ...(key ? { headers: { "idempotency-key": key } } : {}),
  });
const fabricsLike = async (prefix: string) =>
  t.db
    .select()
    .from(schema.fabrics)
    .where(like(schema.fabrics.fabricCode, `${prefix}%`));

const HEADER = "fabricCode,fabricName,fabricType,supplier,color,cost,unit,widthInches,weightGsm";

describe("templates", () => {
  test("each resource's template is its header and an example row, and validates as it is", async () => {
    const res = await t.request({ method: "GET", url: "/api/library/import/templates/fabrics", token: tokens.factory });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const [header, example] = res.body.trim().split("\r\n");
    expect(header).toBe(HEADER);
    expect(example).toContain("JER-150");
    const list = (await t.request({ method: "GET", url: "/api/library/import/resources", token: tokens.factory })).json<
      { resource: string }[]
    >();
    expect(list.map((r) => r.resource)).toContain("styles");
    for (const resource of list.map((r) => r.resource)) {
      const tpl = (
        await t.request({ method: "GET", url: `/api/library/import/templates/${resource}`, token: tokens.factory })
      ).body;
      const report = (await validate("factory", resource, tpl)).json<TImportReport>();
      expect(report.errors, resource).toEqual([]);
    }
  });
});

describe("validate and apply", () => {
  test("a good file creates and updates rows in one go, with its fabric types", async () => {
    const csv = [
      HEADER,
      "IMP-A1,Import jersey A,Slub jersey,Mill A,Black,4.10,yd,60,160",
      'IMP-A2,"Import jersey, B",Slub jersey,,,$5,m,,',
      "JER-150,30/1 Combed Cotton Jersey 150 gsm (new price),Jersey,Carolina Knits,,4.35,yd,66,150",
    ].join("\r\n");
    const res = await validate("factory", "fabrics", csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TImportReport>();
    expect(report).toMatchObject({
      status: "validated",
      rowCount: 3,
      validCount: 3,
      willCreate: 2,
      willUpdate: 1,
      errorCount: 0,
    });
    expect(report.preview[1]?.fabricName).toBe("Import jersey, B");
    expect(await fabricsLike("IMP-A")).toEqual([]);

    const done = await apply("factory", report.importId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<TImportReport>()).toMatchObject({ status: "applied", willCreate: 2, willUpdate: 1 });
    const rows = await fabricsLike("IMP-A");
    expect(rows.map((r) => [r.fabricCode, r.costCents, r.unit]).sort()).toEqual([
      ["IMP-A1", 410, "yd"],
      ["IMP-A2", 500, "m"],
    ]);
    const [jer] = await t.db.select().from(schema.fabrics).where(eq(schema.fabrics.fabricCode, "JER-150"));
    expect(jer?.costCents).toBe(435);
    const [type] = await t.db.select().from(schema.fabricTypes).where(eq(schema.fabricTypes.name, "Slub jersey"));
    expect(rows.every((r) => r.fabricTypeId === type?.id)).toBe(true);
  });

  test("a file with bad rows writes nothing and reports every bad row with its line and reason", async () => {
    const csv = [
      HEADER,
      "IMP-B1,Fine row,Jersey,,,4.00,yd,60,160",
      ",No code,Jersey,,,4.00,yd,,",
      "IMP-B3,Bad cost,Jersey,,,four,yd,,",
      "",
      "IMP-B5,Bad unit,Jersey,,,4.00,bolt,,",
      "IMP-B1,Same code again,Jersey,,,4.00,yd,,",
      "IMP-B7,Bad width,Jersey,,,4.00,yd,wide,",
    ].join("\n");
    const report = (await validate("factory", "fabrics", csv)).json<TImportReport>();
    expect(report.rowCount).toBe(6);
    expect(report.errors).toEqual([
      { line: 3, column: "fabricCode", message: "Code is required" },
      { line: 4, column: "cost", message: '"four" is not an amount: write dollars and cents, e.g. 4.25' },
      { line: 6, column: "unit", message: "Choose yd or m" },
      { line: 7, column: "fabricCode", message: "The code IMP-B1 is already on line 2" },
      { line: 8, column: "widthInches", message: '"wide" is not a number' },
    ]);
    expect(report.validCount).toBe(1);
    const refused = await apply("factory", report.importId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<TErrorResponse>().message).toBe("This file has 5 rows to fix; nothing was imported.");
    expect(await fabricsLike("IMP-B")).toEqual([]);
  });

  test("attributes name their options by code; instructions their machine; unknown codes are reported", async () => {
    const attrs = [
      "code,name,hexColor,sortOrder,options",
      "IMP-4XL,4X large,,8,SIZE",
      "IMP-PNK,Pink,#FF69B4,30,COLOR|NOPE",
    ].join("\n");
    const bad = (await validate("factory", "attributes", attrs)).json<TImportReport>();
    expect(bad.errors).toEqual([{ line: 3, column: "options", message: 'There is no option with code "NOPE"' }]);
    const good = (await validate("factory", "attributes", attrs.replace("|NOPE", ""))).json<TImportReport>();
    expect((await apply("factory", good.importId)).statusCode).toBe(200);
    const [pink] = await t.db.select().from(schema.attributes).where(eq(schema.attributes.code, "IMP-PNK"));
    const links = await t.db
      .select()
      .from(schema.optionAttributes)
      .where(eq(schema.optionAttributes.attributeId, pink?.id ?? 0));
    expect(links).toHaveLength(1);

    const steps = [
      "code,name,machine,standardMinutes,description",
      "IMP-S1,Sew a thing,OL-4T,0.5,",
      "IMP-S2,Sew another,NO-SUCH,x,",
    ].join("\n");
    const report = (await validate("factory", "instructions", steps)).json<TImportReport>();
    expect(report.errors).toEqual([
      { line: 3, column: "machine", message: 'There is no machine with code "NO-SUCH"' },
      { line: 3, column: "standardMinutes", message: '"x" is not a number' },
    ]);
  });

  test("style price tiers name their style by code; an existing tier gets the new price", async () => {
    const [tee] = await t.db.select().from(schema.styles).where(eq(schema.styles.code, "TEE-100"));
    const tiers = () =>
      t.db
        .select()
        .from(schema.stylePriceTiers)
        .where(eq(schema.stylePriceTiers.styleId, tee?.id ?? 0));
    const before = await tiers();
    const head = "styleCode,minQuantity,unitPrice";
    const bad = [
      head,
      "tee-100,7777,9.00",
      "TEE-100,7777,8.50",
      "NOPE-1,10,1.00",
      "TEE-100,1,5.00",
      "TEE-100,x,5.00",
    ].join("\n");
    expect((await validate("factory", "stylePriceTiers", bad)).json<TImportReport>().errors).toEqual([
      { line: 3, column: "minQuantity", message: "This style's tier from 7777 pieces is already on line 2" },
      { line: 4, column: "styleCode", message: 'There is no style with code "NOPE-1"' },
      { line: 5, column: "minQuantity", message: "Tiers start at 2 pieces (1 piece is the base price)" },
      { line: 6, column: "minQuantity", message: '"x" is not a whole number' },
    ]);
    expect(await tiers()).toEqual(before);

    const kept = before[0];
    const good = [head, "TEE-100,7777,9.00", ...(kept ? [`TEE-100,${kept.minQuantity},1.23`] : [])].join("\n");
    const report = (await validate("factory", "stylePriceTiers", good)).json<TImportReport>();
    expect(report).toMatchObject({ errorCount: 0, willCreate: 1, willUpdate: kept ? 1 : 0 });
    expect((await apply("factory", report.importId)).json<TImportReport>()).toMatchObject({
      status: "applied",
      willCreate: 1,
      willUpdate: kept ? 1 : 0,
    });
    const after = await tiers();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((x) => x.minQuantity === 7777)?.unitPriceCents).toBe(900);
    if (kept) expect(after.find((x) => x.minQuantity === kept.minQuantity)?.unitPriceCents).toBe(123);
  });

  test("applying twice, or with a used idempotency key, writes once and answers the first result", async () => {
    const csv = [HEADER, "IMP-C1,Once only,Jersey,,,4.00,yd,,"].join("\n");
    const first = (await validate("factory", "fabrics", csv)).json<TImportReport>();
    const a = await apply("factory", first.importId, "key-c1");
    const b = await apply("factory", first.importId, "key-c1");
    expect(b.json<TImportReport>()).toEqual(a.json<TImportReport>());
    // the same file uploaded again and applied with the same key is not imported twice
    const second = (await validate("factory", "fabrics", csv.replace("Once only", "Twice"))).json<TImportReport>();
    const c = await apply("factory", second.importId, "key-c1");
    expect(c.json<TImportReport>().importId).toBe(first.importId);
    const rows = await fabricsLike("IMP-C");
    expect(rows.map((r) => r.fabricName)).toEqual(["Once only"]);
    // A key over 200 characters is refused, not cut short (two long keys must not become one).
    const third = (await validate("factory", "fabrics", csv.replace("IMP-C1", "IMP-C2"))).json<TImportReport>();
    expect((await apply("factory", third.importId, "k".repeat(201))).statusCode).toBe(400);
    expect((await fabricsLike("IMP-C")).map((r) => r.fabricName)).toEqual(["Once only"]);
  });

  test("files that cannot be read are refused with a message", async () => {
    const noHeader = await validate("factory", "fabrics", "code,name\nX,Y");
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json<TErrorResponse>().message).toMatch(/^The header lacks fabricCode, fabricName, cost, unit/);
    const empty = await validate("factory", "fabrics", "");
    expect(empty.statusCode).toBe(400);
    const broken = await validate("factory", "fabrics", `${HEADER}\n"unclosed,quote`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json<TErrorResponse>().message).toMatch(/^The file is not readable CSV/);
    const unknown = await validate("factory", "widgets", HEADER);
    expect(unknown.statusCode).toBe(400);
    const huge = await validate("factory", "fabrics", `${HEADER}\n${"x".repeat(IMPORT_MAX_BYTES)}`);
    expect(huge.statusCode).toBe(400);
    expect(huge.json<TErrorResponse>().message).toBe("The file is larger than 25 MB. Split it into several files.");
  });

  test("a spreadsheet's CSV is read as written: BOM, CRLF, quoted fields, blank trailing lines", async () => {
    const csv = [
      `\uFEFF${HEADER}`,
      'IMP-Q1,"Quoted, with a comma and ""quotes""",Jersey,,,"4.00",yd,,',
      'IMP-Q2,"Two',
      'lines",Jersey,,,4.00,yd,,',
      "IMP-Q3,Bad cost after a long field,Jersey,,,x,yd,,",
      'IMP-Q4,"Three',
      "",
      'lines",Jersey,,,,yd,,',
      "",
      "",
    ].join("\r\n");
    const report = (await validate("factory", "fabrics", csv)).json<TImportReport>();
    expect(report.rowCount).toBe(4);
    expect(report.errors).toEqual([
      { line: 5, column: "cost", message: '"x" is not an amount: write dollars and cents, e.g. 4.25' },
      { line: 6, column: "cost", message: "Enter an amount" },
    ]);
    expect(report.preview[0]?.fabricName).toBe('Quoted, with a comma and "quotes"');
    expect(report.preview[1]?.fabricName).toBe("Two\nlines");
    const good = (
      await validate("factory", "fabrics", csv.replace(",x,", ",4.00,").replace(",,yd", ",1,yd"))
    ).json<TImportReport>();
    expect(good).toMatchObject({ rowCount: 4, errorCount: 0, willCreate: 4 });
    expect((await apply("factory", good.importId)).statusCode).toBe(200);
    expect((await fabricsLike("IMP-Q")).map((r) => r.fabricCode).sort()).toEqual([
      "IMP-Q1",
      "IMP-Q2",
      "IMP-Q3",
      "IMP-Q4",
    ]);
  });
});

describe("access", () => {
  test("client and designer users cannot import; a facility user imports into its own facility and sees only its imports", async () => {
    for (const who of ["client", "designer"] as const) {
      expect((await validate(who, "fabrics", HEADER)).statusCode).toBe(403);
      expect(
        (await t.request({ method: "GET", url: "/api/library/import/templates/fabrics", token: tokens[who] }))
          .statusCode,
      ).toBe(403);
    }
    const report = (
      await validate("factory", "machines", "code,name,machineType,make\nIMP-M1,Overlock X,Overlock,")
    ).json<TImportReport>();
    const [row] = await t.db.select().from(schema.libraryImports).where(eq(schema.libraryImports.id, report.importId));
    const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
    expect(row?.factoryId).toBe(factory?.factoryId);
    // an import of another facility is not found
    const [other] = await t.db.insert(schema.factories).values({ name: "Import Other Mill" }).returning();
    await t.db
      .update(schema.libraryImports)
      .set({ factoryId: other?.factoryId ?? 0 })
      .where(eq(schema.libraryImports.id, report.importId));
    expect((await apply("factory", report.importId)).statusCode).toBe(404);
    expect(
      (await t.request({ method: "GET", url: `/api/library/import/${report.importId}`, token: tokens.admin }))
        .statusCode,
    ).toBe(200);
  });
});

describe("a large file", () => {
  test("20,000 fabric rows validate and apply in one transaction", async () => {
    const lines = [HEADER];
    for (let i = 0; i < 20_000; i++)
      lines.push(
        `BIG-${i},Bulk jersey ${i},Bulk knit,Mill ${i % 7},,${(3 + (i % 100) / 100).toFixed(2)},yd,60,${150 + (i % 50)}`,
      );
    const report = (await validate("factory", "fabrics", lines.join("\n"))).json<TImportReport>();
    expect(report).toMatchObject({ rowCount: 20_000, validCount: 20_000, willCreate: 20_000, errorCount: 0 });
    const done = (await apply("factory", report.importId)).json<TImportReport>();
    expect(done.status).toBe("applied");
    const page = (
      await t.request({ method: "GET", url: "/api/library/fabrics?searchString=BIG-&size=1", token: tokens.factory })
    ).json<TPage<unknown>>();
    expect(page.total).toBe(20_000);
    const [sample] = await t.db
      .select()
      .from(schema.fabrics)
      .where(and(eq(schema.fabrics.fabricCode, "BIG-19999")));
    expect(sample?.costCents).toBe(399);

    // the same codes again (any case) update every row, in batches
    const again = (
      await validate("factory", "fabrics", lines.join("\n").replaceAll("BIG-", "big-").replaceAll(",yd,60,", ",m,61,"))
    ).json<TImportReport>();
    expect(again).toMatchObject({ rowCount: 20_000, willCreate: 0, willUpdate: 20_000, errorCount: 0 });
    expect((await apply("factory", again.importId)).json<TImportReport>()).toMatchObject({
      status: "applied",
      willUpdate: 20_000,
    });
    const updated = await fabricsLike("big-");
    expect(updated).toHaveLength(20_000);
    expect(updated.every((r) => r.unit === "m" && r.widthInches === 61)).toBe(true);
    expect(updated.find((r) => r.fabricCode === "big-19999")).toMatchObject({
      costCents: 399,
      weightGsm: 199,
      fabricName: "Bulk jersey 19999",
    });
  }, 180_000);
});
