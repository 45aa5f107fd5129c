import { expect, type Page } from "@playwright/test";

/** /paymentMethods as a person sees it. */
export class PaymentMethodsScreen {
  constructor(readonly page: Page) {}
  list = () => this.page.getByRole("list", { name: "Payment methods" });
  item = (label: string) => this.list().getByRole("listitem").filter({ hasText: label });
  addCard = () => this.page.getByRole("button", { name: "Add card" });
  dialog = () => this.page.getByRole("dialog", { name: /^Add (card|bank account)$/ });

  async goto() {
    await this.page.goto("/paymentMethods");
    await expect(this.page.getByRole("heading", { name: "Payment Methods" })).toBeVisible();
  }

  async addCardWith(values: { label: string; brand?: string; last4?: string }) {
    await this.addCard().click();
    const dialog = this.dialog();
    await dialog.getByRole("textbox", { name: "Label" }).fill(values.label);
    if (values.brand) await dialog.getByRole("textbox", { name: "Brand" }).fill(values.brand);
    if (values.last4) await dialog.getByRole("textbox", { name: "Last 4 digits" }).fill(values.last4);
    await dialog.getByRole("button", { name: "Add" }).click();
  }

  makeDefault = (label: string) => this.page.getByRole("button", { name: `Make ${label} the default` });
  remove = (label: string) => this.page.getByRole("button", { name: `Remove ${label}` });
}
