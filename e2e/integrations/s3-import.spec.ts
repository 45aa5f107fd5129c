import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";
import { AccountIntegrationScreen, toast } from "../pages/integrations";

/**
 * S3 order import (issue 20) on Account Integration: Northwind's admin points the import at a
 * bucket of the S3 stand-in that scripts/e2e.mjs starts, tests the connection, and drops an order
 * CSV into the watched folder; within a minute or two the card's "Recent S3 imports" lists the file
 * as processed with its order, and the order is in the orders list. The settings are deleted after.
 */
const S3 = process.env.S3_STAND_IN_URL ?? "";
const BUCKET = "e2e-orders";

test("a client admin sets up the S3 order import, and a CSV dropped in the bucket becomes an order", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  expect(S3, "S3_STAND_IN_URL: run the end-to-end tests through scripts/e2e.mjs (npm run test:e2e)").not.toBe("");
  const screen = new AccountIntegrationScreen(page);
  await signIn(page, "client");
  await screen.goto();
  const card = page.getByRole("region", { name: "S3 order import" });
  const form = card.getByRole("form", { name: "S3 order import settings" });
  await form.getByLabel("Bucket *").fill(BUCKET);
  await form.getByLabel("Prefix").fill("orders/incoming/");
  await form.getByLabel("Endpoint").fill(S3);
  await form.getByLabel("Path-style addresses (most S3-compatible stores need this)").check();
  await form.getByLabel("Access key id *").fill("E2EACCESSKEY");
  await form.getByLabel("Secret access key *").fill("e2e-secret-access-key-0042");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "S3 order import saved.")).toBeVisible();
  await expect(page.getByText("e2e-secret-access-key-0042")).toHaveCount(0);
  try {
    await card.getByRole("button", { name: "Test connection" }).click();
    await expect(toast(page, "Connected:").first()).toBeVisible();

    // A file arrives in the watched folder (the stand-in checks only that a request is signed).
    const po = `PO-S3-${Date.now().toString(36).toUpperCase()}`;
    const csv = [
      "poNumber,shipName,shipLine1,shipCity,shipPostalCode,shipCountry,styleCode,attributeCodes,quantity",
      `${po},Nora Buyer,1 Harbour Road,Portland,97201,US,TEE-120,M|BLK,2`,
    ].join("\n");
    const put = await request.put(`${S3}/${BUCKET}/orders/incoming/${po}.csv`, {
      headers: { authorization: "AWS4-HMAC-SHA256 Credential=E2EACCESSKEY/e2e", "content-type": "text/csv" },
      data: csv,
    });
    expect(put.status()).toBe(200);

    // The minute job imports it; the list refreshes by itself every 30 s.
    const row = card
      .getByRole("table", { name: "Recent S3 imports" })
      .getByRole("row")
      .filter({ hasText: `${po}.csv` });
    await expect(row).toContainText("Processed", { timeout: 180_000 });
    await expect(row.getByRole("cell").nth(3)).toHaveText(/^1/);

    await page.goto(`/orders?searchString=${po}`);
    await expect(page.getByRole("row").filter({ hasText: po })).toHaveCount(1);
  } finally {
    await screen.goto();
    await page
      .getByRole("region", { name: "S3 order import" })
      .getByRole("button", { name: /Delete/ })
      .click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(toast(page, "S3 order import settings deleted.")).toBeVisible();
  }
});
