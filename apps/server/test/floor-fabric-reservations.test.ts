import type {
  TCutPlan,
  TCutter,
  TMarkCutResponse,
  TOrder,
  TPage,
  TPoDetail,
  TPullResponse,
  TQueuedUnit,
  TStockItem,
  TStockItemDetail,
  TSupplierDetail,
} from "@hub/contracts";
import { CUTTING_MESSAGES } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyUnitAction } from "../src/modules/floor/state";
import { rowsOf } from "../src/platform/database";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Fabric reservations (issue 22 part 2) through HTTP on a real database: pulling reserves a unit's
 * fabric (2 yd of RES-JER per tee), a pull past what is available waits as "Waiting for fabric"
 * with the open PO that would cover it, an override reason pulls anyway and is kept; unpulling, a
 * cancelled ticket and a cancelled unit release; cutting consumes the reservation with the ledger
 * rows; a recut reserves anew when pulled. Inventory shows on hand / reserved / available and the
 * below-threshold filter reads available. At every step available = ledger − live reservations:
 * stock is never counted twice.
 */

let t: TestApp;
let f: OrderFixture;
let units: { id: number; barcode: string }[] = [];
let po: TPoDetail;
const ids = { factory: 0, fabric: 0, cutter: 0, supplier: 0, otherFabric: 0 };

type Res = { statusCode: number; body: string; json: <X>() => X };
const json = <T>(res: Res, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

const item = async () =>
  json<TStockItemDetail>(await f.call("factory", "GET", `/api/inventory/fabric/${ids.fabric}`)).item;
/** A stock adjustment of the test's fabric through the API. */
const adjust = async (change: string, reason: string) =>
  json(
    await f.call("factory", "POST", "/api/inventory/adjustments", {
      materialKind: "fabric",
      materialId: ids.fabric,
      change,
      reason,
    }),
    201,
  );
const stockNumbers = async () => {
  const x = await item();
  return { onHand: x.quantity, reserved: x.reserved, available: x.available };
};
const reservations = (unitIds: number[]) =>
  t.db
    .select()
    .from(schema.fabricReservations)
    .where(inArray(schema.fabricReservations.unitId, unitIds))
    .orderBy(asc(schema.fabricReservations.id));
const queue = async () => {
  const page = json<TPage<TQueuedUnit>>(
    await f.call("factory", "GET", `/api/floor/pull?fabricId=${ids.fabric}&size=100`),
  );
  return new Map(page.items.map((x) => [x.id, x]));
};
const pull = (unitIds: number[], extra: Record<string, unknown> = {}) =>
  f.call("factory", "POST", "/api/floor/pull", { cutterStationId: ids.cutter, unitIds, ...extra });

/** The invariant: what the inventory says is available is the ledger's sum minus the live reservations. */
const neverCountedTwice = async () => {
  const [row] = rowsOf<{ on_hand: string; reserved: string }>(
    await t.db.execute(sql`select
      coalesce((select sum(quantity) from inv_stock_ledger where fabric_id = ${ids.fabric}), 0)::numeric(20,4)::text as on_hand,
      coalesce((select sum(quantity) from inv_fabric_reservations where fabric_id = ${ids.fabric} and state = 'reserved'), 0)::numeric(20,4)::text as reserved`),
  );
  const x = await stockNumbers();
  expect(x.onHand).toBe(row?.on_hand);
  expect(x.reserved).toBe(row?.reserved);
  expect(Number(x.available)).toBeCloseTo(Number(row?.on_hand) - Number(row?.reserved), 4);
};

const placeAndRelease = async (quantity: number) => {
  const res = await f.place(
    "client",
    { shipTo: SHIP_TO, lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity }] },
    newKey(),
  );
  const order = json<TOrder>(res, 201);
  json(await f.call("factory", "POST", `/api/orders/${order.id}/release`));
  return t.db
    .select({ id: schema.floorUnits.id, barcode: schema.floorUnits.barcode })
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.orderId, order.id))
    .orderBy(asc(schema.floorUnits.id));
};

