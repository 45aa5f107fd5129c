import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { textPdf } from "../../apps/server/test/helpers/pdf-fixture";
import { signIn } from "../pages/hub";

// Builds a workbook, walks it through upload, mapping and preview, and applies it, on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/** A template-like workbook: one sheet per section; the POM code column has a header no synonym knows. */
const workbook = async (code: string) => {
  const wb = new ExcelJS.Workbook();
  const sheet = (name: string, rows: (string | number)[][]) => {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  };
  sheet("Product details", [
    ["Code", code],
    ["Name", `Imported tee ${code}`],
    ["Season", "SS27"],
    ["Sizes", "S, M, L"],
    ["Base size", "M"],
  ]);
  sheet("Colourways", [
    ["Code", "Name"],
    ["BLK", "Black"],
  ]);
  sheet("BOM", [
    ["Type", "Code", "Name", "Placement", "Quantity", "Unit", "Cost", "BLK"],
    ["Fabric", `JER-${code}`, "Cotton jersey", "Body", "1.2", "m", "8.00", "Black"],
  ]);
  sheet("Points of measure", [
    ["Measure ID", "Description", "Tol", "S", "M", "L"],
    ["A", "Chest width", "1/2", "19", "20", "21 1/2"],
    ["B", "Body length", "1/2", "27", "27 1/2", "28"],
  ]);
  sheet("Construction steps", [
    ["Step", "Title", "Description"],
    [1, "Join shoulders", "Overlock."],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

test("a designer uploads a workbook, maps an unknown column, checks the problems and applies it into a product", async ({
  page,
}) => {
  const code = `IMP-${uid()}`;
  await signIn(page, "designer");
  await page.goto("/productDev/files/importTechPack");
  await expect(page.getByRole("heading", { name: "Import Tech Pack" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download template" })).toBeVisible();

  await page.getByLabel("Tech pack file").setInputFiles({
    name: `${code}.xlsx`,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await workbook(code),
  });
  const pom = page.getByTestId("mapping-pom");
  await expect(pom).toBeVisible();
  await expect(page.getByTestId("import-summary")).toContainText(code);
  await expect(page.getByTestId("import-summary")).toContainText("Makes a new product");
  // The unknown header is left out, so every point lacks its code: listed by sheet, row and column, Apply is off.
  const problems = page.getByTestId("import-problems");
  await expect(problems).toContainText("A point of measure needs its code");
  await expect(problems.getByRole("row").nth(1)).toContainText("Points of measure");
  await expect(page.getByRole("button", { name: "Apply" })).toBeDisabled();

  await pom.getByRole("combobox", { name: "Points of measure: Measure ID" }).click();
  await page.getByRole("option", { name: "POM code" }).click();
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(page.getByText("No problems found")).toBeVisible();
  await expect(page.getByTestId("import-summary")).toContainText("2 points of measure");
  await page.getByRole("button", { name: "Apply" }).click();

  const done = page.getByTestId("import-done");
  await expect(done).toContainText(`${code} was created with version 1`);
  await done.getByRole("link", { name: `Open ${code} version 1` }).click();
  await expect(page).toHaveURL(/\/productDev\/products\/\d+\/versions\/1\/stps\/\d+\/summary$/);
  await expect(page.getByText(code).first()).toBeVisible();
});

test("a designer imports a PDF tech pack into a new product, and the File Manager finds it by a word inside", async ({
  page,
}) => {
  const u = uid();
  const code = `PDF-${u}`;
  const word = `Ripstop${u}`;
  await signIn(page, "designer");
  await page.goto("/productDev/files/importTechPack");
  await page.getByLabel("Tech pack file").setInputFiles({
    name: `${code} Field Jacket.pdf`,
    mimeType: "application/pdf",
    buffer: textPdf([[`Style ${code} Field Jacket`, `Shell: cotton ${word}, 220 gsm`]]),
  });

  // The code and name are guessed from the file name; a code cleared is asked for before anything is sent.
  const form = page.getByRole("form", { name: "Import a PDF tech pack" });
  await expect(form.getByLabel("Product code")).toHaveValue(code);
  await expect(form.getByLabel("Product name")).toHaveValue("Field Jacket");
  await form.getByLabel("Product code").fill("");
  await form.getByRole("button", { name: "Import PDF" }).click();
  await expect(form.getByText("Enter a product code")).toBeVisible();
  await form.getByLabel("Product code").fill(code);
  await form.getByRole("button", { name: "Import PDF" }).click();

  const done = page.getByTestId("import-done");
  await expect(done).toContainText(`is on the Files tab of ${code} version 1 (a new product)`);
  await expect(done).toContainText("its text is searchable in the File Manager");
  await done.getByRole("link", { name: `Open ${code} version 1` }).click();
  await expect(page).toHaveURL(/\/versions\/1\/stps\/\d+\/files$/);
  await expect(page.getByRole("table", { name: "Files" })).toContainText(`${code} Field Jacket.pdf`);

  // The File Manager's search reaches the PDF's text, and says where it matched.
  await page.goto(`/productDev/files/fileManager?q=${word.toLowerCase()}`);
  const grid = page.getByRole("grid", { name: "Files and folders" });
  await expect(grid.getByRole("button", { name: `${code} Field Jacket.pdf`, exact: true })).toBeVisible();
  await expect(grid.getByText(`In the text: …`)).toContainText(`cotton ${word}, 220 gsm`);
});
