import { expect, test } from "@playwright/test";
import { LoginScreen, signIn, signOut } from "../pages/hub";

test.describe("signing in", () => {
  test("the browser title names the Hub and the login screen shows its fields", async ({ page }) => {
    await page.goto("/auth/login");
    await expect(page).toHaveTitle(/Hub/);
    const login = new LoginScreen(page);
    await expect(login.username()).toBeVisible();
    await expect(login.password()).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(login.password()).toHaveAttribute("type", "text");
    await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();
  });

  test("empty fields show the spec's messages under the fields", async ({ page }) => {
    const login = new LoginScreen(page);
    await login.goto();
    await login.submit().click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Please enter your password")).toBeVisible();
  });

  test("a wrong password shows the error alert above the button", async ({ page }) => {
    const login = new LoginScreen(page);
    await login.goto();
    await login.signIn("designer", "not-the-password");
    await expect(login.alert()).toHaveText("Username or password is incorrect.");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("the admin signs in, lands on the index page, and is kept away from public pages", async ({ page }) => {
    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
    await page.goto("/auth/login");
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
  });

  test("a protected path asked for while signed out is where sign-in leads", async ({ page }) => {
    await page.goto("/yourAccount");
    const login = new LoginScreen(page);
    await expect(login.submit()).toBeVisible();
    await expect(page).toHaveURL(/\/yourAccount$/);
    await login.signIn("client");
    await expect(page).toHaveURL(/\/yourAccount$/);
    await expect(page.getByRole("heading", { name: "Your Account", level: 1 })).toBeVisible();
  });

  test("signing out clears the session and all local storage", async ({ page }) => {
    await signIn(page, "factory");
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("radio", { name: "purple" }).click();
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    await signOut(page);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });

  test("an ID token whose session ended no longer loads the session", async ({ page, request }) => {
    await signIn(page, "designer");
    const stored = await page.evaluate(() => localStorage.getItem("hub.identity"));
    const session = JSON.parse(stored ?? "{}") as { idToken: string; refreshToken: string };
    expect((await request.post("/api/identity/signOut", { data: { refreshToken: session.refreshToken } })).ok()).toBe(
      true,
    );
    const res = await request.get("/api/userdata?username=designer", {
      headers: { authorization: `Bearer ${session.idToken}` },
    });
    expect(res.status()).toBe(401);
    await page.reload();
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });
});

test.describe("pages everyone can reach", () => {
  test("unknown paths go to the 404 page", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { name: "Sorry, page not found!" })).toBeVisible();
  });

  for (const [path, heading] of [
    ["/terms-and-conditions", /Terms/],
    ["/privacy-policy", /Privacy/],
    ["/acceptable-use-policy", /Acceptable Use/],
  ] as const) {
    test(`${path} is a written policy`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await page.locator("section").count()).toBeGreaterThan(4);
    });
  }
});

test.describe("session failures", () => {
  test("signing out says so in a notification at the top right", async ({ page }) => {
    await signIn(page, "designer");
    await signOut(page);
    const toast = page.getByRole("alert").filter({ hasText: "You are signed out." });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport ? box.x + box.width > viewport.width / 2 && box.y < viewport.height / 3 : false).toBe(true);
    // Under the header, never over the Account button (a pointer on a toast pauses its close).
    expect(box ? box.y >= 72 : false).toBe(true);
  });

  test("a session that fails to load after sign-in signs out and reloads", async ({ page }) => {
    await page.route("**/api/userdata?*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    const login = new LoginScreen(page);
    await login.goto();
    const reloaded = page.waitForEvent("load");
    await login.signIn("designer");
    await reloaded;
    await expect(login.submit()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("hub.identity"))).toBeNull();
  });
});
