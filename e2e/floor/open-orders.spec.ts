import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { signIn } from "../pages/hub";

type Order = { id: number; orderNumber: string };
type Units = { lines: { units: { id: number; barcode: string; status: string }[] }[] };

test.describe("manufacturing status", () => {
  test("/openOrders shows an order's units by state and changes without a reload while the floor scans", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Northwind places an order of two through the API; the factory releases it.
    const client = await apiToken(request, "client");
    const styles = await apiCall<{ items: { id: number }[] }>(request, client, "GET", "/library/styles?size=1");
    const styleId = styles.body.items[0]?.id as number;
    const composition = await apiCall<{ options: { attributes: { attributeId: number }[] }[] }>(
      request,
      client,
      "GET",
      `/library/styles/${styleId}/composition`,
    );
    const attributeIds = composition.body.options.map((o) => o.attributes[0]?.attributeId as number);
    const placed = await request.post("/api/orders", {
      headers: { authorization: `Bearer ${client}`, "idempotency-key": `e2e-open-orders-${Date.now()}` },
      data: {
        shipTo: { name: "Nora Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "us" },
        lines: [{ styleId, attributeIds, quantity: 2 }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;
    const factory = await apiToken(request, "factory");
    expect((await apiCall(request, factory, "POST", `/orders/${order.id}/release`)).status).toBe(200);
    const units = (await apiCall<Units>(request, factory, "GET", `/orders/${order.id}/units`)).body.lines.flatMap(
      (l) => l.units,
    );
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
