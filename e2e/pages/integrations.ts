import { expect, type Page } from "@playwright/test";

export const toast = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

/** API Integrations (/apiIntegrations): a client's API keys. */
export class ApiKeysScreen {
  constructor(readonly page: Page) {}
  createKey = () => this.page.getByRole("button", { name: "Create key" }).first();
  dialog = () => this.page.getByRole("dialog");
  newKey = () => this.dialog().getByRole("textbox", { name: "New API key" });
  row = (name: string) => this.page.getByRole("row", { name: `API key ${name}` });

  async goto() {
    await this.page.goto("/apiIntegrations");
    await expect(this.page.getByRole("heading", { name: "API Integrations", exact: true })).toBeVisible();
  }

  /** Creates a key and returns it as the one-time dialog shows it. */
  async create(name: string, mode: "Test" | "Live" = "Test"): Promise<string> {
    await this.createKey().click();
    await this.dialog().getByRole("textbox", { name: "Name" }).fill(name);
    if (mode === "Live") {
      await this.dialog().getByRole("combobox", { name: "Mode" }).click();
      await this.page.getByRole("option", { name: "Live" }).click();
    }
    await this.dialog().getByRole("button", { name: "Create key" }).click();
    await expect(this.dialog().getByText("It is shown only once")).toBeVisible();
    const key = await this.newKey().inputValue();
    await this.dialog().getByRole("button", { name: "Done" }).click();
    await expect(this.dialog()).toHaveCount(0);
    return key;
  }

  async revokeConfirmed(name: string) {
    await this.row(name).getByRole("button", { name: "Revoke" }).click();
    await expect(this.dialog().getByText("Revoke API key?")).toBeVisible();
    await this.dialog().getByRole("button", { name: "Revoke" }).click();
  }
}

/** Account Integration (/accountIntegration): store and shipping credentials. */
export class AccountIntegrationScreen {
  constructor(readonly page: Page) {}
  store = () => this.page.getByRole("region", { name: "Store platform" });
  shipping = () => this.page.getByRole("region", { name: "Shipping platform" });

  async goto() {
    await this.page.goto("/accountIntegration");
    await expect(this.page.getByRole("heading", { name: "Account Integration", exact: true })).toBeVisible();
  }
}

/** Software Request (/softwareRequest). */
export class SoftwareRequestScreen {
  constructor(readonly page: Page) {}
  subject = () => this.page.getByRole("textbox", { name: "Subject" });
  body = () => this.page.getByRole("textbox", { name: "What do you need?" });
  send = () => this.page.getByRole("button", { name: "Send request" });

  async goto() {
    await this.page.goto("/softwareRequest");
    await expect(this.page.getByRole("heading", { name: "Software Request", exact: true })).toBeVisible();
  }
}
