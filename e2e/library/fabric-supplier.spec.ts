import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";
import { LibraryFormScreen, LibraryListScreen, toast } from "../pages/library";
import { LibraryApi } from "../pages/library-styles";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

test("a fabric picks its supplier from Supplier Details, and the form and list show the chosen supplier", async ({
  page,
  request,
}) => {
  const u = uid();
  const lib = await LibraryApi.signIn(request, "admin");
  // An admin's new fabric and supplier both go to the first facility.
  const fabricId = await lib.create("fabrics", {
    fabricCode: `FS-${u}`,
    fabricName: `Supplied Jersey ${u}`,
    fabricType: "Jersey",
    supplier: "",
    color: "",
    costCents: 400,
    unit: "yd",
    widthInches: null,
    weightGsm: null,
  });
  const res = await request.post("/api/suppliers", {
    data: { code: `MILL-${u}`, name: "Picker Mill", currency: "USD", leadTimeDays: 10, materials: [] },
    headers: { authorization: `Bearer ${lib.token}` },
  });
  expect(res.status(), await res.text()).toBe(201);

  await signIn(page, "admin");
  await page.goto(`/fabrics/edit/${fabricId}`);
  const form = new LibraryFormScreen(page);
  await form.pick("Supplier", `MILL-${u}`, `MILL-${u} Picker Mill`);
  await form.button("Save changes").click();
  await expect(toast(page, `Supplied Jersey ${u} was saved.`)).toBeVisible();
  // Reloaded, the picker names the chosen supplier (the lookup by ids).
  await page.goto(`/fabrics/edit/${fabricId}`);
  await expect(page.getByRole("combobox", { name: "Supplier", exact: true })).toHaveValue(`MILL-${u} Picker Mill`);

  const list = new LibraryListScreen(page, "Fabrics");
  await list.goto("/fabric");
  await list.searchFor(`MILL-${u}`);
  await expect(list.row(`FS-${u}`)).toContainText(`MILL-${u} Picker Mill`);
});
