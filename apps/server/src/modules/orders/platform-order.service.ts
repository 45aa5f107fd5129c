import { PLATFORM_ORDER_MESSAGES, platformStatusOf, type TOrder, type TShippingCredentials } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { ModuleDeps } from "../../platform/deps";
import { conflict } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { type SavedCredentials, shippingCredentialsOf } from "../integrations/integrations.service";
import {
  type PlatformAddress,
  type PlatformOrder,
  type PlatformOrderOutcome,
  sendShippingOrder,
} from "../integrations/platforms";
import { getOrder, orderRowFor } from "./read.service";
import { type OrderRow, o, oi } from "./rows";

/**
 * An order's copy on its client's shipping platform (issue 20, spec 7 "redo shipping-platform
 * order"; ARCHITECTURE.md "Shipping", docs/adr/0008-shipping.md). The state lives on the
 * order (`platform_push`):
 *
 * - A first release marks it "pending" when the client has a shipping platform saved (in the
 *   release's own statement, `releaseOrder`); a cancel or ship of an order marked before
 *   marks it again (`transitionOrder`), so the platform learns the new status.
 * - The minute job (`runPlatformPushes`, queue `orders-platform-push`) claims pending orders one
 *   by one ("sending" since `platform_claimed_at`; a claim older than `staleAfterMs` is taken over:
 *   its worker died) and sends each with ShipStation's createorder, keyed by the order number, so
 *   a second send updates the one copy. Nothing is held locked while the platform answers.
 * - "Redo shipping-platform order" (`redoPlatformOrder`) claims and sends at once and answers the
 *   outcome.
 * - The outcome is written with the claim it belongs to (a newer claim or mark wins) and as a row
 *   of the order's history (its status unchanged, the platform's words as the reason).
 */

export const PLATFORM_PUSH_QUEUE = "orders-platform-push";

type PlatformDeps = Pick<ModuleDeps, "db" | "config">;

/** Integer cents as the platform writes money: dollars. */
const dollars = (cents: number) => cents / 100;

/** The order as the platform takes it: its ship-to (billed to the same), its live lines at their frozen prices. */
const platformOrderOf = async (db: HubDb, row: OrderRow): Promise<PlatformOrder> => {
  const items = await db.select().from(oi).where(eq(oi.orderId, row.id)).orderBy(asc(oi.lineNumber));
  const to: PlatformAddress = {
    name: row.shipName,
    company: row.shipCompany,
    street1: row.shipLine1,
    street2: row.shipLine2,
    city: row.shipCity,
    state: row.shipRegion,
    postalCode: row.shipPostalCode,
    country: row.shipCountry,
    phone: row.shipPhone,
  };
  return {
    orderNumber: row.orderNumber,
    orderKey: row.orderNumber,
    orderDate: row.placedAt.toISOString(),
    orderStatus: platformStatusOf(row.status),
    customerEmail: row.customerEmail,
    shipByDate: row.requestedShipDate,
    billTo: to,
    shipTo: to,
    items: items
      .filter((i) => i.status !== "cancelled")
      .map((i) => ({
        lineItemKey: `${row.orderNumber}-${i.lineNumber}`,
        sku: i.sku,
        name: i.styleName,
        quantity: i.quantity,
        unitPrice: dollars(i.unitPriceCents + i.upchargeCents),
        options: i.options.map((opt) => ({ name: opt.optionName, value: opt.attributeName })),
      })),
    amountPaid: dollars(row.chargedCents - row.refundedCents),
    internalNotes: row.poNumber ? `PO ${row.poNumber}` : null,
  };
};

/** The claim: the order marked "sending" now (to the millisecond, so the outcome can name it exactly). `only`: the job's condition (pending, or a stale claim). */
const claim = async (db: HubDb, orderId: number, only?: ReturnType<typeof and>) => {
  const [row] = await db
    .update(o)
    .set({ platformPush: "sending", platformClaimedAt: sql`date_trunc('milliseconds', clock_timestamp())` })
    .where(and(eq(o.id, orderId), only))
    .returning();
  return row ?? null;
};

type Saved = SavedCredentials<TShippingCredentials> | null;

