import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, desc, eq, gte, lte } from "drizzle-orm";
import type { ProviderTransaction } from "./adapter";
import type { BillingGateway } from "./gateway";

/**
 * The provider's report (Stripe Reports): with a provider that keeps its own balance (Stripe), its
 * balance transactions of type charge/payment and refund, with its fee and net; otherwise the
 * ledger's succeeded charges and refunds. Failed attempts come from the ledger either way: a
 * declined charge moves no money, so no balance holds it. At most 10,000 rows a range.
 */
const l = schema.billingLedger;
const LIMIT = 10_000;

const CHARGE_TYPES = new Set(["charge", "payment"]);
const REFUND_TYPES = new Set(["refund", "payment_refund"]);

export const providerTransactions = async (
  db: HubDb,
  gateway: BillingGateway,
  range: { from: Date; to: Date },
): Promise<ProviderTransaction[]> => {
  const inRange = and(gte(l.createdAt, range.from), lte(l.createdAt, range.to));
  const failed = db
    .select()
    .from(l)
    .where(and(inRange, eq(l.status, "failed"), eq(l.provider, gateway.kind)))
    .orderBy(desc(l.createdAt))
    .limit(LIMIT);
  const failures = (await failed).map(
    (r): ProviderTransaction => ({
      id: `ledger-${r.id}`,
      createdAt: r.createdAt.toISOString(),
      kind: "failure",
      amountCents: r.kind === "refund" ? -r.amountCents : r.amountCents,
      feeCents: null,
      netCents: null,
      currency: r.currency,
      source: r.externalId,
      reference: r.orderId,
      failureMessage: r.failureMessage,
    }),
  );
  if (gateway.balanceTransactions) {
    const moved = await gateway.balanceTransactions({
      gte: Math.floor(range.from.getTime() / 1000),
      lte: Math.floor(range.to.getTime() / 1000),
    });
    const rows = moved
      .filter((b) => CHARGE_TYPES.has(b.type) || REFUND_TYPES.has(b.type))
      .map(
        (b): ProviderTransaction => ({
          id: b.id,
          createdAt: new Date(b.created * 1000).toISOString(),
          kind: CHARGE_TYPES.has(b.type) ? "charge" : "refund",
          amountCents: b.amount,
          feeCents: b.fee,
          netCents: b.net,
          currency: b.currency,
          source: b.source,
          reference: b.description,
          failureMessage: null,
        }),
      );
    return [...rows, ...failures];
  }
  const succeeded = await db
    .select()
    .from(l)
    .where(and(inRange, eq(l.status, "succeeded")))
    .orderBy(desc(l.createdAt))
    .limit(LIMIT);
  const rows = succeeded.map(
    (r): ProviderTransaction => ({
      id: `ledger-${r.id}`,
      createdAt: r.createdAt.toISOString(),
      kind: r.kind === "refund" ? "refund" : "charge",
      amountCents: r.kind === "refund" ? -r.amountCents : r.amountCents,
      feeCents: null,
      netCents: null,
      currency: r.currency,
      source: r.externalId,
      reference: r.orderId,
      failureMessage: null,
    }),
  );
  return [...rows, ...failures];
};
