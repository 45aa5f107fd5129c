import {
  IDEMPOTENCY_HEADER,
  SESSION_CLIENT_HEADER,
  type TLedgerEntry,
  type TLedgerList,
  type TPaymentMethod,
  type TPaymentMethodList,
  type TPortalSessionResponse,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { type StripeStandIn, startStripeStandIn } from "./stand-ins/stripe";

const SECRET = "sk_test_standin_secret_123";
let stripe: StripeStandIn;
let t: TestApp;
let northwind: number;
const tokens: Record<string, string> = {};
const logLines: string[] = [];

beforeAll(async () => {
  stripe = await startStripeStandIn(SECRET);
  t = await createTestApp({
    config: { stripeSecretKey: SECRET, stripeApiBase: stripe.url },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  for (const name of ["admin", "client", "client2"]) tokens[name] = await t.signIn(name);
  northwind =
    (await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, "northwind")))[0]?.clientId ?? 0;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const call = (who: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  t.request({
    method,
    url,
    token: tokens[who],
    ...(payload ? { payload } : {}),
    headers: who === "admin" ? { [SESSION_CLIENT_HEADER]: String(northwind) } : {},
  });

describe("the Stripe adapter against the local stand-in", () => {
  test("cards: the customer is created once; attach, default, detach go to Stripe; the Hub keeps brand and last 4 only", async () => {
    // A customer the built-in ledger made before the installation moved to Stripe is not Stripe's:
    // the client gets a Stripe customer of its own, which replaces it.
    await t.db
      .insert(schema.billingCustomers)
      .values({ clientId: northwind, provider: "builtin", externalId: `cus_local_${northwind}` })
      .onConflictDoUpdate({
        target: schema.billingCustomers.clientId,
        set: { provider: "builtin", externalId: `cus_local_${northwind}` },
      });
    const list = (await call("client", "GET", "/api/billing/paymentMethods")).json<TPaymentMethodList>();
    expect(list.provider).toBe("stripe");

    const noToken = await call("client", "POST", "/api/billing/cards", { label: "No token" });
    expect(noToken.statusCode).toBe(400);

    const a = await call("client", "POST", "/api/billing/cards", { label: "Visa", token: "pm_card_visa" });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json<TPaymentMethod>()).toMatchObject({ kind: "card", brand: "visa", last4: "4242", isDefault: true });
    const b = (
      await call("client", "POST", "/api/billing/cards", { label: "Second", token: "pm_card_two" })
    ).json<TPaymentMethod>();
    expect((await call("client", "PUT", "/api/billing/defaultPaymentMethod", { id: b.id })).statusCode).toBe(200);
    expect((await call("client", "DELETE", `/api/billing/paymentMethods/${b.id}`)).statusCode).toBe(200);

    expect(stripe.calls.filter((c) => c.path === "/v1/customers")).toHaveLength(1);
    const customerId =
      (await t.db.select().from(schema.billingCustomers).where(eq(schema.billingCustomers.clientId, northwind)))[0]
        ?.externalId ?? "";
    expect(customerId).toMatch(/^cus_/);
    expect(customerId).not.toBe(`cus_local_${northwind}`);
    expect(
      stripe.calls.some((c) => c.path === "/v1/payment_methods/pm_card_visa/attach" && c.form.customer === customerId),
    ).toBe(true);
    expect(
      stripe.calls.some(
        (c) =>
          c.path === `/v1/customers/${customerId}` &&
          c.form["invoice_settings[default_payment_method]"] === "pm_card_two",
      ),
    ).toBe(true);
    expect(stripe.calls.some((c) => c.path === "/v1/payment_methods/pm_card_two/detach")).toBe(true);
    expect(stripe.calls.every((c) => c.authorized)).toBe(true);
  });

  test("bank accounts are customer sources", async () => {
    const res = await call("client", "POST", "/api/billing/bankAccounts", {
      label: "Operating",
      token: "btok_us_verified",
    });
    expect(res.statusCode, res.body).toBe(201);
    const bank = res.json<TPaymentMethod>();
    expect(bank).toMatchObject({ kind: "bank_account", last4: "6789" });
    expect((await call("client", "DELETE", `/api/billing/paymentMethods/${bank.id}`)).statusCode).toBe(200);
    expect(
      stripe.calls.some((c) => c.method === "DELETE" && /\/v1\/customers\/cus_\w+\/sources\/ba_/.test(c.path)),
    ).toBe(true);
  });

  test("a method already removed at Stripe is still removed here", async () => {
    const [row] = await t.db
      .insert(schema.paymentMethods)
      .values({ clientId: northwind, kind: "bank_account", externalId: "ba_gone_at_stripe", label: "Gone" })
      .returning();
    expect((await call("client", "DELETE", `/api/billing/paymentMethods/${row?.id}`)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(schema.paymentMethods)
        .where(eq(schema.paymentMethods.id, row?.id ?? 0)),
    ).toHaveLength(0);
  });

  test("a method already removed at Stripe is still removed here", async () => {
    const [row] = await t.db
      .insert(schema.paymentMethods)
      .values({ clientId: northwind, kind: "bank_account", externalId: "ba_gone_at_stripe", label: "Gone" })
      .returning();
    expect((await call("client", "DELETE", `/api/billing/paymentMethods/${row?.id}`)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(schema.paymentMethods)
        .where(eq(schema.paymentMethods.id, row?.id ?? 0)),
    ).toHaveLength(0);
  });

  test("a charge is an off-session PaymentIntent; a refund goes against it; both are in the ledger", async () => {
    const charge = await call("admin", "POST", "/api/chargeStripeCustomer", {
      clientId: northwind,
      orderId: "SO-1",
      chargeAmt: 2500,
    });
    expect(charge.statusCode, charge.body).toBe(201);
    const entry = charge.json<TLedgerEntry>();
    expect(entry).toMatchObject({ provider: "stripe", status: "succeeded", amountCents: 2500 });
    expect(entry.externalId).toMatch(/^pi_/);
    const intent = stripe.calls.find((c) => c.path === "/v1/payment_intents");
    expect(intent?.form).toMatchObject({
      amount: "2500",
      currency: "usd",
      confirm: "true",
      off_session: "true",
      payment_method: "pm_card_visa",
    });

    const refund = await call("admin", "POST", "/api/refundStripeCustomer", {
      clientId: northwind,
      orderId: "SO-1",
      refundAmt: 1000,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(stripe.calls.find((c) => c.path === "/v1/refunds")?.form).toMatchObject({
      payment_intent: entry.externalId,
      amount: "1000",
    });
    expect(
      (
        await call("admin", "POST", "/api/refundStripeCustomer", {
          clientId: northwind,
          orderId: "SO-1",
          refundAmt: 1501,
        })
      ).statusCode,
    ).toBe(409);
  });

  test("a charge repeated with its Idempotency-Key reaches Stripe once, under a key Stripe dedupes too", async () => {
    const before = stripe.calls.filter((c) => c.path === "/v1/payment_intents").length;
    const keyed = () =>
      t.request({
        method: "POST",
        url: "/api/chargeStripeCustomer",
        token: tokens.admin,
        payload: { clientId: northwind, orderId: "SO-KEY", chargeAmt: 1200 },
        headers: { [IDEMPOTENCY_HEADER]: "retry-me" },
      });
    const first = await keyed();
    expect(first.statusCode, first.body).toBe(201);
    const second = await keyed();
    expect(second.json<TLedgerEntry>()).toEqual(first.json<TLedgerEntry>());
    const intents = stripe.calls.filter((c) => c.path === "/v1/payment_intents").slice(before);
    expect(intents).toHaveLength(1);
    expect(intents[0]?.idempotencyKey).toBe(`hub-charge-${northwind}-retry-me`);
  });

  test("a declined card: 402 with Stripe's message, and the failure is recorded", async () => {
    const declined = (
      await call("client", "POST", "/api/billing/cards", { label: "Declines", token: "pm_card_declined" })
    ).json<TPaymentMethod>();
    expect((await call("client", "PUT", "/api/billing/defaultPaymentMethod", { id: declined.id })).statusCode).toBe(
      200,
    );
    const res = await call("admin", "POST", "/api/chargeStripeCustomer", {
      clientId: northwind,
      orderId: "SO-2",
      chargeAmt: 700,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json<{ message: string }>().message).toBe("Your card was declined.");
    const ledger = (
      await call("admin", "GET", `/api/billing/ledger?clientId=${northwind}&orderId=SO-2`)
    ).json<TLedgerList>();
    expect(ledger.items).toHaveLength(1);
    expect(ledger.items[0]).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined.",
      amountCents: 700,
    });
    expect(ledger.items[0]?.externalId).toMatch(/^pi_/);
    // Nothing was charged, so nothing can be refunded.
    expect(
      (await call("admin", "POST", "/api/refundStripeCustomer", { clientId: northwind, orderId: "SO-2", refundAmt: 1 }))
        .statusCode,
    ).toBe(409);
  });

  test("the portal session answers Stripe's hosted address", async () => {
    const res = await call("client", "POST", "/api/billing/portalSession", {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPortalSessionResponse>().url).toMatch(/^https:\/\/billing\.stand-in\.test\//);
    expect(stripe.calls.find((c) => c.path === "/v1/billing_portal/sessions")?.form.return_url).toBe(
      "http://hub.test/paymentMethods",
    );
    await call("client", "POST", "/api/billing/portalSession", { returnUrl: "https://evil.test/steal" });
    expect(stripe.calls.filter((c) => c.path === "/v1/billing_portal/sessions").at(-1)?.form.return_url).toBe(
      "http://hub.test/paymentMethods",
    );
  });

  test("the secret key is never logged nor returned", async () => {
    expect(logLines.join("\n")).not.toContain(SECRET);
    const res = await call("client", "GET", "/api/billing/paymentMethods");
    expect(res.body).not.toContain(SECRET);
  });
});
