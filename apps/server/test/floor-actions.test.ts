import type {
  TFloorUnitDetail,
  TOrder,
  TOrderUnits,
  TRecutResult,
  TReleaseResult,
  TToteDetail,
  TToteResult,
  TUnitActionResult,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * The floor over HTTP (issue 11): release (on payment and by the factory), every unit action
 * allowed and refused with the unit's state, idempotent scans, totes, QC fail and recut, order
 * cancel and item edit, and scoping (clients never reach the floor; another facility's unit is 404).
 */

let t: TestApp;
let f: OrderFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const line = (attributeIds: number[], quantity: number) => ({ styleId: f.ids.tee, attributeIds, quantity });

/** An unpaid (invoice) order of Northwind, released by the factory: its units. */
const releasedOrder = async (quantity = 3) => {
  const res = await f.place("client", { shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.white], quantity)] }, newKey());
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<TOrder>();
  const rel = await f.call("factory", "POST", `/api/orders/${order.id}/release`);
  expect(rel.statusCode, rel.body).toBe(200);
  const units = await t.db
    .select()
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.orderId, order.id))
    .orderBy(asc(schema.floorUnits.id));
  return { order, units };
};

const act = (route: string, ref: number | string, body: Record<string, unknown> = {}, who = "factory" as const) =>
  f.call(
    who,
    "POST",
    typeof ref === "number" ? `/api/floor/units/${ref}/${route}` : `/api/floor/units/barcode/${ref}/${route}`,
    body,
  );

const eventsOf = (unitId: number) =>
  t.db
    .select()
    .from(schema.floorUnitEvents)
    .where(eq(schema.floorUnitEvents.unitId, unitId))
    .orderBy(asc(schema.floorUnitEvents.id));

const stationId = async (code: string) => {
  const [s] = await t.db.select().from(schema.floorStations).where(eq(schema.floorStations.code, code));
  if (!s) throw new Error(`no station ${code}`);
  return s.id;
};
const reasonId = async (code: string) => {
  const [r] = await t.db.select().from(schema.floorQcReasons).where(eq(schema.floorQcReasons.code, code));
  if (!r) throw new Error(`no reason ${code}`);
  return r.id;
};

describe("release", () => {
  test("an order paid by card is released in the payment's transaction: its units are queued", async () => {
    const card = await f.call("client", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" });
    expect(card.statusCode, card.body).toBe(201);
    const res = await f.place("client", { shipTo: SHIP_TO, lines: [line([f.ids.s, f.ids.black], 2)] }, newKey());
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<TOrder>();
    expect(order.paymentState).toBe("paid");
    expect(order.status).toBe("in_production");
    const units = (await f.call("client", "GET", `/api/orders/${order.id}/units`)).json<TOrderUnits>();
    expect(units.releasedBy).toBe("payment");
    expect(units.canRelease).toBe(false);
    expect(units.lines[0]?.units.map((u) => [u.instance, u.status, u.size])).toEqual([
      [1, "queued", "OS"],
      [2, "queued", "OS"],
    ]);
    // Leave Northwind invoiced for the other tests.
    await t.db.delete(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, f.northwind));
  });

  test("the factory releases an invoice client's unpaid order once; clients may not", async () => {
    const res = await f.place("client", { shipTo: SHIP_TO, lines: [line([f.ids.m, f.ids.black], 2)] }, newKey());
    const order = res.json<TOrder>();
    expect(order.paymentState).toBe("unpaid");
    const before = (await f.call("factory", "GET", `/api/orders/${order.id}/units`)).json<TOrderUnits>();
    expect(before.canRelease).toBe(true);
    expect(before.lines[0]?.units).toEqual([]);
    expect((await f.call("client", "POST", `/api/orders/${order.id}/release`)).statusCode).toBe(403);
    const rel = await f.call("factory", "POST", `/api/orders/${order.id}/release`);
    expect(rel.statusCode, rel.body).toBe(200);
    expect(rel.json<TReleaseResult>().message).toBe(
      `Order ${order.orderNumber} was released to production: 2 units queued.`,
    );
    const again = await f.call("factory", "POST", `/api/orders/${order.id}/release`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      `Order ${order.orderNumber} is already released to production.`,
    );
    // Bluebird's user cannot see Northwind's order at all.
    expect((await f.call("client2", "GET", `/api/orders/${order.id}/units`)).statusCode).toBe(404);
  });
});

