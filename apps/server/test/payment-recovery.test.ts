import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { IDEMPOTENCY_HEADER, type TOrder, type TOrderListItem } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { api, killAll, type ServerProcess, signIn, startServer } from "./helpers/server-process";
import { createTestApp, demoClientIds, type TestApp } from "./helpers/test-app";
import { type StripeStandIn, startStripeStandIn } from "./stand-ins/stripe";

/**
 * Payment is exactly-once across crashes (orders/payment.service.ts): an order is claimed with its
 * placing, charged under a key of its attempt, and settled only on that attempt; a pending order is
 * resumed with the same key, so the provider answers the charge it already made.
 */
const SECRET = "sk_test_standin_recovery";
let stripe: StripeStandIn;
let root: string;

beforeAll(async () => {
  stripe = await startStripeStandIn(SECRET);
  root = mkdtempSync(join(tmpdir(), "hub-payment-"));
});
afterEach(killAll);
afterAll(async () => {
  await stripe?.close();
  rmSync(root, { recursive: true, force: true });
});

const order = (poNumber: string) => ({
  poNumber,
  shipTo: { name: "Demo Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "US" },
  lines: [{ sku: "TEE100-WHT-SLM-L", quantity: 12 }],
});

const intentCalls = (poKey: string) =>
  stripe.calls.filter((c) => c.path === "/v1/payment_intents" && (c.idempotencyKey ?? "").includes(poKey));

describe.skipIf(Boolean(process.env.DATABASE_URL))("the real server process killed in the middle of a charge", () => {
  test("charged at the provider, killed before it heard back: after a restart the order is paid once and released", async () => {
    const dataDir = join(root, "charged");
    const env = { STRIPE_SECRET_KEY: SECRET, STRIPE_API_BASE: stripe.url };
    const first: ServerProcess = await startServer(dataDir, { env });
    expect(first.output()).toContain("Hub is ready");
    const token = await signIn(first, "client2");
    // Bluebird's card, on Stripe now, as its default.
    const card = await api(first, "POST", "/api/billing/cards", token, { label: "Visa", token: "pm_card_visa" });
    expect(card.status, card.text).toBe(201);
    const made = await api(first, "PUT", "/api/billing/defaultPaymentMethod", token, { id: card.json().id });
    expect(made.status, made.text).toBe(200);

    // Stripe makes the charge; its answer is held while the Hub is killed.
    const hold = stripe.hold("/v1/payment_intents", "first");
    const placing = api(first, "POST", "/api/orders", token, order("CRASH-CHARGED"), {
      [IDEMPOTENCY_HEADER]: "crash-charged-1",
    }).catch(() => null);
    await hold.arrived;
    first.child.kill("SIGKILL");
    await first.exited;
    hold.release();
    expect(await placing).toBeNull(); // the client never got an answer
    const intentsBefore = stripe.intents.size;

    // The restart resumes the pending order with the same key: Stripe answers the charge it made.
    const second = await startServer(dataDir, { env });
    expect(second.output()).toContain("Hub is ready");
    const again = await signIn(second, "client2");
    let found: TOrder | undefined;
    for (let i = 0; i < 100 && found?.paymentState !== "paid"; i++) {
      const list = (await api(second, "GET", "/api/orders?searchString=CRASH-CHARGED", again)).json() as {
        items: TOrderListItem[];
      };
      const id = list.items[0]?.id;
      if (id) found = (await api(second, "GET", `/api/orders/${id}`, again)).json() as unknown as TOrder;
      if (found?.paymentState !== "paid") await sleep(100);
    }
    expect(found).toMatchObject({ paymentState: "paid" });
    expect(found?.chargedCents).toBe(found?.totalCents);
    expect(found?.status).not.toBe("placed"); // released to the floor with its units
    expect(stripe.intents.size).toBe(intentsBefore); // no second charge
    const calls = intentCalls(`order-${found?.id}-charge-1`);
    expect(calls.length).toBe(2); // the first, and the resumption with the same key
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1);

    // The client's retry of placing answers the same order; nothing more is charged.
    const retry = await api(second, "POST", "/api/orders", again, order("CRASH-CHARGED"), {
      [IDEMPOTENCY_HEADER]: "crash-charged-1",
    });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.json()).toMatchObject({ id: found?.id, paymentState: "paid" });
    expect(stripe.intents.size).toBe(intentsBefore);
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
  }, 180_000);
});

