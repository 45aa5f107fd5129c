import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";

/**
 * Issue 20: a client admin adds a webhook endpoint under Account Integration, copies its secret,
 * sends a test event, sees it delivered in the log and resends it; the receiver gets it twice with
 * one event id.
 */
test("a client admin adds an endpoint, sends a test event, sees it in the log and resends it", async ({ page }) => {
  test.setTimeout(120_000);
  const ids: string[] = [];
  const server = createServer((req, res) => {
    ids.push(String(req.headers["webhook-id"]));
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("received");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${Date.now()}`;
  try {
    await signIn(page, "client");
    await page.goto("/accountIntegration");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const add = page.getByRole("dialog", { name: "Add endpoint" });
    await add.getByLabel("Endpoint URL").fill(url);
    await add.getByLabel("Description").fill("E2E receiver");
    await add.getByRole("button", { name: "Add endpoint" }).click();
    const secret = page.getByRole("dialog", { name: "Signing secret" });
    await expect(secret.getByLabel("Secret")).toHaveValue(/^whsec_/);
    await secret.getByRole("button", { name: "Done" }).click();

    const row = page.getByRole("table", { name: "Webhook endpoints" }).getByRole("row").filter({ hasText: url });
    await expect(row).toContainText("Enabled");
    await row.getByRole("button", { name: "Deliveries" }).click();
    const log = page.getByRole("dialog", { name: `Deliveries to ${url}` });
    await log.getByRole("button", { name: "Send test event" }).click();
    const delivered = log
      .getByRole("table", { name: "Deliveries" })
      .getByRole("row")
      .filter({ hasText: "webhook.test" });
    await expect(delivered.first()).toContainText("succeeded", { timeout: 20_000 });
    await expect(delivered.first()).toContainText("HTTP 200");
    await delivered.first().getByRole("button", { name: "Resend" }).click();
    await expect(delivered).toHaveCount(2, { timeout: 20_000 });
    await expect(delivered.nth(0)).toContainText("succeeded", { timeout: 20_000 });
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  } finally {
    server.close();
  }
});
