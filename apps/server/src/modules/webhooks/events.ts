import type { TWebhookEventType } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import type { Jobs } from "../../platform/jobs";
import { noteDeliveries } from "./request-events";

/**
 * Raising an event (issue 20): the event and a delivery for each enabled endpoint that hears its
 * type, the client's and the facility's that serves the client (`clients.factory_id`, kept on the
 * event), are written in the caller's transaction (one statement), so an event exists
 * exactly when what raised it committed; `dispatch` then queues the deliveries' jobs after the
 * commit, never blocking the request (a process that dies between the two leaves the deliveries
 * pending, and the minute sweep queues them: deliver.ts).
 */
export const WEBHOOK_QUEUE = "webhook-deliver";
export const WEBHOOK_SWEEP_QUEUE = "webhook-sweep";

export type RaisedEvent = { eventId: number; deliveryIds: number[] };

export const recordEvent = (
  tx: HubTx | HubDb,
  clientId: number,
  type: TWebhookEventType,
  data: Record<string, unknown>,
  onlyEndpointId?: number,
): Promise<RaisedEvent> =>
  raise(tx, sql`select ${clientId}::int as client_id, ${JSON.stringify(data)}::jsonb as data`, type, onlyEndpointId);

/** A facility's own event (its endpoint's test event): no client, heard by that facility's endpoints. */
export const recordFacilityEvent = (
  tx: HubTx | HubDb,
  factoryId: number,
  type: TWebhookEventType,
  data: Record<string, unknown>,
  onlyEndpointId?: number,
): Promise<RaisedEvent> =>
  raise(
    tx,
    sql`select null::int as client_id, ${JSON.stringify(data)}::jsonb as data, ${factoryId}::int as factory_id`,
    type,
    onlyEndpointId,
    true,
  );

const raise = async (
  tx: HubTx | HubDb,
  source: SQL,
  type: TWebhookEventType,
  onlyEndpointId: number | undefined,
  ownFactory = false,
): Promise<RaisedEvent> => {
  // The event and its deliveries in one statement (one round trip inside the caller's transaction).
  const [row] = rowsOf<{ event_id: number | string; delivery_ids: (number | string)[] | null }>(
    await tx.execute(sql`with ${eventCtes("raised", type, source, onlyEndpointId, ownFactory)}
      select (select id from raised_event) as event_id,
        (select coalesce(array_agg(id), '{}') from raised_deliveries) as delivery_ids`),
  );
  if (!row) throw new Error("event not written");
  const deliveryIds = (row.delivery_ids ?? []).map(Number);
  noteDeliveries(deliveryIds);
  return { eventId: Number(row.event_id), deliveryIds };
};

/**
 * The same as `recordEvent`, as two CTEs for a statement that writes the change itself (placing's
 * one statement, ADR 0003): `source` selects `client_id` and `data` (jsonb) from the statement's
 * own CTEs; select `delivery_ids` from `<name>_deliveries` and pass them to `noteDeliveries`. The
 * event's facility is its client's (`ownFactory`: the source's own `factory_id`, a facility's test).
 */
export const eventCtes = (
  name: string,
  type: TWebhookEventType,
  source: SQL,
  onlyEndpointId?: number,
  ownFactory = false,
): SQL => {
  // A test event goes to its one endpoint, whatever it hears; any other to the enabled ones that hear its type.
  const hears =
    onlyEndpointId === undefined ? sql`${type} = any(w.events) and w.enabled` : sql`w.id = ${onlyEndpointId}`;
  const factory = ownFactory ? sql`s.factory_id` : sql`c.factory_id`;
  return sql`
  ${sql.raw(name)}_event as (insert into hub_events (client_id, factory_id, type, data)
    select s.client_id, ${factory}, ${type}, s.data from (${source}) s
    left join clients c on c.client_id = s.client_id
    returning id, client_id, factory_id),
  ${sql.raw(name)}_deliveries as (insert into webhook_deliveries (endpoint_id, event_id, status, next_attempt_at)
    select w.id, e.id, 'pending', now() from ${sql.raw(name)}_event e
    join webhook_endpoints w on (w.client_id = e.client_id or w.factory_id = e.factory_id) and ${hears}
    returning id)`;
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
