import { REPORT_MESSAGES, type TReportDownload } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { openTestDatabase } from "./helpers/database";
import { waitForDownload as waitFor } from "./helpers/reports";
import { createTestApp, hubUser, type TestApp } from "./helpers/test-app";

/**
 * A download survives a restart of the Hub and runs once: requested on an instance that only queues
 * jobs (JOB_WORKERS=false), which then closes; a new instance on the same database runs it. A
 * download cancelled while queued is never written; one whose requester lost the list's card fails
 * with that reason. A third start changes nothing.
 */

const database = await openTestDatabase();
afterAll(() => database.close());

const ask = (app: TestApp, token: string, payload: Record<string, unknown>) =>
  app.request({ method: "POST", url: "/api/reports/downloads", token, payload });

const rowOf = async (id: number) =>
  (await database.db.select().from(schema.reportDownloads).where(eq(schema.reportDownloads.id, id)))[0];

const jobStateOf = async (jobId: string | null): Promise<string | undefined> => {
  const result = (await database.db.execute(
    sql`select state from pgboss.job where id = ${jobId}::uuid`,
  )) as unknown as {
    rows: { state: string }[];
  };
  return result.rows[0]?.state;
};

test("an app that queues no job installs and starts nothing of pg-boss", async () => {
  const app = await createTestApp({ database });
  await app.close();
  const result = (await database.db.execute(sql`select to_regnamespace('pgboss') is null as "none"`)) as unknown as {
    rows: { none: boolean }[];
  };
  expect(result.rows[0]?.none).toBe(true);
});

test("queued on one instance, closed, run once by the next; cancel and lost access hold", async () => {
  const first = await createTestApp({ database, config: { jobWorkers: false } });
  const client = await first.signIn("client");
  const factory = await first.signIn("factory");
  let kept: TReportDownload;
  let cancelled: TReportDownload;
  let lost: TReportDownload;
  try {
    kept = (await ask(first, client, { report: "orders", format: "csv" })).json<TReportDownload>();
    cancelled = (await ask(first, client, { report: "returns", format: "xlsx" })).json<TReportDownload>();
    lost = (await ask(first, factory, { report: "stockLedger", format: "csv" })).json<TReportDownload>();
    for (const d of [kept, cancelled, lost]) expect(d.status).toBe("queued");
    const cancel = await first.request({
      method: "POST",
      url: `/api/reports/downloads/${cancelled.id}/cancel`,
      token: client,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<TReportDownload>().status).toBe("cancelled");
    // Nobody runs jobs here: after a moment they are still waiting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await rowOf(kept.id))?.status).toBe("queued");
    expect(await jobStateOf((await rowOf(kept.id))?.jobId ?? null)).toBe("created");
  } finally {
    await first.close();
  }

  // The facility user loses the inventory card before the job runs (a per-user denial).
  const factoryUser = await hubUser(database.db, "factory");
  await database.db
    .insert(schema.cardGrants)
    .values({ routeName: "inventory", userId: factoryUser?.userId ?? 0, granted: false });

  const second = await createTestApp({ database });
  try {
    const done = await waitFor(second, client, kept.id);
    expect(done.status, done.errorMessage ?? "").toBe("done");
    expect(done.rowsWritten).toBeGreaterThan(0);
    const file = await second.request({ method: "GET", url: `/api/reports/downloads/${kept.id}/file`, token: client });
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split("\r\n").length - 1).toBe(done.rowsWritten);

    const failed = await waitFor(second, factory, lost.id);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toBe(REPORT_MESSAGES.lostAccess);

    const stillCancelled = await rowOf(cancelled.id);
    expect(stillCancelled?.status).toBe("cancelled");
    expect(stillCancelled?.attempts).toBe(0);
    expect(stillCancelled?.fileKey).toBeNull();
  } finally {
    await second.close();
  }
  const afterSecond = await rowOf(kept.id);
  expect(afterSecond?.attempts).toBe(1);
  expect(await jobStateOf(afterSecond?.jobId ?? null)).toBe("completed");

  // A third start finds nothing to do again.
  const third = await createTestApp({ database });
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
  } finally {
    await third.close();
  }
  const afterThird = await rowOf(kept.id);
  expect(afterThird?.attempts).toBe(1);
  expect(afterThird?.finishedAt?.getTime()).toBe(afterSecond?.finishedAt?.getTime());
}, 120_000);
