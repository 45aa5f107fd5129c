import { PLAN_DEFAULTS, type TCutPlan, type TPlanGroup, type TPlanTotals } from "@hub/contracts";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { HubDb, HubTx } from "../client";
import {
  fabrics,
  factories,
  floorCutPlans,
  floorCutTickets,
  floorQcInspections,
  floorQcReasons,
  floorStations,
  floorTotes,
  floorUnitEvents,
  floorUnits,
  orderItems,
  orderStatusHistory,
  orders,
  shipments,
  shipmentUnits,
  styles,
  users,
} from "../schema/index";
import { HISTORY_FROM_DAYS } from "./orders";
import { chunks, DAY, demoAnchor, MINUTE, rng } from "./random";

type Lay = TPlanGroup["lays"][number];
/** A plan's totals over lays: counts add up, utilisation is weighted by the fabric each lay uses. */
const planTotals = (lays: readonly Lay[]): TPlanTotals =>
  sumTotals(
    lays.map((l) => ({
      lays: 1,
      plies: l.plies,
      garments: l.garments,
      fabricInches: l.fabricInches,
      utilisation: l.utilisation,
    })),
  );
const sumTotals = (parts: readonly TPlanTotals[]): TPlanTotals => {
  const fabricInches = parts.reduce((s, t) => s + t.fabricInches, 0);
  return {
    lays: parts.reduce((s, t) => s + t.lays, 0),
    plies: parts.reduce((s, t) => s + t.plies, 0),
    garments: parts.reduce((s, t) => s + t.garments, 0),
    fabricInches,
    utilisation:
      fabricInches === 0 ? 0 : Math.round(parts.reduce((s, t) => s + t.utilisation * t.fabricInches, 0) / fabricInches),
  };
};

/*
 * The demo factory's floor (issue 11): a newcomer's first look at /openOrders shows a working
 * floor. The orders the demo book has in production are released (their units made as
 * `releaseOrder` makes them: apps/server/src/modules/floor/release.ts; here as one INSERT … SELECT,
 * and apps/server/test/floor-demo.test.ts checks the two agree), then their units are spread over
 * every state by the order's age: queued, printed, cut, sewn, inspected, packed, shipped, failed
 * in QC with a reason (most recut: a new attempt at the front of the queue), cancelled. Every unit
 * has its history (one event per step), inspected units their QC pass, failed ones the fail.
 * Stations (CUT-1, CUT-2 press, QC-1, PACK-1), QC reasons, totes in use, one accepted cut plan
 * with its tickets, and shipments with tracking numbers (carrier "manual") for the shipped units.
 * Orders and lines then follow their units by the floor's rule (follow.ts `followFromCounts`:
 * in production, partially shipped, shipped), with history rows.
 *
 * Deterministic (a seeded PRNG) and written in one transaction; nothing when the demo factory
 * already has units.
 */

const STATIONS = [
  { code: "CUT-1", name: "Cutter 1 (straight knife)", kind: "cutter", isPress: false },
  { code: "CUT-2", name: "Cutter 2 (press)", kind: "cutter", isPress: true },
  { code: "QC-1", name: "QC table 1", kind: "qc", isPress: false },
  { code: "PACK-1", name: "Pack-out 1", kind: "pack", isPress: false },
] as const;

const QC_REASONS = [
  { code: "MEAS", name: "Measurement out of tolerance", defaultAction: "recut" },
  { code: "PRINT", name: "Print defect", defaultAction: "recut" },
  { code: "SEAM", name: "Seam defect", defaultAction: "redo" },
  { code: "STAIN", name: "Stain", defaultAction: "recut" },
  { code: "FABRIC", name: "Fabric flaw", defaultAction: "recut" },
] as const;

/** The forward path; printed only for printed orders. */
const PATH = ["queued", "printed", "cut", "sewn", "inspected", "packed", "shipped"] as const;
type Stage = (typeof PATH)[number];
const ACTION: Record<Stage, string> = {
  queued: "release",
  printed: "mark_printed",
  cut: "mark_cut",
  sewn: "mark_sewn",
  inspected: "mark_inspected",
  packed: "pack",
  shipped: "ship",
};

