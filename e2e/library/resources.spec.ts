import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";
import { LibraryFormScreen, LibraryListScreen, toast } from "../pages/library";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

test.describe("manufacturing library screens", () => {
  test("a facility user adds a machine and an instruction on it, then a profile of steps", async ({ page }) => {
    const u = uid();
    const machines = new LibraryListScreen(page, "Machines");
    const form = new LibraryFormScreen(page);
    await signIn(page, "factory");

    await machines.goto("/machines");
    await machines.newButton("machine").click();
    await expect(page).toHaveURL(/\/machines\/new$/);
    await form.button("Create machine").click();
    await expect(page.getByText("Code is required")).toBeVisible();
    await form.field("Code").fill(`MC-${u}`);
    await form.field("Name").fill(`Pegasus ${u}`);
    await form.choose("Machine type", "Coverstitch");
    await form.field("Make and model").fill("Pegasus W664");
    await form.button("Create machine").click();
    await expect(toast(page, `Pegasus ${u} was created.`)).toBeVisible();
    await machines.searchFor(`MC-${u}`);
    await expect(machines.cell(`MC-${u}`)).toBeVisible();
    await expect(machines.row(`MC-${u}`)).toContainText("Coverstitch");

    // An instruction on that machine
    await page.goto("/instructions/new");
    await form.field("Code").fill(`IN-${u}`);
    await form.field("Name").fill(`Coverstitch hem ${u}`);
    await form.pick("Machine", `MC-${u}`, new RegExp(`MC-${u}`));
    await form.field("Standard minutes").fill("0.6");
    await form.button("Create instruction").click();
    await expect(toast(page, `Coverstitch hem ${u} was created.`)).toBeVisible();
    const instructions = new LibraryListScreen(page, "Instructions");
    await instructions.searchFor(`IN-${u}`);
    await expect(instructions.cell(`Pegasus ${u}`)).toBeVisible();

    // The machine's page lists the instruction it serves
    await page.goto(`/machines?q=MC-${u}`);
    await machines.cell(`MC-${u}`).click();
    await expect(page.getByRole("link", { name: `IN-${u} · Coverstitch hem ${u}` })).toBeVisible();

    // An instruction profile with that step
    await page.goto("/instructionProfiles/new");
    await form.field("Name").fill(`Hem steps ${u}`);
    await form.pick("Add a step", `IN-${u}`, new RegExp(`IN-${u}`));
    await expect(page.getByRole("list", { name: "Steps" }).getByText(`IN-${u} · Coverstitch hem ${u}`)).toBeVisible();
    await form.button("Create instruction profile").click();
    await expect(toast(page, `Hem steps ${u} was created.`)).toBeVisible();
    await expect(page).toHaveURL(/\/instructionProfile$/);
    await expect(new LibraryListScreen(page, "Instruction Profiles").cell(`Hem steps ${u}`)).toBeVisible();
  });

  test("fabrics: create, mark out of stock (who and when), archive, export CSV and delete with confirmation", async ({
    page,
  }) => {
    const u = uid();
    const list = new LibraryListScreen(page, "Fabrics");
    const form = new LibraryFormScreen(page);
    await signIn(page, "admin");

    await list.goto("/fabric");
    await expect(page.getByRole("tab", { name: "Threads", exact: true })).toBeVisible();
    // One search (the server's) and one export (every matching row): the grid's own page-only ones are hidden.
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Search", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Export", exact: true })).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Search Fabrics" })).toBeVisible();
    await list.newButton("fabric").click();
    await form.field("Fabric code").fill(`FB-${u}`);
    await form.field("Fabric name").fill(`Bamboo Jersey ${u}`);
    await form.field("Fabric type").fill("Bamboo jersey");
    await form.field("Cost per unit").fill("-1");
    await form.button("Create fabric").click();
    await expect(page.getByText("Must not be negative")).toBeVisible();
    await form.field("Cost per unit").fill("6.40");
    await form.field("Width").fill("58");
    await form.button("Create fabric").click();
    await expect(toast(page, `Bamboo Jersey ${u} was created.`)).toBeVisible();

    await list.searchFor(`FB-${u}`);
    await expect(list.row(`FB-${u}`)).toContainText("$6.40/yd");
    await list.cell(`FB-${u}`).click();
    await expect(page).toHaveURL(/\/fabrics\/edit\/\d+$/);
    await form.button("Out of stock").click();
    await expect(toast(page, `Bamboo Jersey ${u} is out of stock.`)).toBeVisible();
    await expect(page.getByTestId("stock-changed")).toContainText("Marked out of stock by Ada Admin");
    await form.button("Back in stock").click();
    await expect(page.getByTestId("stock-changed")).toContainText("Marked back in stock by Ada Admin");

    await form.button("Archive").click();
    await form.confirm("Archive fabric?", "Archive");
    await expect(toast(page, `Bamboo Jersey ${u} was archived.`)).toBeVisible();
    await expect(form.button("Restore")).toBeVisible();

    // Archived rows leave the default list, and show under "Archived"
    await list.goto(`/fabric?q=FB-${u}`);
    await expect(list.cell(`FB-${u}`)).toHaveCount(0);
    await list.goto(`/fabric?q=FB-${u}&archived=only`);
    await expect(list.cell(`FB-${u}`)).toBeVisible();

    // Export of the current filter
    const download = page.waitForEvent("download");
    await list.exportButton().click();
    const file = await (await download).path();
    const csv = readFileSync(file, "utf8").trim().split("\r\n");
    expect(csv[0]).toContain("fabricCode,fabricName");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`FB-${u}`);

    await list.cell(`FB-${u}`).click();
    await form.button("Delete").click();
    await form.confirm("Delete fabric?", "Delete");
    await expect(toast(page, `Bamboo Jersey ${u} was deleted.`)).toBeVisible();
    await list.goto(`/fabric?q=FB-${u}&archived=all`);
    await expect(list.grid().getByText("No fabrics match this search")).toBeVisible();
  });

  test("a client user reads the styles offered to it, and cannot change them or see other library screens", async ({
    page,
  }) => {
    await signIn(page, "client");
    const styles = new LibraryListScreen(page, "Styles");
    await styles.goto("/styles");
    await expect(styles.newButton("style")).toHaveCount(0);
    await expect(page.getByRole("navigation").getByText("Fabrics")).toHaveCount(0);
    await page.goto("/fabric");
    await expect(page.getByText(/do not have access|No access/i).first()).toBeVisible();
  });
});

