import type { TLedgerEntry } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { BillingAdapter } from "../../platform/billing";
import { HttpError } from "../../platform/errors";
import { releaseNewOrder, releaseOrder } from "../floor/production";
import { sendMessage, to } from "../messages/send";

/**
 * Charging an order, exactly once, whatever dies between the steps (docs/adr/0003-orders.md,
 * "Payment"). The steps:
 *
 * 1. Claim: the order moves from unpaid/failed to pending and its attempt count goes up, in one
 *    conditional update (placing does it in the transaction that writes the order, so an order with
 *    a card on file is never left unpaid and uncharged by a crash after its commit).
 * 2. Charge: the billing adapter charges under a key made of the order and the attempt
 *    (`order-<id>-charge-<n>`): the ledger answers a repeat of the key with its first entry, and the
 *    provider (Stripe) gets a key derived from it, so a repeat never moves money twice.
 * 3. Settle: paid (and released to the floor, made once, unless its facility turned auto-release
 *    off in Factory Config) or failed, only if the order is still pending on that same attempt.
 *
 * A pending order is resumed, never claimed again: steps 2 and 3 run again with the same attempt,
 * so the provider answers the charge it already made, or makes it now if it never got there. That
 * happens on "charge again", on a retry of placing with the same Idempotency-Key, at start-up, and
 * every minute for claims older than a minute (`startPaymentRecovery`). A provider that does not
 * answer leaves the order pending, to be resumed, rather than failed: a new attempt would have a new
 * key, and could charge a second time for a charge that went through unseen.
 */

const o = schema.orders;

type PaymentDeps = { db: HubDb; billing: BillingAdapter };
type OrderRow = typeof o.$inferSelect;
/** An order and its lines, as written or as settling left them. */
type Written = { row: OrderRow; items: (typeof schema.orderItems.$inferSelect)[] };
/** A charge's ledger entry (null when the provider refused or did not answer), and the order when settling answered it. */
type Charged = { entry: TLedgerEntry | null; order?: Written };

/** The key of an attempt's charge: the same for every resumption of that attempt. */
export const chargeKey = (orderId: number, attempt: number) => `order-${orderId}-charge-${attempt}`;

export const PAYMENT_MESSAGES = {
  noMethod: "No payment method on file: the order is invoiced and unpaid.",
  declined: (why: string) =>
    `The charge of the order failed: ${why}. The order is placed but unpaid; charge it again when the payment method is fixed.`,
  refused: (why: string) => `The charge of the order failed: ${why}. The order is placed but unpaid; charge it again.`,
  unanswered:
    "The payment provider did not answer. The charge is checked again with the provider within a minute, and never made twice.",
} as const;

export const hasDefaultMethod = async (db: HubDb | HubTx, clientId: number): Promise<boolean> => {
  const pm = schema.paymentMethods;
  const [method] = await db
    .select({ id: pm.id })
    .from(pm)
    .where(and(eq(pm.clientId, clientId), eq(pm.isDefault, true)));
  return Boolean(method);
};

/**
 * An order becomes paid: the payment state and the release to the floor (its units, made once:
 * modules/floor/production.ts; unless its facility turned auto-release off) in one transaction,
 * only while it is pending on `attempt` (or, for an order with nothing to charge, in the caller's
 * transaction).
 */
const settlePaid = async (
  db: HubDb,
  orderId: number,
  attempt: number,
  chargedCents: number,
  written?: Written,
): Promise<Written | undefined> => {
  // An order placing has just written: settled and released in one statement, answered as it leaves them.
  const settled = written ? await releaseNewOrder(db, written, "payment", { attempt, chargedCents }) : null;
  if (settled) return settled;
  const also = {
    set: { paymentState: "paid", paymentMessage: null, chargedCents, updatedAt: new Date() },
    where: and(eq(o.paymentState, "pending"), eq(o.chargeAttempts, attempt)),
    ifAutoRelease: true,
    event: { type: "order.paid" as const, data: { orderId, amountCents: chargedCents } },
  };
  // Settling is release's first statement (it marks and locks the order), and its event rides with the units.
  await db.transaction((tx) => releaseOrder(tx, orderId, "payment", also));
  return undefined;
};

