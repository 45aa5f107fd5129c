import { expect, test } from "@playwright/test";
import { apiCall, apiToken, inviteAndRegister, YourAccountScreen } from "../pages/account";
import { signIn } from "../pages/hub";

/**
 * Spec 4's guards for client users, on the second demo client (Bluebird Basics: Basic plan,
 * level 1, 3 users). The cases change Bluebird, so they run one after another.
 */
test.describe.configure({ mode: "serial" });

test.describe("account guards", () => {
  test("a Basic client opening report downloads is sent to Your Account to upgrade", async ({ page }) => {
    await signIn(page, "client2");
    await page.goto("/reportDownloads");
    const account = new YourAccountScreen(page);
    await account.expectReason("insufficientPlan", { required: "2" });
    await expect(page).toHaveURL(/\/yourAccount\?reason=insufficientPlan&required=2$/);
    await expect(account.banner()).toContainText("That page needs the Professional plan (level 2) or higher.");
    await expect(account.banner()).toContainText("Your client is on the Basic plan (level 1).");
    await expect(account.banner().getByRole("link", { name: "Upgrade plan" })).toHaveAttribute(
      "href",
      "/manageSubscription",
    );
    // Production overview needs it too; an ordinary page does not.
    await page.goto("/qs-dashboards/productionOverview");
    await account.expectReason("insufficientPlan", { required: "2" });
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/orders$/);
  });

  test("a client without a plan whose factory requires one must choose a plan first", async ({ page, request }) => {
    const admin = await apiToken(request, "admin");
    const client2 = await apiToken(request, "client2");
    const mine = await apiCall<{ client: { clientId: number } }>(request, client2, "GET", "/yourAccount");
    const clientId = mine.body.client.clientId;
    const current = await apiCall<{
      clientName: string;
      siteName: string;
      factoryId: number | null;
      subscriptionId: number | null;
    }>(request, admin, "GET", `/clients/${clientId}`);
    expect(current.status).toBe(200);
    const cleared = await apiCall(request, admin, "PUT", `/client/${clientId}`, {
      clientName: current.body.clientName,
      siteName: current.body.siteName,
      factoryId: current.body.factoryId,
      subscriptionId: null,
      active: true,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);

    await signIn(page, "client2");
    await page.goto("/orders");
    const account = new YourAccountScreen(page);
    await account.expectReason("needSubscription");
    await expect(page).toHaveURL(/\/yourAccount\?reason=needSubscription$/);
    await expect(account.banner()).toContainText("requires a subscription");
    await account.banner().getByRole("link", { name: "Choose a plan" }).click();
    await expect(page).toHaveURL(/\/newSubscription$/);
    await page.getByRole("button", { name: "Choose Basic" }).click();
    await expect(page).toHaveURL(/\/yourAccount$/);
    await expect(account.usage()).toHaveText("1 of 3 users");
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/orders$/);
  });

  test("a client over its user limit is sent to Your Account until users are deactivated", async ({
    page,
    request,
  }) => {
    const client2 = await apiToken(request, "client2");
    // Basic allows 3: two invitees fill it; a third joins while one is a test user, who then counts again.
    const a = await inviteAndRegister(request, client2, "ovla");
    await inviteAndRegister(request, client2, "ovlb");
    expect((await apiCall(request, client2, "PUT", `/yourClientUsers/${a.userId}`, { testUser: true })).status).toBe(
      200,
    );
    const c = await inviteAndRegister(request, client2, "ovlc");
    expect((await apiCall(request, client2, "PUT", `/yourClientUsers/${a.userId}`, { testUser: false })).status).toBe(
      200,
    );

    await signIn(page, "client2");
    await page.goto("/orders");
    const account = new YourAccountScreen(page);
    await account.expectReason("overLimit", { active: "4", limit: "3" });
    await expect(page).toHaveURL(/\/yourAccount\?reason=overLimit&active=4&limit=3$/);
    await expect(account.banner()).toContainText("Your client has 4 active users but its plan allows 3.");
    await expect(account.banner()).toContainText("Deactivate 1 user");
    await expect(account.usage()).toHaveText("4 of 3 users");

    // Your Client Users is one of the pages the guard skips: deactivate one there (after confirming).
    await account.banner().getByRole("link", { name: "Manage users" }).click();
    await expect(page).toHaveURL(/\/yourClientUsers$/);
    await page.getByRole("switch", { name: `Active: ${c.username}` }).click();
    const confirm = page.getByRole("dialog", { name: "Deactivate user?" });
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("switch", { name: `Active: ${c.username}` })).not.toBeChecked();

    await page.goto("/orders");
    await expect(page).toHaveURL(/\/orders$/);
    // An old link to the banner now says the problem is gone.
    await page.goto("/yourAccount?reason=overLimit&active=4&limit=3");
    await expect(account.banner()).toHaveAttribute("data-resolved", "true");
    await expect(account.banner()).toContainText("3 of 3 users active");

    // Leave Bluebird as the seed has it: its admin the only active user.
    const extras = (
      await apiCall<{ items: { userId: number; userName: string }[] }>(
        request,
        client2,
        "GET",
        "/yourClientUsers?searchString=ovl",
      )
    ).body;
    for (const user of extras.items) {
      expect(
        (await apiCall(request, client2, "PUT", `/yourClientUsers/${user.userId}`, { available: false })).status,
      ).toBe(200);
    }
  });
});
