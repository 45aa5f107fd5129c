import {
  BILLING_MESSAGES,
  IDEMPOTENCY_HEADER,
  SESSION_CLIENT_HEADER,
  type TLedgerEntry,
  type TLedgerList,
  type TPaymentMethod,
  type TPaymentMethodList,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";

const USERS = DEMO_USERS;

let t: TestApp;
let tokens: Record<DemoUser, string>;
let northwind: number;
let bluebird: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ({ northwind, bluebird } = await demoClientIds(t.db));
  expect(northwind > 0 && bluebird > 0).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser, method: Method, url: string, payload?: unknown, sessionClient?: number) =>
  t.request({
    method,
    url,
    token: tokens[who],
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    headers: sessionClient ? { [SESSION_CLIENT_HEADER]: String(sessionClient) } : {},
  });

let orderSeq = 0;
const orderId = () => `ORD-${Date.now().toString(36)}-${orderSeq++}`;

describe("payment methods in the built-in ledger", () => {
  test("a client admin adds a card and a bank account, sets a default, removes one; nothing but label, brand and last 4 is kept", async () => {
    const before = (await call("client", "GET", "/api/billing/paymentMethods")).json<TPaymentMethodList>();
    expect(before.provider).toBe("builtin");
    expect(before.clientId).toBe(northwind);

    const card = await call("client", "POST", "/api/billing/cards", {
      label: "  Company Visa ",
      brand: "visa",
      last4: "4242",
    });
    expect(card.statusCode, card.body).toBe(201);
    const cardBody = card.json<TPaymentMethod>();
    expect(cardBody).toMatchObject({ kind: "card", label: "Company Visa", brand: "visa", last4: "4242" });

    const bank = await call("client", "POST", "/api/billing/bankAccounts", {
      label: "Operating account",
      last4: "6789",
    });
    expect(bank.statusCode, bank.body).toBe(201);
    const bankBody = bank.json<TPaymentMethod>();
    expect(bankBody).toMatchObject({ kind: "bank_account", last4: "6789", brand: null });

    const setDefault = await call("client", "PUT", "/api/billing/defaultPaymentMethod", { id: bankBody.id });
    expect(setDefault.statusCode, setDefault.body).toBe(200);
    const list = (await call("client", "GET", "/api/billing/paymentMethods")).json<TPaymentMethodList>();
    expect(list.items.filter((m) => m.isDefault).map((m) => m.id)).toEqual([bankBody.id]);

    const removed = await call("client", "DELETE", `/api/billing/paymentMethods/${cardBody.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "billing.paymentMethod.remove"))
      .orderBy(desc(schema.auditLog.id));
    expect(audits[0]).toMatchObject({ actorUserName: "client", subject: `client:${northwind}` });

    const rows = await t.db.select().from(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, northwind));
    expect(rows.map((r) => r.id)).not.toContain(cardBody.id);
    const customer = await t.db
      .select()
      .from(schema.billingCustomers)
      .where(eq(schema.billingCustomers.clientId, northwind));
    expect(customer).toHaveLength(1);
    expect(customer[0]?.provider).toBe("builtin");
  });

  test("the form's rules are the contract's: label required, last 4 is four digits", async () => {
    const res = await call("client", "POST", "/api/billing/cards", { label: " ", last4: "42" });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      label: BILLING_MESSAGES.labelRequired,
      last4: BILLING_MESSAGES.last4Format,
    });
  });

  test("the first method becomes the default; removing the default promotes another", async () => {
    // The demo seeds a card for Bluebird: start from none.
    const seeded = (await call("client2", "GET", "/api/billing/paymentMethods")).json<TPaymentMethodList>();
    for (const m of seeded.items)
      expect((await call("client2", "DELETE", `/api/billing/paymentMethods/${m.id}`)).statusCode).toBe(200);
    const first = (await call("client2", "POST", "/api/billing/cards", { label: "First" })).json<TPaymentMethod>();
    expect(first.isDefault).toBe(true);
    const second = (await call("client2", "POST", "/api/billing/cards", { label: "Second" })).json<TPaymentMethod>();
    expect(second.isDefault).toBe(false);
    expect((await call("client2", "DELETE", `/api/billing/paymentMethods/${first.id}`)).statusCode).toBe(200);
    const list = (await call("client2", "GET", "/api/billing/paymentMethods")).json<TPaymentMethodList>();
    expect(list.items.find((m) => m.id === second.id)?.isDefault).toBe(true);
  });

  test("another client's method answers 404, and changes nothing", async () => {
    const mine = (
      await call("client", "POST", "/api/billing/cards", { label: "Northwind only" })
    ).json<TPaymentMethod>();
    expect((await call("client2", "DELETE", `/api/billing/paymentMethods/${mine.id}`)).statusCode).toBe(404);
    expect((await call("client2", "PUT", "/api/billing/defaultPaymentMethod", { id: mine.id })).statusCode).toBe(404);
    expect(
      (await call("admin", "DELETE", `/api/billing/paymentMethods/${mine.id}`, undefined, bluebird)).statusCode,
    ).toBe(404);
    const still = await t.db.select().from(schema.paymentMethods).where(eq(schema.paymentMethods.id, mine.id));
    expect(still).toHaveLength(1);
  });

  test("an internal admin works on the chosen session client, or is asked to choose one", async () => {
    const none = await call("admin", "GET", "/api/billing/paymentMethods");
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe(BILLING_MESSAGES.chooseClient);
    const bb = await call("admin", "GET", "/api/billing/paymentMethods", undefined, bluebird);
    expect(bb.statusCode).toBe(200);
    expect(bb.json<TPaymentMethodList>().clientId).toBe(bluebird);
  });

  test("the built-in adapter has no portal: a clear 409", async () => {
    const res = await call("client", "POST", "/api/billing/portalSession", {});
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(BILLING_MESSAGES.portalNeedsStripe);
  });
});

describe("charges and refunds", () => {
  test("a charge and partial refunds are ledger rows in cents; the net refund is capped", async () => {
    await call("client", "POST", "/api/billing/cards", { label: "Charge me" });
    const order = orderId();
    const charge = await call("admin", "POST", "/api/chargeStripeCustomer", {
      clientId: northwind,
      orderId: order,
      chargeAmt: 1999,
    });
    expect(charge.statusCode, charge.body).toBe(201);
    expect(charge.json<TLedgerEntry>()).toMatchObject({
      kind: "charge",
      amountCents: 1999,
      status: "succeeded",
      provider: "builtin",
    });

    const r1 = await call("admin", "POST", "/api/refundStripeCustomer", {
      clientId: northwind,
      orderId: order,
      refundAmt: 999,
    });
    expect(r1.statusCode, r1.body).toBe(201);
    const tooMuch = await call("admin", "POST", "/api/refundStripeCustomer", {
      clientId: northwind,
      orderId: order,
      refundAmt: 1001,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ message: string }>().message).toBe(BILLING_MESSAGES.refundTooLarge);
    const rest = await call("admin", "POST", "/api/refundStripeCustomer", {
      clientId: northwind,
      orderId: order,
      refundAmt: 1000,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(
      (await call("admin", "POST", "/api/refundStripeCustomer", { clientId: northwind, orderId: order, refundAmt: 1 }))
        .statusCode,
    ).toBe(409);

    const ledger = (
      await call("admin", "GET", `/api/billing/ledger?clientId=${northwind}&orderId=${order}`)
    ).json<TLedgerList>();
    expect(ledger.items.map((e) => [e.kind, e.amountCents])).toEqual([
      ["charge", 1999],
      ["refund", 999],
      ["refund", 1000],
    ]);
  });

  test("refunds of one order running at once never exceed the charge", async () => {
    const order = orderId();
    expect(
      (
        await call("admin", "POST", "/api/chargeStripeCustomer", {
          clientId: northwind,
          orderId: order,
          chargeAmt: 500,
        })
      ).statusCode,
    ).toBe(201);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call("admin", "POST", "/api/refundStripeCustomer", { clientId: northwind, orderId: order, refundAmt: 300 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  test("a charge or refund repeated with its Idempotency-Key answers the first entry and moves no money again", async () => {
    const order = orderId();
    const keyed = (path: string, key: string, payload: unknown) =>
      t.request({
        method: "POST",
        url: path,
        token: tokens.admin,
        payload: payload as Record<string, unknown>,
        headers: { [IDEMPOTENCY_HEADER]: key },
      });
    const audits = async () =>
      (await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "billing.charge"))).length;
    const auditsBefore = await audits();

    const key = `charge-${order}`;
    const first = await keyed("/api/chargeStripeCustomer", key, {
      clientId: northwind,
      orderId: order,
      chargeAmt: 700,
    });
    expect(first.statusCode, first.body).toBe(201);
    // A retry, and a double click arriving together: the same entry each time.
    const again = await Promise.all(
      [1, 2].map(() =>
        keyed("/api/chargeStripeCustomer", key, { clientId: northwind, orderId: order, chargeAmt: 700 }),
      ),
    );
    for (const res of again) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<TLedgerEntry>()).toEqual(first.json<TLedgerEntry>());
    }
    // A new key arriving three times at once (no lock on a charge: the ledger's unique key decides):
    // one ledger row, and every request answers it.
    const together = `charge-together-${order}`;
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        keyed("/api/chargeStripeCustomer", together, { clientId: northwind, orderId: order, chargeAmt: 300 }),
      ),
    );
    for (const res of racing) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(racing.map((r) => r.json<TLedgerEntry>().id)).size).toBe(1);
    expect(
      await t.db
        .select()
        .from(schema.billingLedger)
        .where(and(eq(schema.billingLedger.clientId, northwind), eq(schema.billingLedger.idempotencyKey, together))),
    ).toHaveLength(1);
    // The key belongs to that charge: another amount or order with it is refused.
    const reused = await keyed("/api/chargeStripeCustomer", key, {
      clientId: northwind,
      orderId: order,
      chargeAmt: 701,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json<{ message: string }>().message).toBe(BILLING_MESSAGES.idempotencyKeyReused);
    // Another key is another charge; a key longer than 200 characters is refused.
    expect(
      (await keyed("/api/chargeStripeCustomer", `${key}-b`, { clientId: northwind, orderId: order, chargeAmt: 300 }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await keyed("/api/chargeStripeCustomer", "x".repeat(201), {
          clientId: northwind,
          orderId: order,
          chargeAmt: 300,
        })
      ).statusCode,
    ).toBe(400);

    const refund = await keyed("/api/refundStripeCustomer", `refund-${order}`, {
      clientId: northwind,
      orderId: order,
      refundAmt: 1000,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const refundAgain = await keyed("/api/refundStripeCustomer", `refund-${order}`, {
      clientId: northwind,
      orderId: order,
      refundAmt: 1000,
    });
    expect(refundAgain.statusCode).toBe(201);
    expect(refundAgain.json<TLedgerEntry>().id).toBe(refund.json<TLedgerEntry>().id);

    const ledger = (
      await call("admin", "GET", `/api/billing/ledger?clientId=${northwind}&orderId=${order}`)
    ).json<TLedgerList>();
    expect(ledger.items.map((e) => [e.kind, e.amountCents])).toEqual([
      ["charge", 700],
      ["charge", 300],
      ["charge", 300],
      ["refund", 1000],
    ]);
    // Replays write no audit rows of their own.
    expect((await audits()) - auditsBefore).toBe(3);
  });

  test("money is integer cents; an unknown client is 404; a client with no default method is 409", async () => {
    const frac = await call("admin", "POST", "/api/chargeStripeCustomer", {
      clientId: northwind,
      orderId: "X",
      chargeAmt: 10.5,
    });
    expect(frac.statusCode).toBe(400);
    expect(
      (await call("admin", "POST", "/api/chargeStripeCustomer", { clientId: northwind, orderId: "X", chargeAmt: 0 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("admin", "POST", "/api/chargeStripeCustomer", { clientId: 999999, orderId: "X", chargeAmt: 100 }))
        .statusCode,
    ).toBe(404);
    const [fresh] = await t.db
      .insert(schema.clients)
      .values({ clientName: "No Cards", siteName: `nocards-${Date.now().toString(36)}` })
      .returning();
    const res = await call("admin", "POST", "/api/chargeStripeCustomer", {
      clientId: fresh?.clientId,
      orderId: "X",
      chargeAmt: 100,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(BILLING_MESSAGES.noDefaultMethod);
  });
});

describe("access matrix", () => {
  type Case = { name: string; method: Method; url: string; payload?: unknown; expect: Record<DemoUser, number> };
  const cases = (): Case[] => [
    {
      name: "list methods",
      method: "GET",
      url: "/api/billing/paymentMethods",
      expect: { admin: 200, client: 200, client2: 200, factory: 403, designer: 403 },
    },
    {
      name: "add card",
      method: "POST",
      url: "/api/billing/cards",
      payload: { label: "Matrix card" },
      expect: { admin: 201, client: 201, client2: 201, factory: 403, designer: 403 },
    },
    {
      name: "add bank account",
      method: "POST",
      url: "/api/billing/bankAccounts",
      payload: { label: "Matrix bank" },
      expect: { admin: 201, client: 201, client2: 201, factory: 403, designer: 403 },
    },
    {
      name: "remove unknown",
      method: "DELETE",
      url: "/api/billing/paymentMethods/999999",
      expect: { admin: 404, client: 404, client2: 404, factory: 403, designer: 403 },
    },
    {
      name: "default unknown",
      method: "PUT",
      url: "/api/billing/defaultPaymentMethod",
      payload: { id: 999999 },
      expect: { admin: 404, client: 404, client2: 404, factory: 403, designer: 403 },
    },
    {
      name: "charge",
      method: "POST",
      url: "/api/chargeStripeCustomer",
      payload: { clientId: northwind, orderId: "MATRIX", chargeAmt: 100 },
      expect: { admin: 201, client: 403, client2: 403, factory: 403, designer: 403 },
    },
    {
      name: "refund",
      method: "POST",
      url: "/api/refundStripeCustomer",
      payload: { clientId: 999999, orderId: "MATRIX", refundAmt: 1 },
      expect: { admin: 404, client: 403, client2: 403, factory: 403, designer: 403 },
    },
    {
      name: "ledger",
      method: "GET",
      url: `/api/billing/ledger?clientId=${northwind}`,
      expect: { admin: 200, client: 403, client2: 403, factory: 403, designer: 403 },
    },
    {
      name: "portal",
      method: "POST",
      url: "/api/billing/portalSession",
      payload: {},
      expect: { admin: 409, client: 409, client2: 409, factory: 403, designer: 403 },
    },
  ];
  test("every billing endpoint × every demo user", async () => {
    for (const c of cases()) {
      for (const who of USERS) {
        const res = await call(who, c.method, c.url, c.payload, who === "admin" ? northwind : undefined);
        expect(res.statusCode, `${c.name} as ${who}: ${res.body}`).toBe(c.expect[who]);
      }
    }
  });
  test("signed out: 401", async () => {
    const res = await t.request({ method: "GET", url: "/api/billing/paymentMethods" });
    expect(res.statusCode).toBe(401);
  });
});
