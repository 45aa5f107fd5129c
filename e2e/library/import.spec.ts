import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";
import { LibraryListScreen, toast } from "../pages/library";

const HEADER = "fabricCode,fabricName,fabricType,supplier,color,cost,unit,widthInches,weightGsm";
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });

test.describe("Import Csv", () => {
  test("template, a file with a bad row (nothing written), then a good file imported and listed", async ({ page }) => {
    const u = `${Date.now().toString(36).slice(-5)}`.toUpperCase();
    await signIn(page, "admin");
    await page.goto("/importCsv");
    await expect(page.getByRole("heading", { name: "Import Csv" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "What to import" })).toHaveText("Fabrics");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download template" }).click();
    const template = readFileSync(await (await download).path(), "utf8");
    expect(template.split("\r\n")[0]).toBe(HEADER);

    // A bad row: reported with its line and reason, and the import cannot start
    await page.getByLabel("CSV file").setInputFiles(csvFile("bad.csv", [HEADER, `E2E-${u}-1,Good row,Jersey,,,4.00,yd,,`, `E2E-${u}-2,Bad cost,Jersey,,,four,yd,,`]));
    await expect(page.getByTestId("import-problems")).toContainText("bad.csv has 1 problem");
    const problems = page.getByRole("grid", { name: "Problems" });
    await expect(problems.getByRole("gridcell", { name: "3", exact: true })).toBeVisible();
    await expect(problems.getByText('"four" is not an amount')).toBeVisible();
    await expect(page.getByRole("button", { name: "Import 1 rows" })).toBeDisabled();

    // A good file
    await page.getByRole("button", { name: "Choose another file" }).click();
    await page
      .getByLabel("CSV file")
      .setInputFiles(csvFile("good.csv", [HEADER, `E2E-${u}-1,E2E Jersey one,Jersey,,,4.00,yd,60,160`, `E2E-${u}-2,E2E Jersey two,Jersey,,,4.50,yd,60,170`]));
    await expect(page.getByRole("region", { name: "Report summary" }).or(page.getByLabel("Report summary"))).toContainText("2 to add");
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await expect(page.getByTestId("import-done")).toContainText("good.csv: 2 added and 0 updated fabrics.");
    await expect(toast(page, "2 fabrics rows were imported.")).toBeVisible();
    await page.getByRole("link", { name: "Open Fabrics" }).click();
    const list = new LibraryListScreen(page, "Fabrics");
    await list.searchFor(`E2E-${u}`);
    await expect(list.cell(`E2E-${u}-1`)).toBeVisible();
    await expect(list.cell(`E2E-${u}-2`)).toBeVisible();
  });
});
