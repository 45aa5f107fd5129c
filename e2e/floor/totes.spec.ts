import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { placeNorthwindOrder, releaseOrder } from "../pages/floor";
import { signIn, signOut, tick } from "../pages/hub";

/** Chooses a layout in a Labels menu and answers the PDF response the new tab loads. */
const printLabels = async (page: Page, button: string | RegExp, choice: string, path: string) => {
  const pdf = page.waitForResponse((r) => r.url().includes(path));
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  await page.getByRole("menuitem", { name: new RegExp(`^${choice}`) }).click();
  const response = await pdf;
  await (await popup).close();
  return response;
};

test.describe("totes and labels", () => {
  test("All Totes: add totes (a bad count is refused), find one, print the chosen tote's QR label", async ({
    page,
  }) => {
    await signIn(page, "factory");
    await page.getByTestId("nav-horizontal").getByRole("button", { name: "Manufacturing", exact: true }).click();
    await page.getByRole("menuitem", { name: "All Totes" }).click();
    await expect(page.getByRole("heading", { name: "All Totes" })).toBeVisible();
    const grid = page.getByRole("grid", { name: "Totes" });
    await expect(grid.getByRole("row").nth(1)).toBeVisible();

    // A count of 0 is refused under the field, and nothing is added.
    await page.getByRole("button", { name: "Add totes" }).click();
    const dialog = page.getByRole("dialog", { name: "Add totes" });
    await dialog.getByLabel("How many").fill("0");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(dialog.getByText("At least 1")).toBeVisible();
    await dialog.getByLabel("How many").fill("2");
    await dialog.getByRole("button", { name: "Add" }).click();
    const added = page.getByRole("alert").filter({ hasText: /2 totes were added: T-\d+ to T-\d+\./ });
    await expect(added).toBeVisible();
    const last = /to (T-\d+)\./.exec((await added.textContent()) ?? "")?.[1] ?? "";
    expect(last).toMatch(/^T-\d+$/);

    // The new tote is found by its barcode, empty; its label prints alone.
    await page.getByPlaceholder("Search tote or order…").fill(last);
    const row = grid.getByRole("row").filter({ hasText: last });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Empty");
    await tick(row.getByRole("checkbox"));
    // The facility's own layout (Factory Config's label size and barcode) is offered first, on its paper.
    await page.getByRole("button", { name: "Labels (1 chosen)" }).click();
    await expect(page.getByRole("menuitem").first()).toContainText("Factory Config default");
    await page.keyboard.press("Escape");
    const labels = await printLabels(page, "Labels (1 chosen)", "Label sheet, QR", "/floor/totes/labels.pdf");
    expect(labels.url()).toMatch(/paper=(letter|a4)/);
    expect(labels.status()).toBe(200);
    expect(labels.headers()["content-type"]).toBe("application/pdf");
    expect(labels.url()).toContain("symbology=qr");
    expect(labels.url()).toMatch(/ids=\d+$/);

    // Export CSV downloads what the search finds.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^totes-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), "utf8");
    expect(text.trim().split(/\r?\n/)).toEqual([
      "barcode,status,orderNumber,clientName,unitCount,station,updatedAt",
      expect.stringMatching(new RegExp(`^${last},empty,`)),
    ]);
  });

  test("an order's units print their labels from its Units tab", async ({ page, request }) => {
    const order = await placeNorthwindOrder(request, "unit-labels", [2]);
    await releaseOrder(request, order.id);
    await signIn(page, "factory");
    await page.goto(`/orders/${order.id}`);
    await page.getByRole("tab", { name: "Units" }).click();
    await expect(page.getByTestId("order-unit")).toHaveCount(2);
    const labels = await printLabels(page, "Unit labels", "4 × 6 in labels, Code128", "/floor/units/labels.pdf");
    expect(labels.status()).toBe(200);
    expect(labels.headers()["content-type"]).toBe("application/pdf");
    expect(labels.url()).toContain(`orderId=${order.id}`);

    // The client reads its units but prints no floor labels.
    await signOut(page);
    await signIn(page, "client");
    await page.goto(`/orders/${order.id}`);
    await page.getByRole("tab", { name: "Units" }).click();
    await expect(page.getByTestId("order-unit")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Unit labels" })).toHaveCount(0);
  });
});
