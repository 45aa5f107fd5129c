import { expect, test } from "@playwright/test";
import { signIn, tick } from "../pages/hub";
import { toast } from "../pages/library";
import { LibraryApi, ProductPreviewScreen, StyleWorkspaceScreen } from "../pages/library-styles";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

test.describe("the style workspace and preview", () => {
  test("an admin edits a style tab by tab, each save is kept, and the preview prices over a tier break", async ({
    page,
    request,
  }) => {
    // A long journey (every tab saved, then the preview): 40-47 s on a loaded 2-core machine.
    test.setTimeout(90_000);
    const u = uid();
    // The library rows to compose from (made through the API; the screens for them are tested elsewhere).
    const lib = await LibraryApi.signIn(request, "admin");
    const machine = await lib.create("machines", {
      code: `OL-${u}`,
      name: `Overlock ${u}`,
      machineType: "Overlock",
      make: null,
    });
    const size = await lib.create("options", { code: `SZ-${u}`, name: `Size ${u}`, sortOrder: 1, attributeIds: [] });
    await lib.create("attributes", {
      code: `S-${u}`,
      name: `Small ${u}`,
      hexColor: null,
      sortOrder: 1,
      optionIds: [size],
    });
    await lib.create("attributes", {
      code: `M-${u}`,
      name: `Medium ${u}`,
      hexColor: null,
      sortOrder: 2,
      optionIds: [size],
    });
    await lib.create("fabrics", {
      fabricCode: `JER-${u}`,
      fabricName: `Jersey ${u}`,
      fabricType: "Jersey",
      supplier: null,
      color: null,
      costCents: 525,
      unit: "yd",
      widthInches: 60,
      weightGsm: 180,
    });
    await lib.create("parts", {
      partCode: `LBL-${u}`,
      name: `Label ${u}`,
      category: "Labels",
      supplier: null,
      costCents: 12,
      unit: "each",
    });
    await lib.create("instructions", {
      code: `JOIN-${u}`,
      name: `Join shoulders ${u}`,
      description: null,
      machineId: machine,
      standardMinutes: 0.5,
    });
    const style = await lib.create("styles", {
      code: `TEE-${u}`,
      name: `Tee ${u}`,
      category: "Tees",
      description: "A tee for the composition test",
      basePriceCents: 1500,
      offeredToAll: true,
      clientIds: [],
      imageUrl: null,
    });

    await signIn(page, "admin");
    const w = new StyleWorkspaceScreen(page);
    // The old address opens the first tab.
    await w.goto(style);
    await expect(page).toHaveURL(new RegExp(`/styles/edit/${style}/details$`));
    await expect(w.page.getByRole("heading", { name: `Tee ${u}` })).toBeVisible();
    await expect(w.field("Details", "Name")).toHaveValue(`Tee ${u}`);

    // Pricing (by click): from 12 pieces $11.00
    await w.openTab("Pricing", "pricing");
    await w.button("Pricing", "Add tier").click();
    await w.field("Pricing", "Tier 1 from").fill("12");
    await w.field("Pricing", "Tier 1 price").fill("11.00");
    await w.button("Pricing", "Save").click();
    await expect(toast(page, "Pricing was saved.")).toBeVisible();

    // Options (by address): Size, offering Small and Medium (+$1.50)
    await w.goto(style, "options");
    await expect(w.tab("Options")).toHaveAttribute("aria-selected", "true");
    await w.pick("Options", "Add an option", `SZ-${u}`, new RegExp(`SZ-${u}`));
    await tick(w.form("Options").getByRole("checkbox", { name: `Offer Small ${u}` }));
    await tick(w.form("Options").getByRole("checkbox", { name: `Offer Medium ${u}` }));
    await w.field("Options", `Medium ${u} upcharge`).fill("1.50");

    // Leaving a tab with unsaved changes asks first; staying keeps them.
    await w.tab("Materials").click();
    const discard = page.getByRole("dialog", { name: "Discard unsaved changes?" });
    await expect(discard).toBeVisible();
    await discard.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/options$/);
    await expect(w.field("Options", `Medium ${u} upcharge`)).toHaveValue("1.50");
    await w.button("Options", "Save").click();
    await expect(toast(page, "Options were saved.")).toBeVisible();

    // Materials: a fabric for Medium only, and a part
    await w.openTab("Materials", "materials");
    await w.button("Materials", "Add fabric").click();
    await w.pick("Materials", "Fabric 1", `JER-${u}`, new RegExp(`JER-${u}`));
    await w.field("Materials", "Placement").fill("Body");
    await w.field("Materials", "Consumption").fill("1.2");
    await w.button("Materials", "Add part").click();
    await w.pick("Materials", "Part 1", `LBL-${u}`, new RegExp(`LBL-${u}`));
    await w.field("Materials", "Quantity").fill("2");
    // The browser's back button asks too; staying puts the address back on this tab.
    await page.goBack();
    await expect(discard).toBeVisible();
    await discard.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/materials$/);
    await expect(w.field("Materials", "Quantity")).toHaveValue("2");
    await w.button("Materials", "Save").click();
    await expect(toast(page, "Materials were saved.")).toBeVisible();

    // Steps
    await w.openTab("Steps", "steps");
    await w.button("Steps", "Add step").click();
    await w.pick("Steps", "Instruction 1", `JOIN-${u}`, new RegExp(`JOIN-${u}`));
    await w.button("Steps", "Save").click();
    await expect(toast(page, "Steps were saved.")).toBeVisible();

    // Reload: everything is kept
    await page.reload();
    await expect(w.combobox("Steps", "Instruction 1")).toHaveValue(new RegExp(`JOIN-${u}`));
    await w.openTab("Pricing", "pricing");
    await expect(w.field("Pricing", "Tier 1 from")).toHaveValue("12");
    await expect(w.field("Pricing", "Tier 1 price")).toHaveValue("11.00");
    await w.openTab("Options", "options");
    await expect(w.form("Options").getByRole("checkbox", { name: `Offer Medium ${u}` })).toBeChecked();
    await expect(w.field("Options", `Medium ${u} upcharge`)).toHaveValue("1.50");
    await w.openTab("Materials", "materials");
    await expect(w.combobox("Materials", "Fabric 1")).toHaveValue(new RegExp(`JER-${u}`));
    await expect(w.field("Materials", "Consumption")).toHaveValue("1.2");
    await expect(w.combobox("Materials", "Part 1")).toHaveValue(new RegExp(`LBL-${u}`));

    // An unknown tab is the 404 page.
    await page.goto(`/styles/edit/${style}/nonsense`);
    await expect(page.getByRole("heading", { name: "Sorry, page not found!" })).toBeVisible();

    // The read-only pages
    await page.goto(`/styles/styleParts/${style}`);
    await expect(page.getByRole("table", { name: "Fabrics" }).getByText(`Jersey ${u}`)).toBeVisible();
    await expect(page.getByTestId("materials-total")).toHaveText("$6.54");
    await page.goto(`/styles/styleInstructions/${style}`);
    await expect(page.getByRole("table", { name: "Construction steps" }).getByText(`Overlock ${u}`)).toBeVisible();
    await expect(page.getByTestId("total-minutes")).toHaveText("0.5");

    // The buyer's view: the price drops at the 12-piece break; Medium adds $1.50
    const preview = new ProductPreviewScreen(page);
    await preview.goto(style, `Tee ${u}`);
    await expect(preview.unitPrice()).toContainText("$15.00");
    await preview.quantity().fill("11");
    await expect(preview.total()).toContainText("$165.00");
    await expect(preview.unitPrice()).toContainText("$15.00");
    await preview.quantity().fill("12");
    await expect(preview.unitPrice()).toContainText("$11.00");
    await expect(preview.total()).toContainText("$132.00");
    await preview.choice(`Size ${u}`, new RegExp(`Medium ${u}`)).click();
    await expect(preview.unitPrice()).toContainText("$12.50");
    await expect(preview.total()).toContainText("$150.00");
    await expect(preview.priceTable().getByRole("row", { name: /12\+/ })).toHaveAttribute("aria-current", "true");
  });

  test("a save from a stale tab is refused with who changed it, and Reload shows their version", async ({
    page,
    request,
  }) => {
    const u = uid();
    const lib = await LibraryApi.signIn(request, "admin");
    const style = await lib.create("styles", {
      code: `STALE-${u}`,
      name: `Stale tee ${u}`,
      category: "Tees",
      description: null,
      basePriceCents: 2000,
      offeredToAll: true,
      clientIds: [],
      imageUrl: null,
    });
    await signIn(page, "admin");
    const w = new StyleWorkspaceScreen(page);
    // The tabs work from the keyboard: arrows move between them, Enter opens one.
    await w.goto(style, "details");
    await expect(w.form("Details")).toBeVisible();
    await w.tab("Details").focus();
    await page.keyboard.press("ArrowRight");
    await expect(w.tab("Pricing")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/styles/edit/${style}/pricing$`));
    await expect(w.form("Pricing")).toBeVisible();
    await w.button("Pricing", "Add tier").click();
    await w.field("Pricing", "Tier 1 from").fill("24");
    await w.field("Pricing", "Tier 1 price").fill("17.50");

    // Meanwhile someone else saves the tab.
    const { version } = await lib.get<{ version: number }>(`/library/styles/${style}/tabs/pricing`);
    await lib.put(`/library/styles/${style}/tabs/pricing`, {
      version,
      priceTiers: [{ minQuantity: 50, unitPriceCents: 1500 }],
    });

    await w.button("Pricing", "Save").click();
    const conflict = w.form("Pricing").getByTestId("tab-conflict");
    await expect(conflict).toContainText("Pricing was changed by admin on");
    await expect(conflict).toContainText("since you opened it");
    // Nothing was overwritten: the other save stands, and Reload shows it.
    await conflict.getByRole("button", { name: "Reload" }).click();
    await expect(w.field("Pricing", "Tier 1 from")).toHaveValue("50");
    await expect(w.field("Pricing", "Tier 1 price")).toHaveValue("15.00");
    await expect(w.form("Pricing").getByTestId("tab-conflict")).toHaveCount(0);
  });
});
