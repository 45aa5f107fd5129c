import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { signIn } from "../pages/hub";

/**
 * Messages (issue 20): the internal admin's report finishes in the background and a message says so
 * under the header's bell; opening it goes to Report Downloads and marks it read; the admin chooses
 * to get reports by email too, and the choice is kept. (The admin is the one demo user no other
 * spec writes messages for, so the counts here are this spec's own.)
 */
test("a finished report arrives under the bell; opening it marks it read; email settings are kept", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, "admin");
  expect((await apiCall(request, token, "POST", "/messages/readAll")).status).toBe(200);
  const asked = await apiCall<{ id: number }>(request, token, "POST", "/reports/downloads", {
    report: "orders",
    format: "csv",
  });
  expect(asked.status).toBe(201);

  await signIn(page, "admin");
  // The bell asks every minute; a reload asks at once.
  const bell = page.getByRole("button", { name: "Messages, 1 unread" });
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await bell.click();
  const popover = page.getByRole("dialog", { name: "Messages" });
  const message = popover.getByRole("button", { name: /^Unread: Your report Orders is ready/ });
  await expect(message).toBeVisible();
  await message.click();
  await expect(page).toHaveURL(/\/reportDownloads$/);
  await expect(page.getByRole("button", { name: "Messages", exact: true })).toBeVisible();

  // All messages: the read one is listed, not among the unread; email settings.
  await page.goto("/messages");
  await expect(page.getByRole("heading", { name: "Messages" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages list" })).toContainText("Your report Orders is ready");
  await page.getByRole("tab", { name: /Unread/ }).click();
  await expect(page).toHaveURL(/view=unread/);
  await expect(page.getByText("No unread messages.")).toBeVisible();
  const byEmail = page.getByRole("checkbox", { name: "A report you asked for is ready" });
  await byEmail.check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your email settings were saved.")).toBeVisible();
  await page.reload();
  await expect(byEmail).toBeChecked();
  await byEmail.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your email settings were saved.")).toBeVisible();
});
