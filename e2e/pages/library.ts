import { expect, type Page } from "@playwright/test";

export const toast = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

/** A library list page (/fabric, /machines, …): the same screen for every resource. */
export class LibraryListScreen {
  constructor(
    readonly page: Page,
    readonly title: string,
  ) {}
  search = () => this.page.getByRole("textbox", { name: `Search ${this.title}` });
  grid = () => this.page.getByRole("grid", { name: this.title });
  cell = (text: string) => this.grid().getByRole("gridcell", { name: text, exact: true });
  row = (text: string) => this.grid().getByRole("row").filter({ hasText: text });
  newButton = (noun: string) => this.page.getByRole("link", { name: `New ${noun}` });
  exportButton = () => this.page.getByRole("button", { name: "Export CSV" });
  show = () => this.page.getByRole("combobox", { name: "Show" });

  async goto(path: string) {
    await this.page.goto(path);
    await expect(this.page.getByRole("heading", { name: this.title, exact: true })).toBeVisible();
  }

  async searchFor(text: string) {
    await this.search().fill(text);
    const q = new URLSearchParams({ q: text }).toString().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(this.page).toHaveURL(new RegExp(`[?&]${q}(&|$)`));
  }
}

/** A library form (new or edit). */
export class LibraryFormScreen {
  constructor(readonly page: Page) {}
  field = (label: string) => this.page.getByLabel(label, { exact: true });
  button = (name: string) => this.page.getByRole("button", { name, exact: true });

  async choose(label: string, option: string | RegExp) {
    await this.page.getByRole("combobox", { name: label }).click();
    await this.page.getByRole("option", { name: option }).click();
  }

  /** Types into an autocomplete that searches the server, then picks the option. */
  async pick(label: string, typed: string, option: string | RegExp) {
    const box = this.page.getByRole("combobox", { name: label });
    await box.click();
    await box.fill(typed);
    await this.page.getByRole("option", { name: option }).first().click();
  }

  async confirm(dialogName: string, button: string) {
    const dialog = this.page.getByRole("dialog", { name: dialogName });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: button }).click();
  }
}
