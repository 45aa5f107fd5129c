import { expect, type Page } from "@playwright/test";

/** The inventory screens (/inventory, /inventoryOnOrder, /supplierDetails) as a person uses them. */
export class InventoryScreens {
  constructor(readonly page: Page) {}
  field = (label: string) => this.page.getByLabel(label, { exact: true });
  button = (name: string) => this.page.getByRole("button", { name, exact: true });
  heading = (name: string) => this.page.getByRole("heading", { name, exact: true });
  grid = (name: string) => this.page.getByRole("grid", { name });
  gridRow = (grid: string, text: string) => this.grid(grid).getByRole("row").filter({ hasText: text });
  dialog = (name: string | RegExp) => this.page.getByRole("dialog", { name });

  /** Types into an autocomplete that searches the server, then picks the option. */
  async pick(label: string, typed: string, option: string | RegExp) {
    const box = this.page.getByRole("combobox", { name: label });
    await box.click();
    await box.fill(typed);
    await this.page.getByRole("option", { name: option }).first().click();
    await expect(box).not.toHaveValue(typed);
  }

  async gotoStock(query = "") {
    await this.page.goto(`/inventory${query}`);
    await expect(this.heading("Inventory")).toBeVisible();
  }

  async gotoSuppliers() {
    await this.page.goto("/supplierDetails");
    await expect(this.heading("Supplier Details")).toBeVisible();
  }

  async gotoPurchaseOrders() {
    await this.page.goto("/inventoryOnOrder");
    await expect(this.heading("Inventory On Order")).toBeVisible();
  }

  /** Receives a PO: each line's amount as given ("" receives nothing of that line). */
  async receive(amounts: Record<number, string>) {
    await this.button("Receive").click();
    const dialog = this.dialog(/^Receive /);
    await expect(dialog).toBeVisible();
    for (const [lineNo, amount] of Object.entries(amounts)) {
      await dialog.getByLabel(new RegExp(`^Receive line ${lineNo} `)).fill(amount);
    }
    await dialog.getByRole("button", { name: "Receive", exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
