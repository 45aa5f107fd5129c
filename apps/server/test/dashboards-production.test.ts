import type { TOpenOrder } from "@hub/contracts";
import type { TFloorBoard } from "@hub/contracts/dashboards/floor-board";
import type { TProductionDashboard, TWallLink, TWallView } from "@hub/contracts/dashboards/production";
import type { TTimesDashboard } from "@hub/contracts/dashboards/times";
import { UNIT_OPEN_STATUSES } from "@hub/contracts/floor/units";
import { schema } from "@hub/db";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { compactWip } from "../src/modules/dashboards/rollups";
import { signWallToken } from "../src/modules/dashboards/wall";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";

/**
 * Production Overview (issue 18) against the lists it summarises on the demo floor: work in
 * progress equals /openOrders' unit counts for the same caller, late orders its "late" filter; a
 * client sees its own units only; the plan matrix (a Basic client is refused by the API too); and
 * the wall display's signed link, which works without signing in, then expires.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let ids: { northwind: number; bluebird: number };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ids = await demoClientIds(t.db);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const send = (who: DemoUser | null, method: "GET" | "POST", url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { token: tokens[who] } : {}),
  });

const production = async (who: DemoUser, query = "range=30d") => {
  const res = await send(who, "GET", `/api/dashboards/production?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TProductionDashboard>();
};

const openOrders = async (who: DemoUser, query = "") => {
  const items: TOpenOrder[] = [];
  for (let page = 0; page < 20; page++) {
    const res = await send(who, "GET", `/api/floor/open-orders?size=500&page=${page}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json<{ items: TOpenOrder[] }>().items;
    items.push(...batch);
    if (batch.length < 500) break;
  }
  return items;
};

const wipOf = (d: TProductionDashboard) => Object.fromEntries(d.wip.map((w) => [w.status, w.units]));

describe("production overview figures", () => {
  test("work in progress and late orders equal /openOrders for the facility and the internal admin", async () => {
    for (const who of ["factory", "admin"] as const) {
      const d = await production(who);
      const list = await openOrders(who);
      for (const status of UNIT_OPEN_STATUSES) {
        const listed = list.reduce((s, o) => s + (o.counts[status] ?? 0), 0);
        expect(wipOf(d)[status], `${who} ${status}`).toBe(listed);
      }
      const late = await openOrders(who, "&flag=late");
      expect(d.lateOrderCount, who).toBe(late.length);
      const lateById = new Map(late.map((o) => [o.orderId, o]));
      for (const o of d.lateOrders) expect(o.openUnits, o.orderNumber).toBe(lateById.get(o.orderId)?.openUnits);
      expect(d.lateOrders.map((o) => o.orderId).sort()).toEqual(
        late
          .map((o) => o.orderId)
          .sort()
          .slice(0, 50),
      );
    }
  });

  test("a client sees its own units only", async () => {
    const d = await production("client");
    const [row] = await t.db
      .select({ n: count() })
      .from(schema.floorUnits)
      .where(
        and(eq(schema.floorUnits.clientId, ids.northwind), inArray(schema.floorUnits.status, [...UNIT_OPEN_STATUSES])),
      );
    expect(d.wip.reduce((s, w) => s + w.units, 0)).toBe(row?.n);
    for (const o of d.lateOrders) expect(o.clientName).toMatch(/Northwind/);
    const all = await production("admin");
    expect(all.wip.reduce((s, w) => s + w.units, 0)).toBeGreaterThan(row?.n ?? 0);
  });

  test("quality, lead time and scan figures hold together", async () => {
    const d = await production("admin", "range=90d");
    const q = d.quality;
    expect(q.fails).toBeLessThanOrEqual(q.inspections);
    expect(q.firstPassUnits).toBeLessThanOrEqual(q.firstInspected);
    expect(d.failsByReason.reduce((s, f) => s + f.fails, 0)).toBe(q.fails);
    expect(d.failsByOperation.reduce((s, f) => s + f.fails, 0)).toBe(q.fails);
    expect(d.leadTime.onTime).toBeLessThanOrEqual(d.leadTime.shippedOrders);
    if (d.leadTime.shippedOrders > 0) expect(d.leadTime.p90Days).toBeGreaterThanOrEqual(d.leadTime.p50Days ?? 0);
    for (const s of d.scansByStation) expect(s.perHour).toBeGreaterThan(0);
    expect(d.throughput.length).toBeLessThan(2000);
  });
});

describe("work in progress as deltas (floor_wip)", () => {
  /** Every (facility, client, state): the deltas' sum against the units' count; rows that differ. */
  const drift = async () =>
    (
      (await t.db.execute(sql`select coalesce(w.factory_id, u.factory_id) as f, coalesce(w.client_id, u.client_id) as c,
        coalesce(w.status, u.status) as s, coalesce(w.n, 0) as deltas, coalesce(u.n, 0) as units
      from (select factory_id, client_id, status, sum(units)::int as n from floor_wip group by 1, 2, 3) w
      full join (select factory_id, client_id, status, count(*)::int as n from floor_units group by 1, 2, 3) u
        on (u.factory_id, u.client_id, u.status) = (w.factory_id, w.client_id, w.status)
      where coalesce(w.n, 0) <> coalesce(u.n, 0)`)) as unknown as { rows: unknown[] }
    ).rows;

  test("a unit moved, added or removed changes the figure at once; compacting keeps the sums", async () => {
    expect(await drift()).toEqual([]);
    const before = wipOf(await production("factory"));
    const [unit] = await t.db
      .select({ id: schema.floorUnits.id })
      .from(schema.floorUnits)
      .where(eq(schema.floorUnits.status, "cut"))
      .limit(1);
    if (!unit) throw new Error("no cut unit in the demo");
    await t.db.update(schema.floorUnits).set({ status: "sewn" }).where(eq(schema.floorUnits.id, unit.id));
    const moved = wipOf(await production("factory"));
    expect(moved.cut).toBe((before.cut ?? 0) - 1);
    expect(moved.sewn).toBe((before.sewn ?? 0) + 1);
    // An update that changes no state adds nothing.
    const rows = async () => Number((await t.db.select({ n: count() }).from(schema.floorWip))[0]?.n);
    const n = await rows();
    await t.db.update(schema.floorUnits).set({ status: "sewn" }).where(eq(schema.floorUnits.id, unit.id));
    expect(await rows()).toBe(n);
    expect(await drift()).toEqual([]);
    await t.db.transaction((tx) => compactWip(tx));
    const keys = await t.db.execute(
      sql`select count(*)::int as n from (select distinct factory_id, client_id, status from floor_units) k`,
    );
    expect(await rows()).toBeLessThanOrEqual(Number((keys as unknown as { rows: { n: number }[] }).rows[0]?.n));
    expect(wipOf(await production("factory"))).toEqual(moved);
    expect(await drift()).toEqual([]);
    await t.db.update(schema.floorUnits).set({ status: "cut" }).where(eq(schema.floorUnits.id, unit.id));
    expect(wipOf(await production("factory"))).toEqual(before);
  });
});