test.describe("sku maps", () => {
  test("an admin maps a store's SKUs to a style, tests SKUs as the map is typed, and saves it", async ({ page }) => {
    const u = uid();
    const list = new LibraryListScreen(page, "Sku Maps");
    const form = new LibraryFormScreen(page);
    await signIn(page, "admin");
    await list.goto("/skuMap");
    await expect(list.cell("Classic Crew Tee (dashed)")).toBeVisible();
    await list.newButton("sku map").click();
    await form.field("Name").fill(`Store tees ${u}`);
    await form.pick("Style", "TEE-110", /TEE-110/);
    await form.field("Style token").fill("T110");
    await page.getByRole("button", { name: "Add segment" }).click();
    await form.pick("Option 1", "Colour", /Colour/);
    const first = page.getByRole("group", { name: "Segment 1" });
    await first.getByLabel("Starts at").fill("6");
    await first.getByLabel("Length").fill("3");
    await page.getByRole("button", { name: "Add segment" }).click();
    await form.pick("Option 2", "Size", /Size/);
    await page.getByRole("group", { name: "Segment 2" }).getByLabel("Starts at").fill("10");

    await form.field("SKU to decode").fill("T110-WHT-2XL");
    await expect(page.getByTestId("sku-decoded")).toContainText("Colour: White (WHT)");
    await expect(page.getByTestId("sku-decoded")).toContainText("Size: 2X large (2XL)");
    await form.field("SKU to decode").fill("T110-PNK-M");
    await expect(page.getByTestId("sku-not-decoded")).toContainText('Colour at position 6 reads "PNK"');

    await form.button("Create sku map").click();
    await expect(toast(page, `Store tees ${u} was created.`)).toBeVisible();
    await expect(page).toHaveURL(/\/skuMap$/);
    await list.searchFor(`Store tees ${u}`);
    await expect(list.cell(`Store tees ${u}`)).toBeVisible();
  });
});
