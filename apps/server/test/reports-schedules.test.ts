import type { TReportDownload, TReportSchedule } from "@hub/contracts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { waitForDownload } from "./helpers/reports";
import { createTestApp, type DemoUser, hubUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Repeated downloads: a schedule makes its first file at once, then daily or weekly; its requester is
 * emailed a link when a scheduled file is ready. Only the Professional plan, and only one's own.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
});
afterAll(() => t?.close());

const call = (who: DemoUser, method: "GET" | "POST" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: tokens[who], ...(payload ? { payload } : {}) });

test("a daily schedule makes its first file now and emails a link when it is ready", async () => {
  const created = await call("client", "POST", "/api/reports/schedules", {
    frequency: "daily",
    download: { report: "returns", format: "csv", filters: { status: "requested" } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const schedule = created.json<TReportSchedule>();
  expect(schedule.frequency).toBe("daily");
  expect(schedule.filters).toEqual({ status: "requested" });
  const hours = (new Date(schedule.nextRunAt).getTime() - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23);
  expect(hours).toBeLessThan(25);

  const list = await call("client", "GET", "/api/reports/downloads");
  const first = list.json<{ items: TReportDownload[] }>().items.find((d) => d.report === "returns");
  expect(first).toBeDefined();
  const done = await waitForDownload(t, tokens.client, first?.id ?? 0);
  expect(done.status, done.errorMessage ?? "").toBe("done");

  const email = (await hubUser(t.db, "client"))?.email ?? "";
  const mails = (await t.mailbox()).filter((m) => m.to === email && m.subject === "Your Returns report is ready");
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain("http://hub.test/reportDownloads");
  expect(mails[0]?.text).toContain(`${done.rowsWritten} rows`);

  // Only its owner sees or deletes it.
  const mine = await call("client", "GET", "/api/reports/schedules");
  expect(mine.json<{ items: TReportSchedule[] }>().items.map((s) => s.id)).toEqual([schedule.id]);
  expect((await call("admin", "GET", "/api/reports/schedules")).json<{ items: unknown[] }>().items).toHaveLength(0);
  expect((await call("admin", "DELETE", `/api/reports/schedules/${schedule.id}`)).statusCode).toBe(404);
  expect((await call("client", "DELETE", `/api/reports/schedules/${schedule.id}`)).statusCode).toBe(200);
  expect((await call("client", "GET", "/api/reports/schedules")).json<{ items: unknown[] }>().items).toHaveLength(0);
});

test("a request for a download is not emailed; the Basic client and others' reports are refused", async () => {
  const before = (await t.mailbox()).length;
  const res = await call("client", "POST", "/api/reports/downloads", { report: "returns", format: "csv" });
  await waitForDownload(t, tokens.client, res.json<TReportDownload>().id);
  expect((await t.mailbox()).length).toBe(before);

  const body = { frequency: "weekly", download: { report: "orders", format: "csv" } };
  expect((await call("client2", "POST", "/api/reports/schedules", body)).statusCode).toBe(403);
  expect((await call("designer", "POST", "/api/reports/schedules", body)).statusCode).toBe(403);
  expect((await t.request({ method: "POST", url: "/api/reports/schedules", payload: body })).statusCode).toBe(401);
  const facility = { frequency: "weekly", download: { report: "openOrders", format: "csv" } };
  expect((await call("client", "POST", "/api/reports/schedules", facility)).statusCode).toBe(403);
});