describe("unit actions", () => {
  test("every action moves a unit where the state machine says, one event each, by id and by barcode", async () => {
    const { units } = await releasedOrder(2);
    const [a, b] = units;
    if (!a || !b) throw new Error("units missing");
    const cut = await stationId("CUT-1");
    const steps: [string, number | string, Record<string, unknown>, string][] = [
      ["swatchesInspected", a.id, {}, "queued"],
      ["markPrinted", a.barcode, {}, "printed"],
      ["markCut", a.id, { stationId: cut }, "cut"],
      ["markSewn", a.barcode, {}, "sewn"],
      ["markInspected", a.id, {}, "inspected"],
      ["returnToQc", a.id, { reason: "loose thread" }, "sewn"],
      ["redoSteps", a.barcode, { to: "cut" }, "cut"],
      ["statusUpdate", a.id, {}, "sewn"],
      ["cancel", a.id, { reason: "client asked" }, "cancelled"],
      ["resubmit", a.id, {}, "queued"],
      ["statusUpdate", a.id, { to: "cut" }, "cut"],
    ];
    for (const [route, ref, body, to] of steps) {
      const res = await act(route, ref, body);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
      expect(res.json<TUnitActionResult>().unit.status, route).toBe(to);
    }
    const events = await eventsOf(a.id);
    expect(events.map((e) => e.action)).toEqual([
      "release",
      "swatches_inspected",
      "mark_printed",
      "mark_cut",
      "mark_sewn",
      "mark_inspected",
      "return_to_qc",
      "redo_steps",
      "status_update",
      "cancel",
      "resubmit",
      "status_update",
    ]);
    expect(events[3]).toMatchObject({ fromStatus: "printed", toStatus: "cut", stationId: cut, actor: "factory" });
    expect(events[6]?.reason).toBe("loose thread");
    const detail = (await f.call("factory", "GET", `/api/floor/units/barcode/${a.barcode}`)).json<TFloorUnitDetail>();
    expect(detail.swatchesInspectedAt).not.toBeNull();
    expect(detail.allowedActions).toContain("mark_sewn");
    expect(detail.events[0]?.action).toBe("status_update");

    // Print file update: only while queued, only the client's own print files.
    const foreign = await act("printFile", b.id, { printFileId: 999_999 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fields: Record<string, string> }>().fields.printFileId).toBeDefined();
    const cleared = await act("printFile", b.id, { printFileId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<TUnitActionResult>().unit.status).toBe("queued");
    expect(cleared.json<TUnitActionResult>().message).toBe(`${b.barcode} has no print file now.`);
  });

  test("impossible actions are refused with the unit's current state and change nothing", async () => {
    const { units } = await releasedOrder(1);
    const [u] = units;
    if (!u) throw new Error("unit missing");
    const refused: [string, Record<string, unknown>, string][] = [
      ["markInspected", {}, `Unit ${u.barcode} is queued, so it cannot be given "Mark inspected".`],
      ["markSewn", {}, `Unit ${u.barcode} is queued, so it cannot be given "Mark sewn".`],
      ["resubmit", {}, `Unit ${u.barcode} is queued, so it cannot be given "Resubmit".`],
      ["resubmitFailed", {}, `Unit ${u.barcode} is queued, so it cannot be given "Resubmit failed".`],
      ["returnToQc", {}, `Unit ${u.barcode} is queued, so it cannot be given "Return to QC".`],
      ["redoSteps", { to: "queued" }, `Unit ${u.barcode} is queued, so it cannot be given "Redo steps".`],
    ];
    for (const [route, body, message] of refused) {
      const res = await act(route, u.id, body);
      expect(res.statusCode, route).toBe(409);
      expect(res.json<{ message: string; fields: Record<string, string> }>()).toMatchObject({
        message,
        fields: { status: "queued" },
      });
    }
    expect((await act("markCut", u.id)).statusCode).toBe(200);
    const back = await act("redoSteps", u.id, { to: "sewn" });
    expect(back.statusCode).toBe(409);
    expect(back.json<{ message: string }>().message).toBe(`Unit ${u.barcode} is cut: "Sewn" is not an earlier step.`);
    // The style is not printed (no print file): "Printed" is not a step of it.
    const printed = await act("redoSteps", u.id, { to: "printed" });
    expect(printed.statusCode).toBe(409);
    expect(printed.json<{ message: string }>().message).toBe(
      `Unit ${u.barcode} is not printed: "Printed" is not one of its steps.`,
    );
    expect((await act("printFile", u.id, { printFileId: null })).statusCode).toBe(409);
    expect((await act("swatchesInspected", u.id)).statusCode).toBe(409);
    expect((await eventsOf(u.id)).map((e) => e.action)).toEqual(["release", "mark_cut"]);
    // Bad input names the field; an unknown or malformed barcode says what it is.
    const bad = await act("redoSteps", u.id, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields.to).toBeDefined();
    expect((await act("markCut", "U-99999999")).json<{ message: string }>().message).toBe(
      "No unit U-99999999 on this floor.",
    );
    expect((await act("markCut", "T-0031")).statusCode).toBe(400);
  });

  test("the same scan id twice changes nothing twice and answers the first answer", async () => {
    const { units } = await releasedOrder(1);
    const [u] = units;
    if (!u) throw new Error("unit missing");
    const scanId = crypto.randomUUID();
    const first = await act("statusUpdate", u.barcode, { scanId });
    const second = await act("statusUpdate", u.barcode, { scanId });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json<TUnitActionResult>()).toMatchObject({ replayed: false, unit: { status: "cut" } });
    expect(second.json<TUnitActionResult>()).toMatchObject({
      replayed: true,
      message: first.json<TUnitActionResult>().message,
      unit: { status: "cut" },
    });
    // Two at once with one id: still one move.
    const together = crypto.randomUUID();
    const both = await Promise.all([
      act("statusUpdate", u.id, { scanId: together }),
      act("statusUpdate", u.id, { scanId: together }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json<TUnitActionResult>().replayed).sort()).toEqual([false, true]);
    expect((await eventsOf(u.id)).map((e) => e.toStatus)).toEqual(["queued", "cut", "sewn"]);
  });
});

describe("one scan id on two rows at once", () => {
  test("a unit action and a tote assign each move one unit; the other request replays the first's answer", async () => {
    const { units } = await releasedOrder(4);
    const [a, b, c, d] = units;
    if (!a || !b || !c || !d) throw new Error("units missing");
    const cut = crypto.randomUUID();
    const cuts = await Promise.all([
      act("markCut", a.barcode, { scanId: cut }),
      act("markCut", b.barcode, { scanId: cut }),
    ]);
    expect(cuts.map((r) => r.statusCode)).toEqual([200, 200]);
    const cutAnswers = cuts.map((r) => r.json<TUnitActionResult>());
    expect(cutAnswers.map((r) => r.replayed).sort()).toEqual([false, true]);
    expect(cutAnswers[0]?.message).toBe(cutAnswers[1]?.message);
    const moved = [...(await eventsOf(a.id)), ...(await eventsOf(b.id))].filter((e) => e.action === "mark_cut");
    expect(moved).toHaveLength(1);

    const scan = crypto.randomUUID();
    const assign = (unitBarcode: string) =>
      f.call("factory", "POST", "/api/floor/totes/barcode/T-0034/units", { unitBarcode, scanId: scan });
    const both = await Promise.all([assign(c.barcode), assign(d.barcode)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const answers = both.map((r) => r.json<TToteResult>());
    expect(answers.map((r) => r.replayed).sort()).toEqual([false, true]);
    expect(answers[0]?.tote.unitCount).toBe(1);
    const notes = [...(await eventsOf(c.id)), ...(await eventsOf(d.id))].filter((e) => e.action === "assign_tote");
    expect(notes.map((e) => e.reason)).toEqual(["Tote T-0034"]);
    const inTote = await t.db.select().from(schema.floorUnits).where(eq(schema.floorUnits.orderId, a.orderId));
    expect(inTote.filter((x) => x.toteId !== null)).toHaveLength(1);
  });
});

describe("totes", () => {
  test("assign holds one order, find order by tote, start transit, clear only when packed", async () => {
    const one = await releasedOrder(2);
    const two = await releasedOrder(1);
    const [a1, a2] = one.units;
    const [b1] = two.units;
    if (!a1 || !a2 || !b1) throw new Error("units missing");
    const assign = (tote: string, unitBarcode: string, scanId?: string) =>
      f.call("factory", "POST", `/api/floor/totes/barcode/${tote}/units`, { unitBarcode, scanId });
    const first = await assign("T-0031", a1.barcode, "tote-scan-1");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TToteResult>().tote).toMatchObject({ status: "in_use", orderNumber: one.order.orderNumber });
    expect((await assign("T-0031", a1.barcode, "tote-scan-1")).json<TToteResult>().replayed).toBe(true);
    expect((await assign("t-0031", a2.barcode)).statusCode).toBe(200);
    const other = await assign("T-0031", b1.barcode);
    expect(other.statusCode).toBe(409);
    expect(other.json<{ message: string }>().message).toBe(
      `Tote T-0031 holds units of order ${one.order.orderNumber}; ${b1.barcode} belongs to order ${two.order.orderNumber}. Use another tote.`,
    );
    const found = await f.call("factory", "GET", "/api/floor/totes/barcode/T-0031");
    expect(found.statusCode).toBe(200);
    const tote = found.json<TToteDetail>();
    expect(tote.orderNumber).toBe(one.order.orderNumber);
    expect(tote.units.map((u) => [u.barcode, u.status])).toEqual([
      [a1.barcode, "queued"],
      [a2.barcode, "queued"],
    ]);
    const transit = await f.call("factory", "POST", "/api/floor/totes/barcode/T-0031/startTransit", {
      stationId: await stationId("SEW-1"),
    });
    expect(transit.statusCode, transit.body).toBe(200);
    expect(transit.json<TToteResult>().tote).toMatchObject({ status: "in_transit", stationCode: "SEW-1" });
    expect((await f.call("factory", "POST", "/api/floor/totes/barcode/T-0032/startTransit", {})).statusCode).toBe(409);

    const clear = await f.call("factory", "POST", "/api/floor/totes/barcode/T-0031/clear", {});
    expect(clear.statusCode).toBe(409);
    expect(clear.json<{ message: string }>().message).toBe(
      `Tote T-0031 still holds 2 units not packed: ${a1.barcode} (queued), ${a2.barcode} (queued).`,
    );
    // Walk both to packed (pack is the pack-out's step; here straight through the state machine).
    for (const u of [a1, a2]) {
      for (const route of ["markCut", "markSewn", "markInspected"])
        expect((await act(route, u.id)).statusCode).toBe(200);
      await t.db.update(schema.floorUnits).set({ status: "packed" }).where(eq(schema.floorUnits.id, u.id));
    }
    const cleared = await f.call("factory", "POST", "/api/floor/totes/barcode/T-0031/clear", { scanId: "clear-1" });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<TToteResult>().tote).toMatchObject({ status: "empty", orderId: null, unitCount: 0 });
    // The same clear scan again (an offline scan sent twice) answers the same and changes nothing.
    const clearedAgain = await f.call("factory", "POST", "/api/floor/totes/barcode/T-0031/clear", {
      scanId: "clear-1",
    });
    expect(clearedAgain.statusCode, clearedAgain.body).toBe(200);
    expect(clearedAgain.json<TToteResult>().message).toBe(cleared.json<TToteResult>().message);
    // Now the other order's unit goes in.
    expect((await assign("T-0031", b1.barcode)).statusCode).toBe(200);
    // Moving a unit to another tote empties the first.
    expect((await assign("T-0033", b1.barcode)).statusCode).toBe(200);
    const t1 = (await f.call("factory", "GET", "/api/floor/totes/barcode/T-0031")).json<TToteDetail>();
    expect(t1).toMatchObject({ status: "empty", unitCount: 0 });
    expect((await f.call("factory", "GET", "/api/floor/totes/barcode/T-9999")).statusCode).toBe(404);
    // New totes take the next free barcodes.
    const made = await f.call("factory", "POST", "/api/floor/totes", { count: 2 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<{ totes: { barcode: string }[] }>().totes.map((x) => x.barcode)).toEqual(["T-0041", "T-0042"]);
    // Export CSV: every tote the search and filter find, for floor users only.
    const csv = await f.call("factory", "GET", "/api/floor/totes/export.csv?searchString=T-003&status=empty");
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe("barcode,status,orderNumber,clientName,unitCount,station,updatedAt");
    expect(lines.slice(1).every((l) => /^T-003\d,empty,/.test(l))).toBe(true);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toContain("T-0031");
    expect((await f.call("client", "GET", "/api/floor/totes/export.csv")).statusCode).toBe(403);
    expect((await f.call("factory", "GET", "/api/floor/totes/export.csv?status=full")).statusCode).toBe(400);
  });
});

describe("QC and recut", () => {
  test("a QC fail with a reason, then a recut: the original closes failed, the recut leads the queue", async () => {
    const { order, units } = await releasedOrder(2);
    const [u, v] = units;
    if (!u || !v) throw new Error("units missing");
    for (const route of ["markCut", "markSewn"]) expect((await act(route, u.id)).statusCode).toBe(200);
    const qc = await stationId("QC-1");
    const noReason = await f.call("factory", "POST", `/api/floor/qc/units/barcode/${u.barcode}`, { passed: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ fields: Record<string, string> }>().fields.reasonId).toBe("Choose a reason");
    const fail = await f.call("factory", "POST", `/api/floor/qc/units/barcode/${u.barcode}`, {
      passed: false,
      reasonId: await reasonId("SEAM"),
      stationId: qc,
      scanId: "qc-fail-1",
    });
    expect(fail.statusCode, fail.body).toBe(200);
    expect(fail.json<TUnitActionResult>().unit).toMatchObject({ status: "failed", failReason: "Seam defect" });
    const inspections = await t.db
      .select()
      .from(schema.floorQcInspections)
      .where(eq(schema.floorQcInspections.unitId, u.id));
    expect(inspections).toMatchObject([{ passed: false, stationId: qc }]);
    // The same QC scan again (an offline scan sent twice): answered as the first time, inspected once.
    const failAgain = await f.call("factory", "POST", `/api/floor/qc/units/barcode/${u.barcode}`, {
      passed: false,
      reasonId: await reasonId("SEAM"),
      stationId: qc,
      scanId: "qc-fail-1",
    });
    expect(failAgain.statusCode, failAgain.body).toBe(200);
    expect(failAgain.json<TUnitActionResult>().message).toBe(fail.json<TUnitActionResult>().message);
    expect(
      await t.db.select().from(schema.floorQcInspections).where(eq(schema.floorQcInspections.unitId, u.id)),
    ).toHaveLength(1);

    // A queued unit needs no recut.
    const early = await f.call("factory", "POST", `/api/floor/recut/units/barcode/${v.barcode}`, {
      reasonId: await reasonId("MEAS"),
    });
    expect(early.statusCode).toBe(409);
    const scanId = crypto.randomUUID();
    const recut = await f.call("factory", "POST", `/api/floor/recut/units/barcode/${u.barcode}`, {
      reasonId: await reasonId("FABRIC"),
      scanId,
    });
    expect(recut.statusCode, recut.body).toBe(200);
    const r = recut.json<TRecutResult>();
    expect(r.original).toMatchObject({ status: "failed", barcode: u.barcode });
    expect(r.recut).toMatchObject({
      status: "queued",
      instance: u.instance,
      attempt: 2,
      recutOfId: u.id,
      itemId: u.itemId,
      priority: 10,
    });
    const replay = await f.call("factory", "POST", `/api/floor/recut/units/barcode/${u.barcode}`, {
      reasonId: await reasonId("FABRIC"),
      scanId,
    });
    expect(replay.json<TRecutResult>()).toMatchObject({ replayed: true, recut: { id: r.recut.id } });
    const twice = await f.call("factory", "POST", `/api/floor/recut/units/barcode/${u.barcode}`, {
      reasonId: await reasonId("FABRIC"),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(`${u.barcode} was already recut as ${r.recut.barcode}.`);
    const attempts = await t.db
      .select()
      .from(schema.floorUnits)
      .where(and(eq(schema.floorUnits.itemId, u.itemId), eq(schema.floorUnits.instance, u.instance)));
    expect(attempts).toHaveLength(2);
    // The order's details show both, the recut's history names the original.
    const details = (await f.call("client", "GET", `/api/orders/${order.id}/units`)).json<TOrderUnits>();
    expect(details.lines[0]?.units.map((x) => [x.instance, x.attempt, x.status])).toEqual([
      [1, 1, "failed"],
      [1, 2, "queued"],
      [2, 1, "queued"],
    ]);
    const history = await f.call("client", "GET", `/api/orders/${order.id}/units/${r.recut.id}/events`);
    expect(history.json<{ items: { reason: string }[] }>().items[0]?.reason).toBe(`Recut of ${u.barcode}: Fabric flaw`);
    // A pass.
    for (const route of ["markCut", "markSewn"]) expect((await act(route, v.id)).statusCode).toBe(200);
    const pass = await f.call("factory", "POST", `/api/floor/qc/units/${v.id}`, { passed: true, stationId: qc });
    expect(pass.json<TUnitActionResult>().unit.status).toBe("inspected");
  });
});

describe("orders follow the floor", () => {
  test("cancelling an order cancels its open units; an item edit is refused once a unit is past queued", async () => {
    const a = await releasedOrder(2);
    const edit = await f.call("client", "PUT", `/api/orders/${a.order.id}/items/${a.units[0]?.itemId}`, {
      quantity: 3,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const afterGrow = (await f.call("client", "GET", `/api/orders/${a.order.id}/units`)).json<TOrderUnits>();
    expect(afterGrow.lines[0]?.units.map((u) => u.status)).toEqual(["queued", "queued", "queued"]);
    const shrink = await f.call("client", "PUT", `/api/orders/${a.order.id}/items/${a.units[0]?.itemId}`, {
      quantity: 1,
    });
    expect(shrink.statusCode, shrink.body).toBe(200);
    const afterShrink = (await f.call("client", "GET", `/api/orders/${a.order.id}/units`)).json<TOrderUnits>();
    expect(afterShrink.lines[0]?.units.map((u) => u.status)).toEqual(["queued", "cancelled", "cancelled"]);
    const first = a.units[0];
    if (!first) throw new Error("unit missing");
    expect((await act("markCut", first.id)).statusCode).toBe(200);
    const refused = await f.call("client", "PUT", `/api/orders/${a.order.id}/items/${first.itemId}`, { quantity: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Line 1 is in production (unit ${first.barcode} is cut), so it cannot change.`,
    );
    const cancel = await f.call("client", "POST", `/api/orders/${a.order.id}/cancel`, { reason: "no longer needed" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const units = (await f.call("client", "GET", `/api/orders/${a.order.id}/units`)).json<TOrderUnits>();
    expect(units.lines[0]?.units.every((u) => u.status === "cancelled")).toBe(true);
    expect(units.lines[0]?.units[0]?.lastEvent?.reason).toBe("Order cancelled: no longer needed");
  });
});

describe("scoping", () => {
  test("client users get 403 on every floor route; another facility's unit answers 404", async () => {
    const { units } = await releasedOrder(1);
    const [u] = units;
    if (!u) throw new Error("unit missing");
    for (const who of ["client", "client2"] as const) {
      for (const [method, url] of [
        ["GET", `/api/floor/units/${u.id}`],
        ["GET", `/api/floor/units/barcode/${u.barcode}`],
        ["POST", `/api/floor/units/${u.id}/markCut`],
        ["POST", `/api/floor/units/barcode/${u.barcode}/cancel`],
        ["POST", `/api/floor/qc/units/${u.id}`],
        ["POST", `/api/floor/recut/units/${u.id}`],
        ["GET", "/api/floor/totes/barcode/T-0031"],
        ["POST", "/api/floor/totes/barcode/T-0031/units"],
        ["POST", "/api/floor/totes/barcode/T-0031/clear"],
        ["GET", "/api/floor/stations"],
        ["GET", "/api/floor/units/labels.pdf?orderId=1"],
      ] as const) {
        const res = await f.call(who, method, url, method === "POST" ? {} : undefined);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
    }
    const [other] = await t.db.insert(schema.factories).values({ name: "Floor Other Mill" }).returning();
    // The unit's order moves to the other facility, and its units with it (floor_units_order_fk).
    await t.db
      .update(schema.orders)
      .set({ factoryId: other?.factoryId ?? 0 })
      .where(eq(schema.orders.id, u.orderId));
    const [moved] = await t.db.select().from(schema.floorUnits).where(eq(schema.floorUnits.id, u.id));
    expect(moved?.factoryId).toBe(other?.factoryId);
    // A unit is never another client's or facility's than its order's: the database refuses it.
    const stray = t.db
      .update(schema.floorUnits)
      .set({ clientId: (moved?.clientId ?? 0) + 1 })
      .where(eq(schema.floorUnits.id, u.id));
    await expect(stray).rejects.toMatchObject({ cause: { constraint: "floor_units_order_fk" } });
    const res = await act("markCut", u.id);
    expect(res.statusCode).toBe(404);
    expect((await f.call("factory", "GET", `/api/floor/units/barcode/${u.barcode}`)).statusCode).toBe(404);
    expect((await act("markCut", u.id, {}, "admin" as never)).statusCode).toBe(200);
  });

  test("stations and reason codes are the facility's lists, with the demo rows", async () => {
    const stations = await f.call("factory", "GET", "/api/floor/stations?size=50");
    expect(stations.statusCode, stations.body).toBe(200);
    const codes = stations.json<{ items: { code: string; isPress: boolean }[] }>().items;
    expect(codes.find((s) => s.code === "CUT-2")?.isPress).toBe(true);
    expect(codes.map((s) => s.code)).toEqual(expect.arrayContaining(["CUT-1", "CUT-2", "QC-1", "PACK-1"]));
    const reasons = await f.call("factory", "GET", "/api/floor/qcReasons?size=50");
    expect(reasons.json<{ items: { code: string }[] }>().items.map((r) => r.code)).toEqual(
      expect.arrayContaining(["MEAS", "PRINT", "SEAM", "STAIN", "FABRIC"]),
    );
    const made = await f.call("factory", "POST", "/api/floor/stations", {
      code: "CUT-9",
      name: "Spare cutter",
      kind: "cutter",
      isPress: false,
      active: true,
    });
    expect(made.statusCode, made.body).toBe(201);
  });

  test("unit and tote labels are PDFs (sheet and one per page)", async () => {
    const { order } = await releasedOrder(3);
    const sheet = await f.call("factory", "GET", `/api/floor/units/labels.pdf?orderId=${order.id}`);
    expect(sheet.statusCode, sheet.body.slice(0, 200)).toBe(200);
    expect(sheet.headers["content-type"]).toBe("application/pdf");
    const pages = (body: string) => (body.match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages(sheet.body)).toBe(1);
    const single = await f.call(
      "factory",
      "GET",
      `/api/floor/units/labels.pdf?orderId=${order.id}&format=single&symbology=qr`,
    );
    expect(pages(single.body)).toBe(3);
    const totes = await f.call("factory", "GET", "/api/floor/totes/labels.pdf?ids=1,2&format=single");
    expect(totes.statusCode).toBe(200);
    expect(pages(totes.body)).toBe(2);
  }, 60_000);
});

describe("print files", () => {
  test("a unit's print file is chosen from its client's print files, listed for the facility only", async () => {
    const { units } = await releasedOrder(1);
    const [u] = units;
    if (!u) throw new Error("unit missing");
    const file = (clientId: number, fileName: string) => ({
      clientId,
      area: "print",
      storageKey: `test/${fileName}-${newKey()}`,
      fileName,
      contentType: "image/png",
      sizeBytes: 10,
      sha256: "0".repeat(64),
    });
    const [mine] = await t.db
      .insert(schema.storedFiles)
      .values(file(f.northwind, "front-logo.png"))
      .returning({ id: schema.storedFiles.id });
    await t.db.insert(schema.storedFiles).values(file(f.bluebird, "bluebird-secret.png"));
    if (!mine) throw new Error("file missing");

    const listed = await f.call("factory", "GET", `/api/floor/units/${u.id}/printFiles`);
    expect(listed.statusCode, listed.body).toBe(200);
    const names = listed.json<{ items: { id: number; fileName: string }[] }>().items.map((i) => i.fileName);
    expect(names).toContain("front-logo.png");
    expect(names).not.toContain("bluebird-secret.png");
    // Clients never reach the floor; an unknown unit is 404.
    expect((await f.call("client", "GET", `/api/floor/units/${u.id}/printFiles`)).statusCode).toBe(403);
    expect((await f.call("factory", "GET", "/api/floor/units/999999/printFiles")).statusCode).toBe(404);

    const chosen = await act("printFile", u.id, { printFileId: mine.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<TUnitActionResult>().unit).toMatchObject({
      printFileId: mine.id,
      printFileName: "front-logo.png",
    });
    expect(chosen.json<TUnitActionResult>().message).toBe(`${u.barcode} prints front-logo.png now.`);
  });
});
