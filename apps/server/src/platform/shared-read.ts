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

import type { Principal } from "./principal";

/**
 * What a principal may see, without who it is: the same principal with its user id and name
 * blanked. A read computed for it can depend only on the caller's access (kind, client, facilities,
 * plan, roles and cards, session client, API key), never on the person, so two people with the same
 * access get the same answer and may share it (`sharedReadKey`).
 */
export const accessOf = (p: Principal): Principal => ({ ...p, userId: 0, userName: "" });

/**
 * The key of a read as a request asks it: the route, the caller's access (`accessOf`: every field of
 * the principal that scopes what it may see, not who the person is) and the query. Two requests
 * share a read only when all three agree, so the read must be computed for `accessOf(principal)`.
 */
export const sharedReadKey = (request: FastifyRequest): string => {
  const p = accessOf(principalOf(request));
  const access = {
    ...p,
    cards: [...p.cards].sort(),
    roles: [...p.roles].sort(),
  };
  return JSON.stringify([request.routeOptions.url, access, request.query]);
};
