import type {
  TCutPlan,
  TCutTicketDetail,
  TCutter,
  TMarkCutResponse,
  TOrder,
  TPage,
  TPullResponse,
  TQueuedUnit,
} from "@hub/contracts";
import { IDEMPOTENCY_HEADER } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { releaseOrder } from "../src/modules/floor/release";
import { applyUnitAction } from "../src/modules/floor/state";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type DemoUser, type TestApp } from "./helpers/test-app";

/**
 * Cutting (issue 11) through HTTP on a real database: pulling units to a cutter (idempotent under
 * a retried Idempotency-Key), planning them into lays, accepting the plan into cut tickets, marking
 * a ticket cut (units cut with events, fabric consumed in the stock ledger, average cost untouched;
 * a repeat changes nothing), the refusals (a unit not queued cannot be planned: 409 naming its
 * state), the ticket PDF and the cut unit sheet, and facility scoping over every route.
 */

let t: TestApp;
let f: OrderFixture;
let order: TOrder;
const who = { actor: "Cutting Test", userId: null, stationId: null };
const ids = { factory: 0, fabric: 0, otherFactory: 0, otherCutter: 0, otherTicket: 0, cutterA: 0, cutterB: 0 };

const json = <T>(res: { statusCode: number; body: string; json: <X>() => X }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

const unitsOf = (orderId: number) =>
  t.db
    .select()
    .from(schema.floorUnits)
    .where(eq(schema.floorUnits.orderId, orderId))
    .orderBy(asc(schema.floorUnits.id));

const ledgerOf = (fabricId: number) =>
  t.db
    .select()
    .from(schema.stockLedger)
    .where(eq(schema.stockLedger.fabricId, fabricId))
    .orderBy(asc(schema.stockLedger.id));

const placeAndRelease = async (lines: { size: number; colour: number; quantity: number }[]) => {
  const res = await f.place(
    "client",
    {
      shipTo: SHIP_TO,
      lines: lines.map((l) => ({ styleId: f.ids.tee, attributeIds: [l.size, l.colour], quantity: l.quantity })),
    },
    newKey(),
  );
  const placed = json<TOrder>(res, 201);
  await t.db.transaction((tx) => releaseOrder(tx, placed.id, "Cutting Test"));
  return placed;
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
      fabricCode: "CUT-JER",
      fabricName: "Cutting jersey",
      unit: "yd",
      widthInches: 60,
    })
    .returning();
  ids.fabric = fabric?.id ?? 0;
  // The tee takes 1.25 yd of it; a marker for S–M (90 in for 2 garments); XL falls back to the consumption.
  await t.db
    .insert(schema.styleFabrics)
    .values({ styleId: f.ids.tee, fabricId: ids.fabric, placement: "Body", consumption: 1.25 });
  await t.db.insert(schema.styleMarkers).values({
    factoryId: ids.factory,
    styleId: f.ids.tee,
    name: "Tee S–M",
    sizeRange: "S–M",
    lengthInches: 90,
    widthInches: 60,
    efficiencyPct: 82,
  });
  // Stock with an average cost, which cutting must not move.
  await t.db.insert(schema.stockSettings).values({ factoryId: ids.factory, fabricId: ids.fabric, avgCostCents: 450 });
  await t.db.insert(schema.stockLedger).values({
    factoryId: ids.factory,
    fabricId: ids.fabric,
    kind: "receipt",
    quantity: "500",
    unitCostCents: 450,
    actorName: "Cutting Test",
  });
  order = await placeAndRelease([
    { size: f.ids.m, colour: f.ids.black, quantity: 6 },
    { size: f.ids.s, colour: f.ids.black, quantity: 3 },
    { size: f.ids.xl, colour: f.ids.black, quantity: 3 },
    { size: f.ids.m, colour: f.ids.white, quantity: 2 },
  ]);
  // Another facility with a cutter and a ticket: never seen by the demo factory user.
  const [other] = await t.db.insert(schema.factories).values({ name: "Cutting Other Mill" }).returning();
  ids.otherFactory = other?.factoryId ?? 0;
  const [oc] = await t.db
    .insert(schema.floorStations)
    .values({ factoryId: ids.otherFactory, code: "OC-1", name: "Other cutter", kind: "cutter" })
    .returning();
  ids.otherCutter = oc?.id ?? 0;
  const [ot] = await t.db
    .insert(schema.floorCutTickets)
    .values({
      factoryId: ids.otherFactory,
      ratio: { M: 1 },
      plies: 1,
      lengthInches: 40,
      cutterStationId: ids.otherCutter,
    })
    .returning();
  ids.otherTicket = ot?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

