import type { TReportDownload } from "@hub/contracts";
import { parse } from "csv-parse/sync";
import { expect } from "vitest";
import type { TestApp } from "./test-app";

const FINISHED = ["done", "failed", "cancelled"];

/** Polls a download until it finishes (the worker runs in the app's own process). */
export const waitForDownload = async (
  app: TestApp,
  token: string,
  id: number,
  headers: Record<string, string> = {},
): Promise<TReportDownload> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await app.request({ method: "GET", url: `/api/reports/downloads/${id}`, token, headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TReportDownload>();
    if (FINISHED.includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`download ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};

/** A finished download's CSV rows (header first), for a report requested as `token`; expects it done. */
export const downloadCsv = async (
  app: TestApp,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ download: TReportDownload; records: string[][] }> => {
  const res = await app.request({ method: "POST", url: "/api/reports/downloads", token, payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  const download = await waitForDownload(app, token, res.json<TReportDownload>().id, headers);
  expect(download.status, download.errorMessage ?? "").toBe("done");
  const file = await app.request({
    method: "GET",
    url: `/api/reports/downloads/${download.id}/file`,
    token,
    headers,
  });
  expect(file.statusCode, file.body).toBe(200);
  const records = parse(file.body) as string[][];
  expect(download.rowsWritten).toBe(records.length - 1);
  return { download, records };
};

/** Every item of a paged list (size 500), page by page. */
export const everyListItem = async <T>(
  app: TestApp,
  token: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<T[]> => {
  const items: T[] = [];
  for (let page = 0; ; page++) {
    const res = await app.request({
      method: "GET",
      url: `${url}${url.includes("?") ? "&" : "?"}size=500&page=${page}`,
      token,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: T[] }>();
    items.push(...body.items);
    if (body.items.length < 500) return items;
  }
};
