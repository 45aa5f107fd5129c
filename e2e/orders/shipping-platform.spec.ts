import { expect, test } from "@playwright/test";
import { signIn, signOut, tokenOf } from "../pages/hub";
import { toast } from "../pages/integrations";
import { OrderDetailsScreen } from "../pages/orders";

/**
 * Spec 7's "redo shipping-platform order" (issue 20): Northwind has its shipping platform saved
 * (the platforms' stand-in that scripts/e2e.mjs starts), so an order of its that the factory
 * releases waits to be sent there; the factory sends it at once with "Redo shipping-platform
 * order", sees the platform's order number, and finds the outcome in the order's history.
 */

test("the factory releases a client's order and sends it to the client's shipping platform again", async ({
  page,
  request,
}) => {
  await signIn(page, "client");
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  // The stand-in's credentials (apps/server/test/stand-ins/platforms.ts).
  const saved = await request.put("/api/integrations/shipping", {
    headers,
    data: { apiKey: "ship-key-0002", apiPassword: "ship-secret-5555", token: "ship-token-4321" },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    const placed = await request.post("/api/orders", {
      headers: { ...headers, "idempotency-key": `e2e-platform-${Date.now()}` },
      data: {
        shipTo: { name: "Nora Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "US" },
        lines: [{ styleCode: "TEE-120", attributeCodes: ["M", "BLK"], quantity: 2 }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: number; orderNumber: string };
    await signOut(page);

    await signIn(page, "factory");
    const details = new OrderDetailsScreen(page);
    await details.goto(order.id, order.orderNumber);
    const platform = page.getByTestId("shipping-platform");
    await expect(platform).toContainText("Not sent yet");
    await page.getByRole("button", { name: "Release to production" }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Release/ })
      .click();
    await expect(platform).toContainText(/Waiting to be sent|Sent as order/);

    await platform.getByRole("button", { name: "Redo shipping-platform order" }).click();
    await expect(toast(page, `Order ${order.orderNumber} was sent to the shipping platform again.`)).toBeVisible();
    await expect(platform).toContainText(/Sent as order \d+ on /);
    const platformOrder = /Sent as order (\d+)/.exec((await platform.textContent()) ?? "")?.[1];

    await details.tab("History").click();
    await expect(
      page
        .getByRole("table", { name: "Status history" })
        .getByRole("row")
        .filter({ hasText: `Sent to the shipping platform as its order ${platformOrder} (awaiting shipment).` }),
    ).not.toHaveCount(0);
  } finally {
    await signOut(page).catch(() => undefined);
    await signIn(page, "client");
    await request.delete("/api/integrations/shipping", { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  }
});
