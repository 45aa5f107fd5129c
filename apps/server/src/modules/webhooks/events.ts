import type { TWebhookEventType } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import type { Jobs } from "../../platform/jobs";

/**
 * Raising an event (issue 20): the event and a delivery for each of the client's enabled endpoints
 * that hear its type are written in the caller's transaction (two statements), so an event exists
 * exactly when what raised it committed; `dispatch` then queues the deliveries' jobs after the
 * commit, never blocking the request (a process that dies between the two leaves the deliveries
 * pending, and the minute sweep queues them: deliver.ts).
 */
export const WEBHOOK_QUEUE = "webhook-deliver";
export const WEBHOOK_SWEEP_QUEUE = "webhook-sweep";

export type RaisedEvent = { eventId: number; deliveryIds: number[] };

export const recordEvent = async (
  tx: HubTx | HubDb,
  clientId: number,
  type: TWebhookEventType,
  data: Record<string, unknown>,
  onlyEndpointId?: number,
): Promise<RaisedEvent> => {
  const e = schema.hubEvents;
  const w = schema.webhookEndpoints;
  const d = schema.webhookDeliveries;
  const [event] = await tx.insert(e).values({ clientId, type, data }).returning({ id: e.id });
  if (!event) throw new Error("event not written");
  const endpointFilter =
    onlyEndpointId === undefined ? sql`${type} = any(${w.events}) and ${w.enabled}` : sql`${w.id} = ${onlyEndpointId}`;
  const rows = rowsOf<{ id: number | string }>(
    await tx.execute(sql`
      insert into ${d} (endpoint_id, event_id, status, next_attempt_at)
      select ${w.id}, ${event.id}, 'pending', now() from ${w}
      where ${w.clientId} = ${clientId} and ${endpointFilter}
      returning id`),
  );
  return { eventId: event.id, deliveryIds: rows.map((r) => Number(r.id)) };
};

/** Queues the deliveries' first attempts (after the raising transaction committed); a failure here is left to the sweep. */
export const dispatch = async (jobs: Jobs, raised: RaisedEvent | RaisedEvent[]): Promise<void> => {
  const ids = (Array.isArray(raised) ? raised : [raised]).flatMap((r) => r.deliveryIds);
  if (ids.length === 0) return;
  try {
    await jobs.ready();
    for (const deliveryId of ids)
      await jobs.send(WEBHOOK_QUEUE, { deliveryId }, { singletonKey: `delivery-${deliveryId}-1` });
    jobs.wake(WEBHOOK_QUEUE);
  } catch {
    // The deliveries stay pending; the sweep queues them within a minute.
  }
};
