import { BILLING_MESSAGES, type TLedgerEntry, type TPaymentMethod } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { BillingClient } from "../../platform/billing";
import type { BillingAdapter, NewPaymentMethod } from "../../platform/billing/adapter";
import { badRequest, forbidden, HttpError, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";

const clientById = async (db: HubDb, clientId: number): Promise<BillingClient | null> => {
  const [row] = await db
    .select({ clientId: schema.clients.clientId, clientName: schema.clients.clientName })
    .from(schema.clients)
    .where(eq(schema.clients.clientId, clientId));
  return row ?? null;
};

/**
 * The client whose billing a person manages: a client admin its own client; an internal user the
 * session client it chose (a clear 400 when none is chosen). Anyone else: 403.
 */
export const billingClientOf = async (db: HubDb, p: Principal): Promise<BillingClient> => {
  if (p.isInternal) {
    if (p.sessionClientId === null) throw badRequest(BILLING_MESSAGES.chooseClient);
    const client = await clientById(db, p.sessionClientId);
    if (!client) throw badRequest(BILLING_MESSAGES.chooseClient);
    return client;
  }
  if (p.userType !== "client" || !p.isClientAdmin || p.clientId === null)
    throw forbidden("Only a client admin manages the client's billing.");
  const client = await clientById(db, p.clientId);
  if (!client) throw notFound("Your client");
  return client;
};

/** A client named in a request (internal charge and refund); unknown answers 404. */
export const namedClient = async (db: HubDb, clientId: number): Promise<BillingClient> => {
  const client = await clientById(db, clientId);
  if (!client) throw notFound("That client");
  return client;
};

/** Adds a card or a bank account to the caller's client, audited as billing.card.add / billing.bankAccount.add. */
export const addPaymentMethod = async (
  deps: { db: HubDb; billing: BillingAdapter },
  p: Principal,
  kind: "card" | "bankAccount",
  input: NewPaymentMethod,
): Promise<TPaymentMethod> => {
  const client = await billingClientOf(deps.db, p);
  const method =
    kind === "card" ? await deps.billing.addCard(client, input) : await deps.billing.addBankAccount(client, input);
  await recordAudit(deps.db, {
    actor: p.userName,
    action: `billing.${kind}.add`,
    subject: `client:${client.clientId}`,
    detail: { paymentMethodId: method.id, label: method.label },
  });
  return method;
};

/**
 * A charge or a refund through the billing adapter for the named client, audited once (a replayed
 * Idempotency-Key answers the first entry and audits nothing); a failed one answers 402 with the
 * provider's message.
 */
export const moveMoney = async (
  deps: { db: HubDb; billing: BillingAdapter },
  p: Principal,
  kind: "charge" | "refund",
  input: { clientId: number; orderId: string; amountCents: number; idempotencyKey: string | undefined },
): Promise<TLedgerEntry> => {
  const client = await namedClient(deps.db, input.clientId);
  const request = {
    clientId: client.clientId,
    orderId: input.orderId,
    amountCents: input.amountCents,
    actorUserId: p.userId,
    idempotencyKey: input.idempotencyKey,
  };
  const { entry, replayed } =
    kind === "charge" ? await deps.billing.charge(client, request) : await deps.billing.refund(client, request);
  if (!replayed)
    await recordAudit(deps.db, {
      actor: p.userName,
      action: `billing.${kind}`,
      subject: `client:${client.clientId}`,
      detail: { ledgerId: entry.id, orderId: entry.orderId, amountCents: entry.amountCents, status: entry.status },
    });
  if (entry.status === "failed") {
    const fallback = kind === "charge" ? "The payment was declined." : "The refund failed.";
    throw new HttpError(402, "BAD_REQUEST", entry.failureMessage ?? fallback);
  }
  return entry;
};
