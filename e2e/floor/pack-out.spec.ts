import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { placeNorthwindOrder, releaseOrder } from "../pages/floor";
import { signIn } from "../pages/hub";

test.describe("pack-out and shipments", () => {
  test("a packer scans two units of an order, boxes and ships them; /shipments lists the box and the order is partially shipped", async ({
    page,
    request,
  }) => {
    // Northwind places an order of 3 pieces; the factory releases it and walks its units to inspected.
    const factory = await apiToken(request, "factory");
    const order = await placeNorthwindOrder(request, "pack", [3], { poNumber: "PO-E2E-PACK" });
    const units = await releaseOrder(request, order.id);
    expect(units).toHaveLength(3);
    for (const u of units) {
      for (const step of ["markCut", "markSewn", "markInspected"]) {
        const moved = await apiCall(request, factory, "POST", `/floor/units/barcode/${u.barcode}/${step}`, {});
        expect(moved.status, `${u.barcode} ${step}`).toBe(200);
      }
    }
    const [first, second] = units;
    if (!first || !second) throw new Error("no units");
    // The facility names its shipping label printer (Factory Config): Pack Out shows it beside the label.
    const config = await apiCall<{ settings: Record<string, unknown> & { defaultBoxName: string } }>(
      request,
      factory,
      "GET",
      "/factoryConfig",
    );
    const printer = `Zebra ZD421 pack ${Date.now().toString().slice(-5)}`;
    const saved = await apiCall(request, factory, "PUT", "/factoryConfig", {
      ...config.body.settings,
      shippingLabelPrinter: printer,
    });
    expect(saved.status).toBe(200);

    // At the pack-out station, scans are typed as a scanner types them.
    await signIn(page, "factory");
    await page.goto("/packOut");
    await expect(page.locator("[data-layout=kiosk]")).toBeVisible();
    const scan = page.getByTestId("scan-input");
    await expect(scan).toBeFocused();
    await page.keyboard.type(first.barcode);
    await page.keyboard.press("Enter");
    const status = page.getByTestId("scan-status");
    await expect(status).toHaveAttribute("data-state", "ok");
    await expect(status).toContainText(`${order.orderNumber}: Packed ${first.barcode}.`);
    await expect(page.getByTestId("pack-order")).toHaveText(order.orderNumber);
    await scan.focus();
    await page.keyboard.type(second.barcode);
    await page.keyboard.press("Enter");
    await expect(status).toContainText(`Packed ${second.barcode}`);
    await expect(page.getByRole("heading", { name: "Box of 2 units" })).toBeVisible();
    // The box starts as the facility's default box, named.
    await expect(page.getByTestId("default-box")).toHaveText(`Box: ${config.body.settings.defaultBoxName}`);

    // The box: weight and size, the manual carrier with a typed tracking number; the label is bought.
    const tracking = `1ZE2E${Date.now().toString().slice(-8)}`;
    await page.getByLabel("Weight (oz)").fill("20");
    await page.getByLabel("Tracking number").fill(tracking);
    await page.getByRole("button", { name: "Buy label" }).click();
    await expect(page.getByTestId("box-number")).toHaveText(/^SH-\d{6}$/);
    await expect(page.getByTestId("box-state")).toContainText(`tracking ${tracking}`);
    // The carrier as people write it, not its code.
    await expect(page.getByTestId("box-state")).toContainText("· UPS ·");
    const shipmentNumber = (await page.getByTestId("box-number").textContent()) ?? "";
    await expect(page.getByRole("button", { name: "Print label" })).toBeVisible();
    await expect(page.getByTestId("label-printer")).toHaveText(`Label printer: ${printer}`);
    await page.getByRole("button", { name: "Ship" }).click();
    await expect(page.getByTestId("box-state")).toContainText("Shipped");

    // Shipped Orders finds it by tracking number; the order shows partially shipped and its box.
    await page.goto(`/shipments?searchString=${tracking}`);
    await expect(page.getByRole("heading", { name: "Shipped Orders" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: shipmentNumber });
    await expect(row).toBeVisible();
    await expect(row).toContainText(order.orderNumber);
    await expect(row).toContainText("Shipped");
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByText("Partially shipped").first()).toBeVisible();
    const boxes = page.getByRole("table", { name: "Shipments of the order" });
    await expect(boxes).toContainText(shipmentNumber);
    await expect(boxes).toContainText(tracking);
  });
});
