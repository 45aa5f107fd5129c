import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  analyticsAdapterFor,
  metabaseAnalytics,
  quickSightAnalytics,
  UnknownDashboardError,
} from "../src/platform/analytics";
import { loadConfig } from "../src/platform/config";
import { type AnalyticsStandIn, startAnalyticsStandIn } from "./stand-ins/analytics";

/**
 * The analytics adapter (issue 18, spec 7 "dashboard embed URL by accountId and dashboardId")
 * against a local stand-in speaking QuickSight's and Metabase's HTTP: the URL names the account's
 * registered reader and the mapped dashboard (QuickSight), or carries a token the instance accepts
 * with the client locked and refuses once expired (Metabase).
 */
const SECRET = "metabase-embedding-secret-0123456789abcdef";
let standIn: AnalyticsStandIn;
beforeAll(async () => {
  standIn = await startAnalyticsStandIn(SECRET);
});
afterAll(() => standIn.close());

describe("QuickSight", () => {
  const adapter = () =>
    quickSightAnalytics({
      awsAccountId: "123456789012",
      region: "us-east-1",
      userArn: "arn:aws:quicksight:us-east-1:123456789012:user/default/hub-client-{accountId}",
      dashboards: { salesDashboard: "qs-sales-1" },
      endpoint: standIn.url,
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "secret",
    });

  test("a signed GenerateEmbedUrlForRegisteredUser for the account's reader and the mapped dashboard", async () => {
    const out = await adapter().embedUrl({ accountId: 7, dashboardId: "salesDashboard", minutes: 5 });
    expect(out.provider).toBe("quicksight");
    expect(out.url).toContain("/quicksight/embed/qs-sales-1");
    expect(decodeURIComponent(out.url)).toContain("user/default/hub-client-7");
    const call = standIn.quickSightCalls.at(-1);
    expect(call?.path).toBe("/accounts/123456789012/embed-url/registered-user");
    expect(call?.authorized).toBe(true);
    // QuickSight's lower bound for a session is 15 minutes.
    expect(call?.body.SessionLifetimeInMinutes).toBe(15);
    expect(Date.parse(out.expiresAt)).toBeGreaterThan(Date.now());
  });

  test("a dashboard with no QuickSight id is refused before any call", async () => {
    const before = standIn.quickSightCalls.length;
    await expect(adapter().embedUrl({ accountId: 7, dashboardId: "times", minutes: 30 })).rejects.toBeInstanceOf(
      UnknownDashboardError,
    );
    expect(standIn.quickSightCalls.length).toBe(before);
  });
});

describe("Metabase", () => {
  const adapter = (secretKey = SECRET) =>
    metabaseAnalytics({ siteUrl: `${standIn.url}/`, secretKey, dashboards: { salesDashboard: "12" } });

  test("the instance accepts the signed token: dashboard 12, client locked to the account", async () => {
    const out = await adapter().embedUrl({ accountId: 7, dashboardId: "salesDashboard", minutes: 10 });
    expect(out.url.startsWith(`${standIn.url}/embed/dashboard/`)).toBe(true);
    const res = await fetch(out.url.split("#")[0] as string);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dashboard: 12, params: { client_id: 7 } });
    const minutes = (Date.parse(out.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  test("a token signed with another key is refused by the instance", async () => {
    const out = await adapter("another-key-of-the-same-length-0123456789").embedUrl({
      accountId: 7,
      dashboardId: "salesDashboard",
      minutes: 10,
    });
    expect((await fetch(out.url.split("#")[0] as string)).status).toBe(401);
  });
});

describe("choosing the adapter", () => {
  const builtin = async () => ({ provider: "builtin" as const, url: "http://hub/wall/x", expiresAt: "2030-01-01" });

  test("built in by default; QuickSight or Metabase by their settings; bad settings stop the start", async () => {
    expect(analyticsAdapterFor(loadConfig({}), builtin).kind).toBe("builtin");
    expect(
      analyticsAdapterFor(
        loadConfig({
          QUICKSIGHT_AWS_ACCOUNT_ID: "123456789012",
          QUICKSIGHT_USER_ARN: "arn:x:{accountId}",
          QUICKSIGHT_DASHBOARDS: '{"salesDashboard":"a"}',
        }),
        builtin,
      ).kind,
    ).toBe("quicksight");
    expect(
      analyticsAdapterFor(
        loadConfig({ METABASE_SITE_URL: "http://mb", METABASE_SECRET_KEY: SECRET, METABASE_DASHBOARDS: '{"times":3}' }),
        builtin,
      ).dashboards,
    ).toEqual(["times"]);
    expect(() => loadConfig({ METABASE_SITE_URL: "http://mb" })).toThrow("METABASE_SECRET_KEY is required");
    expect(() =>
      loadConfig({ QUICKSIGHT_AWS_ACCOUNT_ID: "1", QUICKSIGHT_USER_ARN: "a", QUICKSIGHT_DASHBOARDS: "[1]" }),
    ).toThrow("QUICKSIGHT_DASHBOARDS must be a JSON object");
  });
});
