import { REPORT_MESSAGES, SESSION_CLIENT_HEADER, type TReportDownload } from "@hub/contracts";
import { schema } from "@hub/db";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localFiles } from "../src/platform/files";
import { waitForDownload } from "./helpers/reports";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";

/**
 * Report Downloads (issue 18) against the real app and database: a request queues a pg-boss job
 * that writes the file; the file holds exactly the rows the mirrored list shows the same person;
 * who may request and see what; a formula in stored text reaches the CSV neutralised.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let northwind: number;
let bluebird: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ({ northwind, bluebird } = await demoClientIds(t.db));
});
afterAll(() => t?.close());

const waitFor = waitForDownload;

const requestReport = async (who: DemoUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: "POST", url: "/api/reports/downloads", token: tokens[who], payload, headers });

/** Every item of a list, page by page. */
const everyItem = async <T>(who: DemoUser, url: string, headers: Record<string, string> = {}): Promise<T[]> => {
  const items: T[] = [];
  for (let page = 0; ; page++) {
    const res = await t.request({
      method: "GET",
      url: `${url}${url.includes("?") ? "&" : "?"}size=500&page=${page}`,
      token: tokens[who],
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: T[] }>();
    items.push(...body.items);
    if (body.items.length < 500) return items;
  }
};

/** One count from SQL. */
const countOf = async (query: ReturnType<typeof sql>): Promise<number> =>
  Number(((await t.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);

const fileOf = async (who: DemoUser, id: number, headers: Record<string, string> = {}) => {
  const res = await t.request({ method: "GET", url: `/api/reports/downloads/${id}/file`, token: tokens[who], headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe("a download holds exactly the list's rows", () => {
  test("Orders as CSV for the Professional client: its own orders of the filter, none of Bluebird's", async () => {
    const res = await requestReport("client", { report: "orders", format: "csv", filters: { status: "shipped" } });
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json<TReportDownload>();
    expect(queued.status).toBe("queued");
    expect(queued.filters).toEqual({ status: "shipped" });
    expect(new Date(queued.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const done = await waitFor(t, tokens.client, queued.id);
    expect(done.status, done.errorMessage ?? "").toBe("done");

    const listed = await everyItem<{ orderNumber: string; clientId: number }>("client", "/api/orders?status=shipped");
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((o) => o.clientId === northwind)).toBe(true);
    const file = await fileOf("client", queued.id);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.headers["content-disposition"]).toContain(`orders-`);
    const records = parse(file.body) as string[][];
    expect(records[0]?.[0]).toBe("orderNumber");
    const numbers = records.slice(1).map((r) => r[0]);
    expect(numbers.sort()).toEqual(listed.map((o) => o.orderNumber).sort());
    expect(done.rowsWritten).toBe(listed.length);

    // Issue 20's messages: the one who asked finds "report ready" under the bell, linked to the downloads.
    const inbox = async () =>
      (await t.request({ method: "GET", url: "/api/messages", token: tokens.client }))
        .json<{ items: { kind: string; title: string; link: string | null }[] }>()
        .items.filter((m) => m.kind === "report.ready");
    await expect.poll(async () => (await inbox()).length, { timeout: 5_000 }).toBe(1);
    expect((await inbox())[0]).toMatchObject({ title: "Your report Orders is ready", link: "/reportDownloads" });
  });

  test("Order lines as XLSX for an admin in the session client: every line of that client's orders", async () => {
    const headers = { [SESSION_CLIENT_HEADER]: String(bluebird) };
    const res = await requestReport("admin", { report: "orderLines", format: "xlsx" }, headers);
    expect(res.statusCode, res.body).toBe(201);
    const done = await waitFor(t, tokens.admin, res.json<TReportDownload>().id, headers);
    expect(done.status, done.errorMessage ?? "").toBe("done");
    const n = await countOf(sql`select count(*)::int as n from order_items i join orders o on o.id = i.order_id
        where o.client_id = ${bluebird}`);
    const file = await fileOf("admin", done.id, headers);
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("orderNumber");
    expect((sheet?.rowCount ?? 0) - 1).toBe(n);
    // Numbers stay numbers in the workbook.
    expect(typeof sheet?.getRow(2).getCell(11).value).toBe("number");
    const clients = new Set<string>();
    sheet?.eachRow((row, i) => {
      if (i > 1) clients.add(String(row.getCell(3).value));
    });
    expect([...clients]).toEqual(["Bluebird Basics"]);
  });

  test("Open orders for the facility: the rows of its Manufacturing Status list", async () => {
    const res = await requestReport("factory", { report: "openOrders", format: "csv" });
    expect(res.statusCode, res.body).toBe(201);
    const done = await waitFor(t, tokens.factory, res.json<TReportDownload>().id);
    expect(done.status, done.errorMessage ?? "").toBe("done");
    const listed = await everyItem<{ orderNumber: string }>("factory", "/api/floor/open-orders");
    const records = parse((await fileOf("factory", done.id)).body) as string[][];
    expect(
      records
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(listed.map((o) => o.orderNumber).sort());
  });

  test("Stock ledger for the facility: every ledger row of its materials", async () => {
    const res = await requestReport("factory", { report: "stockLedger", format: "csv", filters: { kind: "receipt" } });
    expect(res.statusCode, res.body).toBe(201);
    const done = await waitFor(t, tokens.factory, res.json<TReportDownload>().id);
    expect(done.status, done.errorMessage ?? "").toBe("done");
    const n = await countOf(sql`select count(*)::int as n from inv_stock_ledger where kind = 'receipt'`);
    expect(n).toBeGreaterThan(0);
    const records = parse((await fileOf("factory", done.id)).body) as string[][];
    expect(records.length - 1).toBe(n);
    expect(records.slice(1).every((r) => r[5] === "receipt")).toBe(true);
  });

  test("text that starts like a formula is neutralised in the CSV; numbers stay numbers", async () => {
    const [order] = await t.db
      .select({ id: schema.orders.id, orderNumber: schema.orders.orderNumber })
      .from(schema.orders)
      .where(eq(schema.orders.clientId, northwind))
      .limit(1);
    if (!order) throw new Error("no Northwind order");
    await t.db.update(schema.orders).set({ poNumber: '=HYPERLINK("http://x")' }).where(eq(schema.orders.id, order.id));
    const res = await requestReport("client", { report: "orders", format: "csv" });
    const done = await waitFor(t, tokens.client, res.json<TReportDownload>().id);
    expect(done.status, done.errorMessage ?? "").toBe("done");
    const records = parse((await fileOf("client", done.id)).body) as string[][];
    const row = records.find((r) => r[0] === order.orderNumber);
    expect(row?.[5]).toBe('\'=HYPERLINK("http://x")');
    expect(Number.isInteger(Number(row?.[11]))).toBe(true);
    for (const record of records.slice(1))
      for (const cell of record) expect(/^[=+@\t\r]/.test(cell) || /^-(?!\d)/.test(cell), cell).toBe(false);
  });
});

describe("access", () => {
  test("anonymous 401; the designer (no card) and the Basic client 403 on every operation", async () => {
    const urls = [
      ["GET", "/api/reports/catalogue"],
      ["GET", "/api/reports/downloads"],
      ["POST", "/api/reports/downloads"],
      ["GET", "/api/reports/downloads/1"],
      ["POST", "/api/reports/downloads/1/cancel"],
      ["GET", "/api/reports/downloads/1/file"],
    ] as const;
    for (const [method, url] of urls) {
      const payload = method === "POST" ? { report: "orders", format: "csv" } : undefined;
      expect((await t.request({ method, url, payload })).statusCode, url).toBe(401);
      expect((await t.request({ method, url, payload, token: tokens.designer })).statusCode, url).toBe(403);
      const basic = await t.request({ method, url, payload, token: tokens.client2 });
      expect(basic.statusCode, url).toBe(403);
      expect(basic.json<{ message: string }>().message).toContain("plan");
    }
  });

  test("the catalogue offers each person the reports of the lists they open", async () => {
    const keys = async (who: DemoUser) =>
      (await t.request({ method: "GET", url: "/api/reports/catalogue", token: tokens[who] }))
        .json<{ reports: { key: string }[] }>()
        .reports.map((r) => r.key);
    expect(await keys("client")).toEqual(["orders", "orderLines", "charges", "shipments", "returns", "summaries"]);
    expect(await keys("factory")).toEqual(
      expect.arrayContaining(["orders", "orderLines", "openOrders", "shipments", "returns", "stockLedger", "wips"]),
    );
    expect(await keys("admin")).toHaveLength(13);
    // A client cannot request a facility's report.
    const refused = await requestReport("client", { report: "openOrders", format: "csv" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(REPORT_MESSAGES.notAllowed);
    const bad = await requestReport("client", { report: "orders", format: "pdf" });
    expect(bad.statusCode).toBe(400);
  });

  test("a person sees only their own downloads: others' answer 404", async () => {
    const mine = (await requestReport("client", { report: "returns", format: "csv" })).json<TReportDownload>();
    await waitFor(t, tokens.client, mine.id);
    for (const who of DEMO_USERS.filter((u) => u === "admin" || u === "factory")) {
      const list = await t.request({ method: "GET", url: "/api/reports/downloads", token: tokens[who] });
      expect(list.json<{ items: TReportDownload[] }>().items.some((d) => d.id === mine.id)).toBe(false);
      for (const url of [`/api/reports/downloads/${mine.id}`, `/api/reports/downloads/${mine.id}/file`]) {
        expect((await t.request({ method: "GET", url, token: tokens[who] })).statusCode, `${who} ${url}`).toBe(404);
      }
      const cancel = await t.request({
        method: "POST",
        url: `/api/reports/downloads/${mine.id}/cancel`,
        token: tokens[who],
      });
      expect(cancel.statusCode).toBe(404);
    }
    const own = await t.request({ method: "GET", url: "/api/reports/downloads", token: tokens.client });
    expect(own.json<{ items: TReportDownload[] }>().items.some((d) => d.id === mine.id)).toBe(true);
    // A finished download cannot be cancelled.
    const late = await t.request({
      method: "POST",
      url: `/api/reports/downloads/${mine.id}/cancel`,
      token: tokens.client,
    });
    expect(late.statusCode).toBe(409);
  });
});

test("a file the storage refuses fails with its reason, and keeps no file", async () => {
  // A database of its own: the main app's worker must not take this job.
  const local = localFiles(t.config.filesDir);
  const broken = await createTestApp({
    files: { ...local, put: async () => Promise.reject(new Error("disk full")) },
  });
  try {
    const token = await broken.signIn("client");
    const res = await broken.request({
      method: "POST",
      url: "/api/reports/downloads",
      token,
      payload: { report: "shipments", format: "csv" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const failed = await waitFor(broken, token, res.json<TReportDownload>().id);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toBe(REPORT_MESSAGES.writeFailed);
    const file = await broken.request({ method: "GET", url: `/api/reports/downloads/${failed.id}/file`, token });
    expect(file.statusCode).toBe(409);
  } finally {
    await broken.close();
  }
  // A second app (its own database and job queue) starts and stops in this test.
}, 60_000);
