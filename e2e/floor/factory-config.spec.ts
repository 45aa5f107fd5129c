import { expect, test } from "@playwright/test";
import { signIn } from "../pages/hub";

/**
 * Factory Config (/factoryConfig) as the demo factory user: open it from the navigation, see a bad
 * range refused under its field, change settings that no other spec reads (a printer's name and a
 * working day), save, reload and find them kept and in the history. The shared demo database keeps
 * the demo facility's auto-release, tote range, box and cut planner defaults as they were.
 */
test.describe("Factory Config", () => {
  test("the factory user changes its settings, saves, reloads and finds them kept and in the history", async ({
    page,
  }) => {
    await signIn(page, "factory");
    await page.getByTestId("nav-horizontal").getByRole("button", { name: "Maintenance", exact: true }).click();
    await page.getByRole("menuitem", { name: "Factory Config" }).click();
    await expect(page).toHaveURL(/\/factoryConfig$/);
    await expect(page.getByRole("heading", { name: "Factory Config", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "Factory Config settings" });
    await expect(form.getByLabel("Time zone")).toHaveValue("UTC");
    // The longest scan cycle an order's actual labour counts (the Margin report's labour).
    await expect(form.getByLabel("Longest work cycle (minutes)")).toHaveValue("60");
    const save = form.getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();

    // The stations and QC reasons are linked, not copied.
    await expect(page.getByRole("link", { name: "Stations" })).toHaveAttribute("href", "/floorStations");
    await expect(page.getByRole("link", { name: "QC Reasons" })).toHaveAttribute("href", "/qcReasons");

    // A range whose last number is below its first is refused under the field, and nothing is saved.
    const last = form.getByLabel("Last tote number");
    const was = await last.inputValue();
    await last.fill("0");
    await save.click();
    await expect(form.getByText("At least 1")).toBeVisible();
    await last.fill(was);
    await expect(form.getByText("At least 1")).toHaveCount(0);

    // The lead time that gives new orders their due date is a whole number of working days.
    const lead = form.getByLabel("Lead time (working days)");
    const leadWas = await lead.inputValue();
    await lead.fill("0");
    await save.click();
    await expect(form.getByText("At least 1")).toBeVisible();
    await lead.fill(leadWas);
    await expect(form.getByText("At least 1")).toHaveCount(0);

    const printer = `Zebra ZT411 dock ${Date.now().toString(36)}`;
    await form.getByLabel("Shipping label printer").fill(printer);
    const saturday = form.getByRole("checkbox", { name: "Sat" });
    const hadSaturday = await saturday.isChecked();
    await saturday.click();
    await expect(form.getByText("Unsaved changes.")).toBeVisible();
    await save.click();
    await expect(page.getByRole("alert").filter({ hasText: "Factory Config was saved." })).toBeVisible();
    await expect(form.getByText(/Saved by factory on/)).toBeVisible();
    await expect(save).toBeDisabled();

    await page.reload();
    await expect(form.getByLabel("Shipping label printer")).toHaveValue(printer);
    await expect(form.getByRole("checkbox", { name: "Sat" })).toBeChecked({ checked: !hadSaturday });
    const history = page.getByRole("table", { name: "Factory Config history" });
    const printerRow = history.getByRole("row").filter({ hasText: printer });
    await expect(printerRow).toContainText("Shipping label printer");
    await expect(printerRow).toContainText("factory");
    await expect(history.getByRole("row").filter({ hasText: "Working days" }).first()).toBeVisible();

    // The facility's own webhooks: its endpoint dialog offers its clients' events, not a brand's own.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const endpoint = page.getByRole("dialog", { name: "Add endpoint" });
    await expect(endpoint.getByRole("group", { name: "Events" }).getByLabel("Order placed")).toBeVisible();
    await expect(endpoint.getByText("Tech pack version approved")).toHaveCount(0);
    await endpoint.getByRole("button", { name: "Cancel" }).click();

    // Leaving with unsaved changes asks first.
    await form.getByLabel("Tote label printer").fill("Brother QL");
    await page.getByRole("link", { name: "Stations" }).click();
    const dialog = page.getByRole("dialog", { name: "Discard unsaved changes?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL(/\/floorStations$/);
  });
});
