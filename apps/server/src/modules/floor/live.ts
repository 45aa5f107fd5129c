import { FLOOR_CHANGE_EVENT, FLOOR_HEARTBEAT_MS, type TFloorChange, ZFloorChangeSchema } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { type NotifyListener, noticeInsert, noticeItems } from "../../platform/notify";
import type { Principal } from "../../platform/principal";

/**
 * Live floor events (docs/adr/0006-floor-live.md). A unit's change queues a small notice for the
 * `floor_changes` channel inside the transaction that makes it; the publisher sends the committed
 * ones in batches every 100 ms, to every server instance listening on the database
 * (platform/notify.ts); each instance passes the changes its subscribers may see to their
 * server-sent-event streams, and the /openOrders page refetches what it shows.
 */

export const FLOOR_CHANNEL = "floor_changes";

/**
 * Queues an order's floor change in the caller's transaction (releasing it made its units); nothing
 * is sent if the transaction rolls back. A unit's change is queued by the statement that moves it
 * (`applyUnitAction`, state.ts).
 */
export const notifyOrderFloorChange = async (tx: HubTx, orderId: number): Promise<void> => {
  await tx.execute(orderFloorNotice(orderId));
};

/**
 * The insert `notifyOrderFloorChange` runs, for a statement that queues it itself (a first release):
 * from the order's row, or from `source`, a CTE of the same statement that returns it (a new order's
 * release, whose notice goes only if its settling update matched).
 */
export const orderFloorNotice = (orderId: number, source?: string): SQL =>
  noticeInsert(
    FLOOR_CHANNEL,
    sql`json_build_object('factoryId', factory_id, 'clientId', client_id, 'orderId', id, 'unitId', null, 'status', null)`,
    source === undefined ? sql`from orders where id = ${orderId}` : sql`from ${sql.identifier(source)}`,
  );

/** The changes in one notice (a batch of them, platform/notify.ts); anything malformed is left out. */
export const parseFloorChanges = (payload: string): TFloorChange[] =>
  noticeItems(payload).flatMap((item) => {
    const parsed = ZFloorChangeSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });

/**
 * Whether a caller may see a change: a facility user its own facilities' units; an internal admin
 * every facility's, or only the session client's when one is chosen (as the list is scoped); a
 * client user (Production Overview) its own client's.
 */
export const seesFloorChange = (p: Principal, change: TFloorChange): boolean => {
  if (p.isInternal) return p.sessionClientId === null || p.sessionClientId === change.clientId;
  if (p.isFacility) return p.factoryIds.includes(change.factoryId);
  return p.clientId !== null && p.clientId === change.clientId;
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
    let out = "";
    for (const change of parseFloorChanges(payload)) {
      if (seesFloorChange(principal, change))
        out += `event: ${FLOOR_CHANGE_EVENT}\ndata: ${JSON.stringify(change)}\n\n`;
    }
    if (out) res.write(out);
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
