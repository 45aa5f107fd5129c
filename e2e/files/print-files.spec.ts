import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { PrintFilesScreen, smallPng, toast } from "../pages/files";
import { signIn } from "../pages/hub";

test.describe("upload print files", () => {
  test("a client uploads a PNG, sees it listed, downloads the same bytes and deletes it after confirming", async ({
    page,
  }) => {
    const screen = new PrintFilesScreen(page);
    const png = smallPng();
    const name = `logo-${Date.now().toString(36)}.png`;
    await signIn(page, "client");
    await screen.goto();

    await screen.upload(name, "image/png", png);
    await expect(toast(page, `${name} was uploaded.`)).toBeVisible();
    await expect(screen.cell(name)).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent("download"), screen.downloadButton(name).click()]);
    expect(download.suggestedFilename()).toBe(name);
    const path = await download.path();
    expect((await readFile(path)).equals(png)).toBe(true);

    await screen.deleteConfirmed(name);
    await expect(toast(page, `${name} was deleted.`)).toBeVisible();
    await expect(screen.cell(name)).toHaveCount(0);
  });

  test("a file of the wrong type is refused in the browser; one whose bytes lie is refused by the server", async ({
    page,
  }) => {
    const screen = new PrintFilesScreen(page);
    await signIn(page, "client");
    await screen.goto();
    await screen.upload("notes.txt", "text/plain", Buffer.from("hello"));
    await expect(
      screen.uploadError(/notes\.txt: Only PDF, PNG, JPEG, TIFF, SVG, AI, EPS and PSD files can be uploaded\./),
    ).toBeVisible();
    await screen.upload("fake.png", "image/png", Buffer.from("%PDF-1.7 not a png"));
    await expect(screen.uploadError(/fake\.png: The file's contents do not match its extension\./)).toBeVisible();
    await expect(screen.cell("fake.png")).toHaveCount(0);
  });
});
