import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { signIn } from "../pages/hub";

type Order = { id: number; orderNumber: string; totalCents: number; paymentState: string };

/** Pages of a PDF: its `/Type /Page` objects (not the `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

test.describe("order documents and the order charge report", () => {
  test("an admin prints an order's packing slip and sees its charge in the report with totals", async ({
    page,
    request,
  }) => {
    // Northwind's admin pays with a card on file and places an order through the API.
    const client = await apiToken(request, "client");
    const card = await apiCall<{ id: number }>(request, client, "POST", "/billing/cards", {
      label: `Docs Visa ${Date.now().toString(36)}`,
      brand: "visa",
      last4: "4242",
    });
    expect(card.status).toBe(201);
    const styles = await apiCall<{ items: { id: number }[] }>(request, client, "GET", "/library/styles?size=1");
    const styleId = styles.body.items[0]?.id as number;
    const composition = await apiCall<{ options: { attributes: { attributeId: number }[] }[] }>(
      request,
      client,
      "GET",
      `/library/styles/${styleId}/composition`,
    );
    const attributeIds = composition.body.options.map((o) => o.attributes[0]?.attributeId as number);
    const placed = await request.post("/api/orders", {
      headers: { authorization: `Bearer ${client}`, "idempotency-key": `e2e-docs-${Date.now()}` },
      data: {
        shipTo: { name: "Nora Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "us" },
        poNumber: "PO-E2E-DOCS",
        lines: [
          { styleId, attributeIds, quantity: 3 },
          { styleId, attributeIds, quantity: 2 },
        ],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;
    expect(order.paymentState).toBe("paid");
    await apiCall(request, client, "DELETE", `/billing/paymentMethods/${card.body.id}`);

    // The admin, signed in in the browser, opens the packing slip with the app's own token.
    await signIn(page, "admin");
    const idToken = await page.evaluate(
      () => (JSON.parse(localStorage.getItem("hub.identity") ?? "{}") as { idToken?: string }).idToken,
    );
    const slip = await page.request.get(`/api/orders/${order.id}/packing-slip.pdf`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(slip.status()).toBe(200);
    expect(slip.headers()["content-type"]).toBe("application/pdf");
    expect(slip.headers()["content-disposition"]).toContain(`packing-slip-${order.orderNumber}.pdf`);
    const bytes = await slip.body();
    expect(bytes.subarray(0, 4).toString()).toBe("%PDF");
    expect(pageCount(bytes)).toBe(1);
    const labels = await page.request.get(`/api/orders/${order.id}/labels.pdf?format=single&symbology=qr`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(pageCount(await labels.body())).toBe(2);

    // The charge report shows the charge and the totals of the filter.
    await page.goto("/orderChargeReport");
    await expect(page.getByRole("heading", { name: "Order Charge Report" })).toBeVisible();
    await page.getByPlaceholder("Search order number, client, PO or provider id").fill(order.orderNumber);
    await expect(page).toHaveURL(new RegExp(`q=${order.orderNumber}`));
    const row = page.getByRole("row").filter({ hasText: order.orderNumber });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Charge");
    await expect(row).toContainText("Succeeded");
    const dollars = `$${(order.totalCents / 100).toFixed(2)}`;
    await expect(row).toContainText(dollars);
    await expect(page.getByLabel("Charged total")).toHaveText(dollars);
    await expect(page.getByLabel("Refunded total")).toHaveText("$0.00");
    await expect(page.getByLabel("Net total")).toHaveText(dollars);

    // Filters live in the URL: only refunds leaves nothing for this order.
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "Refunds", exact: true }).click();
    await expect(page).toHaveURL(/kind=refund/);
    await expect(page.getByLabel("Charged total")).toHaveText("$0.00");
    await expect(page.getByRole("row").filter({ hasText: order.orderNumber })).toHaveCount(0);

    // Export CSV downloads the whole filter.
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "Charges and refunds" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toMatch(/^order-charges-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
