import { expect, test } from "@playwright/test";
import { codeIn, createConfirmedUser, LoginScreen, latestMail } from "../pages/hub";

test.describe("passwords", () => {
  test("reset a forgotten password with the emailed code", async ({ page, request }) => {
    const user = await createConfirmedUser(request, "rst");
    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Username").fill(user.username);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(/A code was sent to r\*\*\*@e\*\*\*\.test/)).toBeVisible();

    const code = codeIn(await latestMail(request, user.email, /Reset your Hub password/));
    await page.getByLabel("Code").fill(code);
    await page.getByLabel("New password", { exact: true }).fill("Brand-New-Pass9");
    await page.getByLabel("Confirm new password").fill("Brand-New-Pass9");
    await page.getByRole("button", { name: "Reset password" }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText("Reset was successful! Please sign in with your new password.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveCount(0);

    const login = new LoginScreen(page);
    await login.password().fill(user.password);
    await login.submit().click();
    await expect(login.alert()).toHaveText("Username or password is incorrect.");
    await login.password().fill("Brand-New-Pass9");
    await login.submit().click();
    await expect(page.getByRole("heading", { name: "Welcome back, Test" })).toBeVisible();
  });

  test("an account created with a temporary password must choose a new one", async ({ page }) => {
    // scripts/e2e.mjs creates this admin with the production CLI before the Hub starts.
    const login = new LoginScreen(page);
    await login.goto();
    await login.signIn("firstadmin", "Temp-Pass-123!");
    await expect(page).toHaveURL(/\/auth\/new-password$/);
    await expect(page.getByText(/Welcome, firstadmin/)).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("Temp-Pass-123!");
    await page.getByLabel("Confirm new password").fill("Temp-Pass-123!");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("alert")).toContainText("differs from the temporary one");
    await page.getByLabel("New password", { exact: true }).fill("Chosen-Pass-456!");
    await page.getByLabel("Confirm new password").fill("Chosen-Pass-456!");
    await page.getByRole("button", { name: "Set password" }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText("Success! Please sign in with your new password.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
    await login.password().fill("Chosen-Pass-456!");
    await login.submit().click();
    await expect(page.getByRole("heading", { name: "Welcome back, First" })).toBeVisible();
  });
});
