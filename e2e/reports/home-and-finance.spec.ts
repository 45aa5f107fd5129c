import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";

/**
 * Reports and the home page (issue 18): a client's home number opens the orders list filtered to
 * exactly those orders, a facility's units-by-state number the units in that state; an internal admin opens Financials and Inventory Snapshot.
 */
test.describe("Home and finance", () => {
  test("a client's home number links to the list of exactly those orders", async ({ page }) => {
    await signIn(page, "client");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Needs attention today" })).toBeVisible();
    const tile = page.locator('[data-tile="orders.awaitingPayment"]');
    await expect(tile).toBeVisible();
    const label = (await tile.getAttribute("aria-label")) ?? "";
    const count = Number(label.replace(/^.*: /, "").replace(/\D/g, ""));
    await tile.click();
    await expect(page).toHaveURL(/\/orders\?attention=awaitingPayment/);
    await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible();
    await expect(page.getByLabel("Filter: Awaiting payment")).toBeVisible();
    if (count === 0) await expect(page.getByText("No orders match")).toBeVisible();
    else await expect(page.getByText(new RegExp(`of ${count.toLocaleString("en-US")}\\b`))).toBeVisible();

    // Late says what late means.
    await page.goto("/");
    await page.locator('[data-tile="orders.late"]').click();
    await expect(page).toHaveURL(/attention=late/);
    await expect(page.getByText(/has not shipped/).first()).toBeVisible();
  });

  test("a facility's units-by-state number links to the list of exactly those units", async ({ page }) => {
    await signIn(page, "factory");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Needs attention today" })).toBeVisible();
    const tile = page.locator('[data-tile="floor.units.queued"]');
    await expect(tile).toBeVisible();
    const label = (await tile.getAttribute("aria-label")) ?? "";
    const count = Number(label.replace(/^.*: /, "").replace(/\D/g, ""));
    await tile.click();
    await expect(page).toHaveURL(/\/openOrders\/units\?state=queued/);
    await expect(page.getByRole("heading", { name: "Units queued" })).toBeVisible();
    const of = label.endsWith("+") ? "of more than" : "of";
    if (count === 0) await expect(page.getByText("No units match")).toBeVisible();
    else await expect(page.getByText(new RegExp(`${of} ${count.toLocaleString("en-US")}\\b`))).toBeVisible();
  });

  test("an internal admin opens Financials and Inventory Snapshot", async ({ page }) => {
    await signIn(page, "admin");
    await page.goto("/financials");
    await expect(page.getByRole("heading", { name: "Financials" })).toBeVisible();
    await expect(page.getByLabel("Charged total")).toHaveText(/\d/);
    await expect(page.getByLabel("Outstanding total")).toHaveText(/\d/);
    await expect(page.getByRole("table", { name: "By month" })).toBeVisible();
    await expect(page.getByRole("grid")).toBeVisible();
    await expect(page.getByRole("gridcell", { name: "Northwind Apparel" })).toBeVisible();

    await page.goto("/inventorySnapshot");
    await expect(page.getByRole("heading", { name: "Inventory Snapshot" })).toBeVisible();
    await expect(page.getByLabel("Value total")).toHaveText(/\d/);
    await expect(page.getByRole("grid")).toBeVisible();
    await expect(page.getByRole("row").nth(1)).toBeVisible();
  });
});