/** The floor's rule for an order or a line from its current units (follow.ts `followFromCounts`). */
export const demoFollow = (c: { total: number; cancelled: number; shipped: number }): string | null => {
  if (c.total === 0) return null;
  if (c.cancelled === c.total) return "cancelled";
  const live = c.total - c.cancelled;
  if (c.shipped === live) return "shipped";
  if (c.shipped > 0) return "partially_shipped";
  return "in_production";
};

export const seedDemoFloor = async (db: HubDb): Promise<void> => {
  const [factory] = await db
    .select({ id: factories.factoryId })
    .from(factories)
    .where(eq(factories.name, "Hub Demo Factory"));
  if (!factory) return;
  const [has] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(floorUnits)
    .where(eq(floorUnits.factoryId, factory.id));
  if ((has?.n ?? 0) > 0) return;
  await db.transaction((tx) => writeFloor(tx, factory.id));
};

const writeFloor = async (tx: HubTx, factoryId: number): Promise<void> => {
  const r = rng(20261123);
  const now = demoAnchor();
  const [people] = await tx
    .select({ userId: users.userId, userName: users.userName })
    .from(users)
    .where(sql`lower(${users.userName}) = 'factory'`);
  const actor = people?.userName ?? "factory";
  const actorUserId = people?.userId ?? null;

  // Stations and QC reasons (the floor's own seed may write the same codes: first one wins).
  await tx
    .insert(floorStations)
    .values(STATIONS.map((s) => ({ factoryId, ...s })))
    .onConflictDoNothing();
  await tx
    .insert(floorQcReasons)
    .values(QC_REASONS.map((q) => ({ factoryId, ...q })))
    .onConflictDoNothing();
  const stations = await tx.select().from(floorStations).where(eq(floorStations.factoryId, factoryId));
  const station = (code: string) => stations.find((s) => s.code.toLowerCase() === code.toLowerCase())?.id ?? null;
  const reasons = await tx.select().from(floorQcReasons).where(eq(floorQcReasons.factoryId, factoryId));

  // The orders in production, released when cutting started (their history says when).
  const released = await tx
    .select({
      id: orders.id,
      placedAt: orders.placedAt,
      startedAt: sql<string>`(select to_char(max(h.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${orderStatusHistory} h where h.order_id = ${orders.id} and h.item_id is null and h.to_status = 'in_production')`,
    })
    .from(orders)
    .where(and(eq(orders.factoryId, factoryId), eq(orders.status, "in_production"), isNull(orders.releasedAt)))
    .orderBy(asc(orders.placedAt), asc(orders.id));
  if (released.length === 0) return;
  const releasedAt = new Map(
    released.map((o) => [o.id, o.startedAt ? Date.parse(o.startedAt) : o.placedAt.getTime() + 6 * 60 * MINUTE]),
  );
  await tx.execute(sql`update ${orders} o set released_at = v.at, released_by = ${actor}
    from unnest(${pgArray(released.map((o) => o.id))}::int[],
      ${pgArray(released.map((o) => new Date(releasedAt.get(o.id) ?? now).toISOString()))}::timestamptz[]) as v(id, at)
    where o.id = v.id`);
  const ids = released.map((o) => o.id);

  // The units, as releaseOrder makes them: one per piece of every line not cancelled, with the
  // size (an option named like "size"), the colour's name, the style's fabric (the one for a chosen
  // attribute first, else the style's general one) and the due date (the order's: requested ship date, or the facility's lead time in working days).
  const itemLines = (
    (await tx.execute(sql`
      select o.client_id as "clientId", o.id as "orderId", i.id as "itemId", i.quantity, i.style_id as "styleId",
        (select x->>'attributeCode' from jsonb_array_elements(i.options) with ordinality as e(x, k)
          where x->>'optionCode' ~* 'size' or x->>'optionName' ~* 'size' order by k limit 1) as size,
        (select x->>'attributeName' from jsonb_array_elements(i.options) with ordinality as e(x, k)
          where x->>'optionCode' ~* 'colou?r' or x->>'optionName' ~* 'colou?r' order by k limit 1) as colour,
        coalesce(
          (select sf.fabric_id from lib_style_fabrics sf where sf.style_id = i.style_id and sf.attribute_id in
            (select (x->>'attributeId')::int from jsonb_array_elements(i.options) x) order by sf.id limit 1),
          (select sf.fabric_id from lib_style_fabrics sf where sf.style_id = i.style_id and sf.attribute_id is null order by sf.id limit 1)) as "fabricId",
        o.due_date::text as "dueDate"
      from ${orders} o
      join ${orderItems} i on i.order_id = o.id and i.status <> 'cancelled'
      where o.id in ${ids}
      order by o.id, i.line_number`)) as unknown as {
      rows: {
        clientId: number;
        orderId: number;
        itemId: number;
        quantity: number;
        styleId: number | null;
        size: string | null;
        colour: string | null;
        fabricId: number | null;
        dueDate: string;
      }[];
    }
  ).rows;
  // Ids are taken from the table's sequence up front, so units, recuts and events are written once each.
  const total = itemLines.reduce((s, l) => s + Number(l.quantity), 0);
  const nextIds = async (n: number): Promise<number[]> =>
    n === 0
      ? []
      : (
          (await tx.execute(
            sql`select nextval(pg_get_serial_sequence('floor_units', 'id'))::int as id from generate_series(1, ${n})`,
          )) as unknown as { rows: { id: number }[] }
        ).rows
          .map((x) => Number(x.id))
          .sort((x, y) => x - y);
  const unitIds = await nextIds(total);
  type DemoUnit = Omit<(typeof itemLines)[number], "quantity"> & { id: number; instance: number };
  const units: DemoUnit[] = [];
  for (const { quantity, ...line } of itemLines) {
    for (let instance = 1; instance <= Number(quantity); instance++) {
      units.push({ ...line, id: unitIds[units.length] ?? 0, instance });
    }
  }

  // Each order's story: how far along it is (older orders further), whether it prints, ships.
  type Plan = { progress: number; printed: boolean; ships: "none" | "part" | "all"; failures: number; cancels: number };
  const plans = new Map<number, Plan>();
  // The history (orders placed before the last HISTORY_FROM_DAYS days) was made and shipped in full,
  // each within 4 to 30 days of its release, some with a QC fail recut on the way.
  const historic = released.filter((o) => o.placedAt.getTime() < now - HISTORY_FROM_DAYS * DAY);
  const shippedBy = new Map<number, number>();
  historic.forEach((o, n) => {
    plans.set(o.id, {
      progress: 6,
      printed: n % 3 === 0,
      ships: "all",
      failures: n % 5 === 1 ? r.int(1, 2) : 0,
      cancels: 0,
    });
    shippedBy.set(o.id, Math.min(now - DAY, (releasedAt.get(o.id) ?? now) + r.int(4 * 24 * 60, 30 * 24 * 60) * MINUTE));
  });
  const recent = released.filter((o) => !shippedBy.has(o.id));
  recent.forEach((o, n) => {
    const age = n / Math.max(1, recent.length - 1); // 0 oldest .. 1 newest
    const ships = n % 7 === 0 ? "all" : age < 0.55 && n % 3 !== 2 ? "part" : "none";
    plans.set(o.id, {
      progress: ships === "all" ? 6 : Math.max(0.3, 5.4 - age * 5 + r.next() * 0.8),
      printed: n % 3 === 0,
      ships,
      failures: n % 4 === 1 ? r.int(1, 3) : 0,
      cancels: n % 9 === 4 ? r.int(1, 4) : 0,
    });
  });

  type Final = { status: string; path: Stage[]; failReason: string | null; reasonId: number | null; recut: boolean };
  const finals = new Map<number, Final>();
  const perOrder = new Map<number, typeof units>();
  for (const u of units) {
    const list = perOrder.get(u.orderId) ?? [];
    list.push(u);
    perOrder.set(u.orderId, list);
  }
  for (const [orderId, list] of perOrder) {
    const plan = plans.get(orderId) as Plan;
    const stages: Stage[] = plan.printed ? [...PATH] : PATH.filter((s) => s !== "printed");
    const top = plan.ships === "none" ? stages.indexOf("packed") : stages.length - 1;
    const pickStage = (u: (typeof list)[number]): number => {
      if (plan.ships === "all") return top;
      const noise = r.next() * 1.6 - 0.8;
      const base = (plan.progress / 6) * top + noise - (u.instance % 5) * 0.15;
      return Math.max(0, Math.min(top, Math.round(base)));
    };
    list.forEach((u, k) => {
      let index = pickStage(u);
      // A part-shipped order ships its first units.
      if (plan.ships === "part" && k < Math.max(1, Math.floor(list.length * 0.3))) index = top;
      finals.set(u.id, {
        status: stages[index] as Stage,
        path: stages.slice(0, index + 1),
        failReason: null,
        reasonId: null,
        recut: false,
      });
    });
    // QC fails: units that reached sewn (or beyond, not shipped) fail with a reason; most are recut.
    const candidates = list.filter((u) => {
      const s = finals.get(u.id)?.status;
      return s === "sewn" || s === "inspected" || (plan.ships === "all" && s === "shipped");
    });
    for (let k = 0; k < plan.failures && k < candidates.length; k++) {
      const u = candidates[candidates.length - 1 - k];
      if (!u) continue;
      const reason = r.pick(reasons);
      const path = stages.slice(0, stages.indexOf("sewn") + 1);
      finals.set(u.id, {
        status: "failed",
        path,
        failReason: reason.name,
        reasonId: reason.id,
        recut: plan.ships === "all" || k > 0 || r.chance(0.7),
      });
    }
    // Cancelled pieces: the client reduced the quantity before they were cut.
    let left = plan.cancels;
    const lineSize = new Map<number, number>();
    for (const u of list) lineSize.set(u.itemId, (lineSize.get(u.itemId) ?? 0) + 1);
    for (const u of list) {
      if (left === 0) break;
      if (finals.get(u.id)?.status !== "queued" || (lineSize.get(u.itemId) ?? 0) < 6) continue;
      finals.set(u.id, { status: "cancelled", path: ["queued"], failReason: null, reasonId: null, recut: false });
      left--;
    }
  }

  const failed = units.filter((u) => finals.get(u.id)?.status === "failed");

  // Recuts: attempt 2 of the same instance, linked to the original, at the front of the queue; a
  // recut of an order that has shipped in full has been made and shipped too.
  const recuts: { of: (typeof units)[number]; status: Stage; path: Stage[] }[] = [];
  for (const u of failed) {
    const f = finals.get(u.id);
    if (!f?.recut) continue;
    const plan = plans.get(u.orderId) as Plan;
    const stages: Stage[] = plan.printed ? [...PATH] : PATH.filter((s) => s !== "printed");
    const index = plan.ships === "all" ? stages.length - 1 : r.int(0, stages.indexOf("cut"));
    recuts.push({ of: u, status: stages[index] as Stage, path: stages.slice(0, index + 1) });
  }
  const recutIds = await nextIds(recuts.length);

  // History: one event per step, spread between the release and now.
  const events: (typeof floorUnitEvents.$inferInsert)[] = [];
  const qc: (typeof floorQcInspections.$inferInsert)[] = [];
  const stationOf: Partial<Record<Stage, number | null>> = {
    cut: station("CUT-1"),
    inspected: station("QC-1"),
    packed: station("PACK-1"),
    shipped: station("PACK-1"),
  };
  const lastAt = new Map<number, number>();
  const walk = (
    unitId: number,
    path: Stage[],
    from: number,
    to: number,
    first: { action: string; reason: string | null },
  ) => {
    const steps = path.length + 1;
    let prev: Stage | null = null;
    path.forEach((stage, j) => {
      const at = Math.min(now - MINUTE, Math.round(from + ((to - from) * j) / steps + (unitId % 37) * MINUTE));
      events.push({
        unitId,
        action: j === 0 ? first.action : ACTION[stage],
        fromStatus: prev,
        toStatus: stage,
        stationId: stationOf[stage] ?? null,
        reason: j === 0 ? first.reason : null,
        actor,
        actorUserId,
        at: new Date(at),
      });
      if (stage === "inspected") qc.push({ unitId, stationId: station("QC-1"), passed: true, actor, at: new Date(at) });
      lastAt.set(unitId, at);
      prev = stage;
    });
  };
  for (const u of units) {
    const f = finals.get(u.id) as Final;
    const start = releasedAt.get(u.orderId) ?? now;
    walk(u.id, f.path, start, shippedBy.get(u.orderId) ?? now, { action: "release", reason: null });
    const after = (lastAt.get(u.id) ?? start) + 30 * MINUTE;
    const at = new Date(Math.min(now - MINUTE, after));
    if (f.status === "failed") {
      events.push({
        unitId: u.id,
        action: "qc_fail",
        fromStatus: "sewn",
        toStatus: "failed",
        stationId: station("QC-1"),
        reason: f.failReason,
        actor,
        actorUserId,
        at,
      });
      qc.push({ unitId: u.id, stationId: station("QC-1"), passed: false, reasonId: f.reasonId, actor, at });
      if (f.recut) {
        events.push({
          unitId: u.id,
          action: "recut",
          fromStatus: "failed",
          toStatus: "failed",
          stationId: station("QC-1"),
          reason: f.failReason,
          actor,
          actorUserId,
          at,
        });
      }
      lastAt.set(u.id, at.getTime());
    } else if (f.status === "cancelled") {
      events.push({
        unitId: u.id,
        action: "cancel",
        fromStatus: "queued",
        toStatus: "cancelled",
        stationId: null,
        reason: "Client reduced the quantity",
        actor,
        actorUserId,
        at,
      });
      lastAt.set(u.id, at.getTime());
    }
  }
  recuts.forEach((x, k) => {
    const id = recutIds[k] ?? 0;
    const from = (lastAt.get(x.of.id) ?? now) + MINUTE;
    const to = shippedBy.get(x.of.orderId);
    walk(id, x.path, from, to === undefined ? now : Math.max(from + 60 * MINUTE, to + DAY), {
      action: "recut",
      reason: finals.get(x.of.id)?.failReason ?? null,
    });
  });
  // The units (originals, then recuts) in their final states, then their history.
  const rows = [
    ...units.map((u) => {
      const f = finals.get(u.id);
      return {
        ...u,
        attempt: 1,
        recutOfId: null as number | null,
        status: f?.status ?? "queued",
        failReason: f?.failReason ?? null,
        priority: 0,
      };
    }),
    ...recuts.map((x, k) => ({
      ...x.of,
      id: recutIds[k] ?? 0,
      attempt: 2,
      recutOfId: x.of.id,
      status: x.status as string,
      failReason: null,
      priority: 10,
    })),
  ];
  for (const part of chunks(rows, 5000)) {
    const col = <T>(f: (e: (typeof rows)[number]) => T) => pgArray(part.map(f) as (string | number | null)[]);
    await tx.execute(sql`insert into ${floorUnits} (id, factory_id, client_id, order_id, item_id, instance, attempt, recut_of_id,
        status, style_id, size, colour, fabric_id, due_date, priority, fail_reason, created_at, updated_at)
      select v.id, ${factoryId}, v.client_id, v.order_id, v.item_id, v.instance, v.attempt, v.recut_of_id, v.status, v.style_id,
        v.size, v.colour, v.fabric_id, v.due_date, v.priority, v.fail_reason, o.released_at, v.updated_at
      from unnest(${col((u) => u.id)}::int[], ${col((u) => u.clientId)}::int[], ${col((u) => u.orderId)}::int[], ${col((u) => u.itemId)}::int[],
        ${col((u) => u.instance)}::int[], ${col((u) => u.attempt)}::int[], ${col((u) => u.recutOfId)}::int[], ${col((u) => u.status)}::text[],
        ${col((u) => u.styleId)}::int[], ${col((u) => u.size)}::text[], ${col((u) => u.colour)}::text[], ${col((u) => u.fabricId)}::int[],
        ${col((u) => u.dueDate)}::date[], ${col((u) => u.priority)}::int[], ${col((u) => u.failReason)}::text[],
        ${col((u) => new Date(lastAt.get(u.id) ?? now).toISOString())}::timestamptz[])
        as v(id, client_id, order_id, item_id, instance, attempt, recut_of_id, status, style_id, size, colour, fabric_id, due_date, priority, fail_reason, updated_at)
      join ${orders} o on o.id = v.order_id`);
  }
  for (const part of chunks(events, 5000)) {
    const col = <T>(f: (e: (typeof events)[number]) => T) => pgArray(part.map(f) as (string | number | null)[]);
    await tx.execute(sql`insert into ${floorUnitEvents} (unit_id, action, from_status, to_status, station_id, reason, actor, actor_user_id, at)
      select * from unnest(${col((e) => e.unitId)}::int[], ${col((e) => e.action)}::text[], ${col((e) => e.fromStatus ?? null)}::text[],
        ${col((e) => e.toStatus)}::text[], ${col((e) => e.stationId ?? null)}::int[], ${col((e) => e.reason ?? null)}::text[],
        ${col((e) => e.actor)}::text[], ${col((e) => e.actorUserId ?? null)}::int[], ${col((e) => (e.at as Date).toISOString())}::timestamptz[])`);
  }
  for (const part of chunks(qc, 5000)) {
    const col = <T>(f: (e: (typeof qc)[number]) => T) => pgArray(part.map(f) as (string | number | boolean | null)[]);
    await tx.execute(sql`insert into ${floorQcInspections} (unit_id, station_id, passed, reason_id, actor, at)
      select * from unnest(${col((e) => e.unitId)}::int[], ${col((e) => e.stationId ?? null)}::int[], ${col((e) => e.passed)}::boolean[],
        ${col((e) => e.reasonId ?? null)}::int[], ${col((e) => e.actor)}::text[], ${col((e) => (e.at as Date).toISOString())}::timestamptz[])`);
  }

  // Totes: eight in use, each holding the sewn or inspected units of one order (at most 24), four empty.
  const all = [
    ...units.map((u) => ({ ...u, status: finals.get(u.id)?.status })),
    ...recuts.map((x, k) => ({ ...x.of, id: recutIds[k] ?? 0, status: x.status as string })),
  ];
  const toteValues = Array.from({ length: 12 }, (_, k) => ({
    factoryId,
    barcode: `T-${String(k + 1).padStart(4, "0")}`,
  }));
  await tx.insert(floorTotes).values(toteValues).onConflictDoNothing();
  const totes = await tx
    .select()
    .from(floorTotes)
    .where(eq(floorTotes.factoryId, factoryId))
    .orderBy(asc(floorTotes.barcode));
  const inTote = [...perOrder.keys()]
    .map((orderId) => ({
      orderId,
      units: all.filter((u) => u.orderId === orderId && (u.status === "sewn" || u.status === "inspected")),
    }))
    .filter((x) => x.units.length > 0)
    .slice(0, 8);
  for (const [k, x] of inTote.entries()) {
    const tote = totes[k];
    if (!tote || tote.orderId !== null) continue;
    await tx
      .update(floorTotes)
      .set({
        orderId: x.orderId,
        status: "in_use",
        stationId: station("QC-1"),
        updatedAt: new Date(now - k * 7 * MINUTE),
      })
      .where(eq(floorTotes.id, tote.id));
    await tx
      .update(floorUnits)
      .set({ toteId: tote.id })
      .where(
        inArray(
          floorUnits.id,
          x.units.slice(0, 24).map((u) => u.id),
        ),
      );
  }

  // One accepted cut plan: three tickets cut (the cut units of two orders) and one queued to the press.
  // Its summary is what the planner keeps (TCutPlan without its row's columns): a group and a lay per
  // ticket, with the totals the plan screen shows.
  const cutUnits = all.filter((u) => u.status === "cut");
  const queuedUnits = all.filter((u) => u.status === "queued" && u.fabricId !== null);
  const [plan] = await tx
    .insert(floorCutPlans)
    .values({
      factoryId,
      status: "accepted",
      summary: {},
      createdBy: actor,
      createdAt: new Date(now - 2 * 24 * 60 * MINUTE),
      acceptedAt: new Date(now - 2 * 24 * 60 * MINUTE + 20 * MINUTE),
    })
    .returning();
  if (plan) {
    const groups: TPlanGroup[] = [];
    const batches = [cutUnits.slice(0, 20), cutUnits.slice(20, 40), cutUnits.slice(40, 60), queuedUnits.slice(0, 24)];
    for (const [k, group] of batches.entries()) {
      if (group.length === 0) continue;
      const ratio: Record<string, number> = {};
      for (const u of group) ratio[u.size ?? "OS"] = (ratio[u.size ?? "OS"] ?? 0) + 1;
      const queued = k === 3;
      const lengthInches = 30 * group.length;
      const utilisation = 78 + k * 3;
      const cutterStationId = queued ? station("CUT-2") : station(k % 2 === 0 ? "CUT-1" : "CUT-2");
      const [ticket] = await tx
        .insert(floorCutTickets)
        .values({
          factoryId,
          planId: plan.id,
          fabricId: group[0]?.fabricId ?? null,
          colour: group[0]?.colour ?? null,
          ratio,
          plies: 1,
          lengthInches,
          utilisationPct: utilisation,
          cutterStationId,
          status: queued ? "queued" : "cut",
          cutAt: queued ? null : new Date(now - (30 - k) * 60 * MINUTE),
          cutBy: queued ? null : actor,
        })
        .returning({ id: floorCutTickets.id, ticketNumber: floorCutTickets.ticketNumber });
      if (!ticket) continue;
      await tx
        .update(floorUnits)
        .set({ cutTicketId: ticket.id, ...(queued ? { stationId: station("CUT-2") } : {}) })
        .where(
          inArray(
            floorUnits.id,
            group.map((u) => u.id),
          ),
        );
      if (queued)
        // Pulled and not cut yet: the units hold their fabric (issue 22 part 2; the style's
        // all-variant fabric dependencies), so Inventory shows it reserved.
        await tx.execute(sql`insert into inv_fabric_reservations (factory_id, unit_id, fabric_id, quantity, created_at, updated_at)
          select fu.factory_id, fu.id, sf.fabric_id, sum(sf.consumption)::numeric(20,4), ${new Date(now)}, ${new Date(now)}
          from floor_units fu join lib_style_fabrics sf on sf.style_id = fu.style_id and sf.attribute_id is null
          where fu.id in (${sql.join(
            group.map((u) => sql`${u.id}`),
            sql`, `,
          )}) and sf.consumption > 0
          group by fu.factory_id, fu.id, sf.fabric_id`);
      const [fabric] = await tx
        .select({ code: fabrics.fabricCode })
        .from(fabrics)
        .where(eq(fabrics.id, group[0]?.fabricId ?? 0));
      const [style] = await tx
        .select({ code: styles.code })
        .from(styles)
        .where(eq(styles.id, group[0]?.styleId ?? 0));
      const lay = {
        lay: groups.length + 1,
        ratio,
        plies: 1,
        garmentsPerPly: group.length,
        garments: group.length,
        lengthInches,
        fabricInches: lengthInches,
        utilisation,
        markerId: null,
        markerName: null,
        unitIds: group.map((u) => u.id),
        ticketId: ticket.id,
        ticketNumber: ticket.ticketNumber,
        cutterStationId,
      };
      const totals = planTotals([lay]);
      groups.push({
        fabricId: group[0]?.fabricId ?? 0,
        fabricCode: fabric?.code ?? "",
        colour: group[0]?.colour ?? null,
        styleId: group[0]?.styleId ?? 0,
        styleCode: style?.code ?? "",
        maxPlies: PLAN_DEFAULTS.maxPlies,
        demand: ratio,
        lays: [lay],
        totals,
        // Cut one garment to a lay, as without a plan: a lay per garment, each a little longer.
        naiveTotals: { ...totals, lays: group.length, plies: group.length, utilisation: utilisation - 9 },
      });
    }
    const stored: Omit<TCutPlan, "id" | "factoryId" | "status" | "createdBy" | "createdAt" | "acceptedAt"> = {
      limits: PLAN_DEFAULTS,
      groups,
      totals: sumTotals(groups.map((g) => g.totals)),
      naiveTotals: sumTotals(groups.map((g) => g.naiveTotals)),
      unplanned: [],
    };
    await tx
      .update(floorCutPlans)
      .set({ summary: stored as unknown as Record<string, unknown> })
      .where(eq(floorCutPlans.id, plan.id));
  }

  // Shipments: the shipped units of each order in one or two boxes, carrier "manual", with tracking.
  const shipped = all.filter((u) => u.status === "shipped");
  const byOrder = new Map<number, typeof shipped>();
  for (const u of shipped) {
    const list = byOrder.get(u.orderId) ?? [];
    list.push(u);
    byOrder.set(u.orderId, list);
  }
  const boxes: { orderId: number; box: typeof shipped }[] = [];
  for (const [orderId, list] of byOrder) {
    const half = Math.ceil(list.length / 2);
    for (const box of list.length > 40 ? [list.slice(0, half), list.slice(half)] : [list]) boxes.push({ orderId, box });
  }
  const boxValues = boxes.map(({ orderId, box }, k) => {
    const when = Math.max(...box.map((u) => lastAt.get(u.id) ?? now));
    return {
      factoryId,
      clientId: box[0]?.clientId ?? 0,
      orderId,
      carrier: "manual",
      service: "Ground",
      trackingNumber: `MAN${String(20261100 + (k + 1) * 7919).padStart(10, "0")}`,
      status: "shipped",
      weightOz: 6 * box.length,
      lengthIn: 24,
      widthIn: 16,
      heightIn: Math.min(24, 4 + Math.ceil(box.length / 6)),
      shippedAt: new Date(when),
      createdBy: actor,
      createdAt: new Date(when - 30 * MINUTE),
      updatedAt: new Date(when),
    };
  });
  const boxIds: number[] = [];
  for (const part of chunks(boxValues, 500))
    boxIds.push(...(await tx.insert(shipments).values(part).returning({ id: shipments.id })).map((b) => b.id));
  const boxed = boxes.flatMap(({ box }, k) => box.map((u) => ({ shipmentId: boxIds[k] ?? 0, unitId: u.id })));
  for (const part of chunks(boxed, 5000)) await tx.insert(shipmentUnits).values(part);

  // Orders and lines follow their current units (the highest attempt of each instance).
  const recutSet = new Set(recutIds);
  const current = new Map<string, { orderId: number; itemId: number; status: string; attempt: number }>();
  for (const u of all) {
    const attempt = recutSet.has(u.id) ? 2 : 1;
    const key = `${u.itemId}:${u.instance}`;
    const seen = current.get(key);
    if (!seen || seen.attempt < attempt)
      current.set(key, { orderId: u.orderId, itemId: u.itemId, status: u.status ?? "queued", attempt });
  }
  const count = (list: { status: string }[]) => ({
    total: list.length,
    cancelled: list.filter((x) => x.status === "cancelled").length,
    shipped: list.filter((x) => x.status === "shipped").length,
  });
  const history: (typeof orderStatusHistory.$inferInsert)[] = [];
  const lines = await tx
    .select({ id: orderItems.id, orderId: orderItems.orderId, status: orderItems.status })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids));
  const values = [...current.values()];
  const orderLast = new Map<number, number>();
  for (const u of all) orderLast.set(u.orderId, Math.max(orderLast.get(u.orderId) ?? 0, lastAt.get(u.id) ?? 0));
  const lineMoves: { id: number; status: string; at: Date }[] = [];
  const orderMoves: { id: number; status: string; at: Date }[] = [];
  for (const orderId of ids) {
    const mine = values.filter((v) => v.orderId === orderId);
    const when = new Date(Math.min(now - MINUTE, (orderLast.get(orderId) ?? now) + MINUTE));
    for (const line of lines.filter((l) => l.orderId === orderId)) {
      const to = demoFollow(count(mine.filter((v) => v.itemId === line.id)));
      if (!to || to === line.status || to === "in_production" || to === "cancelled") continue;
      lineMoves.push({ id: line.id, status: to, at: when });
      history.push({ orderId, itemId: line.id, fromStatus: line.status, toStatus: to, reason: null, actor, at: when });
    }
    const to = demoFollow(count(mine));
    if (to && to !== "in_production" && to !== "cancelled") {
      orderMoves.push({ id: orderId, status: to, at: when });
      history.push({ orderId, itemId: null, fromStatus: "in_production", toStatus: to, reason: null, actor, at: when });
    }
  }
  for (const [table, moves] of [
    [orderItems, lineMoves],
    [orders, orderMoves],
  ] as const)
    for (const part of chunks(moves, 5000))
      await tx.execute(sql`update ${table} t set status = v.status, updated_at = v.at
        from unnest(${pgArray(part.map((m) => m.id))}::int[], ${pgArray(part.map((m) => m.status))}::text[],
          ${pgArray(part.map((m) => m.at.toISOString()))}::timestamptz[]) as v(id, status, at)
        where t.id = v.id`);
  for (const part of chunks(history, 2000)) await tx.insert(orderStatusHistory).values(part);
};

/** A PostgreSQL array literal of the values (text quoted, NULL for null), for unnest(…) bulk writes. */
const pgArray = (values: readonly (string | number | boolean | null)[]): string =>
  `{${values
    .map((v) =>
      v === null
        ? "NULL"
        : typeof v === "string"
          ? `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`
          : String(v),
    )
    .join(",")}}`;
