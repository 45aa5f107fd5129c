import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { PaymentMethodsScreen } from "../pages/billing";
import { signIn, signOut } from "../pages/hub";
import { toast } from "../pages/library";
import { OrderDetailsScreen, OrderEntryScreen } from "../pages/orders";

test.describe("a paid order", () => {
  test("a client with a card on file is charged at placing; an admin cancels it and the charge is refunded", async ({
    page,
    request,
  }) => {
    const label = `Cancel Visa ${Date.now().toString(36)}`;
    await signIn(page, "client");
    const cards = new PaymentMethodsScreen(page);
    await cards.goto();
    await cards.addCardWith({ label, brand: "visa", last4: "4242" });
    await expect(toast(page, `${label} was added.`)).toBeVisible();

    try {
      const entry = new OrderEntryScreen(page);
      await entry.goto();
      await entry.oneOffAddress({
        name: "Nora Buyer",
        line1: "1 Harbour Road",
        city: "Portland",
        postalCode: "97201",
        country: "US",
      });
      await entry.field("PO number").fill(`PO-E2E-PAID-${Date.now().toString(36).toUpperCase()}`);
      await entry.openGrid("TEE-120");
      await entry.cell("Medium", "Black").fill("12");
      await entry.addGridLines(1);
      const placed = page.waitForResponse(
        (r) => r.url().endsWith("/api/orders") && r.request().method() === "POST" && r.status() === 201,
      );
      await entry.place().click();
      const order = (await (await placed).json()) as {
        id: number;
        orderNumber: string;
        totalCents: number;
        paymentState: string;
      };
      // Placing charged the card on file in the same flow.
      expect(order.paymentState).toBe("paid");
      const total = `$${(order.totalCents / 100).toFixed(2)}`;
      await signOut(page);

      await signIn(page, "admin");
      const details = new OrderDetailsScreen(page);
      await details.goto(order.id, order.orderNumber);
      await page.getByRole("button", { name: "Cancel order" }).click();
      // The confirmation says what goes back before anything moves.
      await expect(details.dialog()).toContainText(`${total} charged for this order will be refunded`);
      await details.dialog().getByRole("button", { name: "Cancel", exact: true }).click();
      await details.cancel("Client asked to cancel");
      await expect(details.status()).toHaveText("Cancelled");

      await details.tab("Payments").click();
      const payments = page.getByRole("table", { name: "Payments" });
      await expect(payments.getByRole("row").filter({ hasText: /refund/i })).toContainText(total);
      await expect(
        payments
          .getByRole("row")
          .filter({ hasText: /charge/i })
          .first(),
      ).toContainText(total);
    } finally {
      // Leave Northwind without a card, as the other specs expect.
      const client = await apiToken(request, "client");
      const list = await apiCall<{ items: { id: number; label: string }[] }>(
        request,
        client,
        "GET",
        "/billing/paymentMethods",
      );
      const mine = list.body.items.find((m) => m.label === label);
      if (mine) await apiCall(request, client, "DELETE", `/billing/paymentMethods/${mine.id}`);
    }
  });
});
