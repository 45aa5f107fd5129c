import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { signIn, signOut } from "../pages/hub";

/**
 * What each order really cost (issue 22): a facility user opens an order's Cost tab (quoted beside
 * actual, and the margin), then the Margin report under Reports and downloads its CSV; a client's
 * user sees no Cost tab on its own order.
 */
test.describe("order cost and margin", () => {
  test("a facility user sees an order's cost and the margin report; a client does not see the Cost tab", async ({
    page,
    request,
  }) => {
    // A demo order of Northwind (the demo facility serves it), placed and quoted by the seed.
    const client = await apiToken(request, "client");
    const orders = await apiCall<{ items: { id: number; orderNumber: string; status: string }[] }>(
      request,
      client,
      "GET",
      "/orders?size=50",
    );
    const order = orders.body.items.find((o) => o.status !== "cancelled");
    if (!order) throw new Error("no demo order");

    await signIn(page, "factory");
    await page.goto(`/orders/${order.id}`);
    await page.getByRole("tab", { name: "Cost" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/cost$`));
    const table = page.getByRole("table", { name: "Order cost" });
    await expect(table).toBeVisible();
    for (const name of ["Quoted", "Actual", "Margin"])
      await expect(table.getByRole("columnheader", { name, exact: true })).toBeVisible();
    const total = table.getByRole("row").filter({ hasText: "Total" });
    // Price, quoted (kept at placing: the demo's orders are quoted), actual, difference, margin: all in money.
    await expect(total.getByRole("cell").nth(3)).toHaveText(/\$[\d,]+\.\d\d/);
    await expect(total.getByRole("cell").last()).toHaveText(/\$[\d,]+\.\d\d/);

    // The margin report, under Reports in the menu.
    await page.goto("/marginReport");
    await expect(page.getByRole("heading", { name: "Margin", exact: true })).toBeVisible();
    await page.getByLabel("Placed from").fill("2020-01-01");
    await expect(page.getByRole("grid", { name: "Margin by month" })).toBeVisible();
    await expect(page.getByRole("grid").getByRole("row").nth(1)).toBeVisible();
    await expect(page.getByLabel("Revenue total")).toHaveText(/\$[\d,]+\.\d\d/);
    await expect(page.getByLabel("Margin total")).toHaveText(/\d/);
    await page.getByRole("button", { name: "By style" }).click();
    await expect(page).toHaveURL(/groupBy=style/);
    await expect(page.getByRole("grid", { name: "Margin by style" })).toBeVisible();
    await expect(page.getByRole("grid").getByRole("row").nth(1)).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^margin-by-style-.*\.csv$/);
    const path = await file.path();
    const { readFile } = await import("node:fs/promises");
    const csv = await readFile(path, "utf8");
    expect(csv.split("\r\n")[0]).toBe(
      "group,key,label,orders,pieces,revenueCents,quotedCents,actualFabricCents,actualPartCents,actualLabourCents,actualCents,marginCents,marginPct",
    );
    expect(csv.split("\r\n")[1]).toMatch(/^style,/);

    // The client's own user: the order without a Cost tab, and no Margin in the menu.
    await signOut(page);
    await signIn(page, "client");
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole("heading", { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByRole("tab", { name: /^Lines/ })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Cost" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Margin" })).toHaveCount(0);
    // Typing the tab's address lands on the order's lines, never its cost.
    await page.goto(`/orders/${order.id}/cost`);
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/lines$`));
    await expect(page.getByRole("table", { name: "Order cost" })).toHaveCount(0);
    await page.goto("/marginReport");
    await expect(page.getByRole("heading", { name: "Margin", exact: true })).toHaveCount(0);
  });
});
