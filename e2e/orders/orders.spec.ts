import { expect, test } from "@playwright/test";
import { signIn, signOut } from "../pages/hub";
import { toast } from "../pages/library";
import { OrderDetailsScreen, OrderEntryScreen, OrdersListScreen } from "../pages/orders";

test.describe("orders", () => {
  test("a client enters an order through the size x colour grid, sees it listed; an admin comments and cancels it", async ({
    page,
  }) => {
    const po = `PO-E2E-${Date.now().toString(36).toUpperCase()}`;
    const entry = new OrderEntryScreen(page);
    await signIn(page, "client");
    await entry.goto();
    await entry.oneOffAddress({
      name: "Nora Buyer",
      line1: "1 Harbour Road",
      city: "Portland",
      postalCode: "97201",
      country: "US",
    });
    await entry.field("PO number").fill(po);

    // TEE-120 (CVC Everyday Tee, offered to every client) has Size and Colour: 12 M and 6 L in Black.
    // 18 pieces of the style reach the 12-piece tier: $9.65 each.
    await entry.openGrid("TEE-120");
    await entry.cell("Medium", "Black").fill("12");
    await entry.cell("Large", "Black").fill("6");
    await entry.addGridLines(2);
    await expect(entry.total()).toHaveText("$173.70");

    const placed = page.waitForResponse(
      (r) => r.url().endsWith("/api/orders") && r.request().method() === "POST" && r.status() === 201,
    );
    // A double click sends the same Idempotency-Key, so it still makes one order.
    await entry.place().dblclick();
    const order = (await (await placed).json()) as { id: number; orderNumber: string };
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    await expect(toast(page, `Order ${order.orderNumber} was placed.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByTestId("payment-result")).toBeVisible();
    await expect(page.getByRole("table", { name: "Lines" }).getByRole("row")).toHaveCount(3);

    const list = new OrdersListScreen(page);
    await list.goto();
    await list.searchFor(po);
    await expect(list.row(order.orderNumber)).toHaveCount(1);
    await expect(list.row(order.orderNumber)).toContainText("Placed");
    await signOut(page);

    await signIn(page, "admin");
    const details = new OrderDetailsScreen(page);
    await details.goto(order.id, order.orderNumber);
    await details.addComment("Please confirm the black dye lot.");
    await details.cancel("Client asked to cancel");
    await expect(details.status()).toHaveText("Cancelled");
    await details.tab("History").click();
    await expect(
      page
        .getByRole("table", { name: "Status history" })
        .getByRole("row")
        .filter({ hasText: "Client asked to cancel" }),
    ).not.toHaveCount(0);
  });
});
