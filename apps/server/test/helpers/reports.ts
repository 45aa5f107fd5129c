import type { TReportDownload } from "@hub/contracts";
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
