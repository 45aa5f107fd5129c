import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";
import { LibraryListScreen, toast } from "../pages/library";
import { csvFile, ImportCsvScreen } from "../pages/library-import";

const HEADER = "fabricCode,fabricName,fabricType,supplier,color,cost,unit,widthInches,weightGsm";

test.describe("Import Csv", () => {
  test("template, a file with a bad row (nothing written), then a good file imported and listed", async ({ page }) => {
    const u = `${Date.now().toString(36).slice(-5)}`.toUpperCase();
    const screen = new ImportCsvScreen(page);
    await signIn(page, "admin");
    await screen.goto();
    await screen.choose("Machines");
    expect((await screen.downloadTemplate()).split("\r\n")[0]).toBe("code,name,machineType,make");
    await screen.choose("Fabrics");
    expect((await screen.downloadTemplate()).split("\r\n")[0]).toBe(HEADER);

    // A bad row, dropped on the page: reported with its line and reason, and the import cannot start
    await screen.drop(
      csvFile("bad.csv", [HEADER, `E2E-${u}-1,Good row,Jersey,,,4.00,yd,,`, `E2E-${u}-2,Bad cost,Jersey,,,four,yd,,`]),
    );
    await expect(screen.problemsAlert()).toContainText("bad.csv has 1 problem");
    await expect(screen.problems().getByRole("gridcell", { name: "3", exact: true })).toBeVisible();
    await expect(screen.problems().getByRole("gridcell", { name: "cost", exact: true })).toBeVisible();
    await expect(screen.problems().getByText('"four" is not an amount')).toBeVisible();
    await expect(screen.importButton(1)).toBeDisabled();

    // A good file with the same codes: both are new, so the bad file wrote nothing
    await screen.chooseAnother().click();
    await screen.upload(
      csvFile("good.csv", [
        HEADER,
        `E2E-${u}-1,E2E Jersey one,Jersey,,,4.00,yd,60,160`,
        `E2E-${u}-2,E2E Jersey two,Jersey,,,4.50,yd,60,170`,
      ]),
    );
    await expect(screen.summary()).toContainText("2 to add");
    await expect(screen.summary()).toContainText("0 to update");
    await screen.importButton(2).click();
    // The toast shows for 5 s and the done step at the same moment: look at the short-lived one first.
    await expect(toast(page, "2 fabrics rows were imported.")).toBeVisible();
    await expect(screen.done()).toContainText("good.csv: 2 added and 0 updated fabrics.");

    await page.getByRole("link", { name: "Open Fabrics" }).click();
    const list = new LibraryListScreen(page, "Fabrics");
    await list.searchFor(`E2E-${u}`);
    await expect(list.cell(`E2E-${u}-1`)).toBeVisible();
    await expect(list.cell(`E2E-${u}-2`)).toBeVisible();
  });
});
