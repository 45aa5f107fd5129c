import { expect, type Page, test } from "@playwright/test";
import { smallPng, toast } from "../pages/files";
import { signIn } from "../pages/hub";

test.describe.configure({ timeout: 180_000 });

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`;

/** /productDev/files/fileManager as a person sees it. */
class FileManagerScreen {
  constructor(readonly page: Page) {}
  grid = () => this.page.getByRole("grid", { name: "Files and folders" });
  entry = (name: string) => this.grid().getByRole("button", { name, exact: true });
  action = (label: string) => this.page.getByRole("button", { name: label, exact: true });

  async goto() {
    await this.page.goto("/productDev/files/fileManager");
    await expect(this.page.getByRole("heading", { name: "File Manager" })).toBeVisible();
  }
}

test("a designer uploads a file, makes a folder, moves the file into it, deletes it and restores it from the trash", async ({
  page,
}) => {
  const u = uid();
  const home = `E2E Home ${u}`;
  const folder = `E2E Folder ${u}`;
  const file = `e2e-${u}.png`;
  const fm = new FileManagerScreen(page);
  const tree = page.getByRole("list", { name: "Folders" });
  await signIn(page, "designer");
  await fm.goto();

  // A folder of its own, opened from the folder list (the top level holds every other spec's files,
  // so what this spec makes is not necessarily on the grid's first page there).
  await page.getByRole("button", { name: "New folder" }).click();
  const naming = page.getByRole("dialog", { name: "New folder" });
  await naming.getByLabel("Name").fill("../bad");
  await expect(naming.getByText(/cannot contain/)).toBeVisible();
  await naming.getByLabel("Name").fill(home);
  await naming.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, `Folder ${home} was created.`)).toBeVisible();
  await tree.getByRole("button", { name: home }).click();
  await expect(page.getByRole("navigation", { name: "Folder path" })).toContainText(home);
  await expect(page.getByText("This folder is empty")).toBeVisible();

  // Upload into it.
  await page
    .getByLabel("Choose files to upload")
    .setInputFiles({ name: file, mimeType: "image/png", buffer: smallPng() });
  await expect(toast(page, `${file} uploaded.`)).toBeVisible();
  await expect(fm.entry(file)).toBeVisible();

  // A folder inside it.
  await page.getByRole("button", { name: "New folder" }).click();
  await naming.getByLabel("Name").fill(folder);
  await naming.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, `Folder ${folder} was created.`)).toBeVisible();
  await expect(fm.entry(folder)).toBeVisible();

  // Move the file into it.
  await fm.action(`Move ${file}`).click();
  const moving = page.getByRole("dialog", { name: `Move ${file}` });
  await moving.getByRole("button", { name: folder }).click();
  await expect(toast(page, `${file} was moved.`)).toBeVisible();
  await expect(fm.entry(file)).toHaveCount(0);

  // Open the folder: the file is there, under the breadcrumb.
  await fm.entry(folder).click();
  await expect(page.getByRole("navigation", { name: "Folder path" })).toContainText(folder);
  await expect(fm.entry(file)).toBeVisible();

  // Delete (to the trash), then restore it.
  await fm.action(`Delete ${file}`).click();
  const confirm = page.getByRole("dialog", { name: "Delete file?" });
  await expect(confirm).toContainText("kept 30 days");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `${file} was moved to the trash.`)).toBeVisible();
  await expect(fm.entry(file)).toHaveCount(0);

  await page.getByRole("button", { name: "Trash", exact: true }).click();
  const trash = page.getByRole("table", { name: "Trash" });
  await expect(trash.getByText(file)).toBeVisible();
  await page.getByRole("button", { name: `Restore ${file}` }).click();
  await expect(toast(page, `${file} was restored.`)).toBeVisible();
  await expect(trash.getByText(file)).toHaveCount(0);

  // Back in its folder.
  await tree.getByRole("button", { name: folder }).click();
  await expect(fm.entry(file)).toBeVisible();

  // The dashboard lists it among the recent uploads.
  await page.goto("/productDev/files/dashboard");
  await expect(page.getByRole("heading", { name: "Files Dashboard" })).toBeVisible();
  await expect(page.getByTestId("storage-used")).toContainText("used");
  await expect(page.getByRole("table", { name: "Recent uploads" }).getByText(file)).toBeVisible();
});
