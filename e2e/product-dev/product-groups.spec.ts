import { expect, test } from "@playwright/test";
import { apiAs } from "../pages/account";
import { signIn } from "../pages/hub";
import { LibraryFormScreen, LibraryListScreen, toast } from "../pages/library";

test.describe.configure({ timeout: 180_000 });

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/**
 * Issue 19: collections as the team's own list. A product saved with a new collection makes it; the
 * designer finds it under Collections with its product count, renames it, and the product follows.
 * The tech pack's Translations dialog says when no translation service is set up.
 */
test("a designer renames a collection and its product follows; Translations says it is not set up", async ({
  page,
  request,
}) => {
  const u = uid();
  const designer = await apiAs(request, "designer");
  const made = await designer<{ product: { id: number }; stpId: number }>("POST", "/productDev/products", {
    code: `GRP-${u}`,
    name: `Group tee ${u}`,
    collection: `E2E Essentials ${u}`,
  });

  await signIn(page, "designer");
  await page.goto("/productDev/collections");
  const list = new LibraryListScreen(page, "Collections");
  await expect(page.getByRole("heading", { name: "Collections", exact: true })).toBeVisible();
  await list.searchFor(`E2E Essentials ${u}`);
  await expect(list.row(`E2E Essentials ${u}`)).toContainText("1");
  await list.row(`E2E Essentials ${u}`).click();

  const form = new LibraryFormScreen(page);
  await form.field("Name").fill(`E2E Core ${u}`);
  await form.button("Save changes").click();
  await expect(toast(page, `E2E Core ${u} was saved.`)).toBeVisible();

  const product = await designer<{ collection: string }>("GET", `/productDev/products/${made.product.id}`);
  expect(product.collection).toBe(`E2E Core ${u}`);

  await page.goto(`/productDev/products/${made.product.id}/versions/1/stps/${made.stpId}/editProductDetails`);
  await page.getByRole("button", { name: "Translations" }).click();
  const dialog = page.getByRole("dialog", { name: "Translations of version 1" });
  await expect(dialog).toContainText("Translation is not set up on this Hub.");
  await expect(dialog).toContainText("No translations yet.");
});
