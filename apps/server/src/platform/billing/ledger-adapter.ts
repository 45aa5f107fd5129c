import { randomUUID } from "node:crypto";
import { BILLING_MESSAGES, type TLedgerEntry, type TPaymentMethod } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { preparedStatement, rowShape, rowsOf } from "../database";
import { conflict } from "../errors";
import type { BillingAdapter, BillingClient, MoneyOutcome, MoneyRequest, NewPaymentMethod } from "./adapter";
import type { BillingGateway, ChargeOutcome, StoredMethod } from "./gateway";
import { providerTransactions } from "./transactions";

const pm = schema.paymentMethods;
const ledgerT = schema.billingLedger;
const customers = schema.billingCustomers;

type MethodRow = typeof pm.$inferSelect;
type LedgerRow = typeof ledgerT.$inferSelect;

const toMethod = (r: MethodRow): TPaymentMethod => ({
  id: r.id,
  kind: r.kind === "bank_account" ? "bank_account" : "card",
  label: r.label,
  brand: r.brand,
  last4: r.last4,
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

const stored = (r: MethodRow): StoredMethod => ({
  kind: r.kind === "bank_account" ? "bank_account" : "card",
  externalId: r.externalId,
});

const toEntry = (r: LedgerRow): TLedgerEntry => ({
  id: r.id,
  clientId: r.clientId,
  orderId: r.orderId,
  kind: r.kind === "refund" ? "refund" : "charge",
  amountCents: r.amountCents,
  currency: r.currency,
  provider: r.provider === "stripe" ? "stripe" : "builtin",
  externalId: r.externalId,
  status: r.status === "failed" ? "failed" : "succeeded",
  failureMessage: r.failureMessage,
  createdAt: r.createdAt.toISOString(),
});

const METHOD = rowShape(pm);
const CUSTOMER = rowShape(customers);
const LEDGER = rowShape(ledgerT);

/**
 * A charge's reads (the client's default method, its customer, and the entry an earlier charge with
 * the same key made) and a ledger row (`RECORD`: a concurrent request with the same key wrote it
 * first, and nothing is written; the caller answers that one). Placing charges every paid order
 * through them, so each is built once and planned once a connection (`preparedStatement`, issue 21).
 */
const CHARGE_READ = preparedStatement(
  ["clientId", "key"],
  (v) => sql`
  select ${METHOD.columns("payment_methods", "m.")}, ${CUSTOMER.columns("billing_customers", "c.")},
    ${LEDGER.columns("billing_ledger", "l.")}
  from ${pm} payment_methods
    left join ${customers} billing_customers on billing_customers.client_id = payment_methods.client_id
    left join ${ledgerT} billing_ledger on billing_ledger.client_id = payment_methods.client_id
      and billing_ledger.kind = 'charge' and billing_ledger.idempotency_key = ${v.key}::text
  where payment_methods.client_id = ${v.clientId}::int and payment_methods.is_default
  limit 1`,
);
const RECORD_VALUES = [
  "clientId",
  "orderId",
  "kind",
  "amountCents",
  "provider",
  "externalId",
  "status",
  "failureMessage",
  "createdBy",
  "idempotencyKey",
] as const;
const RECORD = preparedStatement(
  RECORD_VALUES,
  (v) => sql`
  insert into ${ledgerT} (client_id, order_id, kind, amount_cents, provider, external_id, status, failure_message,
    created_by, idempotency_key)
  values (${v.clientId}::int, ${v.orderId}::text, ${v.kind}::text, ${v.amountCents}::int, ${v.provider}::text,
    ${v.externalId}::text, ${v.status}::text, ${v.failureMessage}::text, ${v.createdBy}::int, ${v.idempotencyKey}::text)
  on conflict (client_id, kind, idempotency_key) do nothing
  returning ${LEDGER.columns("billing_ledger")}`,
);

/**
 * The bookkeeping every provider shares: customers, methods on file and the ledger are rows in our
 * database; the gateway makes the provider's own calls. Multi-row writes run in transactions, and
 * refunds of one client are serialised (row lock on its customer) so the net can never go negative.
 */
export const ledgerBackedAdapter = (db: HubDb, gateway: BillingGateway): BillingAdapter => {
  const customerOf = async (tx: HubDb | HubTx, clientId: number) =>
    (await tx.select().from(customers).where(eq(customers.clientId, clientId)))[0];

  /**
   * The client's customer at this provider. A customer made by another provider (an installation
   * that moved from the built-in ledger to Stripe) is not one this provider knows: the client gets
   * a new one here, which replaces it (of two made at once, the first stored wins).
   */
  const ensureCustomer = async (client: BillingClient): Promise<string> => {
    const existing = await customerOf(db, client.clientId);
    if (existing && existing.provider === gateway.kind) return existing.externalId;
    const externalId = await gateway.createCustomer(client);
    await db
      .insert(customers)
      .values({ clientId: client.clientId, provider: gateway.kind, externalId })
      .onConflictDoUpdate({
        target: customers.clientId,
        set: { provider: gateway.kind, externalId, createdAt: new Date() },
        setWhere: ne(customers.provider, gateway.kind),
      });
    const row = await customerOf(db, client.clientId);
    if (!row) throw new Error("billing customer insert failed");
    return row.externalId;
  };

  const methodOf = async (clientId: number, id: number) =>
    (
      await db
        .select()
        .from(pm)
        .where(and(eq(pm.id, id), eq(pm.clientId, clientId)))
    )[0];

  const addMethod = async (
    client: BillingClient,
    kind: "card" | "bank_account",
    input: NewPaymentMethod,
  ): Promise<TPaymentMethod> => {
    const customer = await ensureCustomer(client);
    const attached =
      kind === "card" ? await gateway.attachCard(customer, input) : await gateway.attachBankAccount(customer, input);
    const hasDefault =
      (
        await db
          .select({ id: pm.id })
          .from(pm)
          .where(and(eq(pm.clientId, client.clientId), eq(pm.isDefault, true)))
      ).length > 0;
    if (!hasDefault) await gateway.setDefault(customer, { kind, externalId: attached.externalId });
    const [row] = await db
      .insert(pm)
      .values({
        clientId: client.clientId,
        kind,
        externalId: attached.externalId,
        label: input.label,
        brand: attached.brand,
        last4: attached.last4,
        isDefault: !hasDefault,
      })
      .returning();
    if (!row) throw new Error("payment method insert failed");
    return toMethod(row);
  };

  /** Every charge and refund the provider was asked for, succeeded or not, is one ledger row. */
  const record = async (
    q: HubDb | HubTx,
    client: BillingClient,
    request: MoneyRequest,
    kind: "charge" | "refund",
    outcome: ChargeOutcome,
  ): Promise<TLedgerEntry | null> => {
    const [row] = rowsOf<Record<string, unknown>>(
      await RECORD(q, {
        clientId: client.clientId,
        orderId: request.orderId,
        kind,
        amountCents: request.amountCents,
        provider: gateway.kind,
        externalId: outcome.externalId,
        status: outcome.ok ? "succeeded" : "failed",
        failureMessage: outcome.ok ? null : outcome.message,
        createdBy: request.actorUserId,
        idempotencyKey: request.idempotencyKey ?? null,
      }),
    );
    return row ? toEntry(LEDGER.read(row)) : null;
  };

  /** One charge or refund at a time per client: what is already in the ledger cannot change under us. */
  const lockClient = async (tx: HubTx, clientId: number) => {
    await tx.select({ id: customers.clientId }).from(customers).where(eq(customers.clientId, clientId)).for("update");
  };

  /**
   * The entry an earlier request with the same Idempotency-Key made, if any (inside the client's
   * lock). The same key for another order or amount is refused rather than answered.
   */
  const earlier = async (
    tx: HubTx,
    client: BillingClient,
    kind: "charge" | "refund",
    request: MoneyRequest,
  ): Promise<MoneyOutcome | null> => {
    if (!request.idempotencyKey) return null;
    const row = await earlierEntry(tx, client, kind, request.idempotencyKey);
    return row ? replayOf(row, request) : null;
  };

  const earlierEntry = async (q: HubDb | HubTx, client: BillingClient, kind: "charge" | "refund", key: string) =>
    (
      await q
        .select()
        .from(ledgerT)
        .where(and(eq(ledgerT.clientId, client.clientId), eq(ledgerT.kind, kind), eq(ledgerT.idempotencyKey, key)))
    )[0];

  /** An earlier request's entry answers a repeat; the same key for another order or amount is refused. */
  const replayOf = (row: LedgerRow, request: MoneyRequest): MoneyOutcome => {
    if (row.orderId !== request.orderId || row.amountCents !== request.amountCents)
      throw conflict(BILLING_MESSAGES.idempotencyKeyReused);
    return { entry: toEntry(row), replayed: true };
  };

  /** The key the provider sees: the caller's (so the provider dedupes a retry too), or a new one. */
  const providerKey = (kind: "charge" | "refund", client: BillingClient, request: MoneyRequest) =>
    request.idempotencyKey ? `hub-${kind}-${client.clientId}-${request.idempotencyKey}` : `hub-${kind}-${randomUUID()}`;

  const netCharged = async (tx: HubTx, clientId: number, orderId: string): Promise<number> => {
    const [row] = await tx
      .select({
        net: sql<string>`coalesce(sum(case when ${ledgerT.kind} = 'charge' then ${ledgerT.amountCents} else -${ledgerT.amountCents} end), 0)`,
      })
      .from(ledgerT)
      .where(and(eq(ledgerT.clientId, clientId), eq(ledgerT.orderId, orderId), eq(ledgerT.status, "succeeded")));
    return Number(row?.net ?? 0);
  };

  return {
    kind: gateway.kind,
    ensureCustomer,

    listPaymentMethods: async (clientId) =>
      (await db.select().from(pm).where(eq(pm.clientId, clientId)).orderBy(desc(pm.isDefault), asc(pm.id))).map(
        toMethod,
      ),

    addCard: (client, input) => addMethod(client, "card", input),
    addBankAccount: (client, input) => addMethod(client, "bank_account", input),

    removePaymentMethod: async (client, id) => {
      const row = await methodOf(client.clientId, id);
      if (!row) return null;
      const customer = await ensureCustomer(client);
      await gateway.detach(customer, stored(row));
      const promoted = await db.transaction(async (tx) => {
        await tx.delete(pm).where(eq(pm.id, row.id));
        if (!row.isDefault) return null;
        const [next] = await tx.select().from(pm).where(eq(pm.clientId, client.clientId)).orderBy(desc(pm.id)).limit(1);
        if (next) await tx.update(pm).set({ isDefault: true }).where(eq(pm.id, next.id));
        return next ?? null;
      });
      if (promoted) await gateway.setDefault(customer, stored(promoted));
      return toMethod(row);
    },

    setDefault: async (client, id) => {
      const row = await methodOf(client.clientId, id);
      if (!row) return null;
      await gateway.setDefault(await ensureCustomer(client), stored(row));
      await db.transaction(async (tx) => {
        await tx.update(pm).set({ isDefault: false }).where(eq(pm.clientId, client.clientId));
        await tx.update(pm).set({ isDefault: true }).where(eq(pm.id, row.id));
      });
      return toMethod({ ...row, isDefault: true });
    },

    charge: async (client, request: MoneyRequest) => {
      const key = request.idempotencyKey;
      // The default method, the customer and the entry of an earlier request with the same key, in one query.
      const [found] = rowsOf<Record<string, unknown>>(
        await CHARGE_READ(db, { clientId: client.clientId, key: key ?? "" }),
      );
      if (!found) throw conflict(BILLING_MESSAGES.noDefaultMethod);
      const method = METHOD.read(found, "m.");
      const existing = found["c.clientId"] === null ? null : CUSTOMER.read(found, "c.");
      const entry = found["l.id"] === null ? null : LEDGER.read(found, "l.");
      if (key && entry) return replayOf(entry, request);
      const customer =
        existing && existing.provider === gateway.kind ? existing.externalId : await ensureCustomer(client);
      // No client lock for a charge (refunds take it: they must not pass the net charged, and a charge
      // only adds to it). Two requests with one key at once both ask the provider under the same
      // provider key, which answers the same charge, and the ledger's unique key keeps one row: the
      // second answers the first's entry.
      const outcome = await gateway.charge(customer, stored(method), {
        amountCents: request.amountCents,
        orderId: request.orderId,
        clientId: client.clientId,
        idempotencyKey: providerKey("charge", client, request),
      });
      const recorded = await record(db, client, request, "charge", outcome);
      if (recorded) return { entry: recorded, replayed: false };
      const first = key ? await earlierEntry(db, client, "charge", key) : undefined;
      if (!first) throw new Error("ledger insert failed");
      return replayOf(first, request);
    },

    refund: async (client, request: MoneyRequest) => {
      // A client never charged has no customer and nothing to refund: refuse without making one.
      if (!(await customerOf(db, client.clientId)))
        throw conflict(BILLING_MESSAGES.refundTooLarge, {
          refundAmt: "At most 0 cents can be refunded for this order",
        });
      return db.transaction(async (tx) => {
        await lockClient(tx, client.clientId);
        const replay = await earlier(tx, client, "refund", request);
        if (replay) return replay;
        const net = await netCharged(tx, client.clientId, request.orderId);
        if (request.amountCents > net)
          throw conflict(BILLING_MESSAGES.refundTooLarge, {
            refundAmt: `At most ${net} cents can be refunded for this order`,
          });
        const [charge] = await tx
          .select()
          .from(ledgerT)
          .where(
            and(
              eq(ledgerT.clientId, client.clientId),
              eq(ledgerT.orderId, request.orderId),
              eq(ledgerT.kind, "charge"),
              eq(ledgerT.status, "succeeded"),
            ),
          )
          .orderBy(desc(ledgerT.id))
          .limit(1);
        if (!charge?.externalId) throw conflict(BILLING_MESSAGES.refundTooLarge);
        const outcome = await gateway.refund(charge.externalId, {
          amountCents: request.amountCents,
          idempotencyKey: providerKey("refund", client, request),
        });
        // Under the client's lock, after `earlier`: no other request with this key can have written it.
        const entry = await record(tx, client, request, "refund", outcome);
        if (!entry) throw new Error("ledger insert failed");
        return { entry, replayed: false };
      });
    },

    createPortalSession: async (client, returnUrl) => {
      if (gateway.kind !== "stripe") throw conflict(BILLING_MESSAGES.portalNeedsStripe);
      const url = await gateway.portal(await ensureCustomer(client), returnUrl);
      if (!url) throw conflict(BILLING_MESSAGES.portalNeedsStripe);
      return url;
    },

    transactions: (range) => providerTransactions(db, gateway, range),

    ledger: async (clientId, orderId) =>
      (
        await db
          .select()
          .from(ledgerT)
          .where(and(eq(ledgerT.clientId, clientId), orderId ? eq(ledgerT.orderId, orderId) : undefined))
          .orderBy(asc(ledgerT.id))
      ).map(toEntry),
  };
};
