import type { FastifyRequest } from "fastify";
import { principalOf } from "./access";

/**
 * Identical reads that arrive together share one computation, and no request is ever answered by
 * a computation that started before it arrived. Per key, at most one computation runs and at most
 * one waits: a request that finds one running joins the one that starts when it ends (which serves
 * every request that arrived meanwhile). So a person who writes and then reads sees the write, and
 * twenty people watching the same dashboard cost the database two reads at a time, not twenty.
 *
 * The state is per process and holds only keys with work in flight.
 */
export const createSharedReads = () => {
  type Slot = { running?: Promise<unknown>; next?: Promise<unknown> };
  const slots = new Map<string, Slot>();
  const ignore = () => {};

  const start = <T>(key: string, slot: Slot, compute: () => Promise<T>): Promise<T> => {
    const p = compute();
    slot.running = p;
    const settle = () => {
      if (slot.running !== p) return;
      slot.running = undefined;
      if (!slot.next) slots.delete(key);
    };
    p.then(settle, settle);
    return p;
  };

  const read = <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    const slot = slots.get(key) ?? {};
    const running = slot.running;
    if (!running) {
      slots.set(key, slot);
      return start(key, slot, compute);
    }
    slot.next ??= running.then(ignore, ignore).then(() => {
      slot.next = undefined;
      return start(key, slot, compute);
    });
    return slot.next as Promise<T>;
  };

  return { read, inFlight: () => slots.size };
};

/**
 * The key of a read as a request asks it: the route, who asks (every field of the principal that
 * scopes what it may see) and the query. Two requests share a read only when all three agree.
 */
export const sharedReadKey = (request: FastifyRequest): string => {
  const p = principalOf(request);
  const who = {
    ...p,
    cards: [...p.cards].sort(),
    roles: [...p.roles].sort(),
  };
  return JSON.stringify([request.routeOptions.url, who, request.query]);
};