describe("a pending order (a charge cut off) is resumed, never charged twice", () => {
  let t: TestApp;
  let bluebird: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ bluebird } = await demoClientIds(t.db));
  });
  afterAll(() => t?.close());

  /** Places an order for Bluebird (a card on file: paid), then puts it back as a crash after the claim leaves it. */
  const cutOff = async (key: string) => {
    const token = await t.signIn("client2");
    const res = await t.request({
      method: "POST",
      url: "/api/orders",
      token,
      headers: { [IDEMPOTENCY_HEADER]: key },
      payload: order(key),
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<TOrder>();
    // As if the process died after claiming attempt 2: pending, no ledger entry for that attempt.
    await t.db
      .update(schema.orders)
      .set({ paymentState: "pending", chargeAttempts: 2, chargedCents: 0, releasedAt: null })
      .where(eq(schema.orders.id, placed.id));
    return { token, placed };
  };
  const charges = (orderNumber: string) =>
    t.db
      .select()
      .from(schema.billingLedger)
      .where(
        and(
          eq(schema.billingLedger.clientId, bluebird),
          eq(schema.billingLedger.orderId, orderNumber),
          eq(schema.billingLedger.kind, "charge"),
        ),
      );

  test("'charge again' resumes it with the attempt's key; a second 'charge again' changes nothing", async () => {
    const { token, placed } = await cutOff("resume-charge-again");
    const res = await t.request({
      method: "POST",
      url: `/api/orders/${placed.id}/charge`,
      token: await t.signIn("admin"),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TOrder>()).toMatchObject({
      paymentState: "paid",
      chargedCents: placed.totalCents,
    });
    const after = await charges(placed.orderNumber);
    expect(after.map((e) => [e.idempotencyKey, e.status])).toEqual([
      [`order-${placed.id}-charge-1`, "succeeded"],
      [`order-${placed.id}-charge-2`, "succeeded"],
    ]);
    const twice = await t.request({ method: "POST", url: `/api/orders/${placed.id}/charge`, token });
    expect([200, 403]).toContain(twice.statusCode);
    expect(await charges(placed.orderNumber)).toHaveLength(2);
  });

  test("a retry of placing with the same Idempotency-Key resumes it", async () => {
    const { token, placed } = await cutOff("resume-retry");
    const res = await t.request({
      method: "POST",
      url: "/api/orders",
      token,
      headers: { [IDEMPOTENCY_HEADER]: "resume-retry" },
      payload: order("resume-retry"),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TOrder>()).toMatchObject({ id: placed.id, paymentState: "paid" });
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
    expect(row?.releasedAt).not.toBeNull();
  });

  test("a charge the ledger already made for the attempt is answered, not made again", async () => {
    const { placed } = await cutOff("resume-recorded");
    // The crash came after the ledger recorded attempt 2's charge, before the order was settled.
    await t.db.insert(schema.billingLedger).values({
      clientId: bluebird,
      orderId: placed.orderNumber,
      kind: "charge",
      amountCents: placed.totalCents,
      provider: "builtin",
      externalId: "ch_local_recorded",
      status: "succeeded",
      idempotencyKey: `order-${placed.id}-charge-2`,
    });
    const res = await t.request({
      method: "POST",
      url: `/api/orders/${placed.id}/charge`,
      token: await t.signIn("admin"),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TOrder>()).toMatchObject({ paymentState: "paid", chargedCents: placed.totalCents });
    expect(await charges(placed.orderNumber)).toHaveLength(2);
  });
});
