import {
  REPORT_MESSAGES,
  SESSION_CLIENT_HEADER,
  SNAPSHOT_CSV_HEADER,
  type TCutUnitSheetRow,
  type TOpenOrder,
  type TSnapshotRow,
} from "@hub/contracts";
import type { TProductionDashboard } from "@hub/contracts/dashboards/production";
import { schema } from "@hub/db";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { filtersOf, REPORT_SOURCES } from "../src/modules/reports/catalogue";
import { loadPrincipal } from "../src/platform/principal";
import { downloadCsv, everyListItem } from "./helpers/reports";
import { createTestApp, type DemoUser, demoClientIds, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Report Downloads' floor, stock and summary reports (issue 18) on the demo data: recuts, work in
 * progress, fabric in WIP, the inventory snapshot, the cut unit sheet and the order summary. Each
 * file holds what the screen it comes from shows the same person for the same filter (Production
 * Overview, Manufacturing Status, Inventory Snapshot, the cut unit sheet, the order lines), a
 * tenant sees only its own rows, and who lacks the screen's card (or type) is refused.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let bluebird: number;
let northwind: number;
let factoryIds: number[];
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ({ bluebird, northwind } = await demoClientIds(t.db));
  const factory = await loadPrincipal(t.db, "factory");
  if (!factory) throw new Error("no demo factory user");
  factoryIds = factory.factoryIds;
  expect(factoryIds.length).toBeGreaterThan(0);
});
afterAll(() => t?.close());