/**
 * Sends a claimed order with its client's saved credentials (null: none saved any more) and writes
 * the outcome (if the claim is still its latest) and its history row.
 */
const sendClaimed = async (deps: PlatformDeps, row: OrderRow, actor: string, saved: Saved): Promise<boolean> => {
  const outcome: PlatformOrderOutcome = !saved
    ? { ok: false, message: PLATFORM_ORDER_MESSAGES.notConnected(row.clientName) }
    : !saved.ok
      ? saved
      : await sendShippingOrder(deps.config, saved.credentials, await platformOrderOf(deps.db, row));
  const status = platformStatusOf(row.status);
  const reason = outcome.ok
    ? PLATFORM_ORDER_MESSAGES.sent(outcome.platformOrderId, status)
    : PLATFORM_ORDER_MESSAGES.failed(outcome.message);
  // Only this claim's outcome sets the state: a later claim, or a cancel marking it pending meanwhile, keeps its own.
  // The outcome and its history row (the order's status unchanged) in one statement.
  await deps.db.execute(sql`
    with written as (
      update ${o} set
        platform_push = case when platform_push = 'sending' and platform_claimed_at = ${row.platformClaimedAt}
          then ${outcome.ok ? "sent" : "failed"} else platform_push end,
        platform_order_id = coalesce(${outcome.ok ? outcome.platformOrderId : null}, platform_order_id),
        platform_sent_at = case when ${outcome.ok} then now() else platform_sent_at end,
        platform_error = ${outcome.ok ? null : outcome.message.slice(0, 500)}
      where id = ${row.id}
      returning id, status)
    insert into ${schema.orderStatusHistory} (order_id, from_status, to_status, reason, actor)
    select id, status, status, ${reason.slice(0, 1000)}, ${actor} from written`);
  return outcome.ok;
};

export type PushRunResult = { sent: number; failed: number };

/** The minute job: every order waiting to be sent (or whose sender died), oldest first, each claimed by one worker. */
export const runPlatformPushes = async (
  deps: PlatformDeps,
  options: { staleAfterMs?: number; limit?: number; actor?: string } = {},
): Promise<PushRunResult> => {
  const staleAfterMs = options.staleAfterMs ?? 5 * 60_000;
  const due = or(
    eq(o.platformPush, "pending"),
    and(
      eq(o.platformPush, "sending"),
      sql`${o.platformClaimedAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`,
    ),
  );
  const waiting = await deps.db
    .select({ id: o.id })
    .from(o)
    .where(sql`${o.platformPush} in ('pending', 'sending') and ${due}`)
    .orderBy(sql`${o.platformClaimedAt} asc nulls first`, asc(o.id))
    .limit(options.limit ?? 100);
  const result: PushRunResult = { sent: 0, failed: 0 };
  // Each client's credentials read once a run, however many of its orders wait.
  const credentials = new Map<number, Promise<Saved>>();
  for (const { id } of waiting) {
    const row = await claim(deps.db, id, due);
    if (!row) continue; // another worker took it
    let saved = credentials.get(row.clientId);
    if (!saved) {
      saved = shippingCredentialsOf(deps.db, deps.config, row.clientId);
      credentials.set(row.clientId, saved);
    }
    if (await sendClaimed(deps, row, options.actor ?? "shipping platform", await saved)) result.sent += 1;
    else result.failed += 1;
  }
  return result;
};

/** POST /orders/:id/shippingPlatform: sends the order now, whatever its state, and answers it with the outcome. */
export const redoPlatformOrder = async (
  deps: PlatformDeps & Pick<ModuleDeps, "billing">,
  p: Principal,
  id: number,
): Promise<TOrder> => {
  const visible = await orderRowFor(deps.db, p, id);
  const saved = await shippingCredentialsOf(deps.db, deps.config, visible.clientId);
  if (!saved) throw conflict(PLATFORM_ORDER_MESSAGES.notConnected(visible.clientName));
  const row = await claim(deps.db, visible.id);
  if (row) await sendClaimed(deps, row, p.userName, saved);
  return getOrder(deps, p, id);
};
