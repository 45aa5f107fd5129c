import { expect, type Page, test } from "@playwright/test";
import { createConfirmedUser, signIn, signOut, tick } from "../pages/hub";
import { LibraryFormScreen, LibraryListScreen, toast } from "../pages/library";

// Each test walks several screens as two people on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/** Fills one row of the variants editor (a group "Variant n"). */
const fillVariant = async (page: Page, n: number, code: string, name: string, hex: string) => {
  const row = page.getByRole("group", { name: `Variant ${n}`, exact: true });
  await row.getByLabel("Variant code").fill(code);
  await row.getByLabel("Variant name").fill(name);
  await row.getByLabel("Swatch hex").fill(hex);
};

test("a designer adds a fabric with two colourways and a POM template; Bluebird's user cannot see them", async ({
  page,
}) => {
  const u = uid();
  await signIn(page, "designer");
  // The side nav opens the library (no longer coming soon).
  await page.goto("/productDev/libary/fabrics");
  const list = new LibraryListScreen(page, "Fabrics");
  await expect(page.getByRole("heading", { name: "Fabrics", exact: true })).toBeVisible();
  await list.newButton("fabric").click();

  const form = new LibraryFormScreen(page);
  await form.field("Code").fill(`FAB-E2E-${u}`);
  await form.field("Name").fill(`E2E Interlock ${u}`);
  await form.field("Composition").fill("100% cotton");
  await form.field("Weight (gsm)").fill("210");
  await form.button("Add variant").click();
  await fillVariant(page, 1, `FAB-E2E-${u}-BLK`, "Black", "#1B1B1B");
  await form.button("Add variant").click();
  await fillVariant(page, 2, `FAB-E2E-${u}-NAVY`, "Navy", "#1F2A44");
  await form.button("Create fabric").click();
  await expect(toast(page, `E2E Interlock ${u} was created.`)).toBeVisible();

  await list.goto("/productDev/libary/fabrics");
  await list.searchFor(`FAB-E2E-${u}`);
  await expect(list.row(`FAB-E2E-${u}`)).toContainText("100% cotton");
  await list.row(`FAB-E2E-${u}`).click();
  await expect(page.getByRole("group", { name: "Variant 2", exact: true }).getByLabel("Variant name")).toHaveValue(
    "Navy",
  );

  // A POM template on the seeded alpha size range, with a grade rule and a critical point.
  await page.goto("/productDev/libary/pomTemplates/new");
  await form.field("Name").fill(`E2E Tank ${u}`);
  await form.pick("Size range", "Alpha", /Alpha XS–3XL/);
  await form.button("Add point").click();
  await page.getByLabel("Point 1 code").fill("B");
  await page.getByLabel("Point 1 description").fill("Chest width 1/2");
  await page.getByLabel("Point 1 base value").fill("50");
  await page.getByLabel("Point 1 grade L").fill("2.5");
  await tick(page.getByLabel("Point 1 critical"));
  // The size chart follows the grade rules as they are typed.
  await expect(page.getByRole("table", { name: "Size chart" })).toContainText("52.5");
  await form.button("Create POM template").click();
  await expect(toast(page, `E2E Tank ${u} was created.`)).toBeVisible();
  const templates = new LibraryListScreen(page, "POM Templates");
  await templates.goto("/productDev/libary/pomTemplates");
  await templates.searchFor(`E2E Tank ${u}`);
  await expect(templates.row(`E2E Tank ${u}`)).toContainText("Alpha XS–3XL");

  // Bluebird's user works in a team of their own: neither shows.
  await signOut(page);
  await signIn(page, "client2");
  await list.goto("/productDev/libary/fabrics");
  await list.searchFor(`FAB-E2E-${u}`);
  await expect(page.getByText("No fabrics match this search")).toBeVisible();
  await templates.goto("/productDev/libary/pomTemplates");
  await templates.searchFor(`E2E Tank ${u}`);
  await expect(page.getByText("No pom templates match this search")).toBeVisible();
});

test("a team admin invites a member, who accepts and then finds the team in the switcher", async ({
  page,
  request,
}) => {
  const invitee = await createConfirmedUser(request, "member");
  await signIn(page, "designer");
  await page.goto("/productDev/teamManagement");
  await expect(page.getByRole("heading", { name: "Team Management" })).toBeVisible();
  const invite = page.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Email").fill(invitee.email);
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(toast(page, `${invitee.email} was invited.`)).toBeVisible();
  await expect(page.getByTestId(`member-${invitee.username}`)).toContainText("Invited");

  await signOut(page);
  await signIn(page, invitee.username, invitee.password);
  // Pending: not in the switcher yet.
  const switcher = page.getByTestId("team-switcher");
  await expect(switcher).toBeVisible();
  await switcher.getByRole("combobox").click();
  await expect(page.getByRole("option", { name: "Northwind Design" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto("/productDev/teamManagement");
  const invitations = page.getByTestId("invitations");
  await expect(invitations).toContainText("Northwind Design");
  // Accepting loads the session again (a page load), so the switcher shows the team.
  await Promise.all([page.waitForEvent("load"), invitations.getByRole("button", { name: "Accept" }).click()]);
  await expect(page.getByRole("heading", { name: "Team Management" })).toBeVisible();
  await expect(page.getByTestId("invitations")).toHaveCount(0);

  await page.getByTestId("team-switcher").getByRole("combobox").click();
  await page.getByRole("option", { name: "Northwind Design" }).click();
  await expect(page.getByTestId("team-switcher")).toContainText("Northwind Design");
  // The library now lists Northwind's seeded fabrics.
  const list = new LibraryListScreen(page, "Fabrics");
  await list.goto("/productDev/libary/fabrics");
  await list.searchFor("FAB-JER-180");
  await expect(list.row("FAB-JER-180")).toBeVisible();
});
