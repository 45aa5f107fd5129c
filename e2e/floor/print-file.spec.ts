import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import { smallPng } from "../pages/files";
import { placeNorthwindOrder, releaseOrder, scanCode } from "../pages/floor";
import { signIn } from "../pages/hub";

test.describe("print files on the floor", () => {
  test("a queued unit's print file is chosen from its client's print files on Unit Actions, and removed", async ({
    page,
    request,
  }) => {
    // Northwind uploads a print file; its order is released, so its units are queued.
    const client = await apiToken(request, "client");
    const name = `chest-${Date.now().toString(36)}.png`;
    const uploaded = await request.post("/api/printFiles", {
      headers: { authorization: `Bearer ${client}` },
      multipart: { file: { name, mimeType: "image/png", buffer: smallPng([20, 120, 200]) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const file = (await uploaded.json()) as { id: number };
    const order = await placeNorthwindOrder(request, "print-file", [1]);
    const [unit] = await releaseOrder(request, order.id);
    if (!unit) throw new Error("no unit");

    await signIn(page, "factory");
    await page.goto("/unitActions");
    await scanCode(page, unit.barcode, "ok");
    const picker = page.getByRole("combobox", { name: "Change print file" });
    await expect(picker).toBeVisible();
    await picker.click();
    await page.getByRole("option", { name, exact: true }).click();
    await expect(page.getByTestId("action-outcome")).toContainText(`${unit.barcode} prints ${name} now.`);
    await expect(picker).toHaveText(name);

    // The unit's history says so, as the factory reads it.
    const factory = await apiToken(request, "factory");
    const detail = await apiCall<{ printFileId: number | null; events: { reason: string | null }[] }>(
      request,
      factory,
      "GET",
      `/floor/units/${unit.id}`,
    );
    expect(detail.body.printFileId).toBe(file.id);
    expect(detail.body.events.map((e) => e.reason)).toContain(`Print file ${name}`);

    // "No print file" takes it off again.
    await picker.click();
    await page.getByRole("option", { name: "No print file" }).click();
    await expect(page.getByTestId("action-outcome")).toContainText(`${unit.barcode} has no print file now.`);
    expect((await apiCall(request, client, "DELETE", `/printFiles/${file.id}`)).status).toBe(200);
  });
});
