import { SESSION_CLIENT_HEADER } from "@hub/contracts";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { registeredRoutesOf } from "../src/platform/access";
import { csvCell, toCsv } from "../src/platform/csv";
import { createTestApp, demoClientIds, type TestApp } from "./helpers/test-app";

/**
 * No CSV the Hub sends can run a formula in a spreadsheet: every text a person typed that reaches a
 * download is made to start like a formula, then every export of the registry is read back, every
 * column of every row.
 */
let t: TestApp;
let northwind: number;
const tokens: Record<string, string> = {};
const FORMULA = "=cmd|' /C calc'!A0";
/** Columns people type free text into; keys, codes, states and numbers keep their values. */
const FREE_TEXT =
  /(^|_)(name|description|notes?|title|label|company|comment|reason|line1|line2|city|po_number|tags|season|collection)$/;

/** Names the Hub looks things up by (sign-in, access, site names), not free text. */
const KEYS = new Set(["user_name", "username", "site_name", "route_name", "role_name"]);
const REFERENCE = new Set(["user_types", "roles", "cards", "card_grants", "subscriptions"]);

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["admin", "client", "factory"]) tokens[name] = await t.signIn(name);
  ({ northwind } = await demoClientIds(t.db));
  const { rows } = z
    .object({ rows: z.array(z.object({ table: z.string(), column: z.string(), type: z.string() })) })
    .parse(
      await t.db.execute(sql`
        select c.table_name as "table", c.column_name as "column", c.data_type as "type"
        from information_schema.columns c
        join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
        where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
          and c.data_type in ('text', 'character varying', 'ARRAY')`),
    );
  for (const { table, column, type } of rows) {
    if (!FREE_TEXT.test(column) || KEYS.has(column) || REFERENCE.has(table)) continue;
    const col = sql.identifier(column);
    const tbl = sql.identifier(table);
    await t.db.execute(
      type === "ARRAY"
        ? sql`update ${tbl} set ${col} = array_prepend(${FORMULA}::text, ${col})`
        : sql`update ${tbl} set ${col} = ${FORMULA} || ${col} where ${col} is not null and ${col} <> ''`,
    );
  }
});
afterAll(() => t?.close());

test("a cell is neutralised whatever its type; numbers stay numbers", () => {
  expect(csvCell("=1+2")).toBe("'=1+2");
  expect(csvCell(["=cmd|' /C calc'!A0", "ok"])).toBe(`'=cmd|' /C calc'!A0|ok`);
  expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  expect(csvCell(["+1", "-2"])).toBe("'+1|-2");
  expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  expect(csvCell("\t=1")).toBe("'\t=1");
  expect(csvCell(-12)).toBe("-12");
  expect(csvCell("-12.50")).toBe("-12.50");
  expect(csvCell(true)).toBe("true");
  expect(toCsv(["a"], [["=x"]])).toBe("a\r\n'=x\r\n");
  // A carriage return or a lone sign starts a formula too; the quoted cell keeps the apostrophe first.
  expect(csvCell("\r=1+2")).toBe(`"'\r=1+2"`);
  expect(csvCell("-")).toBe("'-");
  expect(csvCell("+1 503 555 0100")).toBe("'+1 503 555 0100");
  expect(csvCell("-5")).toBe("-5");
  expect(csvCell(-5)).toBe("-5");
});

test("every CSV export of the registry, every column: no cell starts like a formula", async () => {
  const exports = registeredRoutesOf(t.app).filter(
    (r) => r.method === "GET" && r.url.endsWith(".csv") && !r.url.includes(":"),
  );
  expect(exports.length).toBeGreaterThanOrEqual(10);
  const problems: string[] = [];
  let neutralised = 0;
  let read = 0;
  for (const route of exports) {
    let body: string | null = null;
    for (const who of ["admin", "factory", "client"]) {
      const res = await t.request({
        method: "GET",
        url: route.url,
        token: tokens[who],
        headers: { [SESSION_CLIENT_HEADER]: String(northwind) },
      });
      if (res.statusCode === 200) {
        body = res.body;
        break;
      }
      if (res.statusCode >= 500) problems.push(`${route.url} as ${who}: ${res.statusCode} ${res.body}`);
    }
    if (body === null) continue;
    read++;
    const records = parse(body, { relax_column_count: true }) as string[][];
    for (const [line, record] of records.entries())
      for (const [column, value] of record.entries()) {
        if (/^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value))
          problems.push(`${route.url} line ${line + 1} column ${records[0]?.[column] ?? column}: ${value}`);
        if (value.startsWith(`'${FORMULA}`)) neutralised++;
      }
  }
  expect(problems).toEqual([]);
  expect(read).toBeGreaterThanOrEqual(10);
  // The typed text did reach the downloads (and was neutralised there).
  expect(neutralised).toBeGreaterThan(20);
});

test("the products export's tags (an array column) come out neutralised", async () => {
  const res = await t.request({
    method: "GET",
    url: "/api/productDev/products/export.csv",
    token: tokens.client,
  });
  expect(res.statusCode, res.body).toBe(200);
  const records = parse(res.body) as string[][];
  const tagsAt = records[0]?.findIndex((h) => /tags/i.test(h)) ?? -1;
  expect(tagsAt).toBeGreaterThanOrEqual(0);
  const tagCells = records.slice(1).map((r) => r[tagsAt] ?? "");
  expect(tagCells.length).toBeGreaterThan(0);
  for (const cell of tagCells) expect(cell.startsWith(`'${FORMULA}`), cell).toBe(true);
});
