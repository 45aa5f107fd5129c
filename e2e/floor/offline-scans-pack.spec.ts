import { expect, type Page, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import {
  type FloorUnit,
  placeNorthwindOrder,
  queuedScans,
  releaseOrder,
  scanCode,
  unitsOfOrder,
  waitForServiceWorker,
} from "../pages/floor";
import { signIn } from "../pages/hub";

/**
 * Issue 22 on Pack Out and Cutters: units packed and a cut ticket scanned while the network is down
 * are kept, survive a reload, and go out once when it is back; a box's label waits for the network.
 */

const inState = (page: Page, state: "applied" | "refused") =>
  queuedScans(page).and(page.locator(`[data-state="${state}"]`));

test("pack-out and cut-ticket scans made offline are applied once; refusals are named", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const factory = await apiToken(request, "factory");
  // Pack Out: two inspected units, one still queued (refused: not inspected).
  const toPack = await placeNorthwindOrder(request, "offline-pack", [3]);
  const [p0, p1, p2] = (await releaseOrder(request, toPack.id)) as [FloorUnit, FloorUnit, FloorUnit];
  for (const u of [p0, p1]) {
    for (const step of ["markCut", "markSewn", "markInspected"]) {
      const moved = await apiCall(request, factory, "POST", `/floor/units/barcode/${u.barcode}/${step}`, {});
      expect(moved.status, `${u.barcode} ${step}`).toBe(200);
    }
  }
  // Cutters: a cut ticket for another order's units.
  const toCut = await placeNorthwindOrder(request, "offline-cut", [2], {
    styleCode: "TEE-100",
    choiceOf: /size/i,
    choices: [2],
  });
  const cutUnits = await releaseOrder(request, toCut.id);
  const cutters = await apiCall<{ items: { id: number; code: string }[] }>(request, factory, "GET", "/floor/cutters");
  const cutter = cutters.body.items.find((c) => c.code === "CUT-1");
  const draft = await apiCall<{ id: number }>(request, factory, "POST", "/floor/cutPlans", {
    unitIds: cutUnits.map((u) => u.id),
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const accepted = await apiCall<{ groups: { lays: { ticketNumber: string | null }[] }[] }>(
    request,
    factory,
    "POST",
    `/floor/cutPlans/${draft.body.id}/accept`,
    { cutterStationId: cutter?.id },
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const ticket = accepted.body.groups.flatMap((g) => g.lays)[0]?.ticketNumber ?? "";
  expect(ticket).toMatch(/^CT-\d{6}$/);

  await signIn(page, "factory");
  await page.goto("/packOut");
  await waitForServiceWorker(page);
  // Cutters is opened once online (its files are kept by then anyway).
  await page.goto("/cutters");
  await expect(page.getByRole("textbox", { name: "Scan a cut ticket to mark it cut" })).toBeVisible();
  await page.goto("/packOut");
  await expect(page.getByTestId("scan-input")).toBeFocused();

  // The network drops: the scans are kept; the box's label says it waits for the network.
  await context.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toContainText("This screen is offline");
  await expect(page.getByTestId("offline-box")).toContainText("label can be bought once the network is back");
  for (const u of [p0, p1, p2]) {
    await expect(await scanCode(page, u.barcode, "queued")).toContainText("queued, offline");
  }
  await expect(page.getByTestId("offline-banner")).toContainText("3 scans wait to be sent");

  // Cutters loads offline: the ticket, and a code that is no ticket (refused later).
  await page.goto("/cutters");
  const ticketScan = page.getByRole("textbox", { name: "Scan a cut ticket to mark it cut" });
  for (const code of [ticket, "CT-999999"]) {
    await ticketScan.fill(code);
    await ticketScan.press("Enter");
    await expect(page.getByTestId("scan-status")).toHaveAttribute("data-state", "queued");
    await expect(page.getByTestId("scan-status")).toContainText(code);
  }
  await expect(page.getByTestId("offline-banner")).toContainText("5 scans wait to be sent");

  // A reload while offline loses nothing.
  await page.reload();
  await expect(queuedScans(page)).toHaveCount(2);
  await expect(page.getByTestId("offline-banner")).toContainText("5 scans wait to be sent");

  // The network is back.
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });
  await expect(inState(page, "applied")).toHaveCount(1);
  await expect(inState(page, "applied")).toContainText(`${ticket} is cut`);
  await expect(inState(page, "refused")).toHaveCount(1);
  await expect(inState(page, "refused")).toContainText("CT-999999");

  await page.goto("/packOut");
  await expect(inState(page, "applied")).toHaveCount(2);
  await expect(inState(page, "refused")).toHaveCount(1);
  await expect(inState(page, "refused")).toContainText(p2.barcode);
  await expect(inState(page, "refused")).toContainText("Refused:");

  // The Hub agrees: two packed once, the third untouched, the ticket's units cut.
  expect((await unitsOfOrder(request, toPack.id)).map((u) => u.status)).toEqual(["packed", "packed", "queued"]);
  for (const u of [p0, p1]) {
    const events = await apiCall<{ items: { action: string }[] }>(
      request,
      factory,
      "GET",
      `/orders/${toPack.id}/units/${u.id}/events`,
    );
    expect(
      events.body.items.filter((e) => e.action === "pack"),
      u.barcode,
    ).toHaveLength(1);
  }
  expect((await unitsOfOrder(request, toCut.id)).map((u) => u.status)).toEqual(["cut", "cut"]);
});
