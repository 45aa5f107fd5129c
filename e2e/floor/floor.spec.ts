import { expect, test } from "@playwright/test";
import { placeNorthwindOrder, releaseOrder, scanCode as scan, unitsOfOrder } from "../pages/floor";
import { signIn } from "../pages/hub";

test.describe("the factory floor", () => {
  test("release an invoice order, assign its units to a tote, find the order by the tote, fail one in QC and recut it", async ({
    page,
    request,
  }) => {
    // A long walk through six screens on a shared, loaded machine.
    test.setTimeout(180_000);
    // Northwind (invoiced: no card on file) places two orders through the API.
    const place = (quantity: number) => placeNorthwindOrder(request, "floor", [quantity]);
    const first = await place(2);
    const second = await place(1);
    expect(first.paymentState).toBe("unpaid");

    // The factory releases the first from its details page (asked first), the second through the API.
    await signIn(page, "factory");
    await page.goto(`/orders/${first.id}`);
    await page.getByRole("button", { name: "Release to production" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Release" }).click();
    await expect(
      page.getByText(`Order ${first.orderNumber} was released to production: 2 units queued.`),
    ).toBeVisible();
    await page.getByRole("tab", { name: "Units" }).click();
    await expect(page.getByTestId("order-unit")).toHaveCount(2);
    await releaseOrder(request, second.id);
    const [a1, a2] = await unitsOfOrder(request, first.id);
    const [b1] = await unitsOfOrder(request, second.id);
    if (!a1 || !a2 || !b1) throw new Error("units missing");

    // Assign Tote: a tote, then the first order's units; the other order's unit is refused with the reason.
    const tote = `T-00${30 + (Date.now() % 9)}`;
    await page.goto("/assignTote");
    await scan(page, tote, "ok");
    await expect(await scan(page, a1.barcode, "ok")).toContainText(`${a1.barcode} is in tote ${tote}`);
    await scan(page, a2.barcode, "ok");
    await expect(await scan(page, b1.barcode, "error")).toContainText(
      `holds units of order ${first.orderNumber}; ${b1.barcode} belongs to order ${second.orderNumber}`,
    );
    await expect(page.getByTestId("tote-units").getByRole("listitem")).toHaveCount(2);
    await expect(page.getByTestId("scan-history").getByRole("listitem")).toHaveCount(4);

    // Find Order By Tote.
    await page.goto("/toteLookup");
    await scan(page, tote, "ok");
    await expect(page.getByTestId("tote-order")).toHaveText(`Order ${first.orderNumber} · Northwind Apparel`);
    await expect(page.getByTestId("tote-units")).toContainText(a2.barcode);

    // Clear Tote is refused while its units are not packed.
    await page.goto("/clearTote");
    await expect(await scan(page, tote, "error")).toContainText("still holds 2 units not packed");

    // The unit screen walks a unit to sewn with big buttons.
    await page.goto("/unitActions");
    await scan(page, a1.barcode, "ok");
    await page.getByTestId("action-mark_cut").click();
    await expect(page.getByTestId("action-outcome")).toContainText(`${a1.barcode} is cut (was queued).`);
    await page.getByTestId("action-mark_sewn").click();
    await expect(page.getByTestId("unit-state")).toHaveText("Sewn");

    // QC: fail it with a reason, then recut it: the recut leads the queue, the original is closed.
    await page.goto("/qcInspection");
    await scan(page, a1.barcode, "ok");
    await page.getByTestId("qc-fail").click();
    await page.getByTestId("reason-SEAM").click();
    await expect(page.getByTestId("action-outcome")).toContainText(`${a1.barcode} failed QC: Seam defect.`);
    await expect(page.getByTestId("unit-state")).toHaveText("Failed");
    // The card names the reason once; an unprinted unit is never sent back to "printed".
    await expect(page.getByTestId("unit-card")).toContainText("· Seam defect");
    await expect(page.getByTestId("unit-card")).not.toContainText("SEAM");
    await expect(page.getByTestId("redo-cut")).toBeVisible();
    await expect(page.getByTestId("redo-printed")).toHaveCount(0);
    await page.getByTestId("qc-recut").click();
    await expect(page.getByTestId("action-outcome")).toContainText(`${a1.barcode} is closed as failed (Seam defect)`);
    await expect(page.getByTestId("action-outcome")).toContainText("leads the queue");

    // The order's details show the recut beside the failed original.
    await page.goto(`/orders/${first.id}`);
    await page.getByRole("tab", { name: "Units" }).click();
    await expect(page.getByTestId("order-unit")).toHaveCount(3);
    await expect(page.getByTestId("order-units")).toContainText("recut 1");
  });
});