const settleFailed = (db: HubDb, orderId: number, attempt: number, paymentMessage: string) =>
  db.transaction(async (tx) => {
    const [failed] = await tx
      .update(o)
      .set({ paymentState: "failed", paymentMessage, updatedAt: new Date() })
      .where(and(eq(o.id, orderId), eq(o.paymentState, "pending"), eq(o.chargeAttempts, attempt)))
      .returning({ clientId: o.clientId, orderNumber: o.orderNumber, placedBy: o.placedBy });
    // The client's admins and whoever placed it hear it, so someone charges it again.
    if (failed)
      await sendMessage(
        tx,
        {
          kind: "order.paymentFailed",
          title: `The payment for order ${failed.orderNumber} failed`,
          body: `${paymentMessage} Charge it again from the order once the payment method is fixed.`,
          link: `/orders/${orderId}`,
          clientId: failed.clientId,
        },
        to.clientAdminsAnd(failed.clientId, failed.placedBy),
      );
  });

/**
 * Step 1 for an order not written yet (placing): its payment columns as claimPayment would leave
 * them, so the insert is the claim. A client with a card on file and something to pay: pending on
 * attempt 1; without one: unpaid, an invoice, saying so. Null for an order with nothing to pay
 * (claimPayment marks it paid and releases it once written).
 */
export const claimOnInsert = (hasMethod: boolean, totalCents: number) => {
  if (!hasMethod) return { paymentState: "unpaid", chargeAttempts: 0, paymentMessage: PAYMENT_MESSAGES.noMethod };
  if (totalCents === 0) return null;
  return { paymentState: "pending", chargeAttempts: 1, paymentMessage: null };
};

/**
 * Step 1, in the caller's statement or transaction: claims the order for a charge and answers the
 * attempt, or null when there is nothing to charge now (no method on file: it stays unpaid as an
 * invoice; nothing to pay: it is paid and released here; cancelled, paid or already pending).
 */
export const claimPayment = async (
  db: HubDb | HubTx,
  orderId: number,
  /** What the caller already knows of the order (placing, which has just written it): saves reading it. */
  known?: { clientId: number; status: string; paymentState: string; totalCents: number },
): Promise<number | null> => {
  const [order] = known
    ? [known]
    : await db
        .select({ clientId: o.clientId, status: o.status, paymentState: o.paymentState, totalCents: o.totalCents })
        .from(o)
        .where(eq(o.id, orderId));
  if (!order || order.status === "cancelled" || !["unpaid", "failed"].includes(order.paymentState)) return null;
  if (!(await hasDefaultMethod(db, order.clientId))) {
    if (order.paymentState === "unpaid")
      await db
        .update(o)
        .set({ paymentMessage: PAYMENT_MESSAGES.noMethod, updatedAt: new Date() })
        .where(eq(o.id, orderId));
    return null;
  }
  const [claimed] = await db
    .update(o)
    .set({ paymentState: "pending", chargeAttempts: sql`${o.chargeAttempts} + 1`, updatedAt: new Date() })
    .where(and(eq(o.id, orderId), inArray(o.paymentState, ["unpaid", "failed"])))
    .returning({ attempt: o.chargeAttempts });
  if (!claimed) return null;
  if (order.totalCents === 0) {
    const paid = async (tx: HubTx) => {
      await releaseOrder(tx, orderId, "payment", {
        set: { paymentState: "paid", paymentMessage: null },
        where: undefined,
        ifAutoRelease: true,
        event: { type: "order.paid", data: { orderId, amountCents: 0 } },
      });
    };
    if (db instanceof PgTransaction) await paid(db);
    else await db.transaction(paid);
    return null;
  }
  return claimed.attempt;
};

/**
 * Steps 2 and 3 for a pending order, on its current attempt. Answers the charge's ledger entry when
 * the provider answered (succeeded or declined), null when it refused or did not answer.
 */
