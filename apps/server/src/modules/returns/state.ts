import { RETURN_TRANSITIONS, type TReturnStatus, type TWebhookEventType } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { conflict } from "../../platform/errors";
import { recordEvent } from "../webhooks/events";

/**
 * The only function that changes a return's status: it checks the transition is allowed (else a
 * 409 naming the current state) and writes the history row, in the caller's transaction, together
 * with what the change brings (the refunded amount, the remake order). The caller holds the return
 * row locked (select … for update).
 */

type ReturnInsert = typeof schema.returns.$inferInsert;

/** Throws the 409 when a return may not move to a status (checked before money moves, and again here). */
export const checkReturnTransition = (ret: { rmaNumber: string; status: string }, to: TReturnStatus): void => {
  const from = ret.status as TReturnStatus;
  if (!(RETURN_TRANSITIONS[from] ?? []).includes(to))
    throw conflict(`Return ${ret.rmaNumber} is ${from}, so it cannot be ${to}.`, { status: from });
};

export const transitionReturn = async (
  tx: HubTx,
  ret: { id: number; rmaNumber: string; status: string; clientId: number; orderId: number },
  to: TReturnStatus,
  actor: string,
  reason: string | null,
  also: Pick<ReturnInsert, "refundedCents" | "remakeOrderId"> = {},
): Promise<void> => {
  checkReturnTransition(ret, to);
  await tx
    .update(schema.returns)
    .set({ ...also, status: to, updatedAt: new Date() })
    .where(eq(schema.returns.id, ret.id));
  await tx
    .insert(schema.returnStatusHistory)
    .values({ returnId: ret.id, fromStatus: ret.status, toStatus: to, reason, actor });
  const event = RETURN_EVENTS[to];
  if (event) await raiseReturnEvent(tx, ret, event, { refundedCents: also.refundedCents ?? null });
};

/** The moves of a return that the client's integrations hear (webhooks, the event log). */
const RETURN_EVENTS: Partial<Record<TReturnStatus, TWebhookEventType>> = {
  received: "return.received",
  refunded: "return.refunded",
};

export const raiseReturnEvent = (
  tx: HubTx,
  ret: { id: number; rmaNumber: string; clientId: number; orderId: number },
  type: TWebhookEventType,
  extra: Record<string, unknown> = {},
) =>
  recordEvent(tx, ret.clientId, type, { returnId: ret.id, rmaNumber: ret.rmaNumber, orderId: ret.orderId, ...extra });
