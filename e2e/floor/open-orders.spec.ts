import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { placeNorthwindOrder, releaseOrder } from "../pages/floor";
import { signIn } from "../pages/hub";

test.describe("manufacturing status", () => {
  test("/openOrders shows an order's units by state and changes without a reload while the floor scans", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Northwind places an order of two through the API; the factory releases it.
    const order = await placeNorthwindOrder(request, "open-orders", [2]);
    const factory = await apiToken(request, "factory");
    const units = await releaseOrder(request, order.id);
    const [first] = units;
    if (!first) throw new Error("no units");

    await signIn(page, "factory");
    await page.goto(`/openOrders?q=${encodeURIComponent(order.orderNumber)}`);
    const row = page.getByRole("row").filter({ hasText: order.orderNumber });
    await expect(row.locator('[data-field="count_queued"]')).toHaveText("2");
    await expect(page.getByLabel("Live updates: live")).toBeVisible();
    // A marker on the window: it survives only if the page is not reloaded.
    await page.evaluate(() => {
      (window as unknown as { __stillHere: boolean }).__stillHere = true;
    });

    // A cutter marks one unit cut (through the API, as a scan would): the row follows by itself.
    const cut = await apiCall(request, factory, "POST", `/floor/units/${first.id}/markCut`, {
      scanId: `e2e-${Date.now()}`,
    });
    expect(cut.status).toBe(200);
    await expect(row.locator('[data-field="count_cut"]')).toHaveText("1", { timeout: 20_000 });
    await expect(row.locator('[data-field="count_queued"]')).toHaveText("1");
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
  });
});
