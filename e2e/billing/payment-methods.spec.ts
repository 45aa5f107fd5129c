import { expect, test } from "@playwright/test";
import { PaymentMethodsScreen } from "../pages/billing";
import { toast } from "../pages/files";
import { signIn } from "../pages/hub";

test.describe("payment methods (built-in ledger)", () => {
  test("a client admin adds card labels, sets one default and removes one after confirming", async ({ page }) => {
    const screen = new PaymentMethodsScreen(page);
    const stamp = Date.now().toString(36);
    const first = `Ops Visa ${stamp}`;
    const second = `Backup Amex ${stamp}`;
    await signIn(page, "client");
    // A client admin finds the page from Your Account.
    await page.goto("/yourAccount");
    await page.getByRole("link", { name: "Payment Methods" }).click();
    await expect(page).toHaveURL(/\/paymentMethods$/);
    await screen.goto();

    // The contract's rules apply in the browser too
    await screen.addCardWith({ label: "Bad digits", last4: "12" });
    await expect(screen.dialog().getByText("Last 4 digits must be exactly 4 digits")).toBeVisible();
    await screen.dialog().getByRole("button", { name: "Cancel" }).click();

    await screen.addCardWith({ label: first, brand: "visa", last4: "4242" });
    await expect(toast(page, `${first} was added.`)).toBeVisible();
    await screen.addCardWith({ label: second, brand: "amex", last4: "0005" });
    await expect(toast(page, `${second} was added.`)).toBeVisible();
    await expect(screen.item(second)).toContainText("amex •••• 0005");

    await screen.makeDefault(second).click();
    await expect(toast(page, `${second} is now the default.`)).toBeVisible();
    await expect(screen.item(second).getByText("Default", { exact: true })).toBeVisible();
    await expect(screen.makeDefault(second)).toHaveCount(0);

    await screen.remove(first).click();
    const dialog = page.getByRole("dialog", { name: "Remove payment method?" });
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, `${first} was removed.`)).toBeVisible();
    await expect(screen.item(first)).toHaveCount(0);
    await page.reload();
    await expect(screen.item(second).getByText("Default", { exact: true })).toBeVisible();

    // Leave Northwind without a card, as the other specs expect.
    await screen.remove(second).click();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, `${second} was removed.`)).toBeVisible();
  });

  test("the built-in adapter offers no billing portal", async ({ page }) => {
    await signIn(page, "client2");
    const screen = new PaymentMethodsScreen(page);
    await screen.goto();
    await expect(screen.addCard()).toBeVisible();
    await expect(page.getByRole("button", { name: "Open billing portal" })).toHaveCount(0);
  });

  test("a facility user is refused", async ({ page }) => {
    await signIn(page, "factory");
    await page.goto("/paymentMethods");
    await expect(page.getByText("You do not have access to this.")).toBeVisible();
  });
});
