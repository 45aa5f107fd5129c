import { type APIRequestContext, expect, test } from "@playwright/test";
import { shipOrderUnits } from "../pages/floor";
import { signIn, signOut, tokenOf } from "../pages/hub";

/**
 * Returns (RMA, issue 10): only shipped pieces come back. A client's paid order offers no "Return
 * items" until the factory has shipped some of it; then the client raises a return of the shipped
 * pieces from /returns, the admin receives it and refunds it, and the return shows "refunded".
 */

/** Northwind's paid order: a card on file, then one line of TEE-120 (M, Black) × 3 placed through the API. */
const paidOrder = async (request: APIRequestContext, token: string) => {
  const headers = { authorization: `Bearer ${token}` };
  const card = await request.post("/api/billing/cards", {
    headers,
    data: { label: "Returns test card", brand: "visa", last4: "4242" },
  });
  expect(card.status(), await card.text()).toBe(201);
  const cardId = ((await card.json()) as { id: number }).id;
  const placed = await request.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `e2e-returns-${Date.now()}` },
    data: {
      shipTo: { name: "Nora Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "US" },
      lines: [{ styleCode: "TEE-120", attributeCodes: ["M", "BLK"], quantity: 3 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number; orderNumber: string; paymentState: string; status: string };
  expect(order.paymentState).toBe("paid");
  // Leave Northwind as it was for other tests: no card on file.
  await request.delete(`/api/billing/paymentMethods/${cardId}`, { headers });
  return order;
};

test("a client raises a return on its shipped pieces; the admin receives and refunds it", async ({ page, request }) => {
  await signIn(page, "client");
  const order = await paidOrder(request, await tokenOf(page));

  // Paid, so released to the floor, but nothing has shipped: nothing can come back yet.
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole("heading", { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByTestId("order-status").first()).toHaveText("In production");
  await expect(page.getByRole("link", { name: "Return items" })).toHaveCount(0);

  // The factory makes and ships two of the three pieces.
  await shipOrderUnits(request, order.id, 2);
  await page.reload();
  await expect(page.getByTestId("order-status").first()).toHaveText("Partially shipped");
  await expect(page.getByRole("link", { name: "Return items" })).toBeVisible();

  await page.goto("/returns");
  await expect(page.getByRole("heading", { name: "Returns" })).toBeVisible();
  await page.getByRole("link", { name: "New return" }).click();
  await page.getByLabel("Order").fill(order.orderNumber);
  await page.getByRole("option", { name: new RegExp(order.orderNumber) }).click();
  // Two shipped, so at most two come back.
  await expect(page.getByLabel("Quantity to return of line 1")).toHaveAttribute("placeholder", "up to 2");
  await page.getByLabel("Quantity to return of line 1").fill("2");
  await page.getByLabel("Reason").click();
  await page.getByRole("option", { name: "Defect" }).click();
  await page.getByLabel("Note").fill("Seam open at the shoulder");
  await page.getByRole("button", { name: "Request return" }).click();
  await expect(page).toHaveURL(/\/returns\/\d+$/);
  const heading = page.getByRole("heading", { name: /^Return RMA-\d{6}$/ });
  await expect(heading).toBeVisible();
  const rma = ((await heading.textContent()) ?? "").replace("Return ", "");
  await expect(page.getByTestId("return-status")).toHaveText("requested");
  // A client does not receive or refund its own return.
  await expect(page.getByRole("button", { name: "Receive" })).toHaveCount(0);
  await signOut(page);

  await signIn(page, "admin");
  await page.goto("/returns");
  await page.getByRole("textbox", { name: "Search Returns" }).fill(rma);
  await page.getByRole("link", { name: rma }).click();
  await expect(page.getByRole("heading", { name: `Return ${rma}` })).toBeVisible();
  await page.getByRole("button", { name: "Receive" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Receive" }).click();
  await expect(page.getByTestId("return-status")).toHaveText("received");

  await page.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog");
  // The default is the returned lines' value: 2 × TEE-120's unit price.
  await expect(dialog.getByLabel("Amount")).not.toHaveValue("");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("return-status")).toHaveText("refunded");
  await expect(page.getByTestId("return-refunded")).not.toHaveText("Refunded: $0.00");
  await expect(page.getByRole("cell", { name: "refunded", exact: true })).toBeVisible();
});
