import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";

/** What Find Order By Tote answers a code that is not a tote's. */
const notATote = (code: string) => `${code} is not a tote barcode (T-0001).`;

// Chromium's stand-in camera (a moving test picture), so the camera button can be opened here.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-dev-shm-usage",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
});

test.describe("kiosk layout for floor screens", () => {
  test("a floor route opens without the side nav, with the scan field focused, and lists scans", async ({ page }) => {
    await signIn(page, "factory");
    await page.goto("/toteLookup");

    // The kiosk shell: title, facility and user, Back to Hub and Sign out; no navigation at all.
    await expect(page.locator("[data-layout=kiosk]")).toBeVisible();
    await expect(page.getByText("Find Order By Tote", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Hub" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page.getByTestId("nav-horizontal")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open navigation" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Account" })).toHaveCount(0);

    // Big and focused: a scanner can type straight away.
    const scan = page.getByTestId("scan-input");
    await expect(scan).toBeFocused();
    expect((await scan.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(56);
    await expect(page.getByTestId("scan-status")).toHaveAttribute("data-state", "idle");

    // A scanner types the code and Enter: a code that is not a tote's is an error, saying so.
    await page.keyboard.type("  TOTE-0042 ");
    await page.keyboard.press("Enter");
    const status = page.getByTestId("scan-status");
    await expect(status).toHaveAttribute("data-state", "error");
    await expect(status).toContainText("TOTE-0042");
    await expect(status).toContainText(notATote("TOTE-0042"));
    const history = page.getByTestId("scan-history").getByRole("listitem");
    await expect(history).toHaveCount(1);
    await expect(history.first()).toContainText("TOTE-0042");
    await expect(history.first()).toContainText(`Error: ${notATote("TOTE-0042")}`);
    await expect(page.locator("[aria-live=assertive]")).toHaveText(`Failed TOTE-0042: ${notATote("TOTE-0042")}`);
    await expect(scan).toHaveValue("");
    await expect(scan).toBeFocused();

    // A nervous double press (the same code twice at once) is taken once, newest first.
    for (const _ of [1, 2]) {
      await page.keyboard.type("TOTE-0043");
      await page.keyboard.press("Enter");
    }
    await expect(history.first()).toContainText("TOTE-0043");
    await expect(history).toHaveCount(2);
    await expect(history.nth(1)).toContainText("TOTE-0042");

    // A click elsewhere on the page gives the focus back to the scan field.
    await page.getByText("Scan a tote to see its order and units.").click();
    await expect(scan).toBeFocused();
    // A code typed while a link has the focus still lands in the scan field.
    await page.getByRole("link", { name: "Back to Hub" }).focus();
    await page.keyboard.type("TOTE-0044");
    await page.keyboard.press("Enter");
    await expect(history.first()).toContainText("TOTE-0044");
    await expect(history).toHaveCount(3);

    // Back to Hub leaves the kiosk for the dashboard.
    await page.getByRole("link", { name: "Back to Hub" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Account" })).toBeVisible();
  });

  test("the camera reads with our own WebAssembly, and the scan field is focused again after", async ({ page }) => {
    const elsewhere: string[] = [];
    const wasm: { url: string; status: number; type: string }[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith("http://127.0.0.1") && !r.url().startsWith("data:") && !r.url().startsWith("blob:"))
        elsewhere.push(r.url());
    });
    page.on("response", (r) => {
      if (r.url().endsWith(".wasm"))
        wasm.push({ url: r.url(), status: r.status(), type: r.headers()["content-type"] ?? "" });
    });
    await signIn(page, "factory");
    await page.goto("/toteLookup");
    await expect(page.getByText("Find Order By Tote", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Camera" }).click();
    const dialog = page.getByRole("dialog", { name: "Scan with the camera" });
    await expect(dialog.getByText("Hold the barcode inside the picture.")).toBeVisible();
    await expect.poll(() => wasm.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(wasm[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\/zxing_reader-[\w-]+\.wasm$/);
    expect(wasm[0]?.status).toBe(200);
    expect(wasm[0]?.type).toContain("application/wasm");
    // Closed from the keyboard (no click to lean on): the scan field takes the focus back.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("scan-input")).toBeFocused();
    expect(elsewhere).toEqual([]);
  });

  test("Sign out from the kiosk ends the session", async ({ page }) => {
    await signIn(page, "factory");
    await page.goto("/clearTote");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });

  test("a user without the floor card sees no access inside the kiosk", async ({ page }) => {
    await signIn(page, "designer");
    await page.goto("/recutTote");
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
    await expect(page.getByTestId("scan-input")).toHaveCount(0);
  });
});
