import {
  ZBulkOrderRequestSchema,
  ZBulkOrderResultSchema,
  ZCancelRequestSchema,
  ZCommentListSchema,
  ZCommentRequestSchema,
  ZCommentSchema,
  ZCompleteRequestSchema,
  ZCouponListQuerySchema,
  ZCouponPageSchema,
  ZCouponRequestSchema,
  ZCouponSchema,
  ZEntryOptionsSchema,
  ZEntryQuerySchema,
  ZEntryStyleDetailsSchema,
  ZEntryStyleListSchema,
  ZEntryStyleLookupQuerySchema,
  ZEntryStyleParamsSchema,
  ZHistoryListSchema,
  ZIdParamsSchema,
  ZIssueListSchema,
  ZIssueRequestSchema,
  ZIssueRespondRequestSchema,
  ZIssueSchema,
  ZItemEditRequestSchema,
  ZOrderIdParamsSchema,
  ZOrderIssueParamsSchema,
  ZOrderItemParamsSchema,
  ZOrderListQuerySchema,
  ZOrderPageSchema,
  ZOrderRefundRequestSchema,
  ZOrderSchema,
  ZPlaceOrderRequestSchema,
  ZQuoteRequestSchema,
  ZQuoteSchema,
  ZWebOrderRequestSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses, forbidden } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
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
  placeOrder,
  quoteOrder,
  raiseIssue,
  refundOrder,
  updateIssue,
} from "./orders.service";

const tags = ["orders"];
const errors = errorResponses(402, 409);

/** Order entry (quote, place): client users, facility users and internal admins with the Order Entry card. */
const ENTRY: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orderEntry" };
/** Order details (list, read, act): the same people with the Order Details card; services scope by tenant. */
const ORDERS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orders" };
/** Coupons: the facility's users and internal admins. */
const COUPONS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "orders" };

