import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "../pages/account";
import {
  type FloorUnit,
  placeNorthwindOrder,
  queuedScans,
  releaseOrder,
  scanCode,
  waitForServiceWorker,
} from "../pages/floor";
import { signIn } from "../pages/hub";

/** Issue 22: scans made while the factory's network is down are kept, survive a reload, and are sent once. */

const queued = queuedScans;

test("scans made offline on two screens survive a reload and are applied once when the network is back", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const first = await placeNorthwindOrder(request, "offline-a", [10]);
  const second = await placeNorthwindOrder(request, "offline-b", [11]);
  const a = await releaseOrder(request, first.id);
  const b = await releaseOrder(request, second.id);
  const factory = await apiToken(request, "factory");
  const made = await apiCall<{ totes: { barcode: string }[] }>(request, factory, "POST", "/floor/totes", { count: 1 });
  const tote = made.body.totes[0]?.barcode ?? "";
  expect(tote).toMatch(/^T-\d+$/);

  await signIn(page, "factory");
  await page.goto("/unitActions");
  await waitForServiceWorker(page);
  await page.goto("/assignTote");
  await scanCode(page, tote, "ok");

  // The network drops: the tote's units are kept in the browser, "queued, offline".
  await context.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toContainText("This screen is offline");
  const intoTote: FloorUnit[] = [...a, b[10] as FloorUnit];
  for (const unit of intoTote) {
    await expect(await scanCode(page, unit.barcode, "queued")).toContainText("queued, offline");
  }
  await expect(page.getByTestId("offline-banner")).toContainText("11 scans wait to be sent");
  await expect(queued(page)).toHaveCount(11);

  // Still offline, the Unit Actions screen loads from the service worker; each unit is marked cut (one sewn: refused later).
  await page.goto("/unitActions");
  const toCut = b.slice(0, 10);
  for (const [i, unit] of toCut.entries()) {
    await scanCode(page, unit.barcode, "queued");
    await page.getByTestId(i === 9 ? "action-mark_sewn" : "action-mark_cut").click();
    await expect(page.getByTestId("action-outcome")).toContainText(`${unit.barcode}: queued, offline`);
  }
  await expect(page.getByTestId("offline-banner")).toContainText("21 scans wait to be sent");

  // A lookup needs the Hub: offline, Find Order By Tote says so (and keeps nothing to send).
  await page.goto("/toteLookup");
  await expect(await scanCode(page, tote, "error")).toContainText("can be looked up once the network is back");
  await page.goto("/unitActions");

  // A reload while offline loses nothing.
  await page.reload();
  await expect(queued(page)).toHaveCount(10);
  await expect(page.getByTestId("offline-banner")).toContainText("21 scans wait to be sent");

  // The network is back: every scan is sent in order, once; the refusals say why.
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });
  await expect(queued(page).and(page.locator('[data-state="applied"]'))).toHaveCount(9);
  const refused = queued(page).and(page.locator('[data-state="refused"]'));
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(b[9]?.barcode ?? "");
  await expect(refused).toContainText("Refused:");

  await page.goto("/assignTote");
  await expect(queued(page).and(page.locator('[data-state="applied"]'))).toHaveCount(10);
  const wrongOrder = queued(page).and(page.locator('[data-state="refused"]'));
  await expect(wrongOrder).toHaveCount(1);
  await expect(wrongOrder).toContainText(`belongs to order ${second.orderNumber}`);

  // The Hub agrees: the tote holds the first order's 10 units, nine of the second's are cut, the tenth is not.
  const held = await apiCall<{ unitCount: number }>(request, factory, "GET", `/floor/totes/barcode/${tote}`);
  expect(held.body.unitCount).toBe(10);
  for (const [i, unit] of toCut.entries()) {
    const now = await apiCall<{ status: string }>(request, factory, "GET", `/floor/units/barcode/${unit.barcode}`);
    expect(now.body.status, unit.barcode).toBe(i === 9 ? "queued" : "cut");
  }
});
