import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";
import { InventoryScreens } from "../pages/inventory";
import { toast } from "../pages/library";
import { LibraryApi } from "../pages/library-styles";

const uid = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

test.describe("Inventory", () => {
  test("a supplier, a purchase order received in two parts at two costs, and the stock and average cost on /inventory", async ({
    page,
    request,
  }) => {
    // A long journey (supplier, purchase order, two receipts, the inventory list): 45 s on a loaded 2-core machine.
    test.setTimeout(90_000);
    const u = uid();
    const code = `INV-${u}`;
    const lib = await LibraryApi.signIn(request, "admin");
    // A fresh fabric of the first facility (where an admin's new supplier goes too): its stock starts at 0.
    await lib.create("fabrics", {
      fabricCode: code,
      fabricName: `Stock Jersey ${u}`,
      fabricType: "Jersey",
      supplier: "",
      color: "",
      costCents: 400,
      unit: "yd",
      widthInches: null,
      weightGsm: null,
    });
    const inv = new InventoryScreens(page);
    await signIn(page, "admin");

    // Supplier Details: a supplier with the fabric's price
    await inv.gotoSuppliers();
    await page.getByRole("link", { name: "New supplier" }).click();
    await expect(inv.heading("New supplier")).toBeVisible();
    await inv.field("Code").fill(`SUP-${u}`);
    await inv.field("Name").fill(`Mill ${u}`);
    await inv.field("Lead time (days)").fill("14");
    await inv.button("Add material").click();
    await inv.pick("Fabric 1", code, new RegExp(code));
    await inv.field("Price 1").fill("4.00");
    await inv.button("Create supplier").click();
    await expect(toast(page, `Mill ${u} was created.`)).toBeVisible();
    await expect(inv.gridRow("Suppliers", `SUP-${u}`)).toBeVisible();

    // Inventory On Order: one PO, two lines of the fabric at two unit costs
    await inv.gotoPurchaseOrders();
    await page.getByRole("link", { name: "New purchase order" }).click();
    // The list has a Supplier picker too (its filter): pick only once the form has replaced it.
    await expect(inv.heading("New purchase order")).toBeVisible();
    await inv.pick("Supplier", `SUP-${u}`, new RegExp(`Mill ${u}`));
    await inv.pick("Fabric 1", code, new RegExp(code));
    await inv.field("Quantity 1").fill("12.5");
    await inv.field("Unit cost 1").fill("4.00");
    await inv.button("Add line").click();
    await inv.pick("Fabric 2", code, new RegExp(code));
    await inv.field("Quantity 2").fill("20");
    await inv.field("Unit cost 2").fill("5.35");
    // 12.5 × $4.00 + 20 × $5.35 = $50.00 + $107.00
    await expect(page.getByTestId("po-total")).toHaveText("Total $157.00");
    await inv.button("Create purchase order").click();
    await expect(page).toHaveURL(/\/inventoryOnOrder\/\d+$/);
    await expect(page.getByTestId("po-status")).toHaveText("Open");

    // First receipt: line 1 only (12.5 yd at $4.00)
    await inv.receive({ 1: "12.5", 2: "" });
    await expect(page.getByTestId("po-status")).toHaveText("Partially received");
    // Second receipt: the rest (20 yd at $5.35)
    await inv.receive({ 2: "20" });
    await expect(page.getByTestId("po-status")).toHaveText("Received");
    await expect(inv.button("Receive")).toHaveCount(0);

    // /inventory: 32.5 yd; average (12.5 × 400 + 20 × 535) / 32.5 = 15700 / 32.5 = 483.08 → 483 cents;
    // value 32.5 × 483 = 15697.5 → 15698 cents.
    await inv.gotoStock(`?q=${code}`);
    const row = inv.gridRow("Inventory", code);
    await expect(row).toContainText("32.5 yd");
    await expect(row).toContainText("$4.83/yd");
    await expect(row).toContainText("$156.98");
    await expect(row).not.toContainText("Below threshold");

    // The item: two receipts in the ledger, the average cost's history, then a threshold above the stock
    await row.getByRole("gridcell", { name: code, exact: true }).click();
    await expect(page).toHaveURL(/\/inventory\/fabric\/\d+$/);
    await expect(page.getByTestId("stock-on-hand")).toHaveText("32.5 yd");
    await expect(
      page.getByRole("table", { name: "Ledger" }).getByRole("row").filter({ hasText: "Receipt" }),
    ).toHaveCount(2);
    await expect(page.getByRole("table", { name: "Average cost history" })).toContainText("$4.83");

    // Adjust: a count that matches is refused (the server names the field); a short count writes the difference
    await inv.button("Adjust").click();
    const adjust = inv.dialog(`Adjust ${code}`);
    await adjust.getByLabel("Counted quantity (yd)").fill("32.5");
    await adjust.getByLabel("Reason", { exact: true }).fill("Roll counted");
    await adjust.getByRole("button", { name: "Write adjustment" }).click();
    await expect(adjust.getByText("Same as the stock")).toBeVisible();
    await adjust.getByLabel("Counted quantity (yd)").fill("30");
    await adjust.getByRole("button", { name: "Write adjustment" }).click();
    await expect(toast(page, "Adjusted by -2.5 yd: now 30 yd.")).toBeVisible();
    await expect(page.getByTestId("stock-on-hand")).toHaveText("30 yd");
    // An adjustment does not move the average cost
    await expect(page.getByTestId("stock-average-cost")).toHaveText("$4.83/yd");

    await inv.field("Threshold (yd)").fill("40");
    await inv.button("Save threshold").click();
    await expect(toast(page, `Threshold of ${code} was saved.`)).toBeVisible();
    await expect(page.getByText("Below threshold", { exact: true }).first()).toBeVisible();

    // The "Below threshold" filter lists it
    await inv.gotoStock(`?q=${code}`);
    // The checkbox follows the URL, which changes in a transition: click, then wait for both.
    await page.getByRole("checkbox", { name: "Below threshold" }).click();
    await expect(page).toHaveURL(/[?&]below=true/);
    await expect(page.getByRole("checkbox", { name: "Below threshold" })).toBeChecked();
    await expect(inv.gridRow("Inventory", code)).toContainText("Below threshold");
    await expect(inv.gridRow("Inventory", code)).toContainText("30 yd");
  });
});
