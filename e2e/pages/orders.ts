import { expect, type Page } from "@playwright/test";

/** Order Entry (/orderEntry). */
export class OrderEntryScreen {
  constructor(readonly page: Page) {}
  form = () => this.page.getByRole("form", { name: "Order entry" });
  field = (label: string) => this.form().getByRole("textbox", { name: label, exact: true });
  tab = (name: string) => this.page.getByRole("tab", { name });
  grid = () => this.page.getByRole("table", { name: "Quantity grid" });
  cell = (row: string, column: string) => this.grid().getByRole("textbox", { name: `${row} ${column}`, exact: true });
  lines = () => this.page.getByTestId("entry-line");
  total = () => this.page.getByTestId("order-total");
  place = () => this.page.getByRole("button", { name: "Place order" });

  async goto() {
    await this.page.goto("/orderEntry");
    await expect(this.page.getByRole("heading", { name: "Order Entry" })).toBeVisible();
    await expect(this.form()).toBeVisible();
  }

  async oneOffAddress(a: { name: string; line1: string; city: string; postalCode: string; country: string }) {
    await this.page.getByRole("radio", { name: "A one-off address" }).check();
    await this.field("Name").fill(a.name);
    await this.field("Address line 1").fill(a.line1);
    await this.field("City").fill(a.city);
    await this.field("Postal code").fill(a.postalCode);
    await this.field("Country").fill(a.country);
  }

  async chooseClient(label: string) {
    const client = this.page.getByRole("combobox", { name: "Client", exact: true });
    await client.click();
    await client.fill(label);
    await this.page.getByRole("option", { name: new RegExp(`^${label}`) }).click();
    await expect(this.form()).toBeVisible();
  }

  /** Picks a style by its code in the tab that is open. */
  async pickStyle(styleCode: string) {
    const style = this.page.getByRole("combobox", { name: "Style" });
    await style.click();
    await style.fill(styleCode);
    await this.page.getByRole("option", { name: new RegExp(`^${styleCode} `) }).click();
  }

  choice = (option: string, attribute: string) =>
    this.page.getByRole("group", { name: option }).getByRole("button", { name: attribute, exact: true });

  /** Waits for the quote that follows a change of the lines. */
  quoted = () =>
    this.page.waitForResponse(
      (r) => r.url().endsWith("/api/orders/quote") && r.request().method() === "POST" && r.status() === 200,
    );

  /** Opens the size x colour grid for a style found by its code. */
  async openGrid(styleCode: string) {
    await this.tab("Size x colour grid").click();
    await this.pickStyle(styleCode);
    await expect(this.grid()).toBeVisible();
  }

  /** Adds the grid's filled cells as lines and waits for the quote that prices them. */
  async addGridLines(count: number) {
    const quoted = this.quoted();
    await this.page.getByRole("button", { name: new RegExp(`^Add ${count} lines?$`) }).click();
    await expect(this.lines()).toHaveCount(count);
    await quoted;
  }
}

/** Order Details, the list (/orders). */
export class OrdersListScreen {
  constructor(readonly page: Page) {}
  search = () => this.page.getByRole("textbox", { name: "Search Orders" });
  grid = () => this.page.getByRole("grid", { name: "Orders" });
  row = (text: string) => this.grid().getByRole("row").filter({ hasText: text });

  async goto() {
    await this.page.goto("/orders");
    await expect(this.page.getByRole("heading", { name: "Order Details" })).toBeVisible();
  }

  async searchFor(text: string) {
    await this.search().fill(text);
    await expect(this.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
  }
}

/** One order (/orders/:orderId). */
export class OrderDetailsScreen {
  constructor(readonly page: Page) {}
  status = () => this.page.getByTestId("order-status").first();
  tab = (name: string | RegExp) => this.page.getByRole("tab", { name });
  dialog = () => this.page.getByRole("dialog");

  async goto(id: number, orderNumber: string) {
    await this.page.goto(`/orders/${id}`);
    await expect(this.page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  }

  async addComment(text: string) {
    await this.tab("Comments").click();
    await this.page.getByRole("textbox", { name: "Comment" }).fill(text);
    const saved = this.page.waitForResponse((r) => /\/api\/orders\/\d+\/comments$/.test(r.url()) && r.status() === 201);
    await this.page.getByRole("button", { name: "Add comment" }).click();
    await saved;
    await expect(this.page.getByRole("list", { name: "Comments" }).getByText(text)).toBeVisible();
  }

  async cancel(reason: string) {
    await this.page.getByRole("button", { name: "Cancel order" }).click();
    await this.dialog().getByRole("textbox", { name: "Reason" }).fill(reason);
    const done = this.page.waitForResponse((r) => /\/api\/orders\/\d+\/cancel$/.test(r.url()) && r.status() === 200);
    await this.dialog().getByRole("button", { name: "Cancel order" }).click();
    await done;
    await expect(this.dialog()).toHaveCount(0);
  }
}
