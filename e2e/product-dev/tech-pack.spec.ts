import { expect, test } from "@playwright/test";
import { signIn, signOut } from "../pages/hub";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/**
 * The smart tech pack end to end (issue 12): a designer of Northwind's design team creates a
 * product from a POM template, fills the BOM for two colourways, grades the spec and submits it;
 * the admin approves it; the PDF opens; Bluebird's client user cannot see the product.
 */
test("a designer's tech pack from template to approval and PDF; another brand cannot see it", async ({ page }) => {
  test.setTimeout(240_000);
  const code = `E2E-${uid()}`;
  await signIn(page, "designer");

  // Add a new product from the seeded "Knit tee" POM template (its size range comes with it).
  await page.goto("/productDev/products/addNewProduct");
  await page.getByLabel("Product code").fill(code);
  await page.getByLabel("Product name").fill("E2E tee");
  await page.getByLabel("POM template").click();
  await page.getByRole("option", { name: "Knit tee" }).click();
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(/\/stps\/\d+\/summary$/);
  await expect(page.getByRole("heading", { name: `${code} E2E tee` })).toBeVisible();

  // Two colourways.
  await page.getByRole("tab", { name: "Colorways" }).click();
  for (const [i, key, name] of [
    [0, "BLK", "Jet black"],
    [1, "WHT", "Optic white"],
  ] as const) {
    await page.getByRole("button", { name: "Add colourway" }).click();
    await page.getByLabel(`Colourway ${i + 1} code`).fill(key);
    await page.getByLabel(`Colourway ${i + 1} name`).fill(name);
  }
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The colourways were saved.")).toBeVisible();

  // The BOM: a jersey row with a variant per colourway.
  await page.getByRole("tab", { name: "Fabrics" }).click();
  await page.getByRole("button", { name: "Add row" }).click();
  await page.getByLabel("Row 1 item").click();
  await page.getByRole("option", { name: /TP-JER180/ }).click();
  await page.getByLabel("Row 1 quantity").fill("1.2");
  await page.getByLabel("Row 1 BLK").click();
  await page.getByRole("option", { name: /Jersey jet black/ }).click();
  await page.getByLabel("Row 1 WHT").click();
  await page.getByRole("option", { name: /Jersey optic white/ }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Fabrics were saved.")).toBeVisible();

  // Costing follows the BOM: 1.2 m × $8.20 = $9.84 of materials in black.
  await page.getByRole("tab", { name: "Estimates" }).click();
  await expect(page.getByRole("table", { name: "Costing per colourway" })).toContainText("$9.84");

  // Grade the spec: chest base 56 in M, the chart fills every size from the grade rules.
  await page.getByRole("tab", { name: "Graded spec" }).click();
  await page.getByLabel("POM 1 base").fill("56");
  await expect(page.getByTestId("chart-A-3XL")).toHaveText("67.0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.reload();
  await expect(page.getByTestId("chart-A-3XL")).toHaveText("67.0");

  // Submit for approval.
  await page.getByRole("tab", { name: "Approval" }).click();
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByText("The tech pack was submitted for approval.")).toBeVisible();
  const packUrl = page.url();
  await signOut(page);

  // The admin approves it with a comment, and opens the PDF.
  await signIn(page, "admin");
  await page.goto(packUrl);
  await page.getByLabel("Comment").fill("Approved for sampling");
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("The tech pack was approved.")).toBeVisible();
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("table", { name: "History" })).toContainText(
    "submitted → approved: Approved for sampling",
  );
  const pdf = page.waitForResponse((r) => r.url().includes("/techPack.pdf"));
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Open PDF" }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  await (await popup).close();
  await signOut(page);

  // Bluebird's client user has no way in: not in the list, and the address is "not found".
  await signIn(page, "client2");
  await page.goto(`/productDev/products?q=${code}`);
  await expect(page.getByText("No products match")).toBeVisible();
  await page.goto(packUrl);
  await expect(page.getByText("Tech pack not found")).toBeVisible();
});
