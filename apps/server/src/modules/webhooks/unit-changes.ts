import type { HubDb } from "@hub/db";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import type { Jobs } from "../../platform/jobs";
import { dispatch, type RaisedEvent, recordEvent } from "./events";

/**
 * "units.changed" (issue 20: unit state changes, opt-in and batched). A floor scan is the hottest
 * write the Hub has, so it raises nothing itself: every minute a job (`webhook-units`) gathers, for
 * each client with an enabled endpoint that hears the type (its own, or its facility's), the unit changes since the last batch
 * (`floor_unit_events`, in id order) into one event of at most `UNITS_BATCH` changes. The batch's
 * last change id is in the event (`lastChangeId`): the next batch starts after it, so a change is in
 * exactly one batch. A client's first batch starts at its first such endpoint's creation. The
 * batch is written under a per-client advisory lock, so two workers never write the same changes.
 */
export const WEBHOOK_UNITS_QUEUE = "webhook-units";
export const UNITS_BATCH = 500;
/** Batches a run writes for one client at most (the rest waits a minute): 5,000 changes. */
const BATCHES_A_RUN = 10;

/** The advisory lock's first key: the batching of one client's unit changes. */
const LOCK_SPACE = 20_260_020;

type Change = {
  id: number | string;
  unit_id: number;
  barcode: string;
  order_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  at: string | Date;
};

/** Writes the next batch of one client's unit changes as one event; answers how many changes it held. */
const nextBatch = (db: HubDb, clientId: number): Promise<{ held: number; raised: RaisedEvent | null }> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${clientId})`);
    const changes = rowsOf<Change>(
      await tx.execute(sql`
        with cursor as (
          select coalesce(
            (select (data->>'lastChangeId')::bigint from hub_events
              where client_id = ${clientId} and type = 'units.changed' order by id desc limit 1),
            (select coalesce(max(e.id), 0) from floor_unit_events e
              where e.at < (select min(w.created_at) from webhook_endpoints w
                where (w.client_id = ${clientId}
                  or w.factory_id = (select factory_id from clients where client_id = ${clientId}))
                  and 'units.changed' = any(w.events)))
          ) as after
        )
        select e.id, e.unit_id, u.barcode, u.order_id, e.action, e.from_status, e.to_status, e.at
        from floor_unit_events e
        join floor_units u on u.id = e.unit_id
        where u.client_id = ${clientId} and e.id > (select after from cursor)
        order by e.id
        limit ${UNITS_BATCH}`),
    );
    const last = changes.at(-1);
    if (!last) return { held: 0, raised: null };
    const raised = await recordEvent(tx, clientId, "units.changed", {
      lastChangeId: Number(last.id),
      changes: changes.map((c) => ({
        unitId: c.unit_id,
        barcode: c.barcode,
        orderId: c.order_id,
        action: c.action,
        fromStatus: c.from_status,
        toStatus: c.to_status,
        at: new Date(c.at).toISOString(),
      })),
    });
    return { held: changes.length, raised };
  });

/**
 * The minute job: every client with an enabled endpoint hearing "units.changed" gets its changes
 * since the last batch, in batches, each queued for delivery once it committed. Answers the events
 * written.
 */
export const batchUnitChanges = async (db: HubDb, jobs: Jobs | null): Promise<number> => {
  const clients = rowsOf<{ client_id: number }>(
    await db.execute(sql`select distinct c.client_id from clients c
      join webhook_endpoints w on w.client_id = c.client_id or w.factory_id = c.factory_id
      where w.enabled and 'units.changed' = any(w.events)`),
  );
  let events = 0;
  for (const { client_id: clientId } of clients) {
    for (let i = 0; i < BATCHES_A_RUN; i++) {
      const { held, raised } = await nextBatch(db, clientId);
      if (raised) {
        events++;
        if (jobs) await dispatch(jobs, raised);
      }
      if (held < UNITS_BATCH) break;
    }
  }
  return events;
};
