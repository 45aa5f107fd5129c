import { type HubDb, type HubTx, schema } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { rowsOf } from "./database";

/**
 * PostgreSQL LISTEN/NOTIFY for the whole process, on either driver (docs/adr/0006-floor-live.md, "Live
 * floor" and "Batched notices"). A writer queues its notice in the `notice_outbox` table inside its
 * transaction (`queueNotice`: nothing is queued by a rolled-back one); each process's publisher
 * (`startNoticePublisher`) drains the committed notices every 100 ms (up to 1 s when idle) and sends them per channel as
 * JSON arrays of up to 50, one `pg_notify` each. Each server process holds one listener and fans
 * the notices out to its in-process subscribers (the SSE streams), which split the arrays:
 *
 * - PostgreSQL server: one dedicated `pg` connection (not one of the pool's) that runs LISTEN and
 *   reconnects with a growing pause after an error; every instance on the database gets every
 *   notice, so several instances behind a load balancer all see a scan made on any of them.
 * - Embedded PGlite: its own `listen()` API (one process, one database).
 *
 * After a reconnect, subscribers are called with `null`: notices may have been missed meanwhile,
 * so they should refresh whatever they show.
 */

export type NoticeHandler = (payload: string | null) => void;

export type NotifyListener = {
  /** Calls `handler` with every notice on `channel` from now on; answers the unsubscribe. */
  subscribe: (channel: string, handler: NoticeHandler) => () => void;
  /** Stops listening (the app's close). */
  close: () => Promise<void>;
};

type PgliteLike = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
};
type PgNotification = { channel: string; payload?: string };
type PgClientLike = {
  connect: () => Promise<void>;
  query: (text: string) => Promise<unknown>;
  end: () => Promise<void>;
  on(event: "notification", listener: (n: PgNotification) => void): void;
  on(event: "error" | "end", listener: (error?: Error) => void): void;
  removeAllListeners: () => void;
};
type PgPoolLike = { options: Record<string, unknown>; connect: unknown };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Starts the process's listener on `channels` over the database the app was built on. */
export const startNotifyListener = async (
  db: HubDb,
  channels: readonly string[],
  log: FastifyBaseLogger,
): Promise<NotifyListener> => {
  const handlers = new Map<string, Set<NoticeHandler>>(channels.map((c) => [c, new Set()]));
  const deliver = (channel: string, payload: string | null) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log.error({ err: error, channel }, "a notice handler failed");
      }
    }
  };
  const subscribe = (channel: string, handler: NoticeHandler) => {
    const set = handlers.get(channel);
    if (!set) throw new Error(`not listening on ${channel}`);
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  };

  const client = (db as unknown as { $client: unknown }).$client;
  if (client && typeof (client as PgliteLike).listen === "function") {
    const pglite = client as PgliteLike;
    const stops = await Promise.all(channels.map((c) => pglite.listen(c, (payload) => deliver(c, payload))));
    return {
      subscribe,
      close: async () => {
        handlers.clear();
        // The database may already be closing (tests close it after the app); nothing to undo then.
        await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
      },
    };
  }

  const pool = client as PgPoolLike;
  if (!pool || typeof pool.connect !== "function" || typeof pool.options !== "object") {
    throw new Error("The notify listener needs PGlite or a pg pool under the database.");
  }
  const { default: pg } = await import("pg");
  let closed = false;
  let current: PgClientLike | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pauseMs = 500;

  const connect = async (): Promise<void> => {
    const { max: _max, ...options } = pool.options;
    const next = new pg.Client(options) as unknown as PgClientLike;
    next.on("notification", (n) => deliver(n.channel, n.payload ?? ""));
    const lost = (error?: Error) => {
      if (current !== next) return;
      current = null;
      next.removeAllListeners();
      next.on("error", () => undefined);
      next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error, retryMs: pauseMs }, "the notify listener lost its connection; reconnecting");
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.on("error", () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    current = next;
  };
  const schedule = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect()
        .then(() => {
          pauseMs = 500;
          // Whatever was published while we were away is lost: subscribers refresh.
          for (const channel of channels) deliver(channel, null);
        })
        .catch((error: unknown) => {
          pauseMs = Math.min(pauseMs * 2, 30_000);
          log.warn({ err: error, retryMs: pauseMs }, "the notify listener could not reconnect");
          if (!closed) schedule();
        });
    }, pauseMs);
    retry.unref?.();
  };

  await connect();
  return {
    subscribe,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      handlers.clear();
      const last = current;
      current = null;
      if (last) {
        last.removeAllListeners();
        last.on("error", () => undefined);
        // A connection the server already cut (a dropped database) may never answer end(): give it a second.
        await Promise.race([last.end().catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
      }
    },
  };
};

