import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { signIn } from "../pages/hub";
import { OrderEntryScreen } from "../pages/orders";

/**
 * A person's own addresses are theirs to ship to (issue 16): with none saved, Order Entry says
 * where to add one; an address added under My addresses is then offered and preselected, and the
 * order ships to it. Addresses read "Portland OR 97209" on every screen. The client's just-placed
 * order offers Cancel, never Complete (the factory's, once everything shipped), nor Return items.
 */
test("a client adds its own address from Order Entry's hint, then orders to it", async ({ page, request }) => {
  // The demo client's own address book starts empty (an account spec may have left one).
  const owner = await apiToken(request, "client");
  const before = await apiCall<{ items: { id: number }[] }>(request, owner, "GET", "/addresses");
  for (const a of before.body.items)
    expect((await apiCall(request, owner, "DELETE", `/addresses/${a.id}`)).status).toBe(200);
  const entry = new OrderEntryScreen(page);
  await signIn(page, "client");
  await entry.goto();
  const hint = page.getByTestId("no-saved-addresses");
  await expect(hint).toContainText("No saved addresses yet");
  await expect(page.getByRole("radio", { name: "From the address book" })).toBeDisabled();
  await hint.getByRole("link", { name: "My addresses" }).click();
  await expect(page).toHaveURL(/\/yourAddresses$/);

  await page.getByRole("region", { name: "My addresses" }).getByRole("button", { name: "Add address" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Label *" }).fill("Home studio");
  await dialog.getByRole("textbox", { name: "Name *" }).fill("Nora At Home");
  await dialog.getByRole("textbox", { name: "Address line 1 *" }).fill("9 Pearl Street");
  await dialog.getByRole("textbox", { name: "City *" }).fill("Portland");
  await dialog.getByRole("textbox", { name: "Region / state" }).fill("OR");
  await dialog.getByRole("textbox", { name: "Postal code *" }).fill("97209");
  await dialog.getByRole("textbox", { name: "Country (2 letters) *" }).fill("US");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("article", { name: "Address Home studio" });
  await expect(card).toContainText("Portland OR 97209");
  await expect(card).toContainText("Default");

  // Back in Order Entry: the book is offered, the person's default preselected, no hint.
  await entry.goto();
  await expect(page.getByTestId("no-saved-addresses")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "From the address book" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Address" })).toContainText(
    "Home studio: Nora At Home, 9 Pearl Street, Portland OR 97209, US",
  );
  await entry.openGrid("TEE-120");
  await entry.cell("Medium", "Black").fill("12");
  await entry.addGridLines(1);
  const placed = page.waitForResponse(
    (r) => r.url().endsWith("/api/orders") && r.request().method() === "POST" && r.status() === 201,
  );
  await entry.place().click();
  const order = (await (await placed).json()) as { id: number; orderNumber: string };
  await expect(page.getByRole("heading", { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByText("Portland OR 97209", { exact: true })).toBeVisible();
  await expect(page.getByText("9 Pearl Street", { exact: true })).toBeVisible();

  // The client's own, just placed: Cancel is offered; Complete and Return items are not.
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Complete", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Return items" })).toHaveCount(0);

  // Leave the demo as it was: the client has no saved address.
  const token = await apiToken(request, "client");
  const list = await apiCall<{ items: { id: number; label: string }[] }>(request, token, "GET", "/addresses");
  for (const a of list.body.items.filter((x) => x.label === "Home studio"))
    expect((await apiCall(request, token, "DELETE", `/addresses/${a.id}`)).status).toBe(200);
});
