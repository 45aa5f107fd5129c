import { ordersApi as api, couponsApi } from "@hub/contracts/orders/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { register } from "../../platform/operations";
import { getOrderCost } from "./cost.service";
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from "./coupons.service";
import { entryOptions, entryStyleDetails, entryStyles } from "./entry.service";
import {
  addComment,
  bulkOrders,
  cancelOrder,
  chargeOrder,
  completeOrder,
  editItem,
  exportOrders,
  getOrder,
  listComments,
  listHistory,
  listIssues,
  listOrders,
  ORDER_CSV_HEADER,
  placeKeyedOrder,
  placeOrder,
  quoteOrder,
  raiseIssue,
  refundOrder,
  updateIssue,
} from "./orders.service";
import { PLATFORM_PUSH_QUEUE, redoPlatformOrder, runPlatformPushes } from "./platform-order.service";

/** The orders area's handlers (issue 10); what each answers and who may call it is in `ordersApi` and `couponsApi`. */
export const ordersRoutes =
  ({ db, billing, config, jobs }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db, billing };

    // Orders waiting for their client's shipping platform, sent every minute by one worker each (the claim).
    jobs.work(PLATFORM_PUSH_QUEUE, async () => void (await runPlatformPushes({ db, config })), { retryLimit: 0 });
    jobs.schedule(PLATFORM_PUSH_QUEUE, "* * * * *");

    register(app, api.entryOptions, async (request) => entryOptions(db, principalOf(request), request.query.clientId));
    register(app, api.entryStyles, async (request) => entryStyles(db, principalOf(request), request.query));
    register(app, api.entryStyle, async (request) =>
      entryStyleDetails(db, principalOf(request), request.params.styleId, request.query.clientId),
    );
    register(app, api.quote, async (request) => quoteOrder(db, principalOf(request), request.body));
    register(app, api.place, async (request, reply) => {
      const { order, created } = await placeOrder(deps, principalOf(request), {
        source: "entry",
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return reply.status(created ? 201 : 200).send(order);
    });
    register(app, api.placeWeb, async (request, reply) => {
      const { order, created } = await placeKeyedOrder(deps, principalOf(request), {
        source: "web",
        body: request.body,
      });
      return reply.status(created ? 201 : 200).send(order);
    });
    register(app, api.placePortal, async (request, reply) => {
      const { order, created } = await placeKeyedOrder(deps, principalOf(request), {
        source: "portal",
        body: request.body,
      });
      return reply.status(created ? 201 : 200).send(order);
    });

    register(app, api.list, async (request) => listOrders(db, principalOf(request), request.query));
    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(
        reply,
        "orders.csv",
        toCsv(ORDER_CSV_HEADER, await exportOrders(db, principalOf(request), request.query)),
      ),
    );
    register(app, api.bulk, async (request) =>
      bulkOrders(deps, principalOf(request), request.body.ids, request.body.action, request.body.reason ?? null),
    );
    register(app, api.get, async (request) => getOrder(deps, principalOf(request), request.params.id));
    register(app, api.complete, async (request) =>
      completeOrder(deps, principalOf(request), request.params.id, request.body.reason ?? null),
    );
    register(app, api.cancel, async (request) =>
      cancelOrder(deps, principalOf(request), request.params.id, request.body.reason),
    );
    register(app, api.refund, async (request) =>
      refundOrder(
        deps,
        principalOf(request),
        request.params.id,
        request.body.amountCents,
        request.body.reason ?? null,
        idempotencyKeyOf(request),
      ),
    );
    register(app, api.charge, async (request) => chargeOrder(deps, principalOf(request), request.params.id));
    register(app, api.redoPlatformOrder, async (request) =>
      redoPlatformOrder({ db, billing, config }, principalOf(request), request.params.id),
    );
    register(app, api.editItem, async (request) =>
      editItem(deps, principalOf(request), request.params.id, request.params.itemId, request.body),
    );

    register(app, api.comments, async (request) => listComments(db, principalOf(request), request.params.id));
    register(app, api.addComment, async (request, reply) =>
      reply.status(201).send(await addComment(db, principalOf(request), request.params.id, request.body.body)),
    );
    register(app, api.issues, async (request) => listIssues(db, principalOf(request), request.params.id));
    register(app, api.raiseIssue, async (request, reply) =>
      reply
        .status(201)
        .send(await raiseIssue(db, principalOf(request), request.params.id, request.body.body, request.body.itemId)),
    );
    register(app, api.respondIssue, async (request) =>
      updateIssue(db, principalOf(request), request.params.id, request.params.issueId, {
        response: request.body.response,
      }),
    );
    register(app, api.resolveIssue, async (request) =>
      updateIssue(db, principalOf(request), request.params.id, request.params.issueId, { resolved: true }),
    );
    register(app, api.cost, async (request) => getOrderCost(db, principalOf(request), request.params.id));
    register(app, api.history, async (request) => listHistory(db, principalOf(request), request.params.id));

    register(app, couponsApi.list, async (request) => listCoupons(db, principalOf(request), request.query));
    register(app, couponsApi.get, async (request) => getCoupon(db, principalOf(request), request.params.id));
    register(app, couponsApi.create, async (request, reply) =>
      reply.status(201).send(await createCoupon(db, principalOf(request), request.body)),
    );
    register(app, couponsApi.update, async (request) =>
      updateCoupon(db, principalOf(request), request.params.id, request.body),
    );
    register(app, couponsApi.remove, async (request) => deleteCoupon(db, principalOf(request), request.params.id));
  };
