import { expect, test } from "@playwright/test";
import { codeIn, DEMO_PASSWORD, LoginScreen, latestMail, uniqueName } from "../pages/hub";

test.describe("registration", () => {
  test("register, confirm the emailed code, and arrive signed in", async ({ page, request }) => {
    const username = uniqueName("reg");
    const email = `${username}@example.test`;
    await page.goto("/auth/register");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("First name").fill("Rhea");
    await page.getByLabel("Last name").fill("Gister");
    await page.getByLabel("Username").fill(username);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("short");
    await expect(page.locator('[data-rule="length"]')).toHaveAttribute("data-met", "false");
    await expect(page.locator('[data-rule="lower"]')).toHaveAttribute("data-met", "true");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText(/Password needs/)).toBeVisible();
    await password.fill(DEMO_PASSWORD);
    await expect(page.locator('[data-rule="symbol"]')).toHaveAttribute("data-met", "true");
    await page.getByRole("button", { name: "Register" }).click();

    await expect(page.getByRole("heading", { name: "Let's finish confirming your email" })).toBeVisible();
    await expect(page.getByText(/^A confirmation code was sent to .+\*\*\*@e\*\*\*\.test$/)).toBeVisible();
    await expect(page.getByText("Please enter the code below")).toBeVisible();

    const mail = await latestMail(request, email, /confirmation code/);
    await page.getByLabel("Confirmation code").fill("000000");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid verification code");
    await page.getByLabel("Confirmation code").fill(codeIn(mail));
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back, Rhea" })).toBeVisible();
  });

  test("a username that is taken says so under the field", async ({ page }) => {
    await page.goto("/auth/register");
    await page.getByLabel("Email").fill(`${uniqueName("dup")}@example.test`);
    await page.getByLabel("First name").fill("Dup");
    await page.getByLabel("Last name").fill("Licate");
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("This username is taken. Choose another.")).toBeVisible();
  });

  test("signing in unconfirmed switches to code confirmation; resend ticks; the code signs in", async ({
    page,
    request,
  }) => {
    const username = uniqueName("unc");
    const email = `${username}@example.test`;
    const res = await request.post("/api/identity/signUp", {
      data: { username, email, password: DEMO_PASSWORD, firstName: "Una", lastName: "Confirmed" },
    });
    expect(res.ok()).toBe(true);

    const login = new LoginScreen(page);
    await login.goto();
    await login.signIn(username);
    await expect(page.getByText("Let's finish confirming your email")).toBeVisible();
    await expect(page.getByText(/^A confirmation code was sent to u\*\*\*@e\*\*\*\.test$/)).toBeVisible();
    await expect(page.getByText("Please enter the code below")).toBeVisible();

    await login.submit().click();
    await expect(page.getByText("Please enter your confirmation code")).toBeVisible();

    await page.getByRole("button", { name: "Resend code" }).click();
    await expect(page.getByRole("tooltip", { name: "Code was resent!" })).toBeVisible();

    const mails = (await (await request.get("/dev/mailbox.json")).json()) as { items: { to: string; text: string }[] };
    const newest = mails.items.find((m) => m.to === email);
    expect(newest).toBeDefined();
    await page
      .getByLabel("Confirmation code")
      .fill(codeIn({ id: 0, subject: "", to: email, text: newest?.text ?? "" }));
    await login.submit().click();
    await expect(page.getByRole("heading", { name: "Welcome back, Una" })).toBeVisible();
  });
});
