import type { TFactoryConfig, TMarginPage, TOrder, TOrderCost } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { releaseOrder } from "../src/modules/floor/release";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * What each order really cost (issue 22) over HTTP on a real database: the quoted cost kept at
 * placing equals the style's build-up; the Cost tab's actual fabric equals the ledger's cut
 * consumption of the order (a recut included); labour from the scans; and who may read it.
 */

let t: TestApp;
let f: OrderFixture;
let order: TOrder;
const ids = { factory: 0, fabric: 0, cutter: 0 };

const json = <T>(res: { statusCode: number; body: string; json: <X>() => X }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

const cutUnits = async (unitIds: number[], lay?: { fabricId: number; lengthInches: number; plies: number }) => {
  const [ticket] = await t.db
    .insert(schema.floorCutTickets)
    .values({
      factoryId: ids.factory,
      ratio: { M: unitIds.length },
      plies: lay?.plies ?? 1,
      lengthInches: lay?.lengthInches ?? 40,
      fabricId: lay?.fabricId ?? null,
      cutterStationId: ids.cutter,
    })
    .returning();
  const ticketId = ticket?.id ?? 0;
  for (const id of unitIds)
    await t.db.update(schema.floorUnits).set({ cutTicketId: ticketId }).where(eq(schema.floorUnits.id, id));
  json(await f.call("factory", "POST", `/api/floor/cutTickets/${ticketId}/cut`));
};

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  ids.factory = factory?.factoryId ?? 0;
  await t.db
    .update(schema.factories)
    .set({ labourCentsPerMinute: 25 })
    .where(eq(schema.factories.factoryId, ids.factory));
  const [fabric] = await t.db
    .insert(schema.fabrics)
    .values({ factoryId: ids.factory, fabricCode: "COST-JER", fabricName: "Cost jersey", unit: "yd", costCents: 333 })
    .returning();
  ids.fabric = fabric?.id ?? 0;
  await t.db
    .insert(schema.styleFabrics)
    .values({ styleId: f.ids.tee, fabricId: ids.fabric, placement: "Body", consumption: 1.25 });
  const [part] = await t.db
    .insert(schema.parts)
    .values({ factoryId: ids.factory, partCode: "COST-LBL", name: "Label", costCents: 7 })
    .returning();
  // A label for black only: 2 per piece.
  await t.db
    .insert(schema.styleParts)
    .values({ styleId: f.ids.tee, partId: part?.id ?? 0, attributeId: f.ids.black, quantity: 2 });
  const [step] = await t.db
    .insert(schema.instructions)
    .values({ factoryId: ids.factory, code: "COST-SEW", name: "Sew", standardMinutes: 4.1 })
    .returning();
  await t.db.insert(schema.styleInstructions).values({ styleId: f.ids.tee, step: 1, instructionId: step?.id ?? 0 });
  // The fabric's weighted average cost in stock (what cutting draws at), unlike its library cost.
  await t.db.insert(schema.stockSettings).values({ factoryId: ids.factory, fabricId: ids.fabric, avgCostCents: 410 });
  await t.db.insert(schema.stockLedger).values({
    factoryId: ids.factory,
    fabricId: ids.fabric,
    kind: "receipt",
    quantity: "100",
    unitCostCents: 410,
    actorName: "Cost Test",
  });
  const [cutter] = await t.db
    .insert(schema.floorStations)
    .values({ factoryId: ids.factory, code: "COST-CUT", name: "Cost cutter", kind: "cutter" })
    .returning();
  ids.cutter = cutter?.id ?? 0;
  order = json<TOrder>(
    await f.place(
      "client",
      {
        shipTo: SHIP_TO,
        lines: [
          { styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity: 3 },
          { styleId: f.ids.tee, attributeIds: [f.ids.s, f.ids.white], quantity: 2 },
        ],
      },
      newKey(),
    ),
    201,
  );
  await t.db.transaction((tx) => releaseOrder(tx, order.id, "Cost Test"));
});
afterAll(async () => {
  await t?.close();
});

