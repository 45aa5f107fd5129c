import { type APIRequestContext, expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { placeNorthwindOrder, releaseOrder, scanCode } from "../pages/floor";
import { signIn } from "../pages/hub";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/** The designer's setup through the API: an approved "Knit tee" version sent to the demo factory. */
const approvedAndSent = async (request: APIRequestContext, code: string) => {
  const designer = await apiToken(request, "designer");
  const call = async <T>(method: "GET" | "POST" | "PUT", url: string, data?: unknown): Promise<T> => {
    const r = await apiCall<T>(request, designer, method, url, data);
    expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };
  const starters = await call<{ templates: { id: number; name: string }[] }>("GET", "/productDev/products/starters");
  const made = await call<{ product: { id: number }; stpId: number }>("POST", "/productDev/products", {
    code,
    name: "Floor tee",
    season: "SS27",
    category: "Tops",
    fit: "Regular",
    pomTemplateId: starters.templates.find((x) => x.name === "Knit tee")?.id,
  });
  const stp = `/productDev/stps/${made.stpId}`;
  const cw = await call<{ version: number; colors: { id: number }[] }>("GET", `${stp}/tabs/colorways`);
  await call("PUT", `${stp}/tabs/colorways`, {
    version: cw.version,
    colorways: [{ key: "BLK", name: "Black", colorIds: [cw.colors[0]?.id] }],
  });
  const fab = await call<{ version: number; choices: { id: number; code: string }[] }>("GET", `${stp}/tabs/fabrics`);
  await call("PUT", `${stp}/tabs/fabrics`, {
    version: fab.version,
    rows: [
      {
        itemId: fab.choices.find((c) => c.code === "TP-JER180")?.id,
        placement: "Body",
        quantity: "1.2",
        unit: "m",
        costCents: 780,
        cells: { BLK: { variantId: null, note: "" } },
      },
    ],
  });
  await call("POST", `${stp}/approval/submit`, {});
  await call("POST", `${stp}/approval/approve`, {});
  const approval = await call<{ facilities: { id: number; name: string }[] }>("GET", `${stp}/approval`);
  const factoryId = approval.facilities.find((x) => x.name === "Hub Demo Factory")?.id;
  await call("POST", `${stp}/approval/send`, { factoryId });
  return made;
};

/**
 * Issue 19, from an approved tech pack to the floor: the factory makes a style from the approved
 * version sent to it, the brand's client orders it, and QC fails a unit by a measurement out of
 * tolerance.
 */
test("an approved version becomes a style that can be ordered, and QC fails a unit by measurement", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const code = `SF-${uid()}`;
  const made = await approvedAndSent(request, code);

  await signIn(page, "factory");
  await page.goto(`/productDev/products/${made.product.id}/versions/1/stps/${made.stpId}/editProductDetails`);
  await expect(page.getByRole("heading", { name: `${code} Floor tee` })).toBeVisible();
  await page.getByTestId("make-style").click();
  const dialog = page.getByRole("dialog", { name: "Make a style from this version" });
  await dialog.getByLabel("Base price ($)").fill("-1");
  await dialog.getByRole("button", { name: "Make style" }).click();
  await expect(dialog).toContainText(/negative/i);
  await dialog.getByLabel("Base price ($)").fill("24.50");
  await dialog.getByRole("button", { name: "Make style" }).click();
  await expect(page).toHaveURL(/\/styles\/edit\/\d+/);
  await expect(page.getByTestId("style-source")).toContainText(`${code} Floor tee, version 1`);
  // The tech pack now links to the style.
  await page.goBack();
  await expect(page.getByTestId("open-style")).toHaveText(`Style ${code}`);

  // The brand's client orders it in size M (the third size), and the factory releases it.
  const order = await placeNorthwindOrder(request, code, [1], { styleCode: code, choices: [2], choiceOf: /size/i });
  const [unit] = await releaseOrder(request, order.id);
  if (!unit) throw new Error("no unit");
  const factory = await apiToken(request, "factory");
  for (const step of ["markCut", "markSewn"])
    expect((await apiCall(request, factory, "POST", `/floor/units/barcode/${unit.barcode}/${step}`, {})).status).toBe(
      200,
    );

  // QC shows the critical points of size M; one far outside its tolerance fails the unit.
  await page.goto("/qcInspection");
  await scanCode(page, unit.barcode, "ok");
  const measures = page.getByTestId("qc-measurements");
  await expect(measures).toContainText("size M");
  await expect(measures).toContainText(`From tech pack ${code} Floor tee, version 1`);
  await page.getByTestId("qc-pass").click();
  await expect(page.getByTestId("action-outcome")).toContainText("Measure A");
  const inputs = measures.locator("input");
  const count = await inputs.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await inputs.nth(i).fill(i === 0 ? "999" : "0");
  // Each typed value is checked: fill every point with its target instead, but the first far out.
  const targets = await measures.getByText(/^Target /).allTextContents();
  for (let i = 1; i < count; i++) await inputs.nth(i).fill(targets[i]?.match(/Target ([\d.]+)/)?.[1] ?? "0");
  await page.getByTestId("qc-pass").click();
  await expect(page.getByTestId("action-outcome")).toContainText(`${unit.barcode} failed QC: Measurement`);
  await expect(page.getByTestId("unit-state")).toHaveText("Failed");

  // The order's history keeps the measurements.
  await page.goto(`/orders/${order.id}/history`);
  await expect(page.getByText(new RegExp(`QC ${unit.barcode} failed; measured: A 999`))).toBeVisible();
});