describe("cutters", () => {
  test("a facility user adds cutters (one a press) and lists only its facility's", async () => {
    const a = json<TCutter>(
      await f.call("factory", "POST", "/api/floor/cutters", { code: "CUT-A", name: "Cutter A" }),
      201,
    );
    const b = json<TCutter>(
      await f.call("factory", "POST", "/api/floor/cutters", { code: "CUT-B", name: "Press B", isPress: true }),
      201,
    );
    ids.cutterA = a.id;
    ids.cutterB = b.id;
    expect(b.isPress).toBe(true);
    const dup = await f.call("factory", "POST", "/api/floor/cutters", { code: "cut-a", name: "Again" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ fields: Record<string, string> }>().fields.code).toMatch(/exists/);
    const list = json<TPage<TCutter>>(await f.call("factory", "GET", "/api/floor/cutters"));
    expect(list.items.map((c) => c.code)).toEqual(expect.arrayContaining(["CUT-A", "CUT-B"]));
    expect(list.items.map((c) => c.code)).not.toContain("OC-1");
    const all = json<TPage<TCutter>>(await f.call("admin", "GET", "/api/floor/cutters"));
    expect(all.items.map((c) => c.code)).toContain("OC-1");
  });
});

describe("pull order", () => {
  test("ranks the queue and pulls the next N to a cutter once under a retried key", async () => {
    const queue = json<TPage<TQueuedUnit>>(await f.call("factory", "GET", "/api/floor/pull?size=100"));
    const mine = queue.items.filter((x) => x.orderId === order.id);
    expect(mine).toHaveLength(14);
    expect(mine.every((x) => x.status === "queued" && x.fabricCode === "CUT-JER")).toBe(true);
    const key = newKey();
    const body = { cutterStationId: ids.cutterA, count: 12, fabricId: ids.fabric };
    const first = json<TPullResponse>(
      await f.call("factory", "POST", "/api/floor/pull", body, { [IDEMPOTENCY_HEADER]: key }),
    );
    expect(first.unitIds).toHaveLength(12);
    expect(first.message).toBe("12 units were pulled to Cutter A.");
    const again = json<TPullResponse>(
      await f.call("factory", "POST", "/api/floor/pull", body, { [IDEMPOTENCY_HEADER]: key }),
    );
    expect(again).toEqual(first);
    const pulled = (await unitsOf(order.id)).filter((x) => x.stationId === ids.cutterA);
    expect(pulled).toHaveLength(12);
    const cutter = json<TCutter>(await f.call("factory", "GET", `/api/floor/cutters/${ids.cutterA}`));
    expect(cutter.pulledUnits).toBe(12);
    // Pulling to another facility's cutter is refused on the field.
    const refused = await f.call("factory", "POST", "/api/floor/pull", { cutterStationId: ids.otherCutter, count: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: Record<string, string> }>().fields.cutterStationId).toBeDefined();
  });
});

let plan: TCutPlan;

