import { expect, type Page } from "@playwright/test";

export type NewAccount = {
  kind: "Internal admin" | "Manufacturer" | "Factory";
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  facility?: string;
};

/** The internal admins' users screens. */
export class UsersScreens {
  constructor(readonly page: Page) {}

  async gotoList() {
    await this.page.goto("/users");
    await expect(this.page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
  }

  /** Fills and submits the New account dialog; the app then opens the new user's edit screen. */
  async createAccount(account: NewAccount) {
    await this.page.getByRole("button", { name: "New account" }).click();
    const dialog = this.page.getByRole("dialog", { name: "New account" });
    await dialog.getByLabel("Kind of account").click();
    await this.page.getByRole("option", { name: account.kind }).click();
    await dialog.getByLabel("Username").fill(account.username);
    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByLabel("First name").fill(account.firstName);
    await dialog.getByLabel("Last name").fill(account.lastName);
    if (account.facility) {
      await dialog.getByLabel("Facility").click();
      await this.page.getByRole("option", { name: account.facility }).click();
    }
    await dialog.getByRole("button", { name: "Create account" }).click();
  }

  /** Opens a user's edit screen from the list, by searching for the username. */
  async openUser(username: string) {
    await this.gotoList();
    await this.page.getByRole("textbox", { name: "Search Users" }).fill(username);
    // The search applies after a short pause (it goes into the URL); click once it has.
    await expect(this.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(username)}(&|$)`));
    await expect(this.page.getByRole("progressbar")).toHaveCount(0);
    await this.page.getByRole("gridcell", { name: username, exact: true }).click();
    await expect(this.page.getByRole("heading", { name: `Edit ${username}` })).toBeVisible();
  }

  access = () => this.page.getByRole("region", { name: "Access" });

  async save() {
    await this.page.getByRole("button", { name: "Save" }).click();
  }
}
