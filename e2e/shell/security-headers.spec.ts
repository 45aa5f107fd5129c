import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../pages/hub";

/** Collects what Chromium reports as blocked by the Content-Security-Policy while a page is used. */
const cspViolations = (page: Page): string[] => {
  const found: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
};

test("the web app renders and works under its Content-Security-Policy, with nothing blocked", async ({ page }) => {
  const violations = cspViolations(page);
  const response = await page.goto("/auth/login");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  // Signing in also makes the public-IP lookups (connect-src) and draws MUI's emotion styles.
  await signIn(page, "factory");
  await page.goto("/styles");
  await expect(page.getByRole("grid")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the API docs (Swagger UI) load under the policy", async ({ page }) => {
  const violations = cspViolations(page);
  const response = await page.goto("/api/docs/");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { name: /Hub API/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "/api/identity/signIn", exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the demo mailbox page opens on the Hub's own machine", async ({ page }) => {
  const violations = cspViolations(page);
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Demo mailbox" })).toBeVisible();
  expect(violations).toEqual([]);
});
