import type { HubDb } from "@hub/db";
import type { FastifyBaseLogger } from "fastify";

/**
 * PostgreSQL LISTEN/NOTIFY for the whole process, on either driver (docs/adr/0006-floor-live.md, "Live
 * floor"). A writer publishes with `select pg_notify(channel, payload)` inside its transaction
 * (PostgreSQL delivers it on commit, and never for a rolled-back one). Each server process holds
 * one listener and fans the notices out to its in-process subscribers (the SSE streams):
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