describe("the Cost tab", () => {
  test("placing keeps the quoted cost per piece: the style's build-up", async () => {
    const items = await t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order.id))
      .orderBy(asc(schema.orderItems.lineNumber));
    // 1.25 × 333 = 416.25 → 416; black: 2 × 7 = 14; 4.1 min × 25 = 102.5 → 103.
    expect(items.map((i) => [i.quotedFabricCents, i.quotedPartCents, i.quotedLabourCents])).toEqual([
      [416, 14, 103],
      [416, 0, 103],
    ]);
    const cost = json<TOrderCost>(await f.call("factory", "GET", `/api/orders/${order.id}/cost`));
    expect(cost.lines[0]?.quoted).toEqual({ fabricCents: 1248, partCents: 42, labourCents: 309, totalCents: 1599 });
    expect(cost.lines[0]?.actual.totalCents).toBe(0);
    expect(cost.quotedCents).toBe(cost.lines.reduce((t, l) => t + (l.quoted?.totalCents ?? 0), 0));
    // A line without a quoted cost (placed before costs were kept): the order's quoted total is unknown, not a partial sum.
    await t.db
      .update(schema.orderItems)
      .set({ quotedFabricCents: null, quotedPartCents: null, quotedLabourCents: null })
      .where(eq(schema.orderItems.id, items[1]?.id ?? 0));
    const partial = json<TOrderCost>(await f.call("factory", "GET", `/api/orders/${order.id}/cost`));
    expect(partial.lines[1]?.quoted).toBeNull();
    expect(partial.quotedCents).toBeNull();
    await t.db
      .update(schema.orderItems)
      .set({ quotedFabricCents: 416, quotedPartCents: 0, quotedLabourCents: 103 })
      .where(eq(schema.orderItems.id, items[1]?.id ?? 0));
  });

  test("the demo's seeded orders are quoted as placing quotes them", async () => {
    const [row] = await t.db
      .select({
        lines: sql<number>`count(*)::int`,
        unquoted: sql<number>`count(*) filter (where ${schema.orderItems.quotedFabricCents} is null)::int`,
        costed: sql<number>`count(*) filter (where ${schema.orderItems.quotedFabricCents} + ${schema.orderItems.quotedLabourCents} > 0)::int`,
      })
      .from(schema.orderItems)
      .where(isNotNull(schema.orderItems.styleId));
    expect(row?.lines).toBeGreaterThan(10);
    expect(row?.unquoted).toBe(0);
    expect(row?.costed).toBeGreaterThan(0);
  });

  test("actual fabric is the ledger's cut consumption of the order, a recut included; labour from the scans", async () => {
    const units = await t.db
      .select()
      .from(schema.floorUnits)
      .where(eq(schema.floorUnits.orderId, order.id))
      .orderBy(asc(schema.floorUnits.id));
    await cutUnits(units.map((u) => u.id));
    // A recut of the first unit, cut again: its fabric counts too.
    const [first] = units;
    const [recut] = await t.db
      .insert(schema.floorUnits)
      .values({
        factoryId: ids.factory,
        clientId: first?.clientId ?? 0,
        orderId: order.id,
        itemId: first?.itemId ?? 0,
        instance: first?.instance ?? 1,
        attempt: 2,
        recutOfId: first?.id ?? null,
        styleId: f.ids.tee,
      })
      .returning();
    await cutUnits([recut?.id ?? 0]);
    // 6 pieces cut × 1.25 yd at the average cost 410 ¢.
    const ledger = await t.db
      .select({ cents: sql<string>`round(sum(-${schema.stockLedger.quantity} * ${schema.stockLedger.unitCostCents}))` })
      .from(schema.stockLedger)
      .innerJoin(schema.orderItems, eq(schema.orderItems.id, schema.stockLedger.orderItemId))
      .where(and(eq(schema.orderItems.orderId, order.id), isNotNull(schema.stockLedger.orderItemId)));
    expect(Number(ledger[0]?.cents)).toBe(3075);
    // Labour: scans mark a step done, so a scan's minutes run from the later of the station's
    // previous scan and the unit's own previous event, at most the facility's longest work cycle
    // (Factory Config; 60 minutes by default).
    const [station] = await t.db
      .insert(schema.floorStations)
      .values({ factoryId: ids.factory, code: "COST-SEW", name: "Sewing", kind: "sewing" })
      .returning();
    const sameLine = units.filter((u) => u.itemId === first?.itemId);
    const [u1, u2, u3] = sameLine;
    if (!u1 || !u2 || !u3) throw new Error("three units of the first line expected");
    const minute = (m: number) => new Date(Date.parse("2026-01-05T09:50:00Z") + m * 60_000);
    const scan = (unitId: number, m: number, stationId: number | null) => ({
      unitId,
      action: "mark_sewn",
      toStatus: "sewn",
      stationId,
      actor: "x",
      at: minute(m),
    });
    await t.db.insert(schema.floorUnitEvents).values([
      // u1 arrived at 09:50 and was sewn at 10:00 (the station's first scan): 10 minutes.
      { ...scan(u1.id, 0, null), action: "status_update", toStatus: "cut" },
      scan(u1.id, 10, station?.id ?? null),
      // u2 sewn at 10:12, after the station's scan at 10:00: 12 minutes.
      scan(u2.id, 22, station?.id ?? null),
      // u3 after a five-hour pause: counted as the longest work cycle, an hour.
      scan(u3.id, 322, station?.id ?? null),
    ]);
    const cost = json<TOrderCost>(await f.call("admin", "GET", `/api/orders/${order.id}/cost`));
    expect(cost.lines.reduce((s, l) => s + l.actual.fabricCents, 0)).toBe(3075);
    expect(cost.lines[0]?.actual.fabricCents).toBe(2050);
    expect(cost.lines[0]?.actual.partCents).toBe(4 * 14);
    // (and the test's own cut scans, made milliseconds apart, add a fraction of a second)
    expect(cost.lines[0]?.labourMinutes).toBeCloseTo(10 + 12 + 60, 1);
    expect(cost.marginCents).toBe(cost.priceCents - cost.actualCents);
    // The facility sets its longest work cycle to 11 minutes: the 12 and the pause count 11 each.
    const config = json<TFactoryConfig>(await f.call("factory", "GET", "/api/factoryConfig"));
    json(await f.call("factory", "PUT", "/api/factoryConfig", { ...config.settings, labourCycleCapMinutes: 11 }));
    const capped = json<TOrderCost>(await f.call("admin", "GET", `/api/orders/${order.id}/cost`));
    expect(capped.lines[0]?.labourMinutes).toBeCloseTo(10 + 11 + 11, 1);
    expect(capped.lines[0]?.actual.labourCents).toBeLessThan(cost.lines[0]?.actual.labourCents ?? 0);
    json(await f.call("factory", "PUT", "/api/factoryConfig", config.settings));
  });

  test("the lay's waste: its length × plies beyond the garments' consumption, shared among its lines by garments", async () => {
    const units = await t.db
      .select()
      .from(schema.floorUnits)
      .where(and(eq(schema.floorUnits.orderId, order.id), eq(schema.floorUnits.attempt, 1)))
      .orderBy(asc(schema.floorUnits.id));
    // Recuts of one unit of line 1 and two of line 2, cut in one lay of the fabric: 2 plies of 90 in = 5 yd.
    const picks = [units[0], units[3], units[4]];
    const recuts = [];
    for (const x of picks) {
      const [r] = await t.db
        .insert(schema.floorUnits)
        .values({
          factoryId: ids.factory,
          clientId: x?.clientId ?? 0,
          orderId: order.id,
          itemId: x?.itemId ?? 0,
          instance: x?.instance ?? 1,
          attempt: 3,
          recutOfId: x?.id ?? null,
          styleId: f.ids.tee,
        })
        .returning();
      recuts.push(r?.id ?? 0);
    }
    const before = json<TOrderCost>(await f.call("factory", "GET", `/api/orders/${order.id}/cost`));
    await cutUnits(recuts, { fabricId: ids.fabric, lengthInches: 90, plies: 2 });
    // Garments: 3 × 1.25 = 3.75 yd; waste 1.25 yd, 1 : 2 → 0.4167 and 0.8333.
    const waste = await t.db
      .select({ itemId: schema.stockLedger.orderItemId, quantity: schema.stockLedger.quantity })
      .from(schema.stockLedger)
      .where(eq(schema.stockLedger.reason, "Cut waste"))
      .orderBy(asc(schema.stockLedger.orderItemId));
    expect(waste.map((w) => [w.itemId, Number(w.quantity)])).toEqual([
      [units[0]?.itemId, -0.4167],
      [units[3]?.itemId, -0.8333],
    ]);
    const ledger = await t.db
      .select({
        itemId: schema.stockLedger.orderItemId,
        cents: sql<string>`round(sum(-${schema.stockLedger.quantity} * ${schema.stockLedger.unitCostCents}))`,
      })
      .from(schema.stockLedger)
      .innerJoin(schema.orderItems, eq(schema.orderItems.id, schema.stockLedger.orderItemId))
      .where(and(eq(schema.orderItems.orderId, order.id), eq(schema.stockLedger.kind, "consumption")))
      .groupBy(schema.stockLedger.orderItemId)
      .orderBy(schema.stockLedger.orderItemId);
    const cost = json<TOrderCost>(await f.call("factory", "GET", `/api/orders/${order.id}/cost`));
    // The Cost tab's actual fabric is the ledger's consumption of the order, line by line.
    expect(cost.lines.map((l) => l.actual.fabricCents)).toEqual(ledger.map((r) => Number(r.cents)));
    // 3.75 yd of garments + 1.25 yd of waste = 5 yd at 410 ¢.
    expect(
      cost.lines.reduce((n, l) => n + l.actual.fabricCents, 0) -
        before.lines.reduce((n, l) => n + l.actual.fabricCents, 0),
    ).toBe(2050);
  });

  test("the margin report: the order's month, style and client agree with its Cost tab; the CSV has the same rows", async () => {
    // The order alone in its month: placed in March 2020.
    await t.db
      .update(schema.orders)
      .set({ placedAt: new Date("2020-03-15T12:00:00Z") })
      .where(eq(schema.orders.id, order.id));
    const cost = json<TOrderCost>(await f.call("factory", "GET", `/api/orders/${order.id}/cost`));
    expect(cost.actualCents).toBeGreaterThan(0);
    const range = "from=2020-03-01&to=2020-03-31";
    const figures = {
      orders: 1,
      pieces: 5,
      revenueCents: cost.priceCents,
      quotedCents: cost.quotedCents,
      actualFabricCents: cost.lines.reduce((n, l) => n + l.actual.fabricCents, 0),
      actualPartCents: cost.lines.reduce((n, l) => n + l.actual.partCents, 0),
      actualLabourCents: cost.lines.reduce((n, l) => n + l.actual.labourCents, 0),
      actualCents: cost.actualCents,
      marginCents: cost.marginCents,
    };
    const month = json<TMarginPage>(await f.call("factory", "GET", `/api/reports/margin?groupBy=month&${range}`));
    expect(month.items).toEqual([expect.objectContaining({ key: "2020-03", label: "2020-03", ...figures })]);
    expect(month.totals).toEqual(expect.objectContaining(figures));
    const admin = json<TMarginPage>(
      await f.call("admin", "GET", `/api/reports/margin?groupBy=style&${range}&clientId=${f.northwind}`),
    );
    expect(admin.items).toEqual([expect.objectContaining({ key: "ORD-TEE", ...figures })]);
    const client = json<TMarginPage>(await f.call("factory", "GET", `/api/reports/margin?groupBy=client&${range}`));
    expect(client.items).toEqual([expect.objectContaining({ key: String(f.northwind), ...figures })]);
    expect(client.items[0]?.label).toMatch(/Northwind/);
    const sorted = await f.call(
      "factory",
      "GET",
      `/api/reports/margin?groupBy=style&${range}&sort=actualLabourCents,desc`,
    );
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect((await f.call("factory", "GET", `/api/reports/margin?${range}&sort=clientSecret,asc`)).statusCode).toBe(400);
    expect((await f.call("factory", "GET", `/api/reports/margin?groupBy=week`)).statusCode).toBe(400);
    // Another client's filter: nothing.
    const other = json<TMarginPage>(
      await f.call("factory", "GET", `/api/reports/margin?groupBy=month&${range}&clientId=${f.bluebird}`),
    );
    expect(other.total).toBe(0);
    expect(other.totals.revenueCents).toBe(0);
    const csv = await f.call("factory", "GET", `/api/reports/margin/export.csv?groupBy=month&${range}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const [header, row] = csv.body.trim().split("\r\n");
    expect(header).toBe(
      "group,key,label,orders,pieces,revenueCents,quotedCents,actualFabricCents,actualPartCents,actualLabourCents,actualCents,marginCents,marginPct",
    );
    expect(row?.split(",").slice(0, 12)).toEqual(
      [
        "month",
        "2020-03",
        "2020-03",
        1,
        5,
        figures.revenueCents,
        figures.quotedCents,
        figures.actualFabricCents,
        figures.actualPartCents,
        figures.actualLabourCents,
        figures.actualCents,
        figures.marginCents,
      ].map(String),
    );
    // A cancelled order is left out.
    await t.db.update(schema.orders).set({ status: "cancelled" }).where(eq(schema.orders.id, order.id));
    expect(json<TMarginPage>(await f.call("admin", "GET", `/api/reports/margin?${range}`)).total).toBe(0);
    await t.db.update(schema.orders).set({ status: order.status }).where(eq(schema.orders.id, order.id));
  });

  test("access: internal admin and the order's facility only; a client is refused, another facility does not find it", async () => {
    expect((await f.call("admin", "GET", `/api/orders/${order.id}/cost`)).statusCode).toBe(200);
    expect((await f.call("factory", "GET", `/api/orders/${order.id}/cost`)).statusCode).toBe(200);
    expect((await f.call("client", "GET", `/api/orders/${order.id}/cost`)).statusCode).toBe(403);
    expect((await f.call("client2", "GET", `/api/orders/${order.id}/cost`)).statusCode).toBe(403);
    expect((await f.call("designer", "GET", `/api/orders/${order.id}/cost`)).statusCode).toBe(403);
    expect((await f.call(null, "GET", `/api/orders/${order.id}/cost`)).statusCode).toBe(401);
    // The margin report: never a client or a designer (the screen and its CSV).
    const range = "from=2020-03-01&to=2020-03-31";
    for (const url of [`/api/reports/margin?${range}`, `/api/reports/margin/export.csv?${range}`]) {
      for (const who of ["client", "client2", "designer"] as const)
        expect((await f.call(who, "GET", url)).statusCode, `${who} ${url}`).toBe(403);
      expect((await f.call(null, "GET", url)).statusCode).toBe(401);
    }
    const [other] = await t.db.insert(schema.factories).values({ name: "Cost Other Mill" }).returning();
    await t.db
      .update(schema.orders)
      .set({ factoryId: other?.factoryId ?? 0 })
      .where(eq(schema.orders.id, order.id));
    expect((await f.call("factory", "GET", `/api/orders/${order.id}/cost`)).statusCode).toBe(404);
    expect((await f.call("admin", "GET", `/api/orders/${order.id}/cost`)).statusCode).toBe(200);
    // The report: the facility no longer sees the order (nor in its CSV), the internal admin does.
    expect(json<TMarginPage>(await f.call("factory", "GET", `/api/reports/margin?${range}`)).total).toBe(0);
    const csv = await f.call("factory", "GET", `/api/reports/margin/export.csv?${range}`);
    expect(csv.body.trim().split("\r\n")).toHaveLength(1);
    expect(json<TMarginPage>(await f.call("admin", "GET", `/api/reports/margin?${range}`)).total).toBe(1);
  });
});