describe("times", () => {
  test("slowest orders are /openOrders' orders with the same open units; stays by state and station are ordered figures", async () => {
    for (const who of ["factory", "admin"] as const) {
      const res = await send(who, "GET", "/api/dashboards/times?range=90d");
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json<TTimesDashboard>();
      const list = new Map((await openOrders(who)).map((o) => [o.orderId, o]));
      expect(d.slowestOrders.length).toBe(Math.min(25, list.size));
      for (const o of d.slowestOrders) expect(o.openUnits, o.orderNumber).toBe(list.get(o.orderId)?.openUnits);
      for (let i = 1; i < d.slowestOrders.length; i++)
        expect((d.slowestOrders[i]?.placedAt ?? "") >= (d.slowestOrders[i - 1]?.placedAt ?? "")).toBe(true);
      expect(d.byState.length).toBeGreaterThan(0);
      for (const s of [...d.byState, ...d.byStation]) {
        expect(s.stays).toBeGreaterThan(0);
        expect(s.p50Hours ?? 0).toBeLessThanOrEqual(s.p90Hours ?? 0);
      }
    }
  });

  test("access: the Times card (facilities and internal admins by default)", async () => {
    const expected: Record<DemoUser, number> = { admin: 200, client: 403, client2: 403, factory: 200, designer: 403 };
    for (const who of DEMO_USERS)
      expect((await send(who, "GET", "/api/dashboards/times")).statusCode, who).toBe(expected[who]);
    expect((await send(null, "GET", "/api/dashboards/times")).statusCode).toBe(401);
  });
});