const csv = (who: DemoUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  downloadCsv(t, tokens[who], { format: "csv", ...payload }, headers);

const rowsOf = async <T>(query: SQL): Promise<T[]> => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const inFactories = () =>
  sql.join(
    factoryIds.map((id) => sql`${id}`),
    sql`, `,
  );

const production = async (who: DemoUser, query: string, headers: Record<string, string> = {}) => {
  const res = await t.request({
    method: "GET",
    url: `/api/dashboards/production?${query}`,
    token: tokens[who],
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TProductionDashboard>();
};

const countBy = (values: string[]) => {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
};

describe("each file holds what its screen shows", () => {
  test("Recuts: the recut units Production Overview counts for the range, each with its original, reason and who", async () => {
    const headers = { [SESSION_CLIENT_HEADER]: String(bluebird) };
    // The widest range the dashboard takes (1,100 days); the demo's recuts are all within it.
    const range = { from: new Date(Date.now() - 1_000 * 86_400_000).toISOString().slice(0, 10), to: today };
    const { records } = await csv("admin", { report: "recuts", filters: range }, headers);
    const dash = await production("admin", `range=custom&from=${range.from}&to=${range.to}`, headers);
    expect(dash.quality.recuts).toBeGreaterThan(0);
    expect(records.length - 1).toBe(dash.quality.recuts);
    const rows = records.slice(1);
    expect([...new Set(rows.map((r) => r[2]))]).toEqual(["Bluebird Basics"]);
    for (const r of rows) {
      expect(r[3]).toMatch(/^U-\d+$/);
      expect(r[4]).toMatch(/^U-\d+$/);
      expect(r[9], "reason").not.toBe("");
      expect(r[10], "by").not.toBe("");
      expect(Number(r[11])).toBeGreaterThan(1);
    }
    // The facility: every recut of its units.
    const all = await csv("factory", { report: "recuts" });
    const [n] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from floor_units where attempt > 1 and factory_id in (${inFactories()})`,
    );
    expect(all.records.length - 1).toBe(n?.n);
  });

  test("WIPs: the units Manufacturing Status and Production Overview count as in work, by state", async () => {
    const { records } = await csv("factory", { report: "wips" });
    const rows = records.slice(1);
    expect(rows.length).toBeGreaterThan(0);
    const dash = await production("factory", "range=30d");
    expect(countBy(rows.map((r) => r[7] ?? ""))).toEqual(
      Object.fromEntries(dash.wip.filter((w) => w.units > 0).map((w) => [w.status, w.units])),
    );
    const open = await everyListItem<TOpenOrder>(t, tokens.factory, "/api/floor/open-orders");
    expect(rows.length).toBe(open.reduce((sum, o) => sum + o.openUnits, 0));
    expect(rows.every((r) => /^\d{4}-\d\d-\d\dT/.test(r[8] ?? ""))).toBe(true);

    // One state, and an internal admin in the session client: that client's units only.
    const sewn = await csv("factory", { report: "wips", filters: { state: "sewn" } });
    expect(sewn.records.length - 1).toBe(open.reduce((sum, o) => sum + o.counts.sewn, 0));
    const headers = { [SESSION_CLIENT_HEADER]: String(bluebird) };
    const theirs = await csv("admin", { report: "wips" }, headers);
    expect(theirs.records.length).toBeGreaterThan(1);
    expect([...new Set(theirs.records.slice(1).map((r) => r[2]))]).toEqual(["Bluebird Basics"]);
  });

  test("Fabric in WIP: the library's consumption of every unit in work, summed per fabric and colour", async () => {
    const { records } = await csv("factory", { report: "fabricInWip" });
    type Unit = {
      id: number;
      style_id: number | null;
      colour: string;
      status: string;
      options: { attributeId?: number }[];
    };
    type Dep = {
      style_id: number;
      fabric_id: number;
      attribute_id: number | null;
      placement: string;
      consumption: string;
    };
    const units = await rowsOf<Unit>(sql`select u.id, u.style_id, coalesce(u.colour, '') as colour, u.status, i.options
      from floor_units u join order_items i on i.id = u.item_id
      where u.factory_id in (${inFactories()}) and u.status in ('queued', 'printed', 'cut', 'sewn', 'inspected', 'packed')`);
    const deps = await rowsOf<Dep>(
      sql`select style_id, fabric_id, attribute_id, coalesce(placement, '') as placement, consumption::text as consumption from lib_style_fabrics`,
    );
    const codes = new Map(
      (await rowsOf<{ id: number; code: string }>(sql`select id, fabric_code as code from lib_fabrics`)).map((f) => [
        f.id,
        f.code,
      ]),
    );
    // The rule, computed here on its own: an attribute's dependency replaces the all-variants one of its placement.
    const expected = new Map<string, { units: Set<number>; quantity: number; toCut: Set<number> }>();
    for (const u of units) {
      const attrs = new Set(u.options.map((o) => o.attributeId));
      const applies = deps.filter(
        (d) => d.style_id === u.style_id && (d.attribute_id === null || attrs.has(d.attribute_id)),
      );
      const used = applies.filter(
        (d) => d.attribute_id !== null || !applies.some((x) => x.attribute_id !== null && x.placement === d.placement),
      );
      for (const d of used) {
        const key = `${codes.get(d.fabric_id)}|${u.colour}`;
        const group = expected.get(key) ?? { units: new Set<number>(), quantity: 0, toCut: new Set<number>() };
        group.units.add(u.id);
        group.quantity += Number(d.consumption);
        if (u.status === "queued" || u.status === "printed") group.toCut.add(u.id);
        expected.set(key, group);
      }
    }
    expect(expected.size).toBeGreaterThan(0);
    const rows = records.slice(1);
    expect(rows.map((r) => `${r[0]}|${r[2]}`).sort()).toEqual([...expected.keys()].sort());
    for (const r of rows) {
      const want = expected.get(`${r[0]}|${r[2]}`);
      expect(Number(r[4]), `${r[0]} ${r[2]} units`).toBe(want?.units.size);
      expect(Number(r[5])).toBeCloseTo(want?.quantity ?? -1, 3);
      expect(Number(r[6])).toBe(want?.toCut.size);
    }
  });

  test("Inventory snapshot: the screen's materials at the day (today when none is given)", async () => {
    const listed = await everyListItem<TSnapshotRow>(t, tokens.factory, `/api/inventory/snapshot?date=${today}`);
    expect(listed.some((r) => r.materialKind === "fabric")).toBe(true);
    expect(listed.some((r) => r.materialKind === "part")).toBe(true);
    const { records } = await csv("factory", { report: "inventorySnapshot" });
    expect(records[0]).toEqual(["date", ...SNAPSHOT_CSV_HEADER]);
    const rows = records.slice(1);
    expect(rows.every((r) => r[0] === today)).toBe(true);
    expect(rows.map((r) => `${r[1]}|${r[2]}|${r[5]}|${r[6]}|${r[7]}`).sort()).toEqual(
      listed.map((r) => `${r.materialKind}|${r.code}|${r.quantity}|${r.avgCostCents}|${r.valueCents}`).sort(),
    );

    const filter = `date=${today}&compareTo=2020-01-01&materialKind=part`;
    const parts = await everyListItem<TSnapshotRow>(t, tokens.factory, `/api/inventory/snapshot?${filter}`);
    const file = await csv("factory", {
      report: "inventorySnapshot",
      filters: { date: today, compareTo: "2020-01-01", materialKind: "part" },
    });
    expect(file.records.slice(1).map((r) => `${r[2]}|${r[10]}`)).toEqual(
      [...parts].sort((a, b) => a.materialId - b.materialId).map((r) => `${r.code}|${r.quantityChange}`),
    );
  });

  test("Cut unit sheet: the units of the sheet's tickets", async () => {
    const listed = await everyListItem<TCutUnitSheetRow>(t, tokens.factory, "/api/floor/cutUnitSheet");
    expect(listed.length).toBeGreaterThan(0);
    const { records } = await csv("factory", { report: "cutUnitSheet" });
    expect(records.slice(1).map((r) => `${r[0]}|${r[1]}`)).toEqual(
      [...listed].sort((a, b) => a.id - b.id).map((r) => `${r.ticketNumber}|${r.barcode}`),
    );
  });

  test("Order summary: the client's order lines of the filter, summed per style; none of another client's", async () => {
    const filters = { status: "shipped" };
    const lines = await csv("client", { report: "orderLines", filters });
    const summary = await csv("client", { report: "summaries", filters });
    const [own] = await t.db
      .select({ name: schema.clients.clientName })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, northwind));
    expect([...new Set(lines.records.slice(1).map((r) => r[2]))]).toEqual([own?.name]);
    const want = new Map<string, { orders: Set<string>; units: number; revenue: number }>();
    for (const r of lines.records.slice(1)) {
      const key = `${r[2]}|${r[6]}`;
      const g = want.get(key) ?? { orders: new Set<string>(), units: 0, revenue: 0 };
      g.orders.add(r[0] ?? "");
      g.units += Number(r[10]);
      g.revenue += Number(r[13]);
      want.set(key, g);
    }
    const rows = summary.records.slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[0] === own?.name)).toBe(true);
    expect(rows.map((r) => `${r[0]}|${r[1]}`).sort()).toEqual([...want.keys()].sort());
    for (const r of rows) {
      const g = want.get(`${r[0]}|${r[1]}`);
      expect([Number(r[3]), Number(r[4]), Number(r[5])]).toEqual([g?.orders.size, g?.units, g?.revenue]);
    }
  });
});

test("read in small keyset pages, each report has the rows of one read", async () => {
  const p = await loadPrincipal(t.db, "factory");
  const client = await loadPrincipal(t.db, "client");
  if (!p || !client) throw new Error("no demo users");
  const cases = [
    ["recuts", p],
    ["wips", p],
    ["fabricInWip", p],
    ["inventorySnapshot", p],
    ["cutUnitSheet", p],
    ["summaries", client],
  ] as const;
  for (const [key, who] of cases) {
    const source = REPORT_SOURCES[key];
    const filters = filtersOf(key, {}) as never;
    const whole = await source.page(t.db, who, filters, 0, 100_000);
    const paged: unknown[][] = [];
    for (let after = 0; ; ) {
      const page = await source.page(t.db, who, filters, after, 7);
      paged.push(...page.rows);
      if (page.last === null || page.rows.length < 7) break;
      after = page.last;
    }
    expect(whole.rows.length, key).toBeGreaterThan(7);
    expect(paged, key).toEqual(whole.rows);
    for (const row of whole.rows) expect(row, key).toHaveLength(source.header.length);
  }
  // Six reports read whole and then seven rows at a time: ~20 s on the embedded database on 2 cores.
}, 90_000);

describe("access", () => {
  test("a client may request the order summary, not the floor's or the stock's reports", async () => {
    const keys = (await t.request({ method: "GET", url: "/api/reports/catalogue", token: tokens.client })).json<{
      reports: { key: string }[];
    }>().reports;
    expect(keys.map((r) => r.key)).toContain("summaries");
    for (const report of ["recuts", "wips", "fabricInWip", "inventorySnapshot", "cutUnitSheet"]) {
      expect(keys.map((r) => r.key)).not.toContain(report);
      const res = await t.request({
        method: "POST",
        url: "/api/reports/downloads",
        token: tokens.client,
        payload: { report, format: "csv" },
      });
      expect(res.statusCode, report).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(REPORT_MESSAGES.notAllowed);
    }
  });

  test("a facility user whose screen's card is denied cannot request its report", async () => {
    const [user] = await t.db
      .select({ userId: schema.users.userId })
      .from(schema.users)
      .where(eq(schema.users.userName, "factory"));
    if (!user) throw new Error("no factory user");
    const denied = ["recutTote", "allCutters", "inventorySnapshot"];
    await t.db
      .insert(schema.cardGrants)
      .values(denied.map((routeName) => ({ routeName, userId: user.userId, granted: false })));
    try {
      const keys = (await t.request({ method: "GET", url: "/api/reports/catalogue", token: tokens.factory })).json<{
        reports: { key: string }[];
      }>().reports;
      expect(keys.map((r) => r.key)).toEqual(expect.arrayContaining(["wips", "fabricInWip"]));
      for (const report of ["recuts", "cutUnitSheet", "inventorySnapshot"]) {
        expect(keys.map((r) => r.key)).not.toContain(report);
        const res = await t.request({
          method: "POST",
          url: "/api/reports/downloads",
          token: tokens.factory,
          payload: { report, format: "xlsx" },
        });
        expect(res.statusCode, report).toBe(403);
      }
    } finally {
      await t.db
        .delete(schema.cardGrants)
        .where(and(eq(schema.cardGrants.userId, user.userId), eq(schema.cardGrants.granted, false)));
    }
  });

  test("a bad snapshot day or comparison is a 400, not a queued file", async () => {
    for (const filters of [{ date: "2026-13-01" }, { date: "2025-01-01", compareTo: "2025-02-01" }]) {
      const res = await t.request({
        method: "POST",
        url: "/api/reports/downloads",
        token: tokens.factory,
        payload: { report: "inventorySnapshot", format: "csv", filters },
      });
      expect(res.statusCode, JSON.stringify(filters)).toBe(400);
    }
  });
});
