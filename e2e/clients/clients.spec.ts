import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ClientFormScreen, ClientsListScreen, SessionClientSwitcher, toast } from "../pages/clients";
import { signIn } from "../pages/hub";

const uniqueSite = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

test.describe("clients admin", () => {
  test("an admin creates, finds, edits and deletes a client; a clashing site name is named under its field", async ({
    page,
  }) => {
    const site = uniqueSite("e2e");
    const list = new ClientsListScreen(page);
    const form = new ClientFormScreen(page);
    await signIn(page, "admin");

    // Create
    await list.goto();
    await expect(list.cell("northwind")).toBeVisible();
    await list.newClient().click();
    await expect(page).toHaveURL(/\/clients\/new$/);
    await form.create().click();
    await expect(form.fieldMessage("Client name is required")).toBeVisible();
    await form.fill({
      clientName: "E2E Outfitters",
      siteName: site,
      subscription: "Basic (level 1)",
      facility: "Hub Demo Factory",
    });
    await form.create().click();
    await expect(toast(page, "E2E Outfitters was created.")).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);

    // Find it by search; the URL keeps the search, so a reload shows the same list
    await list.searchFor(site);
    await expect(list.cell(site)).toBeVisible();
    await expect(list.cell("northwind")).toHaveCount(0);
    await page.reload();
    await expect(list.search()).toHaveValue(site);
    await expect(list.cell(site)).toBeVisible();
    await expect(list.cell("northwind")).toHaveCount(0);

    // Export what the search finds
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = readFileSync(await (await download).path(), "utf8")
      .trim()
      .split("\r\n");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^E2E Outfitters,${site},Basic,Hub Demo Factory,Active,`));

    // Edit
    await list.open(site);
    await expect(form.clientName()).toHaveValue("E2E Outfitters");
    await form.fill({ clientName: "E2E Outfitters Renamed" });
    await form.save().click();
    await expect(toast(page, "E2E Outfitters Renamed was saved.")).toBeVisible();
    await list.searchFor(site);
    await expect(list.cell("E2E Outfitters Renamed")).toBeVisible();

    // A site name another client uses: the field says so
    await list.open(site);
    await form.fill({ siteName: "northwind" });
    await form.save().click();
    await expect(form.fieldMessage("This site name is already used by another client")).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/edit\/\d+$/);

    // Delete, after confirming
    await page.reload();
    await expect(form.siteName()).toHaveValue(site);
    await form.deleteConfirmed();
    await expect(toast(page, "E2E Outfitters Renamed was deleted.")).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
    await list.searchFor(site);
    await expect(page.getByText("No clients match this search")).toBeVisible();
  });

  test("an unknown client id shows the not-found state", async ({ page }) => {
    await signIn(page, "admin");
    await page.goto("/clients/edit/999999");
    await expect(page.getByRole("heading", { name: "Client not found" })).toBeVisible();
  });

  test("deleting a client that still has users is refused with the server's message", async ({ page }) => {
    const list = new ClientsListScreen(page);
    const form = new ClientFormScreen(page);
    await signIn(page, "admin");
    await list.goto("?q=bluebird");
    await list.open("bluebird");
    await form.delete().click();
    const dialog = page.getByRole("dialog", { name: "Delete client?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog.getByText(/Bluebird Basics still has \d+ users?\./)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });
});

test.describe("session client", () => {
  test("an admin picks a session client in the header and it survives a reload", async ({ page }) => {
    const switcher = new SessionClientSwitcher(page);
    await signIn(page, "admin");
    await expect(switcher.input()).toHaveValue("No client");
    await switcher.choose("Bluebird Basics (bluebird)");
    await expect(switcher.input()).toHaveValue("Bluebird Basics (bluebird)");
    expect(await page.evaluate(() => localStorage.getItem("hub.sessionClient"))).toMatch(/^\d+$/);
    await page.reload();
    await expect(switcher.input()).toHaveValue("Bluebird Basics (bluebird)");
    await switcher.choose("No client");
    await expect(switcher.input()).toHaveValue("No client");
    expect(await page.evaluate(() => localStorage.getItem("hub.sessionClient"))).toBeNull();
  });

  test("client users see no switcher and no clients screen", async ({ page }) => {
    await signIn(page, "client");
    await expect(page.getByRole("combobox", { name: "Session client" })).toHaveCount(0);
    await page.goto("/clients");
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  });
});
