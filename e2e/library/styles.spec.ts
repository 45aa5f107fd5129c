import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";
import { toast } from "../pages/library";
import { LibraryApi, ProductPreviewScreen, StyleCompositionScreen } from "../pages/library-styles";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

test.describe("style composition and preview", () => {
  test("an admin composes a style in the tabs, it is kept, and the preview prices over a tier break", async ({
    page,
    request,
  }) => {
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
    const c = new StyleCompositionScreen(page);
    await c.goto(style);

    // Pricing: from 12 pieces $11.00
    await c.button("Add tier").click();
    await c.field("Tier 1 from").fill("12");
    await c.field("Tier 1 price").fill("11.00");

    // Options: Size, offering Small and Medium (+$1.50)
    await c.openTab("Options");
    await c.pick("Add an option", `SZ-${u}`, new RegExp(`SZ-${u}`));
    await c
      .card()
      .getByRole("checkbox", { name: `Offer Small ${u}` })
      .check();
    await c
      .card()
      .getByRole("checkbox", { name: `Offer Medium ${u}` })
      .check();
    await c.field(`Medium ${u} upcharge`).fill("1.50");

    // A fabric, a part and a step
    await c.openTab("Fabrics");
    await c.button("Add fabric").click();
    await c.pick("Fabric 1", `JER-${u}`, new RegExp(`JER-${u}`));
    await c.field("Placement").fill("Body");
    await c.field("Consumption").fill("1.2");
    await c.openTab("Parts");
    await c.button("Add part").click();
    await c.pick("Part 1", `LBL-${u}`, new RegExp(`LBL-${u}`));
    await c.field("Quantity").fill("2");
    await c.openTab("Instructions");
    await c.button("Add step").click();
    await c.pick("Instruction 1", `JOIN-${u}`, new RegExp(`JOIN-${u}`));

    await c.button("Save composition").click();
    await expect(toast(page, "The composition was saved.")).toBeVisible();

    // Reload: everything is kept
    await page.reload();
    await expect(c.field("Tier 1 from")).toHaveValue("12");
    await expect(c.field("Tier 1 price")).toHaveValue("11.00");
    await c.openTab("Options");
    await expect(c.card().getByRole("checkbox", { name: `Offer Medium ${u}` })).toBeChecked();
    await expect(c.field(`Medium ${u} upcharge`)).toHaveValue("1.50");
    await c.openTab("Fabrics");
    await expect(c.combobox("Fabric 1")).toHaveValue(new RegExp(`JER-${u}`));
    await expect(c.field("Consumption")).toHaveValue("1.2");
    await c.openTab("Parts");
    await expect(c.combobox("Part 1")).toHaveValue(new RegExp(`LBL-${u}`));
    await c.openTab("Instructions");
    await expect(c.combobox("Instruction 1")).toHaveValue(new RegExp(`JOIN-${u}`));

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
});