const unit = (n: number) => {
  const x = units[n - 1];
  if (!x) throw new Error(`no unit ${n}`);
  return x;
};

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  ids.factory = factory?.factoryId ?? 0;
  const [fabric] = await t.db
    .insert(schema.fabrics)
    .values({
      factoryId: ids.factory,
      fabricCode: "RES-JER",
      fabricName: "Reserved jersey",
      unit: "yd",
      widthInches: 60,
    })
    .returning();
  ids.fabric = fabric?.id ?? 0;
  await t.db
    .insert(schema.styleFabrics)
    .values({ styleId: f.ids.tee, fabricId: ids.fabric, placement: "Body", consumption: 2 });
  // 10 yd on hand: five tees.
  await adjust("10", "Opening count");
  const sup = json<TSupplierDetail>(
    await f.call("admin", "POST", "/api/suppliers", {
      code: "RES-MILL",
      name: "Reservation Mill",
      currency: "USD",
      leadTimeDays: 14,
      materials: [],
      factoryId: ids.factory,
    }),
    201,
  );
  ids.supplier = sup.id;
  po = json<TPoDetail>(
    await f.call("factory", "POST", "/api/purchaseOrders", {
      supplierId: ids.supplier,
      expectedDate: "2026-12-03",
      lines: [{ materialKind: "fabric", materialId: ids.fabric, quantity: "20", unitCostCents: 300 }],
    }),
    201,
  );
  ids.cutter = json<TCutter>(
    await f.call("factory", "POST", "/api/floor/cutters", { code: "RES-CUT", name: "Reserve cutter" }),
    201,
  ).id;
  units = await placeAndRelease(8);
  // Another facility's fabric with a live reservation of its own, never seen by the demo factory user.
  const [other] = await t.db.insert(schema.factories).values({ name: "Reservations Other Mill" }).returning();
  const [otherFabric] = await t.db
    .insert(schema.fabrics)
    .values({ factoryId: other?.factoryId ?? 0, fabricCode: "OTH-JER", fabricName: "Other jersey", unit: "yd" })
    .returning();
  ids.otherFabric = otherFabric?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

