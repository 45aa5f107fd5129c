import { FLOOR_CHANGE_EVENT, FLOOR_HEARTBEAT_MS, type TFloorChange, ZFloorChangeSchema } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { NotifyListener } from "../../platform/notify";
import type { Principal } from "../../platform/principal";

/**
 * Live floor events (docs/adr/0006-floor-live.md). A unit's change publishes a small
 * notice on the `floor_changes` channel inside the transaction that makes it (PostgreSQL delivers
 * it on commit, to every server instance listening on the database: platform/notify.ts); each
 * instance passes the notices its subscribers may see to their server-sent-event streams, and the
 * /openOrders page refetches what it shows.
 */

export const FLOOR_CHANNEL = "floor_changes";

/**
 * Publishes an order's floor change in the caller's transaction (releasing it made its units); nothing
 * is sent if the transaction rolls back. A unit's change is published by the statement that moves it
 * (`applyUnitAction`, state.ts).
 */
export const notifyOrderFloorChange = async (tx: HubTx, orderId: number): Promise<void> => {
  await tx.execute(sql`select pg_notify(${FLOOR_CHANNEL}, json_build_object(
    'factoryId', factory_id, 'clientId', client_id, 'orderId', id, 'unitId', null, 'status', null)::text)
    from orders where id = ${orderId}`);
};

export const parseFloorChange = (payload: string): TFloorChange | null => {
  try {
    const parsed = ZFloorChangeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * Whether a caller may see a change: a facility user its own facilities' units; an internal admin
 * every facility's, or only the session client's when one is chosen (as the list is scoped).
 */
export const seesFloorChange = (p: Principal, change: TFloorChange): boolean => {
  if (p.isInternal) return p.sessionClientId === null || p.sessionClientId === change.clientId;
  if (p.isFacility) return p.factoryIds.includes(change.factoryId);
  return false;
};

/**
 * Serves one server-sent-event stream: `retry`, a `ready` event, then a `floor-change` event
 * (`data`: the notice as JSON) for every change the caller may see, a `resync` event after the
 * listener reconnected (changes may have been missed), and a comment line as a heartbeat so
 * proxies keep the connection open. Ends when the caller goes or the server closes.
 */
export const streamFloorChanges = (
  reply: FastifyReply,
  principal: Principal,
  listener: NotifyListener,
  open: Set<() => void>,
): void => {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
  });
  res.write(`retry: 3000\n\nevent: ready\ndata: {}\n\n`);
  const unsubscribe = listener.subscribe(FLOOR_CHANNEL, (payload) => {
    if (payload === null) {
      res.write(`event: resync\ndata: {}\n\n`);
      return;
    }
    const change = parseFloorChange(payload);
    if (change && seesFloorChange(principal, change)) {
      res.write(`event: ${FLOOR_CHANGE_EVENT}\ndata: ${JSON.stringify(change)}\n\n`);
    }
  });
  const heartbeat = setInterval(() => res.write(`: heartbeat\n\n`), FLOOR_HEARTBEAT_MS);
  heartbeat.unref();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    open.delete(end);
    if (!res.writableEnded) res.end();
  };
  open.add(end);
  res.on("close", end);
  res.on("error", end);
};