const settle = async (
  deps: PaymentDeps,
  order: OrderRow,
  actorUserId: number | null,
  written?: Written,
): Promise<Charged> => {
  const { db, billing } = deps;
  const attempt = order.chargeAttempts;
  let outcome: Awaited<ReturnType<BillingAdapter["charge"]>>;
  try {
    outcome = await billing.charge(
      { clientId: order.clientId, clientName: order.clientName },
      {
        clientId: order.clientId,
        orderId: order.orderNumber,
        amountCents: order.totalCents,
        actorUserId,
        idempotencyKey: chargeKey(order.id, attempt),
      },
    );
  } catch (error) {
    if (error instanceof HttpError) {
      // A refusal the adapter is sure of (no method on file any more, a key reused): failed, charge again.
      await settleFailed(db, order.id, attempt, PAYMENT_MESSAGES.refused(error.message));
      return { entry: null };
    }
    // No answer: whether the provider charged is unknown. Stay pending; the same key asks again.
    await db
      .update(o)
      .set({ paymentMessage: PAYMENT_MESSAGES.unanswered })
      .where(and(eq(o.id, order.id), eq(o.paymentState, "pending"), eq(o.chargeAttempts, attempt)))
      .catch(() => undefined);
    return { entry: null };
  }
  if (outcome.entry.status === "succeeded")
    return { entry: outcome.entry, order: await settlePaid(db, order.id, attempt, order.totalCents, written) };
  await settleFailed(
    db,
    order.id,
    attempt,
    PAYMENT_MESSAGES.declined(outcome.entry.failureMessage ?? "the payment was declined"),
  );
  return { entry: outcome.entry };
};

/**
 * Charges an order's total to its client's default payment method, once: claims it when unpaid or
 * failed, resumes it when pending (the same attempt and key), and does nothing when it is paid or
 * cancelled.
 */
export const payOrder = async (deps: PaymentDeps, orderId: number, actorUserId: number | null): Promise<void> => {
  await claimPayment(deps.db, orderId);
  await chargeClaimed(deps, orderId, actorUserId);
};

/**
 * Steps 2 and 3 for an order already claimed (pending); nothing for one that is not. Answers the
 * charge's ledger entry when the provider answered (placing answers a new order's ledger with it),
 * and, for an order the caller has just written that settling left paid and released in one
 * statement, the order and its lines as they now are (else the caller reads them).
 */
export const chargeClaimed = async (
  deps: PaymentDeps,
  orderId: number,
  actorUserId: number | null,
  /** The order and its lines as the caller just wrote them (placing, which claimed it in its insert): saves reading them. */
  written?: Written,
): Promise<Charged> => {
  const [order] = written?.row.id === orderId ? [written.row] : await deps.db.select().from(o).where(eq(o.id, orderId));
  if (!order || order.status === "cancelled" || order.paymentState !== "pending") return { entry: null };
  return settle(deps, order, actorUserId, written?.row.id === orderId ? written : undefined);
};

/**
 * Resumes every pending order whose claim is older than `olderThanMs`: the ones a crash, a lost
 * database connection or an unanswered provider left. Answers how many were looked at.
 */
export const resumePendingPayments = async (deps: PaymentDeps, olderThanMs: number): Promise<number> => {
  const stuck = await deps.db
    .select({ id: o.id })
    .from(o)
    .where(
      and(
        eq(o.paymentState, "pending"),
        ne(o.status, "cancelled"),
        lt(o.updatedAt, new Date(Date.now() - olderThanMs)),
      ),
    )
    .orderBy(o.id)
    .limit(500);
  for (const { id } of stuck) await payOrder(deps, id, null);
  return stuck.length;
};

/** How often, and after how long a claim counts as left behind by a request that died. */
export const PAYMENT_RECOVERY_MS = 60_000;

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/**
 * At start-up (every pending order: a process that died left them) and then every minute (claims
 * older than a minute), pending orders are resumed. Several instances may do it at once: the charge
 * key makes their charges one, and settling is conditional on the attempt.
 */
export const startPaymentRecovery = (deps: PaymentDeps, log: Log, everyMs = PAYMENT_RECOVERY_MS) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const run = (olderThanMs: number) => {
    running = resumePendingPayments(deps, olderThanMs)
      .then((count) => {
        if (count > 0) log.info({ count }, "resumed pending payments");
      })
      .catch((error: unknown) => log.warn({ err: error }, "could not resume pending payments; trying again later"))
      .finally(() => {
        if (closed) return;
        timer = setTimeout(() => run(everyMs), everyMs);
        timer.unref?.();
      });
  };
  run(0);
  return {
    /** Resolves once the current sweep (if any) is done. */
    idle: () => running ?? Promise.resolve(),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
};
