import { expect, test } from "@playwright/test";
import { apiAs } from "../pages/account";
import { signIn, signOut } from "../pages/hub";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/**
 * Issue 23, the handoff end to end: a designer sends an approved version to the brand's facility;
 * the factory user finds it in Tech Packs, opens it read-only and opens its PDF; a change in
 * version 2 leaves version 1 as it was sent.
 */
test("a designer sends a version; the factory finds it in Tech Packs, opens it and its PDF; version 2 leaves it as sent", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const code = `HO-${uid()}`;
  const designer = await apiAs(request, "designer");

  // An approved tech pack: from the "Knit tee" template, two colourways, a jersey row per colourway.
  const starters = await designer<{ templates: { id: number; name: string }[] }>(
    "GET",
    "/productDev/products/starters",
  );
  const template = starters.templates.find((x) => x.name === "Knit tee");
  const made = await designer<{ product: { id: number }; stpId: number }>("POST", "/productDev/products", {
    code,
    name: "Handoff tee",
    season: "SS27",
    category: "Tops",
    fit: "Boxy",
    pomTemplateId: template?.id,
  });
  const stp = `/productDev/stps/${made.stpId}`;
  const cw = await designer<{ version: number; colors: { id: number; code: string }[] }>(
    "GET",
    `${stp}/tabs/colorways`,
  );
  const color = cw.colors[0]?.id;
  await designer("PUT", `${stp}/tabs/colorways`, {
    version: cw.version,
    colorways: [
      { key: "BLK", name: "Black", colorIds: [color] },
      { key: "WHT", name: "White", colorIds: [color] },
    ],
  });
  const fab = await designer<{ version: number; choices: { id: number; code: string; variants: { id: number }[] }[] }>(
    "GET",
    `${stp}/tabs/fabrics`,
  );
  const jersey = fab.choices.find((c) => c.code === "TP-JER180");
  await designer("PUT", `${stp}/tabs/fabrics`, {
    version: fab.version,
    rows: [
      {
        itemId: jersey?.id,
        placement: "Body",
        quantity: "1.2",
        unit: "m",
        costCents: 780,
        cells: { BLK: { variantId: null, note: "" }, WHT: { variantId: null, note: "" } },
      },
    ],
  });
  await designer("POST", `${stp}/approval/submit`, {});
  await designer("POST", `${stp}/approval/approve`, {});

  // The designer sends it: the dialog asks which facility, the brand's own preselected.
  await signIn(page, "designer");
  await page.goto(`/productDev/products/${made.product.id}/versions/1/stps/${made.stpId}/approval`);
  await expect(page.getByText(/Version 1 is approved, so it cannot change/)).toBeVisible();
  await page.getByRole("button", { name: "Send to factory" }).click();
  const dialog = page.getByRole("dialog", { name: "Send to the factory" });
  await expect(dialog.getByLabel("Facility")).toContainText("Hub Demo Factory");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("The approved tech pack was sent to the factory.")).toBeVisible();
  await expect(page.getByText(/Sent to Hub Demo Factory on .* Not opened there yet\./)).toBeVisible();
  await signOut(page);

  // The factory user finds it under Tech Packs, opens it read-only, and its PDF.
  await signIn(page, "factory");
  // Its message: the home page says a new tech pack arrived, and names it.
  await page.goto("/");
  await expect(page.getByRole("alert").filter({ hasText: code })).toContainText("sent to your facility");
  await page.getByRole("link", { name: "Tech Packs" }).first().click();
  await expect(page).toHaveURL(/\/productDev\/techPacks/);
  await page.getByPlaceholder(/Search brand/).fill(code);
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Northwind Apparel");
  await row.click();
  await expect(page.getByRole("heading", { name: `${code} Handoff tee` })).toBeVisible();
  await expect(page.getByText("This is the approved version as the brand sent it: read-only.")).toBeVisible();
  await page.getByRole("tab", { name: "Product details" }).click();
  await expect(page.getByLabel("Fit")).toHaveValue("Boxy");
  await expect(page.getByLabel("Fit")).toBeDisabled();
  await page.getByRole("tab", { name: "Fabrics" }).click();
  await expect(page.getByText("TP-JER180").first()).toBeVisible();
  const pdf = page.waitForResponse((r) => r.url().includes("/techPack.pdf"));
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Open PDF" }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  await (await popup).close();
  const v1Url = page.url();

  // Version 2 changes the fit; version 1, as the factory has it, does not change.
  const v2 = await designer<{ stpId: number }>("POST", `/productDev/products/${made.product.id}/versions`, {});
  const details = await designer<Record<string, unknown>>(
    "GET",
    `/productDev/stps/${v2.stpId}/tabs/editProductDetails`,
  );
  const { savedAt: _s, savedBy: _b, readOnly: _r, stpId: _i, ...fields } = details;
  await designer("PUT", `/productDev/stps/${v2.stpId}/tabs/editProductDetails`, { ...fields, fit: "Slim" });
  await page.goto(v1Url.replace(/\/[^/]+$/, "/editProductDetails"));
  await expect(page.getByLabel("Fit")).toHaveValue("Boxy");
  await signOut(page);

  // The brand sees that the factory opened it.
  await signIn(page, "designer");
  await page.goto(`/productDev/products/${made.product.id}/versions`);
  await expect(page.getByText(/Hub Demo Factory, .*: opened/)).toBeVisible();
});

