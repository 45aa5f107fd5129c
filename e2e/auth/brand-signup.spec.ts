import { expect, test } from "@playwright/test";
import { codeIn, DEMO_PASSWORD, latestMail, uniqueName } from "../pages/hub";

test.describe("brand sign-up (issue 3)", () => {
  test("choose Professional, register the brand, confirm the code, and arrive signed in as its client admin", async ({
    page,
    request,
  }) => {
    const username = uniqueName("brand");
    const email = `${username}@example.test`;
    const site = `site-${username}`.toLowerCase().slice(0, 40);
    const brandName = `Brand ${username}`;

    await page.goto("/auth/subscription");
    await page.getByRole("link", { name: "Create your account with the Professional plan" }).click();
    await expect(page).toHaveURL(/\/auth\/register\?plan=\d+$/);
    await expect(page.getByTestId("chosen-plan")).toContainText("Professional plan");
    await expect(page.getByText("2 to 40 lowercase letters, digits and hyphens")).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("First name").fill("Bree");
    await page.getByLabel("Last name").fill("Brand");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel("Brand name").fill(brandName);

    // A site name another client uses is refused under the field; the rule is checked before sending.
    await page.getByLabel("Site name").fill("Bad Site");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Site name may hold only lowercase letters, digits and hyphens")).toBeVisible();
    await page.getByLabel("Site name").fill("northwind");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("This site name is already used by another client").first()).toBeVisible();

    await page.getByLabel("Site name").fill(site);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("heading", { name: "Let's finish confirming your email" })).toBeVisible();

    const mail = await latestMail(request, email, /confirmation code/);
    await page.getByLabel("Confirmation code").fill(codeIn(mail));
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back, Bree" })).toBeVisible();

    await page.goto("/yourAccount");
    const profile = page.getByRole("region", { name: "Profile" });
    await expect(profile.getByText(`${brandName} (${site})`)).toBeVisible();
    await expect(profile.getByText("Client admin")).toBeVisible();
    const plan = page.getByRole("region", { name: "Plan" });
    await expect(plan.getByText("Professional", { exact: true })).toBeVisible();
    await expect(plan.getByText("Level 2")).toBeVisible();
  });
});
