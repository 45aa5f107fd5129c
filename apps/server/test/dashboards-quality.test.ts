import type { TProductionDashboard } from "@hub/contracts/dashboards/production";
import type { TQualityHistory } from "@hub/contracts/dashboards/quality";
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
  });
});
