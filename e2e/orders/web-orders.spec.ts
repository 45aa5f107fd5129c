import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "../pages/hub";
import { OrdersListScreen } from "../pages/orders";

/**
 * Web orders (issue 10): Northwind's store posts an order with its API key; the admin finds it in /orders as "Web (store)" and opens it; the same external
 * order id again answers the same order (200) and the list still shows one.
 */
test.describe("web orders", () => {
  test("a store's order arrives with an API key, shows once in the list, and opens", async ({ page, request }) => {
    // Northwind's client admin makes a test key through the API, as the store's owner would.
    const signedIn = await request.post("/api/identity/signIn", {
      data: { username: "client", password: DEMO_PASSWORD },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const { tokens } = (await signedIn.json()) as { tokens: { idToken: string } };
    const created = await request.post("/api/apiKeys", {
      headers: { authorization: `Bearer ${tokens.idToken}` },
      data: { mode: "test", name: `e2e web orders ${Date.now()}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { key } = (await created.json()) as { key: string };

    const externalOrderId = `WEB-E2E-${Date.now().toString(36).toUpperCase()}`;
    const order = {
      externalOrderId,
      shipTo: { name: "Web Buyer", line1: "7 Market St", city: "Seattle", postalCode: "98101", country: "US" },
      // By style + attribute codes, and by a SKU the demo sku maps decode (colour, fit, size).
      lines: [
        { styleCode: "TEE-120", attributeCodes: ["M", "BLK"], quantity: 2 },
        { styleCode: "TEE-120", attributeCodes: ["L", "BLK"], quantity: 1 },
        { sku: "TEE100-NVY-REG-L", quantity: 3 },
      ],
    };
    const first = await request.post("/api/orders/web", { headers: { "x-api-key": key }, data: order });
    expect(first.status(), await first.text()).toBe(201);
    const placed = (await first.json()) as { id: number; orderNumber: string; source: string; items: unknown[] };
    expect(placed.source).toBe("web");
    expect(placed.items).toHaveLength(3);

    await signIn(page, "admin");
    const list = new OrdersListScreen(page);
    await list.goto();
    await list.searchFor(externalOrderId);
    await expect(list.row(placed.orderNumber)).toHaveCount(1);
    await expect(list.row(placed.orderNumber)).toContainText("Web (store)");

    // The store retries: the same external id answers the same order, and nothing new is listed.
    const again = await request.post("/api/orders/web", { headers: { "x-api-key": key }, data: order });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(placed.id);
    await page.reload();
    await expect(list.row(placed.orderNumber)).toHaveCount(1);

    await list.row(placed.orderNumber).getByRole("link", { name: placed.orderNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${placed.id}/lines$`));
    await expect(page.getByRole("heading", { name: `Order ${placed.orderNumber}` })).toBeVisible();
    await expect(page.getByText("Web (store)").first()).toBeVisible();
  });
});
