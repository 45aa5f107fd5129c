import type { TProductionDashboard } from "@hub/contracts/dashboards/production";
import type { TQualityHistory, TQualityInspectionPage } from "@hub/contracts/dashboards/quality";
import { schema } from "@hub/db";
import { and, count, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";

/**
 * Quality History (issue 18) on the demo floor: its totals equal Production Overview's QC figures
 * for the same range and caller and the inspections table itself, every breakdown adds up, the
 * Pareto ends at 100 %, a client sees its own units' inspections only; and who may call it.
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

const get = async <T>(who: DemoUser, url: string) => {
  const res = await t.request({ method: "GET", url, token: tokens[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe("quality history", () => {
  test("totals equal Production Overview's and the table's; breakdowns add up; the Pareto ends at 100 %", async () => {
    for (const who of ["admin", "factory", "client"] as const) {
      const qh = await get<TQualityHistory>(who, "/api/dashboards/quality?range=90d");
      const po = await get<TProductionDashboard>(who, "/api/dashboards/production?range=90d");
      expect(qh.inspections, who).toBe(po.quality.inspections);
      expect(qh.fails, who).toBe(po.quality.fails);
      expect(qh.series.reduce((s, p) => s + p.inspections, 0)).toBe(qh.inspections);
      expect(qh.series.reduce((s, p) => s + p.fails, 0)).toBe(qh.fails);
      expect(qh.pareto.reduce((s, p) => s + p.fails, 0)).toBe(qh.fails);
      if (qh.fails > 0) expect(qh.pareto.at(-1)?.cumulativePct).toBe(100);
      for (let i = 1; i < qh.pareto.length; i++)
        expect(qh.pareto[i]?.fails).toBeLessThanOrEqual(qh.pareto[i - 1]?.fails ?? 0);
      if (qh.byOperation.length < 30)
        expect(qh.byOperation.reduce((s, g) => s + g.inspections, 0)).toBe(qh.inspections);
      if (qh.byOperator.length < 30) expect(qh.byOperator.reduce((s, g) => s + g.fails, 0)).toBe(qh.fails);
    }
    const admin = await get<TQualityHistory>("admin", "/api/dashboards/quality?range=90d");
    const [row] = await t.db
      .select({ n: count() })
      .from(schema.floorQcInspections)
      .where(gte(schema.floorQcInspections.at, new Date(`${admin.range.from}T00:00:00Z`)));
    expect(admin.inspections).toBe(row?.n);
    expect(admin.inspections).toBeGreaterThan(0);
  });

  test("every chart's figure equals the inspections list's total with the chart's filter", async () => {
    const enc = encodeURIComponent;
    for (const who of ["admin", "factory", "client"] as const) {
      const qh = await get<TQualityHistory>(who, "/api/dashboards/quality?range=30d");
      expect(qh.range.bucket).toBe("day");
      const dates = `range=custom&from=${qh.range.from}&to=${qh.range.to}`;
      const total = async (filter: string, range = dates) =>
        (await get<TQualityInspectionPage>(who, `/api/dashboards/quality/inspections?${range}&size=1&${filter}`)).total;
      expect(await total("", "range=30d"), who).toBe(qh.inspections);
      expect(await total(""), who).toBe(qh.inspections);
      expect(await total("result=fail"), who).toBe(qh.fails);
      expect(await total("result=pass"), who).toBe(qh.inspections - qh.fails);
      for (const p of qh.series.filter((x) => x.inspections > 0).slice(0, 3)) {
        const day = `range=custom&from=${p.bucket}&to=${p.bucket}`;
        expect(await total("", day), `${who} ${p.bucket}`).toBe(p.inspections);
        expect(await total("result=fail", day), `${who} ${p.bucket}`).toBe(p.fails);
      }
      for (const p of qh.pareto.slice(0, 4))
        expect(await total(`result=fail&reason=${enc(p.name)}`), `${who} ${p.name}`).toBe(p.fails);
      const groups = [
        ["style", qh.byStyle],
        ["operation", qh.byOperation],
        ["operator", qh.byOperator],
      ] as const;
      for (const [key, rows] of groups)
        for (const g of rows.slice(0, 3)) {
          expect(await total(`${key}=${enc(g.name)}`), `${who} ${key} ${g.name}`).toBe(g.inspections);
          expect(await total(`${key}=${enc(g.name)}&result=fail`), `${who} ${key} ${g.name}`).toBe(g.fails);
        }
    }
    // A page of the list: the newest first, each row the caller's.
    const page = await get<TQualityInspectionPage>("client", "/api/dashboards/quality/inspections?range=90d&size=5");
    expect(page.items.length).toBeGreaterThan(0);
    const [northwind] = await t.db
      .select({ name: schema.clients.clientName })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, ids.northwind));
    for (const row of page.items) expect(row.clientName).toBe(northwind?.name);
    for (let i = 1; i < page.items.length; i++)
      expect((page.items[i]?.at ?? "") <= (page.items[i - 1]?.at ?? "")).toBe(true);
  });

  test("a client sees its own units' inspections only", async () => {
    const nw = await get<TQualityHistory>("client", "/api/dashboards/quality?range=90d");
    const [row] = await t.db
      .select({ n: count() })
      .from(schema.floorQcInspections)
      .innerJoin(schema.floorUnits, eq(schema.floorUnits.id, schema.floorQcInspections.unitId))
      .where(
        and(
          eq(schema.floorUnits.clientId, ids.northwind),
          gte(schema.floorQcInspections.at, new Date(`${nw.range.from}T00:00:00Z`)),
        ),
      );
    expect(nw.inspections).toBe(row?.n);
  });

  test("access: clients, facilities and admins with the card; not the designer or anyone signed out", async () => {
    const expected: Record<DemoUser, number> = { admin: 200, client: 200, client2: 200, factory: 200, designer: 403 };
    for (const who of DEMO_USERS) {
      const res = await t.request({ method: "GET", url: "/api/dashboards/quality", token: tokens[who] });
      expect(res.statusCode, who).toBe(expected[who]);
    }
    expect((await t.request({ method: "GET", url: "/api/dashboards/quality" })).statusCode).toBe(401);
    for (const who of DEMO_USERS) {
      const res = await t.request({ method: "GET", url: "/api/dashboards/quality/inspections", token: tokens[who] });
      expect(res.statusCode, `inspections ${who}`).toBe(expected[who]);
    }
    expect((await t.request({ method: "GET", url: "/api/dashboards/quality/inspections" })).statusCode).toBe(401);
  });
});