/**
 * Issue 19, version compare (in this file, so it runs after the handoff test and never beside it:
 * the factory's home page names the newest version sent to it). Version compare: the designer compares two versions and sees a removed BOM row struck
 * through; the factory acknowledges the version it builds, and the next version it is sent opens on
 * the changes since that one.
 */
test("compare two versions; the factory acknowledges one and then sees only the changes of the next", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const code = `VC-${uid()}`;
  const designer = await apiAs(request, "designer");
  const starters = await designer<{ templates: { id: number; name: string }[] }>(
    "GET",
    "/productDev/products/starters",
  );
  const made = await designer<{ product: { id: number }; stpId: number }>("POST", "/productDev/products", {
    code,
    name: "Compare tee",
    season: "SS27",
    category: "Tops",
    pomTemplateId: starters.templates.find((x) => x.name === "Knit tee")?.id,
  });
  const fill = async (stpId: number, placements: [string, string][], withColorway: boolean) => {
    const stp = `/productDev/stps/${stpId}`;
    const cw = await designer<{ version: number; colors: { id: number }[] }>("GET", `${stp}/tabs/colorways`);
    if (withColorway)
      await designer("PUT", `${stp}/tabs/colorways`, {
        version: cw.version,
        colorways: [{ key: "BLK", name: "Black", colorIds: [cw.colors[0]?.id] }],
      });
    const fab = await designer<{ version: number; choices: { id: number; code: string }[] }>(
      "GET",
      `${stp}/tabs/fabrics`,
    );
    const jersey = fab.choices.find((c) => c.code === "TP-JER180");
    await designer("PUT", `${stp}/tabs/fabrics`, {
      version: fab.version,
      rows: placements.map(([placement, quantity]) => ({
        itemId: jersey?.id,
        placement,
        quantity,
        unit: "m",
        costCents: 780,
        cells: { BLK: { variantId: null, note: "" } },
      })),
    });
  };
  const approveAndSend = async (stpId: number) => {
    const stp = `/productDev/stps/${stpId}`;
    await designer("POST", `${stp}/approval/submit`, {});
    await designer("POST", `${stp}/approval/approve`, {});
    const approval = await designer<{ defaultFacilityId: number }>("GET", `${stp}/approval`);
    await designer("POST", `${stp}/approval/send`, { factoryId: approval.defaultFacilityId });
  };
  await fill(
    made.stpId,
    [
      ["Body", "1.2"],
      ["Rib", "0.2"],
    ],
    true,
  );
  await approveAndSend(made.stpId);

  // The factory opens version 1 and acknowledges it.
  await signIn(page, "factory");
  await page.goto(`/productDev/products/${made.product.id}/versions/1/stps/${made.stpId}/summary`);
  await expect(page.getByText("This is the approved version as the brand sent it: read-only.")).toBeVisible();
  await page.getByRole("button", { name: "Acknowledge" }).click();
  await expect(page.getByText(/Acknowledged by factory on/)).toBeVisible();
  await signOut(page);

  // Version 2: the rib row goes, the body takes more fabric; approved and sent.
  const v2 = await designer<{ stpId: number }>("POST", `/productDev/products/${made.product.id}/versions`, {});
  await fill(v2.stpId, [["Body", "1.4"]], false);
  await approveAndSend(v2.stpId);

  // The designer compares them on the versions page: the removed row is struck through.
  await signIn(page, "designer");
  await page.goto(`/productDev/products/${made.product.id}/versions`);
  await expect(page.getByText(/acknowledged by factory/)).toBeVisible();
  const fabrics = page.getByRole("region", { name: "Fabrics" });
  await expect(fabrics.locator("tr[data-change='removed'] del").first()).toContainText("TP-JER180");
  await expect(fabrics.locator("tr[data-change='changed']")).toContainText("1.4");
  await signOut(page);

  // The factory opens version 2 on the changes since the version it built.
  await signIn(page, "factory");
  await page.goto(`/productDev/products/${made.product.id}/versions/2/stps/${v2.stpId}/summary`);
  await expect(page.getByText("Changes since version 1, the version you built.")).toBeVisible();
  await page.getByRole("button", { name: "Show changes" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("region", { name: "Fabrics" }).locator("tr[data-change='removed']")).toContainText(
    "Rib",
  );
});
