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
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/lines$`));
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

  test("an admin orders for Northwind: a pasted SKU that does not decode says why; a line is edited, repriced first", async ({
    page,
  }) => {
    const entry = new OrderEntryScreen(page);
    await signIn(page, "admin");
    await entry.page.goto("/orderEntry");
    await expect(page.getByText("Choose the client this order is for.")).toBeVisible();
    await entry.chooseClient("Northwind Apparel");
    await entry.oneOffAddress({
      name: "Nora Buyer",
      line1: "1 Harbour Road",
      city: "Portland",
      postalCode: "97201",
      country: "US",
    });

    await entry.tab("Paste SKUs").click();
    await page.getByRole("textbox", { name: "SKUs and quantities" }).fill("NOPE-XYZ,2");
    let quoted = entry.quoted();
    await page.getByRole("button", { name: "Add SKUs" }).click();
    await quoted;
    await expect(entry.lines().first().getByRole("alert")).not.toBeEmpty();
    await expect(entry.place()).toBeDisabled();
    await page.getByRole("button", { name: "Remove NOPE-XYZ" }).click();

    await entry.tab("Style and options").click();
    await entry.pickStyle("TEE-120");
    await entry.choice("Size", "Small").click();
    await entry.choice("Colour", "White").click();
    await entry.form().getByRole("textbox", { name: "Quantity", exact: true }).fill("3");
    quoted = entry.quoted();
    await page.getByRole("button", { name: "Add line" }).click();
    await quoted;
    await expect(entry.total()).toHaveText("$31.50");
    const placed = page.waitForResponse((r) => r.url().endsWith("/api/orders") && r.status() === 201);
    await entry.place().click();
    const order = (await (await placed).json()) as { id: number; orderNumber: string };
    await expect(page.getByRole("heading", { name: `Order ${order.orderNumber}` })).toBeVisible();

    await page.getByRole("link", { name: "Edit lines" }).click();
    await expect(page.getByRole("heading", { name: `Edit lines of ${order.orderNumber}` })).toBeVisible();
    await page.getByRole("textbox", { name: "Quantity" }).fill("5");
    await expect(page.getByTestId("new-line-total")).toHaveText("New: 5 × $10.50 = $52.50");
    await page.getByRole("button", { name: "Save line" }).click();
    await expect(page.getByRole("heading", { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("$52.50");
  });
});
