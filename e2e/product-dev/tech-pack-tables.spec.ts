import { expect, type Locator, test } from "@playwright/test";
import { apiAs } from "../pages/account";
import { signIn } from "../pages/hub";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/** No field label inside a table is cut off (an ellipsis means its text is wider than its box). */
const labelsFit = async (table: Locator) => {
  const cut = await table
    .locator("label")
    .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
  expect(cut).toEqual([]);
};

/**
 * Issue 23, tables that fit (at 1440 px): the BOM's item column and the graded spec's POM column
 * stay in view while the rest scrolls, no field label is cut off, each colourway shows the cost
 * the estimate uses, and a blank grade is allowed by both the live size chart and Save.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test("the BOM and graded-spec tables fit: sticky first columns, whole labels, colourway costs, blank grades", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const designer = await apiAs(request, "designer");
  const starters = await designer<{ templates: { id: number; name: string }[] }>(
    "GET",
    "/productDev/products/starters",
  );
  const made = await designer<{ product: { id: number }; stpId: number }>("POST", "/productDev/products", {
    code: `TB-${uid()}`,
    name: "Tables tee",
    pomTemplateId: starters.templates.find((x) => x.name === "Knit tee")?.id,
  });
  const stp = `/productDev/stps/${made.stpId}`;
  const cw = await designer<{ version: number; colors: { id: number }[] }>("GET", `${stp}/tabs/colorways`);
  await designer("PUT", `${stp}/tabs/colorways`, {
    version: cw.version,
    colorways: ["BLK", "WHT", "NVY", "RED", "GRN"].map((key) => ({ key, name: key, colorIds: [cw.colors[0]?.id] })),
  });
  const fab = await designer<{
    version: number;
    choices: { id: number; code: string; variants: { id: number; code: string }[] }[];
  }>("GET", `${stp}/tabs/fabrics`);
  const jersey = fab.choices.find((c) => c.code === "TP-JER180");
  const black = jersey?.variants.find((v) => v.code === "BLK")?.id;
  const cells = Object.fromEntries(["BLK", "WHT", "NVY", "RED", "GRN"].map((k) => [k, { variantId: null, note: "" }]));
  await designer("PUT", `${stp}/tabs/fabrics`, {
    version: fab.version,
    rows: [
      {
        itemId: jersey?.id,
        placement: "Body",
        quantity: "1.2",
        unit: "m",
        costCents: 780,
        cells: { ...cells, BLK: { variantId: black, note: "" } },
      },
    ],
  });
  const base = `/productDev/products/${made.product.id}/versions/1/stps/${made.stpId}`;
  await signIn(page, "designer");

  // The BOM: each colourway says the cost the estimate uses; the item column stays in view.
  await page.goto(`${base}/fabrics`);
  const bom = page.getByRole("table", { name: "Fabrics bill of materials" });
  await expect(bom).toContainText("$8.20 (variant cost)");
  await expect(bom).toContainText("$7.80 (row cost)");
  await expect(bom.getByRole("cell").first()).toHaveCSS("position", "sticky");
  await labelsFit(bom);
  const scroller = bom.locator("xpath=..");
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  const [box, item] = [await scroller.boundingBox(), await bom.getByLabel("Row 1 item").boundingBox()];
  expect(item && box && item.x >= box.x - 1).toBe(true);
  await page.getByRole("tab", { name: "Estimates" }).click();
  // 1.2 m × $8.20 in black, × $7.80 in white (no variant): what the BOM says.
  await expect(page.getByRole("table", { name: "Costing per colourway" })).toContainText("$9.84");
  await expect(page.getByRole("table", { name: "Costing per colourway" })).toContainText("$9.36");

  // The graded spec: a blank grade repeats its neighbour in the live chart, and Save keeps it blank.
  await page.getByRole("tab", { name: "Graded spec" }).click();
  const poms = page.getByRole("table", { name: "Points of measure" });
  await labelsFit(poms);
  await expect(poms.getByRole("cell").first()).toHaveCSS("position", "sticky");
  const l = await page.getByTestId("chart-A-L").textContent();
  await page.getByLabel("POM 1 grade XL").fill("");
  await expect(page.getByTestId("chart-A-XL")).toHaveText(l ?? "");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The graded spec was saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("POM 1 grade XL")).toHaveValue("");
  await expect(page.getByTestId("chart-A-XL")).toHaveText(l ?? "");
});