/** The orders area's routes (issue 10). */
export const ordersRoutes =
  ({ db, billing }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db, billing };

    app.get(
      "/orders/entry/options",
      {
        config: { access: ENTRY },
        schema: { tags, querystring: ZEntryQuerySchema, response: { 200: ZEntryOptionsSchema, ...errors } },
      },
      async (request) => entryOptions(db, principalOf(request), request.query.clientId),
    );

    app.get(
      "/orders/entry/styles",
      {
        config: { access: ENTRY },
        schema: {
          tags,
          querystring: ZEntryStyleLookupQuerySchema,
          response: { 200: ZEntryStyleListSchema, ...errors },
        },
      },
      async (request) => entryStyles(db, principalOf(request), request.query),
    );

    app.get(
      "/orders/entry/styles/:styleId",
      {
        config: { access: ENTRY },
        schema: {
          tags,
          params: ZEntryStyleParamsSchema,
          querystring: ZEntryQuerySchema,
          response: { 200: ZEntryStyleDetailsSchema, ...errors },
        },
      },
      async (request) => entryStyleDetails(db, principalOf(request), request.params.styleId, request.query.clientId),
    );

    app.post(
      "/orders/quote",
      {
        config: { access: ENTRY },
        schema: { tags, body: ZQuoteRequestSchema, response: { 200: ZQuoteSchema, ...errors } },
      },
      async (request) => quoteOrder(db, principalOf(request), request.body),
    );

    app.post(
      "/orders",
      {
        config: { access: ENTRY },
        schema: { tags, body: ZPlaceOrderRequestSchema, response: { 200: ZOrderSchema, 201: ZOrderSchema, ...errors } },
      },
      async (request, reply) => {
        const { order, created } = await placeOrder(deps, principalOf(request), {
          source: "entry",
          body: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        });
        return reply.status(created ? 201 : 200).send(order);
      },
    );

    app.post(
      "/orders/web",
      {
        config: { access: { signedIn: true }, apiKey: true },
        schema: { tags, body: ZWebOrderRequestSchema, response: { 200: ZOrderSchema, 201: ZOrderSchema, ...errors } },
      },
      async (request, reply) => {
        const p = principalOf(request);
        if (!p.apiKey) throw forbidden("Web orders come from a client's store with its API key.");
        const { order, created } = await placeOrder(deps, p, { source: "web", body: request.body });
        return reply.status(created ? 201 : 200).send(order);
      },
    );

    app.get(
      "/orders",
      {
        config: { access: ORDERS },
        schema: { tags, querystring: ZOrderListQuerySchema, response: { 200: ZOrderPageSchema, ...errors } },
      },
      async (request) => listOrders(db, principalOf(request), request.query),
    );

    app.get(
      "/orders/export.csv",
      { config: { access: ORDERS }, schema: { tags, querystring: ZOrderListQuerySchema } },
      async (request, reply) =>
        sendCsv(
          reply,
          "orders.csv",
          toCsv(ORDER_CSV_HEADER, await exportOrders(db, principalOf(request), request.query)),
        ),
    );

    app.post(
      "/orders/bulk",
      {
        config: { access: ORDERS },
        schema: { tags, body: ZBulkOrderRequestSchema, response: { 200: ZBulkOrderResultSchema, ...errors } },
      },
      async (request) =>
        bulkOrders(deps, principalOf(request), request.body.ids, request.body.action, request.body.reason ?? null),
    );

    app.get(
      "/orders/:id",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIdParamsSchema, response: { 200: ZOrderSchema, ...errors } },
      },
      async (request) => getOrder(deps, principalOf(request), request.params.id),
    );

    app.post(
      "/orders/:id/complete",
      {
        config: { access: ORDERS },
        schema: {
          tags,
          params: ZOrderIdParamsSchema,
          body: ZCompleteRequestSchema,
          response: { 200: ZOrderSchema, ...errors },
        },
      },
      async (request) => completeOrder(deps, principalOf(request), request.params.id, request.body.reason ?? null),
    );

    app.post(
      "/orders/:id/cancel",
      {
        config: { access: ORDERS },
        schema: {
          tags,
          params: ZOrderIdParamsSchema,
          body: ZCancelRequestSchema,
          response: { 200: ZOrderSchema, ...errors },
        },
      },
      async (request) => cancelOrder(deps, principalOf(request), request.params.id, request.body.reason),
    );

    app.post(
      "/orders/:id/refund",
      {
        config: { access: ORDERS },
        schema: {
          tags,
          params: ZOrderIdParamsSchema,
          body: ZOrderRefundRequestSchema,
          response: { 200: ZOrderSchema, ...errors },
        },
      },
      async (request) =>
        refundOrder(
          deps,
          principalOf(request),
          request.params.id,
          request.body.amountCents,
          request.body.reason ?? null,
          idempotencyKeyOf(request),
        ),
    );

    app.post(
      "/orders/:id/charge",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIdParamsSchema, response: { 200: ZOrderSchema, ...errors } },
      },
      async (request) => chargeOrder(deps, principalOf(request), request.params.id),
    );

    app.put(
      "/orders/:id/items/:itemId",
      {
        config: { access: ORDERS },
        schema: {
          tags,
          params: ZOrderItemParamsSchema,
          body: ZItemEditRequestSchema,
          response: { 200: ZOrderSchema, ...errors },
        },
      },
      async (request) => editItem(deps, principalOf(request), request.params.id, request.params.itemId, request.body),
    );

    app.get(
      "/orders/:id/comments",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIdParamsSchema, response: { 200: ZCommentListSchema, ...errors } },
      },
      async (request) => listComments(db, principalOf(request), request.params.id),
    );

    app.post(
      "/orders/:id/comments",
      {
        config: { access: ORDERS },
        schema: {
          tags,
          params: ZOrderIdParamsSchema,
          body: ZCommentRequestSchema,
          response: { 201: ZCommentSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addComment(db, principalOf(request), request.params.id, request.body.body)),
    );

    app.get(
      "/orders/:id/issues",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIdParamsSchema, response: { 200: ZIssueListSchema, ...errors } },
      },
      async (request) => listIssues(db, principalOf(request), request.params.id),
    );

    app.post(
      "/orders/:id/issues",
      {
        config: { access: ORDERS },
        schema: {
          tags,
          params: ZOrderIdParamsSchema,
          body: ZIssueRequestSchema,
          response: { 201: ZIssueSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await raiseIssue(db, principalOf(request), request.params.id, request.body.body, request.body.itemId)),
    );

    app.post(
      "/orders/:id/issues/:issueId/respond",
      {
        config: { access: ORDERS },
        schema: {
          tags,
          params: ZOrderIssueParamsSchema,
          body: ZIssueRespondRequestSchema,
          response: { 200: ZIssueSchema, ...errors },
        },
      },
      async (request) =>
        updateIssue(db, principalOf(request), request.params.id, request.params.issueId, {
          response: request.body.response,
        }),
    );

    app.post(
      "/orders/:id/issues/:issueId/resolve",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIssueParamsSchema, response: { 200: ZIssueSchema, ...errors } },
      },
      async (request) =>
        updateIssue(db, principalOf(request), request.params.id, request.params.issueId, { resolved: true }),
    );

    app.get(
      "/orders/:id/history",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIdParamsSchema, response: { 200: ZHistoryListSchema, ...errors } },
      },
      async (request) => listHistory(db, principalOf(request), request.params.id),
    );

    /* Coupons */

    app.get(
      "/coupons",
      {
        config: { access: COUPONS },
        schema: { tags, querystring: ZCouponListQuerySchema, response: { 200: ZCouponPageSchema, ...errors } },
      },
      async (request) => listCoupons(db, principalOf(request), request.query),
    );

    app.get(
      "/coupons/:id",
      {
        config: { access: COUPONS },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZCouponSchema, ...errors } },
      },
      async (request) => getCoupon(db, principalOf(request), request.params.id),
    );

    app.post(
      "/coupons",
      {
        config: { access: COUPONS },
        schema: { tags, body: ZCouponRequestSchema, response: { 201: ZCouponSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createCoupon(db, principalOf(request), request.body)),
    );

    app.put(
      "/coupons/:id",
      {
        config: { access: COUPONS },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZCouponRequestSchema,
          response: { 200: ZCouponSchema, ...errors },
        },
      },
      async (request) => updateCoupon(db, principalOf(request), request.params.id, request.body),
    );

    app.delete(
      "/coupons/:id",
      {
        config: { access: COUPONS },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZCouponSchema, ...errors } },
      },
      async (request) => deleteCoupon(db, principalOf(request), request.params.id),
    );
  };
