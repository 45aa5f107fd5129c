import { expect, type Page } from "@playwright/test";

/** The clients list (/clients). */
export class ClientsListScreen {
  constructor(readonly page: Page) {}
  search = () => this.page.getByRole("textbox", { name: "Search Clients" });
  grid = () => this.page.getByRole("grid", { name: "Clients" });
  cell = (text: string) => this.grid().getByRole("gridcell", { name: text, exact: true });
  newClient = () => this.page.getByRole("link", { name: "New client" });

  async goto(query = "") {
    await this.page.goto(`/clients${query}`);
    await expect(this.page.getByRole("heading", { name: "Clients", exact: true })).toBeVisible();
  }

  async searchFor(text: string) {
    await this.search().fill(text);
    await expect(this.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
  }

  async open(text: string) {
    await this.cell(text).click();
    await expect(this.page).toHaveURL(/\/clients\/edit\/\d+$/);
  }
}

/** The client form (/clients/new and /clients/edit/:id). */
export class ClientFormScreen {
  constructor(readonly page: Page) {}
  clientName = () => this.page.getByRole("textbox", { name: "Client name" });
  siteName = () => this.page.getByRole("textbox", { name: "Site name" });
  subscription = () => this.page.getByRole("combobox", { name: /^Subscription/ });
  facility = () => this.page.getByRole("combobox", { name: /^Facility/ });
  create = () => this.page.getByRole("button", { name: "Create client" });
  save = () => this.page.getByRole("button", { name: "Save changes" });
  delete = () => this.page.getByRole("button", { name: "Delete", exact: true });
  fieldMessage = (text: string) => this.page.getByText(text, { exact: true });

  async choose(select: "subscription" | "facility", option: string) {
    await (select === "subscription" ? this.subscription() : this.facility()).click();
    await this.page.getByRole("option", { name: option }).click();
  }

  async fill(values: { clientName?: string; siteName?: string; subscription?: string; facility?: string }) {
    if (values.clientName !== undefined) await this.clientName().fill(values.clientName);
    if (values.siteName !== undefined) await this.siteName().fill(values.siteName);
    if (values.subscription) await this.choose("subscription", values.subscription);
    if (values.facility) await this.choose("facility", values.facility);
  }

  /** Deletes after confirming in the dialog. */
  async deleteConfirmed() {
    await this.delete().click();
    const dialog = this.page.getByRole("dialog", { name: "Delete client?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toHaveCount(0);
  }
}

/** The session-client switcher in the header (internal users only). */
export class SessionClientSwitcher {
  constructor(readonly page: Page) {}
  input = () => this.page.getByRole("combobox", { name: "Session client" });

  async choose(option: string) {
    await this.input().click();
    await this.page.getByRole("option", { name: option }).click();
  }
}

export const toast = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });
