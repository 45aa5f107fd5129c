import { accountGuardRedirect, type TGuardStatus } from "@hub/contracts";
import { describe, expect, test } from "vitest";

/** Spec 4's guard rules (the web app's AccountGuards applies them with the server's numbers). */
const status = (s: Partial<TGuardStatus>): TGuardStatus => ({
  activeUsers: 1,
  limit: 3,
  needsSubscription: false,
  planLevel: 1,
  ...s,
});

describe("account guard rules", () => {
  test("over the user limit → overLimit with active and limit; at the limit stays", () => {
    expect(accountGuardRedirect("/orders", status({ activeUsers: 4 }))).toBe(
      "/yourAccount?reason=overLimit&active=4&limit=3",
    );
    expect(accountGuardRedirect("/", status({ activeUsers: 11, limit: 10 }))).toBe(
      "/yourAccount?reason=overLimit&active=11&limit=10",
    );
    expect(accountGuardRedirect("/orders", status({ activeUsers: 3 }))).toBeNull();
  });

  test("factory requires a subscription and the client has none → needSubscription", () => {
    expect(accountGuardRedirect("/orders", status({ needsSubscription: true, limit: null, planLevel: null }))).toBe(
      "/yourAccount?reason=needSubscription",
    );
  });

  test("the limit and subscription guards skip the four account pages (and pages under them)", () => {
    const bad = status({ activeUsers: 9, needsSubscription: true });
    for (const path of [
      "/yourAccount",
      "/manageSubscription",
      "/newSubscription",
      "/yourClientUsers",
      "/yourclientusers/",
      "/yourAccount/x",
    ]) {
      expect(accountGuardRedirect(path, bad), path).toBeNull();
    }
    expect(accountGuardRedirect("/yourAddresses", bad)).toBe("/yourAccount?reason=overLimit&active=9&limit=3");
  });

  test("a route's minimum plan level above the client's → insufficientPlan with the required level", () => {
    expect(accountGuardRedirect("/reportDownloads", status({}))).toBe(
      "/yourAccount?reason=insufficientPlan&required=2",
    );
    expect(accountGuardRedirect("/qs-dashboards/productionOverview", status({}))).toBe(
      "/yourAccount?reason=insufficientPlan&required=2",
    );
    expect(accountGuardRedirect("/REPORTDOWNLOADS/", status({}))).toBe(
      "/yourAccount?reason=insufficientPlan&required=2",
    );
    expect(accountGuardRedirect("/reportDownloads", status({ planLevel: 2 }))).toBeNull();
    expect(accountGuardRedirect("/reportDownloads", status({ planLevel: null, limit: null }))).toBe(
      "/yourAccount?reason=insufficientPlan&required=2",
    );
    expect(accountGuardRedirect("/qs-dashboards/salesDashboard", status({}))).toBeNull();
    expect(accountGuardRedirect("/reportDownloadsX", status({}))).toBeNull();
  });

  test("the limit guard comes first, then the subscription guard, then the plan guard", () => {
    expect(accountGuardRedirect("/reportDownloads", status({ activeUsers: 5, needsSubscription: true }))).toMatch(
      /reason=overLimit/,
    );
    expect(accountGuardRedirect("/reportDownloads", status({ needsSubscription: true }))).toBe(
      "/yourAccount?reason=needSubscription",
    );
  });
});
