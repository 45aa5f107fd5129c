import { expect, test } from "@playwright/test";
import { apiAs, apiCall, apiToken } from "../pages/account";
import { placeNorthwindOrder, releaseOrder } from "../pages/floor";
import { signIn } from "../pages/hub";
import { LibraryFormScreen, LibraryListScreen, toast } from "../pages/library";

// Two screens and a tech pack on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/**
 * Issue 19: a designer creates a shipping profile with a weight per size at
 * /productDev/shippingProfiles (no longer coming soon), then chooses it on a tech pack's Packaging
 * tab; the choice is saved with the tab and counted on the profile.
 */
test("a designer makes a shipping profile with weights per size and chooses it on a tech pack's packaging tab", async ({
  page,
  request,
}) => {
  const u = uid();
  const name = `E2E mailer ${u}`;
  await signIn(page, "designer");
  const list = new LibraryListScreen(page, "Shipping Profiles");
  await list.goto("/productDev/shippingProfiles");
  await list.newButton("shipping profile").click();

  const form = new LibraryFormScreen(page);
  await form.field("Name").fill(name);
  await form.choose("Fold method", "roll");
  await form.pick("Box (Shipping Library)", "carton", /Export carton, 48 folded tees/);
  await form.field("Box length").fill("35");
  await form.field("Box width").fill("25");
  await form.field("Box height").fill("8");
  await form.field("Units per box").fill("4");
  await form.field("Box tare (g)").fill("120");
  await form.button("Add size").click();
  await page.getByLabel("Size 1", { exact: true }).fill("M");
  await page.getByLabel("Grams 1", { exact: true }).fill("180");
  await form.button("Add size").click();
  await page.getByLabel("Size 2", { exact: true }).fill("L");
  await page.getByLabel("Grams 2", { exact: true }).fill("195");
  await form.button("Create shipping profile").click();
  await expect(toast(page, `${name} was created.`)).toBeVisible();

  await list.goto("/productDev/shippingProfiles");
  await list.searchFor(name);
  await expect(list.row(name)).toContainText("Export carton, 48 folded tees, 35 x 25 x 8 cm");
  await expect(list.row(name)).toContainText("roll");

  // A new product's Packaging tab offers it; the choice is saved with the tab.
  const designer = await apiAs(request, "designer");
  const made = await designer<{ product: { id: number }; stpId: number }>("POST", "/productDev/products", {
    code: `SPE-${u}`,
    name: "Shipping profile tee",
  });
  await page.goto(`/productDev/products/${made.product.id}/versions/1/stps/${made.stpId}/packaging`);
  await page.getByRole("combobox", { name: "Shipping profile" }).click();
  await page.getByRole("option", { name, exact: true }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Packaging were saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Shipping profile" })).toHaveText(name);

  // The profile now counts the product, so it cannot be deleted, only archived.
  await list.goto("/productDev/shippingProfiles");
  await list.searchFor(name);
  await expect(list.row(name).getByRole("gridcell", { name: "1", exact: true })).toBeVisible();
});

/**
 * The demo's TEE-100 was made from the demo tee's approved version, whose packaging tab names the
 * "Folded tee, export carton" profile (60 x 40 x 40 cm): the packer gets its box and weight as a
 * suggestion and takes it.
 */
test("the factory packs a TEE-100 order and takes the suggested box and weight", async ({ page, request }) => {
  const factory = await apiToken(request, "factory");
  const order = await placeNorthwindOrder(request, "shipprofile", [2], { styleCode: "TEE-100" });
  const units = await releaseOrder(request, order.id);
  for (const u of units)
    for (const step of ["markCut", "markSewn", "markInspected"]) {
      const moved = await apiCall(request, factory, "POST", `/floor/units/barcode/${u.barcode}/${step}`, {});
      expect(moved.status, `${u.barcode} ${step}`).toBe(200);
    }
  await signIn(page, "factory");
  await page.goto("/packOut");
  const scan = page.getByTestId("scan-input");
  for (const u of units) {
    await scan.focus();
    await page.keyboard.type(u.barcode);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("scan-status")).toContainText(`Packed ${u.barcode}`);
  }
  const suggestion = page.getByRole("alert", { name: "Suggested box" });
  await expect(suggestion).toContainText("Folded tee, export carton");
  await expect(suggestion).toContainText("Export carton, 48 folded tees, 23.6 x 15.7 x 15.7 in");
  const oz = /weight ([\d.]+) oz/.exec((await suggestion.textContent()) ?? "")?.[1];
  expect(Number(oz)).toBeGreaterThan(900 / 28.35);
  await suggestion.getByRole("button", { name: "Use suggestion" }).click();
  await expect(page.getByLabel("Weight (oz)")).toHaveValue(oz ?? "");
  await expect(page.getByLabel("Length (in)")).toHaveValue("23.6");
  await expect(page.getByLabel("Height (in)")).toHaveValue("15.7");
});