/** Notices per `pg_notify`: a payload must stay under PostgreSQL's 8,000 bytes (a floor change is about 110). */
export const NOTICE_BATCH = 50;
/** How often each process drains the outbox while notices come: the most one then waits after its commit. */
export const NOTICE_DRAIN_MS = 100;
/**
 * An idle process drains less often, doubling the pause after each empty drain up to this: an idle
 * Hub does not query ten times a second for nothing (on the embedded database every query waits
 * for the one connection), and the first change after a quiet spell waits at most this long.
 */
export const NOTICE_IDLE_MS = 1_000;
/** Notices one drain takes at most; a full drain is followed by the next at once. */
const DRAIN_LIMIT = NOTICE_BATCH * 40;

/**
 * Queues a notice on `channel` in the caller's statement or transaction: `select` is a SQL select
 * list of one json value (and `rest` its `from … where …`), so a writer can fold it into the
 * statement that makes the change. PostgreSQL's own `pg_notify` in each writer's transaction would
 * make every notifying commit wait for the others (a global lock on the notification queue), which
 * capped the floor at about 230 scans a second on 2 cores.
 */
export const noticeInsert = (channel: string, select: SQL, rest: SQL = sql``): SQL =>
  sql`insert into ${schema.noticeOutbox} (channel, payload) select ${channel}, (${select})::jsonb ${rest}`;

export const queueNotice = async (tx: HubTx, channel: string, select: SQL, rest?: SQL): Promise<void> => {
  await tx.execute(noticeInsert(channel, select, rest));
};

/** Splits a batched notice (a JSON array) into its items; a single value is a batch of one. */
export const noticeItems = (payload: string): unknown[] => {
  try {
    const parsed: unknown = JSON.parse(payload);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
};

export type NoticePublisher = {
  /** Drains the outbox now: the number of notices sent (tests, and the bench). */
  drain: () => Promise<number>;
  /** Stops draining, after the drain under way (the app's close). */
  close: () => Promise<void>;
};

/**
 * Drains committed notices every `NOTICE_DRAIN_MS` while they come (backing off to `NOTICE_IDLE_MS`
 * while none do) and sends them: one statement deletes up to
 * `DRAIN_LIMIT` rows (`skip locked`, so several instances drain side by side without waiting on
 * each other) and sends them in batches of `NOTICE_BATCH` per channel. Any instance's drain
 * reaches every instance's listener. A failed drain is retried with a growing pause, and logged
 * once until one succeeds.
 */
export const startNoticePublisher = (db: HubDb, log: FastifyBaseLogger): NoticePublisher => {
  const o = schema.noticeOutbox;
  let closed = false;
  let failing = false;
  let pauseMs = NOTICE_DRAIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | null = null;

  const drainOnce = async (): Promise<number> => {
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`
      with taken as (
        delete from ${o} where id in (select id from ${o} order by id limit ${DRAIN_LIMIT} for update skip locked)
        returning id, channel, payload
      ), batches as (
        select channel, count(*)::int as n, json_agg(payload order by id)::text as batch
        from (select *, (row_number() over (partition by channel order by id) - 1) / ${NOTICE_BATCH} as part from taken) t
        group by channel, part
      )
      select n, pg_notify(channel, batch) from batches`),
    );
    return rows.reduce((sum, r) => sum + Number(r.n), 0);
  };
  const drain = () => {
    running ??= drainOnce().finally(() => {
      running = null;
    });
    return running;
  };
  let idleMs = NOTICE_DRAIN_MS;
  const tick = () => {
    drain()
      .then((sent) => {
        if (failing) log.info("the notice publisher drains again");
        failing = false;
        pauseMs = NOTICE_DRAIN_MS;
        idleMs = sent > 0 ? NOTICE_DRAIN_MS : Math.min(idleMs * 2, NOTICE_IDLE_MS);
        schedule(sent >= DRAIN_LIMIT ? 0 : idleMs);
      })
      .catch((error: unknown) => {
        if (closed) return;
        if (!failing) log.warn({ err: error }, "the notice publisher could not drain; retrying");
        failing = true;
        pauseMs = Math.min(pauseMs * 2, 5_000);
        schedule(pauseMs);
      });
  };
  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(tick, ms);
    timer.unref?.();
  };
  schedule(NOTICE_DRAIN_MS);
  return {
    drain,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
};
