import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The one rule for raising an event in a request (issue 20): raise it in the transaction of the
 * change (`recordEvent`, or the CTEs of `eventCtes` inside one statement), and nothing else. The
 * deliveries it wrote are noted on the request, and when the response has gone their first attempts
 * are queued; a delivery whose transaction rolled back is not there, and its job does nothing. An
 * event raised outside a request (a job, the payment recovery) is queued by the minute sweep.
 */
const raised = new AsyncLocalStorage<number[]>();
const byRequest = new WeakMap<FastifyRequest, number[]>();

/** Notes deliveries written in this request, for queueing after the response. */
export const noteDeliveries = (ids: readonly number[]): void => {
  if (ids.length > 0) raised.getStore()?.push(...ids);
};

/** `queue` is events.ts's `dispatch` for these deliveries (passed in: events.ts notes through this file). */
export const installEventDispatch = (app: FastifyInstance, queue: (deliveryIds: number[]) => Promise<void>): void => {
  // preValidation, not onRequest: the handler then runs inside the store even after the body was
  // parsed from the socket's own async context.
  app.addHook("preValidation", (request, _reply, done) => {
    const ids: number[] = [];
    byRequest.set(request, ids);
    raised.run(ids, done);
  });
  app.addHook("onResponse", async (request) => {
    const ids = byRequest.get(request);
    if (ids && ids.length > 0) await queue([...new Set(ids)]);
  });
};
