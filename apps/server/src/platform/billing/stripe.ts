import type Stripe from "stripe";
import { badRequest } from "../errors";
import { loadOnce } from "../load-once";
import type { BillingGateway, ChargeOutcome } from "./gateway";

export type StripeSettings = { secretKey: string; apiBase: string | null };

/** The SDK's client and its error classes, loaded together on first use. */
type StripeSdk = { stripe: Stripe; errors: typeof Stripe.errors };

/**
 * The Stripe SDK, pointed at Stripe or (tests) at a local stand-in given as STRIPE_API_BASE. It is
 * loaded when billing is first used, not at start: loading it costs about 100 ms.
 */
export const stripeSdk = ({ secretKey, apiBase }: StripeSettings): (() => Promise<StripeSdk>) =>
  loadOnce(async () => {
    const { default: StripeClient } = await import("stripe");
    if (!apiBase)
      return {
        stripe: new StripeClient(secretKey, { maxNetworkRetries: 1, telemetry: false }),
        errors: StripeClient.errors,
      };
    const url = new URL(apiBase);
    const protocol = url.protocol === "http:" ? "http" : "https";
    const stripe = new StripeClient(secretKey, {
      host: url.hostname,
      port: url.port || (protocol === "http" ? 80 : 443),
      protocol,
      maxNetworkRetries: 0,
      telemetry: false,
    });
    return { stripe, errors: StripeClient.errors };
  });

/**
 * Stripe's answer as an outcome: a refusal it is sure of (a card declined, a request it rejects) is a
 * failed outcome; no answer, its own error, a rate limit or a concurrent request with the same key
 * leave the outcome unknown, so they throw (the caller keeps the payment pending and asks again
 * with the same key rather than recording a failure that may have been a success).
 */
const failure = (error: unknown, errors: StripeSdk["errors"]): ChargeOutcome => {
  if (
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeAPIError ||
    error instanceof errors.StripeRateLimitError ||
    error instanceof errors.StripeIdempotencyError
  )
    throw error;
  if (error instanceof errors.StripeError) {
    const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
    return {
      ok: false,
      externalId: raw?.payment_intent?.id ?? null,
      message: error.message || "The payment was declined.",
    };
  }
  throw error;
};

/** Stripe: customers, PaymentMethods (cards), sources (bank accounts), PaymentIntents, Refunds, portal. */
export const stripeGateway = (sdk: () => Promise<StripeSdk>): BillingGateway => ({
  kind: "stripe",
  createCustomer: async (client) => {
    const { stripe } = await sdk();
    const customer = await stripe.customers.create(
      { name: client.clientName, metadata: { clientId: String(client.clientId) } },
      { idempotencyKey: `hub-customer-${client.clientId}` },
    );
    return customer.id;
  },
  attachCard: async (customer, input) => {
    if (!input.token?.startsWith("pm_"))
      throw badRequest("Add the card through Stripe first: send its payment method id (pm_...).", {
        token: "A Stripe payment method id is required",
      });
    const { stripe, errors } = await sdk();
    try {
      const pm = await stripe.paymentMethods.attach(input.token, { customer });
      return { externalId: pm.id, brand: pm.card?.brand ?? null, last4: pm.card?.last4 ?? null };
    } catch (error) {
      if (error instanceof errors.StripeCardError || error instanceof errors.StripeInvalidRequestError)
        throw badRequest(error.message);
      throw error;
    }
  },
  attachBankAccount: async (customer, input) => {
    if (!input.token)
      throw badRequest("Add the bank account through Stripe first: send its token (btok_...).", {
        token: "A Stripe bank account token is required",
      });
    const { stripe, errors } = await sdk();
    try {
      const source = await stripe.customers.createSource(customer, { source: input.token });
      const last4 = "last4" in source && typeof source.last4 === "string" ? source.last4 : null;
      const brand = "bank_name" in source && typeof source.bank_name === "string" ? source.bank_name : null;
      return { externalId: source.id, brand, last4 };
    } catch (error) {
      if (error instanceof errors.StripeInvalidRequestError) throw badRequest(error.message);
      throw error;
    }
  },
  detach: async (customer, method) => {
    const { stripe, errors } = await sdk();
    try {
      if (method.kind === "card") await stripe.paymentMethods.detach(method.externalId);
      else await stripe.customers.deleteSource(customer, method.externalId);
    } catch (error) {
      // Already gone at Stripe (removed in the portal, say): removing our row is all that is left to do.
      if (error instanceof errors.StripeInvalidRequestError && error.code === "resource_missing") return;
      throw error;
    }
  },
  setDefault: async (customer, method) => {
    const { stripe } = await sdk();
    if (method.kind === "card")
      await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method.externalId } });
    else await stripe.customers.update(customer, { default_source: method.externalId });
  },
  charge: async (customer, method, request) => {
    const { stripe, errors } = await sdk();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: "usd",
          customer,
          payment_method: method.externalId,
          off_session: true,
          confirm: true,
          metadata: { orderId: request.orderId, clientId: String(request.clientId) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status !== "succeeded")
        return { ok: false, externalId: intent.id, message: `The payment is ${intent.status.replaceAll("_", " ")}.` };
      return { ok: true, externalId: intent.id };
    } catch (error) {
      return failure(error, errors);
    }
  },
  refund: async (chargeExternalId, request) => {
    const { stripe, errors } = await sdk();
    try {
      const refund = await stripe.refunds.create(
        { payment_intent: chargeExternalId, amount: request.amountCents },
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === "failed" || refund.status === "canceled")
        return { ok: false, externalId: refund.id, message: `The refund ${refund.status}.` };
      return { ok: true, externalId: refund.id };
    } catch (error) {
      return failure(error, errors);
    }
  },
  balanceTransactions: async (range) => {
    const { stripe } = await sdk();
    const rows = await stripe.balanceTransactions
      .list({ created: { gte: range.gte, lte: range.lte }, limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    return rows.map((b) => ({
      id: b.id,
      created: b.created,
      type: b.type,
      amount: b.amount,
      fee: b.fee,
      net: b.net,
      currency: b.currency,
      source: typeof b.source === "string" ? b.source : (b.source?.id ?? null),
      description: b.description,
    }));
  },
  portal: async (customer, returnUrl) => {
    const { stripe } = await sdk();
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
    return session.url;
  },
});
