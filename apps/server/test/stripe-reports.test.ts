import type { TProviderTxnPage } from "@hub/contracts";
import { schema } from "@hub/db";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";
import { type StripeStandIn, startStripeStandIn } from "./stand-ins/stripe";

/**
 * Stripe Reports (GET /api/stripeReports/transactions, issue 18): the billing provider's charges,
 * refunds and failures through the billing adapter: the built-in ledger's rows, or Stripe's balance
 * transactions through its SDK (against the stand-in), with the ledger's failures; paged, filtered,
 * with the filter's totals; internal admins only.
 */

const SECRET = "sk_test_standin_reports";
const URL = "/api/stripeReports/transactions";
let builtin: TestApp;
let stripeApp: TestApp;
let stripe: StripeStandIn;
let tokens: Record<DemoUser, string>;
let stripeAdmin: string;
let northwind = 0;

beforeAll(async () => {
  builtin = await createTestApp();
  tokens = await signInDemoUsers(builtin);
  northwind = (await demoClientIds(builtin.db)).northwind;
  stripe = await startStripeStandIn(SECRET);
  stripeApp = await createTestApp({ config: { stripeSecretKey: SECRET, stripeApiBase: stripe.url } });
  stripeAdmin = await stripeApp.signIn("admin");
});
afterAll(async () => {
  await builtin?.close();
  await stripeApp?.close();
  await stripe?.close();
});

const failedRow = (provider: string, orderId: string) => ({
  clientId: northwind,
  orderId,
  kind: "charge",
  amountCents: 777,
  provider,
  status: "failed",
  failureMessage: "Your card was declined.",
});

describe("Stripe Reports", () => {
  test("access: internal admins with the card; everyone else 403, nobody signed out 401", async () => {
    const expected: Record<DemoUser, number> = { admin: 200, client: 403, client2: 403, factory: 403, designer: 403 };
    for (const who of DEMO_USERS)
      expect((await builtin.request({ method: "GET", url: URL, token: tokens[who] })).statusCode, who).toBe(
        expected[who],
      );
    expect((await builtin.request({ method: "GET", url: URL })).statusCode).toBe(401);
  });

  test("built-in ledger: its charges, refunds and failures of the range, with totals of the whole filter", async () => {
    await builtin.db.insert(schema.billingLedger).values(failedRow("builtin", "SO-REPORT-1"));
    const get = async (query: string) => {
      const res = await builtin.request({ method: "GET", url: `${URL}?${query}`, token: tokens.admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TProviderTxnPage>();
    };
    const all = await get("size=500");
    expect(all.provider).toBe("builtin");
    const failure = all.items.find((r) => r.reference === "SO-REPORT-1");
    expect(failure).toMatchObject({ kind: "failure", amountCents: 777, failureMessage: "Your card was declined." });
    const since = new Date(Date.now() - 30 * 86_400_000);
    const ledger = (await builtin.db.select().from(schema.billingLedger)).filter(
      (r) => r.status === "succeeded" && r.createdAt >= since,
    );
    const sumOf = (kind: string) => ledger.filter((r) => r.kind === kind).reduce((n, r) => n + r.amountCents, 0);
    expect(all.totals.chargedCents).toBe(sumOf("charge"));
    expect(all.totals.refundedCents).toBe(-sumOf("refund"));
    expect(all.total).toBe(ledger.length + all.totals.failures);

    const failures = await get("kind=failure&size=1");
    expect(failures.items).toHaveLength(1);
    expect(failures.total).toBe(all.totals.failures);
    expect((await get("searchString=so-report-1")).items.map((r) => r.kind)).toEqual(["failure"]);
    const sorted = await get("sort=amountCents,asc&size=500");
    const amounts = sorted.items.map((r) => r.amountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const bad = await builtin.request({ method: "GET", url: `${URL}?sort=nope,asc`, token: tokens.admin });
    expect(bad.statusCode).toBe(400);
  });

  test("Stripe: balance transactions through the SDK (fees and net), with the ledger's failures", async () => {
    const now = Math.floor(Date.now() / 1000);
    const txn = (id: string, type: string, amount: number, fee: number, ago: number) => ({
      id,
      object: "balance_transaction" as const,
      amount,
      fee,
      net: amount - fee,
      currency: "usd",
      created: now - ago,
      type,
      source: `src_${id}`,
      description: `SO-${id}`,
      status: "available",
    });
    stripe.balance.push(
      txn("old", "charge", 5000, 175, 60 * 86_400),
      txn("chg", "charge", 10_000, 320, 3600),
      txn("ref", "refund", -2500, 0, 1800),
      txn("pay", "payout", -7000, 0, 900),
    );
    // Enough rows for the SDK to page through the stand-in (100 a page).
    for (let i = 0; i < 120; i++) stripe.balance.push(txn(`bulk${i}`, "charge", 100, 33, 7200 + i));
    await stripeApp.db.insert(schema.billingLedger).values(failedRow("stripe", "SO-STRIPE-FAIL"));
    const get = async (query: string) => {
      const res = await stripeApp.request({ method: "GET", url: `${URL}?${query}`, token: stripeAdmin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TProviderTxnPage>();
    };
    const page = await get("size=500");
    expect(page.provider).toBe("stripe");
    const ids = page.items.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(["chg", "ref"]));
    expect(ids).not.toContain("old");
    expect(ids).not.toContain("pay");
    expect(page.items.find((r) => r.id === "chg")).toMatchObject({
      kind: "charge",
      amountCents: 10_000,
      feeCents: 320,
      netCents: 9680,
      source: "src_chg",
    });
    expect(page.items.find((r) => r.reference === "SO-STRIPE-FAIL")?.kind).toBe("failure");
    expect(page.total).toBe(2 + 120 + 1);
    expect(page.totals).toEqual({
      chargedCents: 10_000 + 120 * 100,
      refundedCents: -2500,
      feeCents: 320 + 120 * 33,
      netCents: 9680 - 2500 + 120 * 67,
      failures: 1,
    });
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const older = await get(`from=${day(61)}&to=${day(59)}`);
    expect(older.items.map((r) => r.id)).toEqual(["old"]);
    expect((await get("kind=refund")).items.map((r) => r.id)).toEqual(["ref"]);
    const second = await get("size=50&page=1&sort=createdAt,desc");
    expect(second.items).toHaveLength(50);
    expect(stripe.calls.some((c) => c.path === "/v1/balance_transactions" && c.authorized)).toBe(true);
  });
});
