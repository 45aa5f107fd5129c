import type { TMessagePage, TOrder, TPaymentMethod } from "@hub/contracts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { type StripeStandIn, startStripeStandIn } from "./stand-ins/stripe";

/**
 * Messages (issue 20): a charge declined at placing (Stripe's stand-in declines the card) leaves the
 * order "failed" and a message for the client's admins and whoever placed it, linked to the order,
 * so someone charges it again; the factory's people get none.
 */

const SECRET = "sk_test_standin_messages_1";
let stripe: StripeStandIn;
let t: TestApp;
let f: OrderFixture;

beforeAll(async () => {
  stripe = await startStripeStandIn(SECRET);
  t = await createTestApp({ config: { stripeSecretKey: SECRET, stripeApiBase: stripe.url } });
  f = await orderFixture(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

test("a declined charge at placing tells the client's admin who placed it, with a link to the order", async () => {
  const card = await f.call("client", "POST", "/api/billing/cards", { label: "Declines", token: "pm_card_declined" });
  expect(card.statusCode, card.body).toBe(201);
  const id = card.json<TPaymentMethod>().id;
  expect((await f.call("client", "PUT", "/api/billing/defaultPaymentMethod", { id })).statusCode).toBe(200);
  const placed = await f.place("client", {
    shipTo: SHIP_TO,
    lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity: 1 }],
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<TOrder>();
  expect(order.paymentState).toBe("failed");
  const inbox = (await f.call("client", "GET", "/api/messages")).json<TMessagePage>();
  const message = inbox.items.find((m) => m.title === `The payment for order ${order.orderNumber} failed`);
  expect(message).toMatchObject({ kind: "order.paymentFailed", link: `/orders/${order.id}`, readAt: null });
  expect(message?.body).toContain("declined");
  const factory = (await f.call("factory", "GET", "/api/messages")).json<TMessagePage>();
  expect(factory.items.some((m) => m.title.includes(order.orderNumber))).toBe(false);
});
