import { expect, type Page, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { signIn } from "../pages/hub";

type Order = { id: number; orderNumber: string; paymentState: string };
type Units = { lines: { units: { id: number; barcode: string; status: string }[] }[] };

/** Types a scan the way a USB scanner does (the code, then Enter) and waits for the answer. */
const scan = async (page: Page, code: string, state: "ok" | "error") => {
  const input = page.getByTestId("scan-input");
  await expect(input).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  const status = page.getByTestId("scan-status");
  await expect(status).toContainText(code);
  await expect(status).toHaveAttribute("data-state", state);
  return status;
};

test.describe("the factory floor", () => {
  test("release an invoice order, assign its units to a tote, find the order by the tote, fail one in QC and recut it", async ({
    page,
    request,
  }) => {
    // A long walk through six screens on a shared, loaded machine.
    test.setTimeout(180_000);
    // Northwind (invoiced: no card on file) places two orders through the API.
    const client = await apiToken(request, "client");
    const styles = await apiCall<{ items: { id: number }[] }>(request, client, "GET", "/library/styles?size=1");
    const styleId = styles.body.items[0]?.id as number;
    const composition = await apiCall<{ options: { attributes: { attributeId: number }[] }[] }>(
      request,
      client,
      "GET",
      `/library/styles/${styleId}/composition`,
    );
    const attributeIds = composition.body.options.map((o) => o.attributes[0]?.attributeId as number);
    const place = async (quantity: number) => {
      const res = await request.post("/api/orders", {
        headers: { authorization: `Bearer ${client}`, "idempotency-key": `e2e-floor-${Date.now()}-${quantity}` },
        data: {
          shipTo: { name: "Nora Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "us" },
          lines: [{ styleId, attributeIds, quantity }],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as Order;
    };
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
    const factory = await apiToken(request, "factory");
    expect((await apiCall(request, factory, "POST", `/orders/${second.id}/release`)).status).toBe(200);
    const unitsOf = async (o: Order) =>
      (await apiCall<Units>(request, factory, "GET", `/orders/${o.id}/units`)).body.lines.flatMap((l) => l.units);
    const [a1, a2] = await unitsOf(first);
    const [b1] = await unitsOf(second);
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