describe("the cut planner", () => {
  test("a unit that is not queued cannot be planned: 409 naming its state, nothing written", async () => {
    const [x] = (await unitsOf(order.id)).filter((u) => u.stationId === null);
    if (!x) throw new Error("no unpulled unit");
    await t.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(schema.floorUnits).where(eq(schema.floorUnits.id, x.id)).for("update");
      if (locked) await applyUnitAction(tx, locked, "mark_cut", who);
    });
    const before = await t.db.select().from(schema.floorCutPlans);
    const res = await f.call("factory", "POST", "/api/floor/cutPlans", { unitIds: [x.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(`Unit ${x.barcode} is cut, so it cannot be planned.`);
    expect(res.json<{ fields: Record<string, string> }>().fields.status).toBe("cut");
    expect(await t.db.select().from(schema.floorCutPlans)).toHaveLength(before.length);
  });

  test("plans a cutter's pulled units into lays that cover them exactly, beside the naive plan", async () => {
    plan = json<TCutPlan>(
      await f.call("factory", "POST", "/api/floor/cutPlans", { cutterStationId: ids.cutterA }),
      201,
    );
    expect(plan.status).toBe("draft");
    expect(plan.unplanned).toEqual([]);
    const planned = plan.groups.flatMap((g) => g.lays.flatMap((l) => l.unitIds));
    expect(planned).toHaveLength(12);
    expect(new Set(planned).size).toBe(12);
    for (const g of plan.groups) {
      const cut: Record<string, number> = {};
      for (const l of g.lays) {
        expect(l.plies).toBeLessThanOrEqual(plan.limits.maxPlies);
        expect(l.garmentsPerPly).toBeLessThanOrEqual(plan.limits.maxGarmentsPerPly);
        expect(l.lengthInches).toBeLessThanOrEqual(plan.limits.tableLengthInches);
        expect(l.unitIds).toHaveLength(l.garments);
        for (const [s, n] of Object.entries(l.ratio)) cut[s] = (cut[s] ?? 0) + n * l.plies;
      }
      expect(cut).toEqual(g.demand);
      expect(g.totals.lays).toBeLessThanOrEqual(g.naiveTotals.lays);
    }
    expect(plan.totals.garments).toBe(12);
    expect(plan.naiveTotals.garments).toBe(12);
    // The library marker (S–M) is named on lays of S and M.
    const sm = plan.groups.flatMap((g) => g.lays).find((l) => Object.keys(l.ratio).includes("OM"));
    expect(sm?.markerName).toBe("Tee S–M");
  });

  test("accepting makes one ticket per lay with its units linked, once", async () => {
    const accepted = json<TCutPlan>(
      await f.call("factory", "POST", `/api/floor/cutPlans/${plan.id}/accept`, { cutterStationId: ids.cutterA }),
    );
    expect(accepted.status).toBe("accepted");
    const lays = accepted.groups.flatMap((g) => g.lays);
    expect(lays.every((l) => l.ticketNumber?.startsWith("CT-"))).toBe(true);
    const tickets = await t.db.select().from(schema.floorCutTickets).where(eq(schema.floorCutTickets.planId, plan.id));
    expect(tickets).toHaveLength(lays.length);
    for (const l of lays) {
      const linked = await t.db
        .select()
        .from(schema.floorUnits)
        .where(eq(schema.floorUnits.cutTicketId, l.ticketId ?? 0));
      expect(linked.map((x) => x.id).sort()).toEqual([...l.unitIds].sort());
      expect(linked.every((x) => x.stationId === ids.cutterA && x.status === "queued")).toBe(true);
    }
    const again = json<TCutPlan>(
      await f.call("factory", "POST", `/api/floor/cutPlans/${plan.id}/accept`, { cutterStationId: ids.cutterB }),
    );
    expect(again).toEqual(accepted);
    expect(
      await t.db.select().from(schema.floorCutTickets).where(eq(schema.floorCutTickets.planId, plan.id)),
    ).toHaveLength(lays.length);
    plan = accepted;
  });

  test("a plan whose unit changed meanwhile is refused at accept, writing nothing", async () => {
    const free = (await unitsOf(order.id)).filter((u) => u.status === "queued" && u.cutTicketId === null);
    expect(free.length).toBeGreaterThan(0);
    const draft = json<TCutPlan>(
      await f.call("factory", "POST", "/api/floor/cutPlans", { unitIds: free.map((x) => x.id) }),
      201,
    );
    const victim = free[0];
    if (!victim) throw new Error("no unit");
    await t.db.transaction(async (tx) => {
      await applyUnitAction(tx, victim, "cancel", who, { reason: "Test" });
    });
    const res = await f.call("factory", "POST", `/api/floor/cutPlans/${draft.id}/accept`, {
      cutterStationId: ids.cutterB,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      `Unit ${victim.barcode} is cancelled, so it cannot be planned.`,
    );
    expect(
      await t.db.select().from(schema.floorCutTickets).where(eq(schema.floorCutTickets.planId, draft.id)),
    ).toHaveLength(0);
    const discarded = json<TCutPlan>(await f.call("factory", "POST", `/api/floor/cutPlans/${draft.id}/discard`));
    expect(discarded.status).toBe("discarded");
  });
});

describe("marking a ticket cut", () => {
  test("marks its units cut with events, consumes their fabric once, and leaves the average cost", async () => {
    const lay = plan.groups.flatMap((g) => g.lays)[0];
    if (!lay?.ticketId) throw new Error("no ticket");
    const ledgerBefore = await ledgerOf(ids.fabric);
    const res = json<TMarkCutResponse>(await f.call("factory", "POST", `/api/floor/cutTickets/${lay.ticketId}/cut`));
    expect(res.alreadyCut).toBe(false);
    expect(res.unitsCut).toBe(lay.garments);
    expect(res.ticket.status).toBe("cut");
    expect(res.message).toBe(
      `${lay.ticketNumber} is cut: ${lay.garments} ${lay.garments === 1 ? "unit" : "units"} marked cut.`,
    );
    const units = await t.db.select().from(schema.floorUnits).where(inArray(schema.floorUnits.id, lay.unitIds));
    expect(units.every((x) => x.status === "cut")).toBe(true);
    const events = await t.db
      .select()
      .from(schema.floorUnitEvents)
      .where(and(inArray(schema.floorUnitEvents.unitId, lay.unitIds), eq(schema.floorUnitEvents.action, "mark_cut")));
    expect(events).toHaveLength(lay.garments);
    expect(events.every((e) => e.stationId === ids.cutterA && e.toStatus === "cut")).toBe(true);
    const ledger = await ledgerOf(ids.fabric);
    const added = ledger.slice(ledgerBefore.length);
    // One row per order line cut (issue 22: an order's actual fabric), at the average cost then.
    expect(added.length).toBeGreaterThanOrEqual(1);
    expect(added.every((x) => x.kind === "consumption" && x.reference === lay.ticketNumber)).toBe(true);
    expect(added.every((x) => x.orderItemId !== null && x.unitCostCents === 450)).toBe(true);
    // The garments' own fabric, and the lay's waste beyond it (its ply length × plies, in yards; floor/cut-waste.ts).
    const garments = added.filter((x) => x.reason === "Cut");
    expect(garments.reduce((sum, x) => sum + Number(x.quantity), 0)).toBeCloseTo(-1.25 * lay.garments, 4);
    const layYards = (lay.lengthInches * lay.plies) / 36;
    expect(layYards).toBeGreaterThan(1.25 * lay.garments);
    expect(added.every((x) => x.reason === "Cut" || x.reason === "Cut waste")).toBe(true);
    expect(added.reduce((sum, x) => sum + Number(x.quantity), 0)).toBeCloseTo(-layYards, 3);
    expect(res.ticket.consumption).toHaveLength(1);
    expect(res.ticket.consumption[0]).toMatchObject({ fabricId: ids.fabric, fabricCode: "CUT-JER", unit: "yd" });
    expect(Number(res.ticket.consumption[0]?.quantity)).toBeCloseTo(layYards, 3);
    const [settings] = await t.db
      .select()
      .from(schema.stockSettings)
      .where(eq(schema.stockSettings.fabricId, ids.fabric));
    expect(settings?.avgCostCents).toBe(450);

    // Again: the same answer, nothing written twice.
    const again = json<TMarkCutResponse>(await f.call("factory", "POST", `/api/floor/cutTickets/${lay.ticketId}/cut`));
    expect(again.alreadyCut).toBe(true);
    expect(again.message).toBe(`${lay.ticketNumber} was already cut: nothing changed.`);
    expect(await ledgerOf(ids.fabric)).toHaveLength(ledger.length);
    const eventsAfter = await t.db
      .select()
      .from(schema.floorUnitEvents)
      .where(and(inArray(schema.floorUnitEvents.unitId, lay.unitIds), eq(schema.floorUnitEvents.action, "mark_cut")));
    expect(eventsAfter).toHaveLength(lay.garments);
  });

  test("a scanned ticket barcode marks the next ticket cut; the order stays in production", async () => {
    // A ticket not cut yet: a second order's units, planned and accepted.
    const second = await placeAndRelease([{ size: f.ids.m, colour: f.ids.black, quantity: 2 }]);
    const free = await unitsOf(second.id);
    expect(free).toHaveLength(2);
    const draft = json<TCutPlan>(
      await f.call("factory", "POST", "/api/floor/cutPlans", { unitIds: free.map((x) => x.id) }),
      201,
    );
    const accepted = json<TCutPlan>(
      await f.call("factory", "POST", `/api/floor/cutPlans/${draft.id}/accept`, { cutterStationId: ids.cutterB }),
    );
    const lay = accepted.groups.flatMap((g) => g.lays)[0];
    if (!lay?.ticketNumber) throw new Error("no ticket");
    const res = json<TMarkCutResponse>(
      await f.call("factory", "POST", "/api/floor/cutTickets/scan", { code: lay.ticketNumber.toLowerCase() }),
    );
    expect(res.unitsCut).toBe(lay.garments);
    expect(res.ticket.status).toBe("cut");
    const cut = await t.db.select().from(schema.floorUnits).where(inArray(schema.floorUnits.id, lay.unitIds));
    expect(cut.every((x) => x.status === "cut")).toBe(true);
    const [o] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, second.id));
    expect(o?.status).toBe("in_production");
    const unknown = await f.call("factory", "POST", "/api/floor/cutTickets/scan", { code: "CT-999999" });
    expect(unknown.statusCode).toBe(404);
  });

  test("a scanned ticket sent again with its scan id (an offline scan's retry) is answered the same and cut once", async () => {
    const third = await placeAndRelease([{ size: f.ids.m, colour: f.ids.black, quantity: 2 }]);
    const free = await unitsOf(third.id);
    const draft = json<TCutPlan>(
      await f.call("factory", "POST", "/api/floor/cutPlans", { unitIds: free.map((x) => x.id) }),
      201,
    );
    const accepted = json<TCutPlan>(
      await f.call("factory", "POST", `/api/floor/cutPlans/${draft.id}/accept`, { cutterStationId: ids.cutterB }),
    );
    const lay = accepted.groups.flatMap((g) => g.lays)[0];
    if (!lay?.ticketNumber) throw new Error("no ticket");
    const scan = { code: lay.ticketNumber, scanId: "offline-cut-1" };
    const first = json<TMarkCutResponse>(await f.call("factory", "POST", "/api/floor/cutTickets/scan", scan));
    const again = json<TMarkCutResponse>(await f.call("factory", "POST", "/api/floor/cutTickets/scan", scan));
    expect(first.alreadyCut).toBe(false);
    expect(again).toMatchObject({ alreadyCut: false, unitsCut: first.unitsCut, message: first.message });
    const events = await t.db
      .select()
      .from(schema.floorUnitEvents)
      .where(and(inArray(schema.floorUnitEvents.unitId, lay.unitIds), eq(schema.floorUnitEvents.action, "mark_cut")));
    expect(events).toHaveLength(lay.garments);
    const ticketNumber = lay.ticketNumber;
    const consumed = () =>
      t.db
        .select()
        .from(schema.stockLedger)
        .where(and(eq(schema.stockLedger.kind, "consumption"), eq(schema.stockLedger.reference, ticketNumber)));
    const once = (await consumed()).length;
    // Another scan of the same ticket (a new scan id) is told it is already cut.
    const rescan = { code: lay.ticketNumber, scanId: "offline-cut-2" };
    const other = json<TMarkCutResponse>(await f.call("factory", "POST", "/api/floor/cutTickets/scan", rescan));
    expect(other.alreadyCut).toBe(true);
    expect(await consumed()).toHaveLength(once);
  });

  test("the ticket PDF and the cut unit sheet", async () => {
    const lay = plan.groups.flatMap((g) => g.lays)[0];
    const pdf = await f.call("factory", "GET", `/api/floor/cutTickets/${lay?.ticketId}/ticket.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const detail = json<TCutTicketDetail>(await f.call("factory", "GET", `/api/floor/cutTickets/${lay?.ticketId}`));
    expect(detail.unitList).toHaveLength(lay?.garments ?? 0);
    const sheet = json<TPage<{ barcode: string; ticketNumber: string }>>(
      await f.call("factory", "GET", `/api/floor/cutUnitSheet?ticketId=${lay?.ticketId}`),
    );
    expect(sheet.total).toBe(lay?.garments);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = json<TPage<unknown>>(
      await f.call("factory", "GET", `/api/floor/cutUnitSheet?from=${today}&to=${today}`),
    );
    expect(byDate.total).toBeGreaterThanOrEqual(lay?.garments ?? 0);
    const csv = await f.call("factory", "GET", `/api/floor/cutUnitSheet/export.csv?ticketId=${lay?.ticketId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\r\n")[0]).toBe(
      "Ticket,Unit,Status,Order,Client,Style,Size,Colour,Fabric,Due date,Cutter,Cut at,Cut by",
    );
    expect(csv.body.trim().split("\r\n")).toHaveLength((lay?.garments ?? 0) + 1);
  });
});

describe("scoping", () => {
  const ROUTES: { method: "GET" | "POST" | "PUT"; url: () => string; body?: () => unknown }[] = [
    { method: "GET", url: () => "/api/floor/cutters" },
    { method: "GET", url: () => `/api/floor/cutters/${ids.cutterA}` },
    { method: "POST", url: () => "/api/floor/cutters", body: () => ({ code: "X", name: "X" }) },
    {
      method: "PUT",
      url: () => `/api/floor/cutters/${ids.cutterA}`,
      body: () => ({ code: "CUT-A", name: "Cutter A" }),
    },
    { method: "GET", url: () => "/api/floor/pull" },
    { method: "GET", url: () => "/api/floor/pull/export.csv" },
    { method: "POST", url: () => "/api/floor/pull", body: () => ({ cutterStationId: ids.cutterA, count: 1 }) },
    { method: "POST", url: () => "/api/floor/pull/release", body: () => ({ unitIds: [1] }) },
    { method: "POST", url: () => "/api/floor/cutPlans", body: () => ({}) },
    { method: "GET", url: () => `/api/floor/cutPlans/${plan.id}` },
    {
      method: "POST",
      url: () => `/api/floor/cutPlans/${plan.id}/accept`,
      body: () => ({ cutterStationId: ids.cutterA }),
    },
    { method: "POST", url: () => `/api/floor/cutPlans/${plan.id}/discard` },
    { method: "GET", url: () => "/api/floor/cutTickets" },
    { method: "GET", url: () => `/api/floor/cutTickets/${ids.otherTicket}` },
    { method: "GET", url: () => `/api/floor/cutTickets/${ids.otherTicket}/ticket.pdf` },
    { method: "POST", url: () => `/api/floor/cutTickets/${ids.otherTicket}/cut` },
    { method: "POST", url: () => "/api/floor/cutTickets/scan", body: () => ({ code: "CT-000001" }) },
    { method: "POST", url: () => `/api/floor/cutTickets/${ids.otherTicket}/cancel` },
    { method: "GET", url: () => "/api/floor/cutUnitSheet" },
    { method: "GET", url: () => "/api/floor/cutUnitSheet/export.csv" },
  ];

  test.each(["client", "client2", "designer"] as DemoUser[])("%s gets 403 on every cutting route", async (user) => {
    for (const r of ROUTES) {
      const res = await f.call(user, r.method, r.url(), r.body?.());
      expect(res.statusCode, `${r.method} ${r.url()}`).toBe(403);
    }
  });

  test("signed out gets 401", async () => {
    for (const r of ROUTES) {
      const res = await f.call(null, r.method, r.url(), r.body?.());
      expect(res.statusCode, `${r.method} ${r.url()}`).toBe(401);
    }
  });

  test("a facility user gets 404 for another facility's cutter, ticket and plan rows", async () => {
    for (const [method, url] of [
      ["GET", `/api/floor/cutters/${ids.otherCutter}`],
      ["GET", `/api/floor/cutTickets/${ids.otherTicket}`],
      ["GET", `/api/floor/cutTickets/${ids.otherTicket}/ticket.pdf`],
      ["POST", `/api/floor/cutTickets/${ids.otherTicket}/cut`],
      ["POST", `/api/floor/cutTickets/${ids.otherTicket}/cancel`],
    ] as const) {
      const res = await f.call("factory", method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const tickets = json<TPage<{ id: number }>>(await f.call("factory", "GET", "/api/floor/cutTickets?size=500"));
    expect(tickets.items.some((x) => x.id === ids.otherTicket)).toBe(false);
    const [otherPlan] = await t.db
      .insert(schema.floorCutPlans)
      .values({ factoryId: ids.otherFactory, createdBy: "Other" })
      .returning();
    expect((await f.call("factory", "GET", `/api/floor/cutPlans/${otherPlan?.id}`)).statusCode).toBe(404);
    // The internal admin reads it.
    expect((await f.call("admin", "GET", `/api/floor/cutTickets/${ids.otherTicket}`)).statusCode).toBe(200);
  });
});
