import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { apiCall, apiToken } from "./account";

/** The floor's shared steps: Northwind's orders placed and released through the API, and scans typed as a scanner does. */

export type FloorOrder = { id: number; orderNumber: string; paymentState: string };
export type FloorUnit = { id: number; barcode: string; status: string };
type OrderUnits = { lines: { units: FloorUnit[] }[] };

const SHIP_TO = { name: "Nora Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "us" };

/**
 * Northwind (invoiced: unpaid until the factory releases it) places an order of one demo style
 * through the API. `lines` are quantities, one line each, in the style's first option choices
 * unless `choices` picks the choice index per line (a size, say) for options matching `choiceOf`.
 */
export const placeNorthwindOrder = async (
  request: APIRequestContext,
  tag: string,
  lines: number[],
  options: { styleCode?: string; poNumber?: string; choices?: number[]; choiceOf?: RegExp } = {},
): Promise<FloorOrder> => {
  const client = await apiToken(request, "client");
  const styles = await apiCall<{ items: { id: number; code: string }[] }>(
    request,
    client,
    "GET",
    options.styleCode ? `/library/styles?searchString=${options.styleCode}&size=5` : "/library/styles?size=1",
  );
  const style = options.styleCode ? styles.body.items.find((s) => s.code === options.styleCode) : styles.body.items[0];
  if (!style) throw new Error(`no style ${options.styleCode ?? ""}`);
  const composition = await apiCall<{ options: { name: string; attributes: { attributeId: number }[] }[] }>(
    request,
    client,
    "GET",
    `/library/styles/${style.id}/composition`,
  );
  const attributeIdsFor = (line: number) =>
    composition.body.options.map((o) => {
      const index = options.choiceOf?.test(o.name) ? (options.choices?.[line] ?? 0) : 0;
      return o.attributes[index]?.attributeId as number;
    });
  const placed = await request.post("/api/orders", {
    headers: { authorization: `Bearer ${client}`, "idempotency-key": `e2e-${tag}-${Date.now()}-${lines.join("-")}` },
    data: {
      shipTo: SHIP_TO,
      ...(options.poNumber ? { poNumber: options.poNumber } : {}),
      lines: lines.map((quantity, i) => ({ styleId: style.id, attributeIds: attributeIdsFor(i), quantity })),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as FloorOrder;
};

/** The order's units, as the factory reads them. */
export const unitsOfOrder = async (request: APIRequestContext, orderId: number): Promise<FloorUnit[]> => {
  const factory = await apiToken(request, "factory");
  return (await apiCall<OrderUnits>(request, factory, "GET", `/orders/${orderId}/units`)).body.lines.flatMap(
    (l) => l.units,
  );
};

/** The factory releases the order to production through the API; answers its units. */
export const releaseOrder = async (request: APIRequestContext, orderId: number): Promise<FloorUnit[]> => {
  const factory = await apiToken(request, "factory");
  const released = await apiCall(request, factory, "POST", `/orders/${orderId}/release`);
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  return unitsOfOrder(request, orderId);
};

/** Types a scan the way a USB scanner does (the code, then Enter) and waits for the answer. */
export const scanCode = async (page: Page, code: string, state: "ok" | "error" | "queued") => {
  const input = page.getByTestId("scan-input");
  await expect(input).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  const status = page.getByTestId("scan-status");
  await expect(status).toContainText(code);
  await expect(status).toHaveAttribute("data-state", state);
  return status;
};

/**
 * The factory makes and ships the first `count` units of an order (all by default) through the API,
 * as the floor does: cut, sewn, inspected, packed by scan, one box by hand (manual carrier), shipped.
 */
export const shipOrderUnits = async (request: APIRequestContext, orderId: number, count?: number): Promise<void> => {
  const factory = await apiToken(request, "factory");
  const units = (await unitsOfOrder(request, orderId)).filter((u) => u.status === "queued");
  const chosen = units.slice(0, count ?? units.length);
  for (const u of chosen) {
    for (const step of ["markCut", "markSewn", "markInspected"]) {
      const moved = await apiCall(request, factory, "POST", `/floor/units/barcode/${u.barcode}/${step}`, {});
      expect(moved.status, `${u.barcode} ${step}`).toBe(200);
    }
    const packed = await apiCall(request, factory, "POST", "/shipping/pack-scan", {
      scanId: `e2e-pack-${u.barcode}-${Date.now()}`,
      code: u.barcode,
    });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
  }
  const box = await apiCall<{ id: number }>(request, factory, "POST", "/shipments", {
    orderId,
    unitIds: chosen.map((u) => u.id),
    provider: "manual",
    carrier: "ups",
    weightOz: 16,
    lengthIn: 12,
    widthIn: 10,
    heightIn: 4,
  });
  expect(box.status, JSON.stringify(box.body)).toBe(201);
  const shipped = await apiCall(request, factory, "POST", `/shipments/${box.body.id}/ship`, {});
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
};

/** Waits for the service worker (issue 22), then loads the page again under its control, so the app's files are kept. */
export const waitForServiceWorker = async (page: Page) => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 10_000 })
    .toBe(true);
};

/** The scans made offline on the screen, as its "Offline scans" list shows them. */
export const queuedScans = (page: Page) => page.getByTestId("queued-scans").getByRole("listitem");