describe("3100 floor board", () => {
  test("today's actual per step follows a scan; target is never below actual; a facility sees only its own", async () => {
    const board = async () => {
      const res = await send("factory", "GET", "/api/dashboards/floor-board");
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TFloorBoard>();
    };
    const before = await board();
    for (const s of before.steps) expect(s.target).toBeGreaterThanOrEqual(s.actual);
    const [unit] = await t.db
      .select({ id: schema.floorUnits.id })
      .from(schema.floorUnits)
      .where(and(eq(schema.floorUnits.factoryId, before.factoryId), eq(schema.floorUnits.status, "queued")))
      .limit(1);
    if (!unit) throw new Error("no queued unit in the demo");
    const cut = await send("factory", "POST", `/api/floor/units/${unit.id}/markCut`, { scanId: `board-${Date.now()}` });
    expect(cut.statusCode, cut.body).toBe(200);
    const after = await board();
    const cutOf = (b: TFloorBoard) => b.steps.find((s) => s.step === "cut")?.actual ?? 0;
    expect(cutOf(after)).toBe(cutOf(before) + 1);
    // Another facility's board is a 404 to this facility; internal admins open any.
    const [other] = await t.db
      .insert(schema.factories)
      .values({ name: `Board ${Date.now()}` })
      .returning();
    expect((await send("factory", "GET", `/api/dashboards/floor-board?factoryId=${other?.factoryId}`)).statusCode).toBe(
      404,
    );
    expect((await send("admin", "GET", `/api/dashboards/floor-board?factoryId=${other?.factoryId}`)).statusCode).toBe(
      200,
    );
  });

  test("access: facilities and internal admins with the card", async () => {
    const expected: Record<DemoUser, number> = { admin: 200, client: 403, client2: 403, factory: 200, designer: 403 };
    for (const who of DEMO_USERS)
      expect((await send(who, "GET", "/api/dashboards/floor-board")).statusCode, who).toBe(expected[who]);
    expect((await send(null, "GET", "/api/dashboards/floor-board")).statusCode).toBe(401);
  });
});

describe("production overview access", () => {
  test("Professional clients, facilities and admins; a Basic client, the designer and anyone signed out are refused", async () => {
    const expected: Record<DemoUser, number> = { admin: 200, client: 200, client2: 403, factory: 200, designer: 403 };
    for (const who of DEMO_USERS) {
      expect((await send(who, "GET", "/api/dashboards/production")).statusCode, who).toBe(expected[who]);
      const link = await send(who, "POST", "/api/dashboards/wall-links", { hours: 1 });
      expect(link.statusCode, `${who} wall link`).toBe(expected[who] === 200 ? 201 : expected[who]);
    }
    expect((await send(null, "GET", "/api/dashboards/production")).statusCode).toBe(401);
    expect((await send(null, "POST", "/api/dashboards/wall-links", { hours: 1 })).statusCode).toBe(401);
  });
});

describe("wall display", () => {
  test("a link works without signing in for its scope only, then stops at expiry", async () => {
    const made = await send("client", "POST", "/api/dashboards/wall-links", { hours: 1 });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json<TWallLink>();
    expect(link.path).toBe(`/wall#${link.token}`);
    expect(link.scope).toMatch(/Northwind/);
    // The link carries no user token.
    for (const token of Object.values(tokens)) expect(link.token).not.toContain(token.slice(0, 20));

    const view = await send(null, "POST", "/api/dashboards/wall", { token: link.token });
    expect(view.statusCode, view.body).toBe(200);
    const wall = view.json<TWallView>();
    expect(wall.dashboard).toBe("productionOverview");
    const own = await production("client", "range=7d");
    expect(wall.production.wip).toEqual(own.wip);

    // Tampered: another client's id in the same payload with the old signature.
    const [body, sig] = link.token.split(".");
    const payload = JSON.parse(Buffer.from(body ?? "", "base64url").toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, c: ids.bluebird })).toString("base64url")}.${sig}`;
    expect((await send(null, "POST", "/api/dashboards/wall", { token: forged })).statusCode).toBe(401);
    expect((await send(null, "POST", "/api/dashboards/wall", { token: "not-a-token-at-all" })).statusCode).toBe(401);

    // Two hours later the one-hour link no longer opens.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 3600_000 });
    const late = await send(null, "POST", "/api/dashboards/wall", { token: link.token });
    expect(late.statusCode, late.body).toBe(401);
    expect(late.json<{ error: string }>().error).toBe("UNAUTHENTICATED");
  });

  test("a facility's link shows its facilities; a link signed with another key is refused", async () => {
    const made = await send("factory", "POST", "/api/dashboards/wall-links", { hours: 2 });
    const link = made.json<TWallLink>();
    const view = await send(null, "POST", "/api/dashboards/wall", { token: link.token });
    expect(view.statusCode).toBe(200);
    const factory = await production("factory", "range=7d");
    expect(view.json<TWallView>().production.wip).toEqual(factory.wip);
    const other = signWallToken(
      { ...t.config, secretKey: Buffer.alloc(32, 7) },
      { d: "productionOverview", c: null, f: null, l: "All clients", e: Math.floor(Date.now() / 1000) + 3600 },
    );
    expect((await send(null, "POST", "/api/dashboards/wall", { token: other })).statusCode).toBe(401);
  });
});
