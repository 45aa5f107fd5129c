import type { TEmbedUrl } from "@hub/contracts/dashboards/embed-api";
import { EMBED_NOT_AVAILABLE } from "@hub/contracts/dashboards/embed-api";
import type { TProductionDashboard, TWallView } from "@hub/contracts/dashboards/production";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, demoClientIds, signInDemoUsers, type TestApp } from "./helpers/test-app";
import { type AnalyticsStandIn, startAnalyticsStandIn } from "./stand-ins/analytics";

/**
 * Dashboard embed URLs (spec 7, issue 18) through the real server: built in, the URL opens the
 * account's wall display without signing in and shows that client's floor only; with Metabase
 * configured, a token the instance accepts with the client locked. Who may ask: an internal admin
 * for any client, a client admin for its own (another's is not found), with the dashboard's card
 * and plan.
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

const embed = (who: DemoUser | null, query: string) =>
  t.request({ method: "GET", url: `/api/dashboards/embed-url?${query}`, ...(who ? { token: tokens[who] } : {}) });

describe("built in: the account's wall display", () => {
  test("an admin's URL for Northwind opens its Production Overview without signing in, and only Northwind's floor", async () => {
    const res = await embed("admin", `accountId=${ids.northwind}&dashboardId=productionOverview&minutes=30`);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<TEmbedUrl>();
    expect(out.provider).toBe("builtin");
    expect(out.url.startsWith(`${t.config.publicUrl}/wall#`)).toBe(true);
    const minutes = (Date.parse(out.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const token = out.url.split("#")[1] ?? "";
    const view = await t.request({ method: "POST", url: "/api/dashboards/wall", payload: { token } });
    expect(view.statusCode, view.body).toBe(200);
    const wall = view.json<TWallView>();
    expect(wall.scope).toBe("Northwind Apparel");
    const own = await t.request({ method: "GET", url: "/api/dashboards/production?range=7d", token: tokens.client });
    expect(wall.production.wip).toEqual(own.json<TProductionDashboard>().wip);
  });

  test("a client admin embeds its own account; another client's is not found", async () => {
    expect((await embed("client", `accountId=${ids.northwind}&dashboardId=productionOverview`)).statusCode).toBe(200);
    const other = await embed("client", `accountId=${ids.bluebird}&dashboardId=productionOverview`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("Bluebird");
    expect((await embed("admin", "accountId=999999&dashboardId=productionOverview")).statusCode).toBe(404);
  });

  test("the plan, the type, the dashboard and bad input", async () => {
    // Bluebird is on Basic: Production Overview is Professional.
    expect((await embed("client2", `accountId=${ids.bluebird}&dashboardId=productionOverview`)).statusCode).toBe(403);
    // The built-in adapter embeds only dashboards with a wall display.
    const sales = await embed("client2", `accountId=${ids.bluebird}&dashboardId=salesDashboard`);
    expect(sales.statusCode).toBe(404);
    expect(sales.json<{ message: string }>().message).toBe(EMBED_NOT_AVAILABLE);
    for (const who of ["factory", "designer"] as const)
      expect((await embed(who, `accountId=${ids.northwind}&dashboardId=productionOverview`)).statusCode).toBe(403);
    expect((await embed(null, `accountId=${ids.northwind}&dashboardId=productionOverview`)).statusCode).toBe(401);
    expect((await embed("admin", `accountId=${ids.northwind}&dashboardId=nope`)).statusCode).toBe(400);
    expect(
      (await embed("admin", `accountId=${ids.northwind}&dashboardId=productionOverview&minutes=0`)).statusCode,
    ).toBe(400);
  });
});

describe("Metabase configured", () => {
  const SECRET = "metabase-embedding-secret-0123456789abcdef";
  let mb: AnalyticsStandIn;
  let app: TestApp;
  let mbTokens: Record<DemoUser, string>;
  beforeAll(async () => {
    mb = await startAnalyticsStandIn(SECRET);
    app = await createTestApp({
      config: { metabase: { siteUrl: mb.url, secretKey: SECRET, dashboards: { salesDashboard: "12" } } },
    });
    mbTokens = await signInDemoUsers(app);
  });
  afterAll(async () => {
    await app?.close();
    await mb?.close();
  });

  test("the instance opens the dashboard with the client locked to the account asked for", async () => {
    const { bluebird } = await demoClientIds(app.db);
    const res = await app.request({
      method: "GET",
      url: `/api/dashboards/embed-url?accountId=${bluebird}&dashboardId=salesDashboard&minutes=10`,
      token: mbTokens.client2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<TEmbedUrl>();
    expect(out.provider).toBe("metabase");
    const shown = await fetch(out.url.split("#")[0] as string);
    expect(await shown.json()).toEqual({ dashboard: 12, params: { client_id: bluebird } });
    // A dashboard Metabase has no id for.
    const times = await app.request({
      method: "GET",
      url: `/api/dashboards/embed-url?accountId=${bluebird}&dashboardId=homegoods`,
      token: mbTokens.client2,
    });
    expect(times.statusCode).toBe(404);
  });
});
