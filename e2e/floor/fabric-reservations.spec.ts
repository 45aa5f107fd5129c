import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { placeNorthwindOrder, releaseOrder } from "../pages/floor";
import { signIn } from "../pages/hub";

/**
 * Cut only what can be cut (issue 22 part 2): a released order of 30 tri-blend tees needs more of
 * the demo's low TRI-145 jersey than is available, so Pull next 30 on /pullOrder pulls what fits and
 * lists the rest as waiting for fabric; Pull them anyway… asks for the reason, and the queue then
 * shows those units pulled without fabric in stock, with the reason.
 */
test.describe("fabric reservations", () => {
  test("pull what fits, the rest waits for fabric; pull them anyway with a reason", async ({ page, request }) => {
    test.setTimeout(180_000);
    const factory = await apiToken(request, "factory");
    const order = await placeNorthwindOrder(request, "fabric", [30], { styleCode: "TEE-130", poNumber: "PO-E2E-FAB" });
    const units = await releaseOrder(request, order.id);
    expect(units).toHaveLength(30);
    const fabrics = await apiCall<{ items: { id: number; fabricCode: string }[] }>(
      request,
      factory,
      "GET",
      "/library/fabrics?searchString=TRI-145&size=5",
    );
    const fabric = fabrics.body.items.find((x) => x.fabricCode === "TRI-145");
    expect(fabric).toBeDefined();
    const cutters = await apiCall<{ items: { id: number; code: string }[] }>(request, factory, "GET", "/floor/cutters");
    const cutter = cutters.body.items.find((c) => c.code === "CUT-1");
    expect(cutter).toBeDefined();

    await signIn(page, "factory");
    await page.goto(`/pullOrder?cutter=${cutter?.id}&fabric=${fabric?.id}&pulled=unpulled`);
    // Each unit alone fits what is available.
    await expect(page.getByText("In stock", { exact: true }).first()).toBeVisible();
    await page.getByLabel("How many").fill("30");
    await page.getByRole("button", { name: "Pull next 30" }).click();
    await expect(page.getByText(/(is|are) waiting for fabric\./).first()).toBeVisible();
    await expect(page.getByText(/: Waiting for fabric · /).first()).toBeVisible();
    await page.getByRole("button", { name: /Pull (it|them) anyway…/ }).click();
    const dialog = page.getByRole("dialog", { name: "Pull without fabric in stock?" });
    await expect(dialog).toBeVisible();
    // The reason is required.
    await dialog.getByRole("button", { name: "Pull anyway" }).click();
    await expect(dialog.getByText("Say why the unit is pulled without its fabric in stock.")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Rush order: the roll arrives tomorrow");
    await dialog.getByRole("button", { name: "Pull anyway" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/units? (was|were) pulled to/).first()).toBeVisible();

    // The units pulled past the stock carry the reason.
    const queue = await apiCall<{
      items: {
        orderId: number;
        stationId: number | null;
        fabricStatus?: { state: string; overrideReason: string | null };
      }[];
    }>(request, factory, "GET", `/floor/pull?fabricId=${fabric?.id}&size=500&pulled=pulled`);
    const overridden = queue.body.items.filter((x) => x.fabricStatus?.state === "override");
    expect(overridden.length).toBeGreaterThan(0);
    expect(overridden.every((x) => x.fabricStatus?.overrideReason === "Rush order: the roll arrives tomorrow")).toBe(
      true,
    );
    await page.goto(`/pullOrder?cutter=${cutter?.id}&fabric=${fabric?.id}&pulled=pulled`);
    await expect(
      page.getByText("Pulled without fabric in stock: Rush order: the roll arrives tomorrow").first(),
    ).toBeVisible();
  });
});
