import { expect, test } from "@playwright/test";
import { latestMail, signIn, uniqueName } from "../pages/hub";
import { AccountIntegrationScreen, ApiKeysScreen, SoftwareRequestScreen, toast } from "../pages/integrations";

test.describe("integrations", () => {
  test("a client admin creates a test key, sees it once, calls the API with it, revokes it and the key stops working", async ({
    page,
    request,
  }) => {
    const keys = new ApiKeysScreen(page);
    const name = uniqueName("e2e-key-");
    await signIn(page, "client");
    await keys.goto();
    const key = await keys.create(name);
    expect(key).toMatch(/^hub_test_[A-Za-z0-9_-]{32}$/);

    // Listed by its prefix only: the key itself is never shown again.
    await expect(keys.row(name)).toContainText(`${key.slice(0, 13)}…`);
    await expect(page.getByText(key)).toHaveCount(0);
    await page.reload();
    await expect(keys.row(name)).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);

    // The key calls the API as its client.
    const ok = await request.get("/api/apiKeys/whoami", { headers: { "x-api-key": key } });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ siteName: "northwind", mode: "test" });
    expect((await request.get("/api/clients", { headers: { "x-api-key": key } })).status()).toBe(403);

    // Revoke, after confirming; the call then fails.
    await keys.revokeConfirmed(name);
    await expect(toast(page, "API key revoked.")).toBeVisible();
    await expect(keys.row(name)).toContainText("Revoked");
    expect((await request.get("/api/apiKeys/whoami", { headers: { "x-api-key": key } })).status()).toBe(401);
  });

  test("the three pages are in Maintenance for a client", async ({ page }) => {
    await signIn(page, "client");
    const nav = page.getByTestId("nav-horizontal");
    for (const [item, path] of [
      ["API Integrations", "/apiIntegrations"],
      ["Account Integration", "/accountIntegration"],
      ["Software Request", "/softwareRequest"],
    ] as const) {
      await nav.getByRole("button", { name: "Maintenance", exact: true }).click();
      await page.getByRole("menuitem", { name: item }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { name: item, exact: true })).toBeVisible();
      // The menu fades out after the choice: open it again only once it has gone, or the next
      // click lands on the closing menu's item.
      await expect(page.getByRole("menu")).toHaveCount(0);
    }
  });

  test("a factory user cannot open the API keys page", async ({ page }) => {
    await signIn(page, "factory");
    await page.goto("/apiIntegrations");
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  });

  test("the create-key form is checked before it is sent", async ({ page }) => {
    const keys = new ApiKeysScreen(page);
    await signIn(page, "client2");
    await keys.goto();
    await keys.createKey().click();
    await keys.dialog().getByRole("button", { name: "Create key" }).click();
    await expect(keys.dialog().getByText("Name is required")).toBeVisible();
  });

  test("a software request is sent to the Hub's admins", async ({ page, request }) => {
    const screen = new SoftwareRequestScreen(page);
    const subject = uniqueName("E2E request ");
    await signIn(page, "client");
    await screen.goto();
    await screen.send().click();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await screen.subject().fill(subject);
    await screen.body().fill("Please add a bulk SKU import.");
    await screen.send().click();
    await expect(toast(page, "Your request was sent")).toBeVisible();
    await expect(screen.subject()).toHaveValue("");
    const mail = await latestMail(request, "admin@demo.hub.test", new RegExp(`Software request: ${subject}`));
    expect(mail.text).toContain("Northwind Apparel");
    expect(mail.text).toContain("Please add a bulk SKU import.");
  });

  test("saved store credentials show only masked hints", async ({ page }) => {
    const screen = new AccountIntegrationScreen(page);
    await signIn(page, "client2");
    await screen.goto();
    const store = screen.store();
    await store.getByRole("button", { name: "Save credentials" }).click();
    await expect(store.getByText("Store name is required")).toBeVisible();
    await store.getByLabel("Store name").fill("bluebird-e2e");
    await store.getByLabel("API key").fill("e2e-store-key-7788");
    await store.getByLabel("API password").fill("e2e-store-password-4242");
    await store.getByRole("button", { name: "Save credentials" }).click();
    await expect(toast(page, "Credentials saved.")).toBeVisible();
    await expect(store.getByText("••••7788")).toBeVisible();
    await expect(store.getByText("••••4242")).toBeVisible();
    await page.reload();
    await expect(screen.store().getByText("bluebird-e2e")).toBeVisible();
    await expect(page.getByText("e2e-store-key-7788")).toHaveCount(0);
    await expect(page.getByText("e2e-store-password-4242")).toHaveCount(0);
    // Every secret field (the store's two, the shipping platform's, the S3 import's) is a password
    // field left empty: a saved secret shows only as its masked hint.
    const secrets = page.locator("input[type=password]");
    await expect(secrets).toHaveCount(4);
    for (const field of await secrets.all()) await expect(field).toHaveValue("");
  });
});