describe("pulling reserves fabric", () => {
  test("the queue shows in stock; a pull reserves each unit's fabric and Inventory shows it", async () => {
    const before = await queue();
    expect(before.size).toBe(8);
    // 10 yd for eight tees of 2 yd: the first five in the queue's order are in stock, the rest wait
    // for the PO (each unit's need counts what the units ahead of it need too).
    const byRank = [...before.values()].sort((a, b) => a.id - b.id);
    expect(byRank.map((x) => x.fabricStatus?.state)).toEqual([
      ...Array(5).fill("in_stock"),
      ...Array(3).fill("waiting"),
    ]);
    expect(byRank[5]?.fabricStatus?.poNumber).toBe(po.number);
    expect(before.get(unit(1).id)?.fabricStatus?.label).toBe("In stock");

    const res = json<TPullResponse>(await pull([unit(1).id, unit(2).id, unit(3).id]));
    expect(res.unitIds).toEqual([unit(1).id, unit(2).id, unit(3).id]);
    expect(res.waiting).toEqual([]);
    const rows = await reservations([unit(1).id, unit(2).id, unit(3).id]);
    expect(rows.map((r) => [r.fabricId, r.quantity, r.state, r.overrideReason])).toEqual([
      [ids.fabric, "2.0000", "reserved", null],
      [ids.fabric, "2.0000", "reserved", null],
      [ids.fabric, "2.0000", "reserved", null],
    ]);
    expect(await stockNumbers()).toEqual({ onHand: "10.0000", reserved: "6.0000", available: "4.0000" });
    const after = await queue();
    expect(after.get(unit(1).id)?.fabricStatus?.label).toBe(CUTTING_MESSAGES.reserved);
    expect(after.get(unit(4).id)?.fabricStatus?.state).toBe("in_stock");
    await neverCountedTwice();
  });

  test("a pull of several pulls what fits in order; the rest waits with the PO that covers it", async () => {
    const res = json<TPullResponse>(await pull([unit(4).id, unit(5).id, unit(6).id]));
    expect(res.unitIds).toEqual([unit(4).id, unit(5).id]);
    expect(res.message).toBe("2 units were pulled to Reserve cutter; 1 is waiting for fabric.");
    const label = `Waiting for fabric · ${po.number} expected 2026-12-03`;
    expect(res.waiting).toEqual([
      {
        unitId: unit(6).id,
        barcode: unit(6).barcode,
        fabricStatus: {
          state: "waiting",
          label,
          poNumber: po.number,
          expectedDate: "2026-12-03",
          overrideReason: null,
        },
      },
    ]);
    expect(await stockNumbers()).toEqual({ onHand: "10.0000", reserved: "10.0000", available: "0.0000" });
    const q = await queue();
    expect(q.get(unit(6).id)?.fabricStatus?.label).toBe(label);
    expect(q.get(unit(6).id)?.stationId).toBeNull();
    // The queue's CSV carries the same fabric status in its last column.
    const csv = (await f.call("factory", "GET", `/api/floor/pull/export.csv?fabricId=${ids.fabric}`)).body.split(
      "\r\n",
    );
    expect(csv[0]?.endsWith(",Priority,Fabric status")).toBe(true);
    expect(csv.find((r) => r.startsWith(unit(6).barcode))?.endsWith(`,${label}`)).toBe(true);
    await neverCountedTwice();
  });

  test("a unit short of fabric alone is refused as waiting for fabric, nothing written", async () => {
    const refused = await pull([unit(6).id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      CUTTING_MESSAGES.refusedForFabric(unit(6).barcode, `Waiting for fabric · ${po.number} expected 2026-12-03`),
    );
    expect(refused.json<{ fields: Record<string, string> }>().fields.fabric).toBe(
      `Waiting for fabric · ${po.number} expected 2026-12-03`,
    );
    const byCount = await f.call("factory", "POST", "/api/floor/pull", {
      cutterStationId: ids.cutter,
      count: 1,
      fabricId: ids.fabric,
    });
    expect(byCount.statusCode).toBe(409);
    expect(await reservations([unit(6).id])).toEqual([]);
    const [u6] = await t.db
      .select()
      .from(schema.floorUnits)
      .where(eq(schema.floorUnits.id, unit(6).id));
    expect(u6?.stationId).toBeNull();
    // A shortfall no open PO covers says so: 30 yd short with 20 yd on order.
    await t.db.update(schema.styleFabrics).set({ consumption: 30 }).where(eq(schema.styleFabrics.fabricId, ids.fabric));
    expect((await queue()).get(unit(6).id)?.fabricStatus?.label).toBe(
      "Waiting for fabric · no purchase order covers it",
    );
    await t.db.update(schema.styleFabrics).set({ consumption: 2 }).where(eq(schema.styleFabrics.fabricId, ids.fabric));
  });

  test("an override reason pulls it anyway; the reason, user and time are kept and audited", async () => {
    const empty = await pull([unit(6).id], { overrideReason: "  " });
    expect(empty.statusCode).toBe(400);
    const res = json<TPullResponse>(await pull([unit(6).id], { overrideReason: "Rush: the roll is on the truck" }));
    expect(res.unitIds).toEqual([unit(6).id]);
    const [row] = await reservations([unit(6).id]);
    expect(row).toMatchObject({
      state: "reserved",
      quantity: "2.0000",
      overrideReason: "Rush: the roll is on the truck",
    });
    expect(row?.overrideBy).toBeGreaterThan(0);
    expect(row?.overrideByName).toBeTruthy();
    expect(row?.overrideAt).toBeInstanceOf(Date);
    const audits = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "floor.pull.override"));
    expect(audits.at(-1)?.detail).toMatchObject({ reason: "Rush: the roll is on the truck", units: [unit(6).barcode] });
    expect((await queue()).get(unit(6).id)?.fabricStatus).toMatchObject({
      state: "override",
      overrideReason: "Rush: the roll is on the truck",
    });
    expect(await stockNumbers()).toEqual({ onHand: "10.0000", reserved: "12.0000", available: "-2.0000" });
    await neverCountedTwice();
  });

  test("below threshold reads available: 10 on hand but −2 available is below a threshold of 1", async () => {
    json(
      await f.call("factory", "PUT", `/api/inventory/fabric/${ids.fabric}/settings`, {
        threshold: "1",
        thresholdByCnt: false,
      }),
    );
    const below = json<TPage<TStockItem>>(
      await f.call("factory", "GET", "/api/inventory?belowThreshold=true&size=500"),
    );
    const mine = below.items.find((x) => x.materialKind === "fabric" && x.materialId === ids.fabric);
    expect(mine).toMatchObject({ quantity: "10.0000", reserved: "12.0000", available: "-2.0000", lowStock: true });
    const list = json<TPage<TStockItem>>(await f.call("factory", "GET", "/api/inventory?searchString=RES-JER"));
    expect(list.items.map((x) => [x.code, x.quantity, x.reserved, x.available])).toEqual([
      ["RES-JER", "10.0000", "12.0000", "-2.0000"],
    ]);
  });

  test("unpulling releases the reservation", async () => {
    json(await f.call("factory", "POST", "/api/floor/pull/release", { unitIds: [unit(5).id] }));
    expect((await reservations([unit(5).id])).map((r) => r.state)).toEqual(["released"]);
    expect(await stockNumbers()).toEqual({ onHand: "10.0000", reserved: "10.0000", available: "0.0000" });
    // Received: the PO's 20 yd arrive; the unit is in stock again.
    const rec = await f.call("factory", "POST", `/api/purchaseOrders/${po.id}/receive`, {
      lines: [{ lineId: po.lines[0]?.id, receivedAmt: "20" }],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(await stockNumbers()).toEqual({ onHand: "30.0000", reserved: "10.0000", available: "20.0000" });
    expect((await queue()).get(unit(5).id)?.fabricStatus?.state).toBe("in_stock");
    await neverCountedTwice();
  });
});

describe("cutting, cancelling and recutting", () => {
  test("a cancelled ticket releases its units' fabric and puts them back in the unpulled queue", async () => {
    json<TPullResponse>(await pull([unit(5).id, unit(7).id]));
    expect((await stockNumbers()).reserved).toBe("14.0000");
    const draft = json<TCutPlan>(
      await f.call("factory", "POST", "/api/floor/cutPlans", { unitIds: [unit(5).id, unit(7).id] }),
      201,
    );
    expect(draft.groups.flatMap((g) => g.lays).every((l) => l.fabricStatus?.state === "reserved")).toBe(true);
    const accepted = json<TCutPlan>(
      await f.call("factory", "POST", `/api/floor/cutPlans/${draft.id}/accept`, { cutterStationId: ids.cutter }),
    );
    for (const lay of accepted.groups.flatMap((g) => g.lays))
      json(await f.call("factory", "POST", `/api/floor/cutTickets/${lay.ticketId}/cancel`));
    const rows = await reservations([unit(5).id, unit(7).id]);
    expect(rows.filter((r) => r.state === "reserved")).toEqual([]);
    const back = await t.db
      .select()
      .from(schema.floorUnits)
      .where(inArray(schema.floorUnits.id, [unit(5).id, unit(7).id]));
    expect(back.every((x) => x.stationId === null && x.cutTicketId === null)).toBe(true);
    expect(await stockNumbers()).toEqual({ onHand: "30.0000", reserved: "10.0000", available: "20.0000" });
    await neverCountedTwice();
  });

  test("cutting turns the reservations into consumption: on hand drops, reserved leaves, once", async () => {
    const plan = json<TCutPlan>(
      await f.call("factory", "POST", "/api/floor/cutPlans", { cutterStationId: ids.cutter }),
      201,
    );
    const planned = plan.groups.flatMap((g) => g.lays.flatMap((l) => l.unitIds)).sort((a, b) => a - b);
    expect(planned).toEqual([unit(1).id, unit(2).id, unit(3).id, unit(4).id, unit(6).id]);
    // The lay holding the overridden unit says so.
    expect(plan.groups.flatMap((g) => g.lays).some((l) => l.fabricStatus?.state === "override")).toBe(true);
    const accepted = json<TCutPlan>(
      await f.call("factory", "POST", `/api/floor/cutPlans/${plan.id}/accept`, { cutterStationId: ids.cutter }),
    );
    for (const lay of accepted.groups.flatMap((g) => g.lays)) {
      const cut = json<TMarkCutResponse>(await f.call("factory", "POST", `/api/floor/cutTickets/${lay.ticketId}/cut`));
      expect(cut.unitsCut).toBe(lay.garments);
      await neverCountedTwice();
    }
    const rows = await reservations(planned);
    expect(rows.map((r) => r.state)).toEqual(["consumed", "consumed", "consumed", "consumed", "consumed"]);
    // 30 − 5 × 2 = 20 on hand less the lays' waste (cut-waste.ts: the ply length beyond the
    // garments' own fabric, consumed at cut too); nothing reserved: the cut took it off hand, not twice.
    const [waste] = await t.db
      .select({ q: sql<string>`coalesce(-sum(${schema.stockLedger.quantity}), 0)::numeric(20,4)::text` })
      .from(schema.stockLedger)
      .where(and(eq(schema.stockLedger.fabricId, ids.fabric), eq(schema.stockLedger.reason, "Cut waste")));
    const wasted = Number(waste?.q ?? 0);
    expect(wasted).toBeGreaterThanOrEqual(0);
    const afterCut = { onHand: (20 - wasted).toFixed(4), reserved: "0.0000", available: (20 - wasted).toFixed(4) };
    expect(await stockNumbers()).toEqual(afterCut);
    // Cutting again changes nothing.
    const lay = accepted.groups.flatMap((g) => g.lays)[0];
    json(await f.call("factory", "POST", `/api/floor/cutTickets/${lay?.ticketId}/cut`));
    expect(await stockNumbers()).toEqual(afterCut);
    await neverCountedTwice();
    // The offcuts counted back into stock, so the numbers below stay whole yards.
    if (wasted > 0) await adjust(waste?.q ?? "0", "Offcuts counted back");
    expect(await stockNumbers()).toEqual({ onHand: "20.0000", reserved: "0.0000", available: "20.0000" });
  });

  test("a cancelled unit releases its reservation", async () => {
    json<TPullResponse>(await pull([unit(8).id]));
    expect((await stockNumbers()).reserved).toBe("2.0000");
    await t.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(schema.floorUnits)
        .where(eq(schema.floorUnits.id, unit(8).id))
        .for("update");
      if (locked) await applyUnitAction(tx, locked, "cancel", { actor: "Test", userId: null, stationId: null });
    });
    expect((await reservations([unit(8).id])).map((r) => r.state)).toEqual(["released"]);
    expect(await stockNumbers()).toEqual({ onHand: "20.0000", reserved: "0.0000", available: "20.0000" });
    await neverCountedTwice();
  });

  test("a recut reserves anew when pulled; the original's consumption stays", async () => {
    const u1 = unit(1);
    json(await f.call("factory", "POST", `/api/floor/units/${u1.id}/markSewn`, {}));
    const [reason] = await t.db.select().from(schema.floorQcReasons).where(eq(schema.floorQcReasons.code, "FABRIC"));
    json(
      await f.call("factory", "POST", `/api/floor/qc/units/barcode/${u1.barcode}`, {
        passed: false,
        reasonId: reason?.id,
      }),
    );
    const recut = json<{ recut: { id: number; barcode: string } }>(
      await f.call("factory", "POST", `/api/floor/recut/units/barcode/${u1.barcode}`, { reasonId: reason?.id }),
    );
    expect(await reservations([recut.recut.id])).toEqual([]);
    expect((await queue()).get(recut.recut.id)?.fabricStatus?.state).toBe("in_stock");
    json<TPullResponse>(await pull([recut.recut.id]));
    expect((await reservations([recut.recut.id])).map((r) => [r.state, r.quantity])).toEqual([["reserved", "2.0000"]]);
    expect((await reservations([u1.id])).map((r) => r.state)).toEqual(["consumed"]);
    expect(await stockNumbers()).toEqual({ onHand: "20.0000", reserved: "2.0000", available: "18.0000" });
    await neverCountedTwice();
  });

  test("accepting a plan of unpulled units reserves them, and refuses one short of fabric", async () => {
    const more = await placeAndRelease(10);
    // 18 yd available: nine tees; ten are refused at accept, nothing written.
    const draft = json<TCutPlan>(
      await f.call("factory", "POST", "/api/floor/cutPlans", { unitIds: more.map((x) => x.id) }),
      201,
    );
    expect(draft.groups.flatMap((g) => g.lays).every((l) => l.fabricStatus !== undefined)).toBe(true);
    const refused = await f.call("factory", "POST", `/api/floor/cutPlans/${draft.id}/accept`, {
      cutterStationId: ids.cutter,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain("Waiting for fabric");
    expect(await reservations(more.map((x) => x.id))).toEqual([]);
    json(await f.call("factory", "POST", `/api/floor/cutPlans/${draft.id}/discard`));
    const fewer = json<TCutPlan>(
      await f.call("factory", "POST", "/api/floor/cutPlans", { unitIds: more.slice(0, 9).map((x) => x.id) }),
      201,
    );
    json(await f.call("factory", "POST", `/api/floor/cutPlans/${fewer.id}/accept`, { cutterStationId: ids.cutter }));
    expect(await stockNumbers()).toEqual({ onHand: "20.0000", reserved: "20.0000", available: "0.0000" });
    await neverCountedTwice();
  });
});

describe("access", () => {
  test("client users and designers get 403 on the pull queue, pulling with an override and Inventory", async () => {
    for (const who of ["client", "client2", "designer"] as const) {
      expect((await f.call(who, "GET", "/api/floor/pull")).statusCode).toBe(403);
      expect(
        (
          await f.call(who, "POST", "/api/floor/pull", {
            cutterStationId: ids.cutter,
            unitIds: [unit(5).id],
            overrideReason: "Mine",
          })
        ).statusCode,
      ).toBe(403);
      expect((await f.call(who, "GET", "/api/inventory")).statusCode).toBe(403);
      expect((await f.call(who, "GET", `/api/inventory/fabric/${ids.fabric}`)).statusCode).toBe(403);
    }
    expect(await reservations([unit(5).id]).then((r) => r.filter((x) => x.state === "reserved"))).toEqual([]);
  });

  test("another facility's fabric and its reservations are not seen", async () => {
    expect((await f.call("factory", "GET", `/api/inventory/fabric/${ids.otherFabric}`)).statusCode).toBe(404);
    const list = json<TPage<TStockItem>>(await f.call("factory", "GET", "/api/inventory?searchString=OTH-JER"));
    expect(list.items).toEqual([]);
    const admin = json<TPage<TStockItem>>(await f.call("admin", "GET", "/api/inventory?searchString=OTH-JER"));
    expect(admin.items.map((x) => [x.code, x.reserved, x.available])).toEqual([["OTH-JER", "0.0000", "0.0000"]]);
  });
});

describe("concurrent pulls", () => {
  test("two pulls racing for the last 3 yd: one unit is pulled, the other waits", async () => {
    const two = await placeAndRelease(2);
    await adjust("3", "Found a roll end");
    expect((await stockNumbers()).available).toBe("3.0000");
    const answers = await Promise.all(two.map((x) => pull([x.id])));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockNumbers()).toEqual({ onHand: "23.0000", reserved: "22.0000", available: "1.0000" });
    await neverCountedTwice();
  });
});

describe("the demo", () => {
  test("the seed's units pulled onto a queued ticket hold their fabric, shown as reserved", async () => {
    const [row] = rowsOf<{ n: number; bad: number }>(
      await t.db.execute(sql`select count(*)::int as n,
        count(*) filter (where tk.status <> 'queued' or fu.station_id is null)::int as bad
        from inv_fabric_reservations r join floor_units fu on fu.id = r.unit_id
        join floor_cut_tickets tk on tk.id = fu.cut_ticket_id
        where r.state = 'reserved' and r.factory_id = ${ids.factory} and r.fabric_id <> ${ids.fabric}`),
    );
    expect(row?.n).toBeGreaterThan(0);
    expect(row?.bad).toBe(0);
    const reserved = json<TPage<TStockItem>>(
      await f.call("factory", "GET", "/api/inventory?materialKind=fabric&size=500"),
    );
    expect(reserved.items.some((x) => x.code !== "RES-JER" && Number(x.reserved) > 0)).toBe(true);
  });
});
