import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";

/**
 * CSV order import (issue 10): from the orders list, a client uploads a file, reads the row-by-row
 * report (a bad row named by its line, nothing placed), then a good file is applied and its order opens.
 */
test.describe("order import", () => {
  test("a client imports orders from a CSV: bad rows are named, a good file places its orders", async ({ page }) => {
    const po = `PO-IMP-${Date.now().toString(36).toUpperCase()}`;
    const header = "poNumber,shipName,shipLine1,shipCity,shipPostalCode,shipCountry,styleCode,attributeCodes,quantity";
    const row = (style: string, codes: string, qty: number) =>
      `${po},Nora Buyer,1 Harbour Road,Portland,97201,US,${style},${codes},${qty}`;
    const file = (name: string, rows: string[]) => ({
      name,
      mimeType: "text/csv",
      buffer: Buffer.from([header, ...rows].join("\n")),
    });

    await signIn(page, "client");
    await page.goto("/orders");
    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page.getByRole("heading", { name: "Import orders" })).toBeVisible();

    await page
      .getByLabel("CSV file")
      .setInputFiles(file("bad.csv", [row("TEE-120", "M|BLK", 2), row("NOPE-1", "M", 1)]));
    await expect(page.getByTestId("import-problems")).toBeVisible();
    const problems = page.getByRole("table", { name: "Problems" });
    await expect(problems.getByRole("row").filter({ hasText: "styleCode" })).toContainText("3");
    await expect(page.getByRole("button", { name: /^Apply/ })).toBeDisabled();

    await page.getByRole("button", { name: "Choose another file" }).click();
    await page
      .getByLabel("CSV file")
      .setInputFiles(file("good.csv", [row("TEE-120", "M|BLK", 2), row("TEE-120", "L|BLK", 1)]));
    await expect(page.getByRole("table", { name: "Orders" })).toContainText(po);
    await page.getByRole("button", { name: "Apply: place 1 order" }).click();
    await expect(page.getByTestId("import-done")).toContainText("1 order placed");
    await page.getByRole("table", { name: "Orders" }).getByRole("link").click();
    await expect(page.getByRole("heading", { name: /^Order SO-\d{6}$/ })).toBeVisible();
    await expect(page.getByText("Import", { exact: true }).first()).toBeVisible();
  });
});
