import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { apiCall, apiToken, YourAccountScreen } from "../pages/account";
import { signIn } from "../pages/hub";

/**
 * Report Downloads (issue 18): the Professional demo client (Northwind) requests its shipped orders,
 * watches the file being written in the background and downloads it with the rows its Orders list
 * shows; the Basic client (Bluebird) is sent to upgrade, and the API refuses it too; the
 * Professional client schedules a report weekly, sees it listed and removes it after confirming.
 */

test("the Professional client requests a report, sees it finish and downloads its rows", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request, "client");
  const listed = await apiCall<{ items: { orderNumber: string }[] }>(
    request,
    token,
    "GET",
    "/orders?status=shipped&size=500",
  );
  expect(listed.status).toBe(200);

  await signIn(page, "client");
  await page.goto("/reportDownloads");
  await expect(page.getByRole("heading", { name: "Report Downloads" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Report" })).toHaveText("Orders");
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Shipped", exact: true }).click();
  await page.getByRole("button", { name: "Request report" }).click();
  await expect(page.getByText("Orders was requested.")).toBeVisible();

  const downloads = page.getByRole("table", { name: "Your downloads" });
  const row = downloads.getByRole("row").filter({ hasText: "status: shipped" }).first();
  await expect(row.getByText("Ready")).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText(`${listed.body.items.length} rows`);

  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d+\.csv$/);
  const lines = readFileSync(await file.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(lines[0]?.startsWith("orderNumber,")).toBe(true);
  const numbers = lines.slice(1).map((line) => line.split(",")[0]);
  expect(numbers.sort()).toEqual(listed.body.items.map((o) => o.orderNumber).sort());
});

test("the Basic client is sent to upgrade, and the API refuses it", async ({ page, request }) => {
  await signIn(page, "client2");
  await page.goto("/reportDownloads");
  await new YourAccountScreen(page).expectReason("insufficientPlan", { required: "2" });
  const token = await apiToken(request, "client2");
  const refused = await apiCall(request, token, "POST", "/reports/downloads", { report: "orders", format: "csv" });
  expect(refused.status).toBe(403);
  expect((await apiCall(request, token, "GET", "/reports/downloads")).status).toBe(403);
});

test("the Professional client schedules a report weekly, sees it listed and removes it after confirming", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await apiToken(request, "client");
  type Schedules = { items: { id: number; frequency: string; filters: Record<string, unknown> }[] };
  const cancelledWeekly = (s: Schedules) =>
    s.items.filter((x) => x.frequency === "weekly" && x.filters.status === "cancelled");
  const before = await apiCall<Schedules>(request, token, "GET", "/reports/schedules");
  expect(before.status).toBe(200);
  expect(cancelledWeekly(before.body)).toHaveLength(0);

  await signIn(page, "client");
  await page.goto("/reportDownloads");
  await expect(page.getByRole("heading", { name: "Report Downloads" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Report" })).toHaveText("Orders");
  await page.getByRole("combobox", { name: "Repeat" }).click();
  await page.getByRole("option", { name: "Weekly" }).click();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Cancelled", exact: true }).click();
  await page.getByRole("button", { name: "Request report" }).click();
  await expect(page.getByText(/It repeats weekly, and each file is emailed to you as a link\./)).toBeVisible();

  // Listed under the repeated reports, weekly, with its filter.
  const schedules = page.getByRole("table", { name: "Repeated reports" });
  const row = schedules.getByRole("row").filter({ hasText: "status: cancelled" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Weekly");
  expect(cancelledWeekly((await apiCall<Schedules>(request, token, "GET", "/reports/schedules")).body)).toHaveLength(1);

  // Delete asks first.
  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("Stop repeating this report?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole("row").filter({ hasText: "status: cancelled" }).filter({ hasText: "Weekly" }),
  ).toHaveCount(0);
  expect(cancelledWeekly((await apiCall<Schedules>(request, token, "GET", "/reports/schedules")).body)).toHaveLength(0);
});
