import { webhooksApi as api } from "@hub/contracts/integrations/webhooks-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { deliverWebhook, sweepDeliveries } from "./deliver";
import {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  listEvents,
  removeEndpoint,
  resendDelivery,
  rotateSecret,
  sendTest,
  updateEndpoint,
} from "./endpoints.service";
import { WEBHOOK_QUEUE, WEBHOOK_SWEEP_QUEUE } from "./events";
import { batchUnitChanges, WEBHOOK_UNITS_QUEUE } from "./unit-changes";

/** Webhooks and the event log (issue 20); what each answers and who may call it is in `webhooksApi`. */
export const webhooksRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, jobs } = deps;
    // Each attempt is one job; the delivery row, not pg-boss's retry, decides what is left (retryLimit 1 covers a lost
    // worker: an attempt takes at most its 15 s time-out, so one not finished in 30 s was lost with its process).
    jobs.work<{ deliveryId: number }>(WEBHOOK_QUEUE, (data) => deliverWebhook(deps, data.deliveryId), {
      retryLimit: 1,
      expireInSeconds: 30,
    });
    jobs.work(WEBHOOK_SWEEP_QUEUE, () => sweepDeliveries(deps), { retryLimit: 0 });
    jobs.schedule(WEBHOOK_SWEEP_QUEUE, "* * * * *");
    // Unit state changes reach the endpoints that hear them in batches, a minute's at a time (unit-changes.ts).
    jobs.work(WEBHOOK_UNITS_QUEUE, () => batchUnitChanges(db, jobs).then(() => undefined), { retryLimit: 0 });
    jobs.schedule(WEBHOOK_UNITS_QUEUE, "* * * * *");

    register(app, api.list, async (request) => listEndpoints(db, principalOf(request)));
    register(app, api.create, async (request, reply) =>
      reply.status(201).send(await createEndpoint(deps, principalOf(request), request.body)),
    );
    register(app, api.update, async (request) =>
      updateEndpoint(deps, principalOf(request), request.params.id, request.body),
    );
    register(app, api.remove, async (request, reply) => {
      await removeEndpoint(db, principalOf(request), request.params.id);
      return reply.status(204).send(null);
    });
    register(app, api.rotateSecret, async (request) => rotateSecret(deps, principalOf(request), request.params.id));
    register(app, api.deliveries, async (request) =>
      listDeliveries(db, principalOf(request), request.params.id, request.query),
    );
    register(app, api.sendTest, async (request, reply) =>
      reply.status(202).send(await sendTest(deps, principalOf(request), request.params.id)),
    );
    register(app, api.resend, async (request, reply) =>
      reply
        .status(202)
        .send(await resendDelivery(deps, principalOf(request), request.params.id, request.params.deliveryId)),
    );
    register(app, api.events, async (request) => listEvents(db, principalOf(request), request.query));
  };
