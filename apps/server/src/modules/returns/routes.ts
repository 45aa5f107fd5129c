import {
  ZCreateReturnRequestSchema,
  ZReturnActionRequestSchema,
  ZReturnableQuerySchema,
  ZReturnableSchema,
  ZReturnIdParamsSchema,
  ZReturnListQuerySchema,
  ZReturnPageSchema,
  ZReturnRefundRequestSchema,
  ZReturnSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import {
  cancelReturn,
  createReturn,
  exportReturns,
  getReturn,
  listReturns,
  RETURN_CSV_HEADER,
  receiveReturn,
  refundReturn,
  remakeReturn,
  returnableOf,
} from "./returns.service";

const tags = ["returns"];
const errors = errorResponses(402, 409);

/**
 * Returns (RMA): client users (their client's orders), facility users (the clients they serve)
 * and internal admins, with the Returns card; the services scope every row by tenant.
 */
const RETURNS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "returns" };
/** Receiving, refunding and remaking are the facility's (and internal admins'): a client never refunds itself. */
const RETURNS_ACT: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "returns" };

/** The returns area's routes (issue 10). */
export const returnsRoutes =
  ({ db, billing }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db, billing };

    app.post(
      "/returns",
      {
        config: { access: RETURNS },
        schema: {
          tags,
          operationId: "createReturn",
          body: ZCreateReturnRequestSchema,
          response: { 201: ZReturnSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await createReturn(db, principalOf(request), request.body)),
    );

    app.get(
      "/returns",
      {
        config: { access: RETURNS },
        schema: { tags, querystring: ZReturnListQuerySchema, response: { 200: ZReturnPageSchema, ...errors } },
      },
      async (request) => listReturns(db, principalOf(request), request.query),
    );

    app.get(
      "/returns/export.csv",
      { config: { access: RETURNS }, schema: { tags, querystring: ZReturnListQuerySchema } },
      async (request, reply) =>
        sendCsv(
          reply,
          "returns.csv",
          toCsv(RETURN_CSV_HEADER, await exportReturns(db, principalOf(request), request.query)),
        ),
    );

    app.get(
      "/returns/returnable",
      {
        config: { access: RETURNS },
        schema: { tags, querystring: ZReturnableQuerySchema, response: { 200: ZReturnableSchema, ...errors } },
      },
      async (request) => returnableOf(db, principalOf(request), request.query.orderId),
    );

    app.get(
      "/returns/:id",
      {
        config: { access: RETURNS },
        schema: { tags, params: ZReturnIdParamsSchema, response: { 200: ZReturnSchema, ...errors } },
      },
      async (request) => getReturn(db, principalOf(request), request.params.id),
    );

    const action = (path: string, access: Access, run: typeof receiveReturn) =>
      app.post(
        `/returns/:id/${path}`,
        {
          config: { access },
          schema: {
            tags,
            params: ZReturnIdParamsSchema,
            body: ZReturnActionRequestSchema,
            response: { 200: ZReturnSchema, ...errors },
          },
        },
        async (request) => run(db, principalOf(request), request.params.id, request.body.reason ?? null),
      );
    action("receive", RETURNS_ACT, receiveReturn);
    action("remake", RETURNS_ACT, remakeReturn);
    action("cancel", RETURNS, cancelReturn);

    app.post(
      "/returns/:id/refund",
      {
        config: { access: RETURNS_ACT },
        schema: {
          tags,
          params: ZReturnIdParamsSchema,
          body: ZReturnRefundRequestSchema,
          response: { 200: ZReturnSchema, ...errors },
        },
      },
      async (request) =>
        refundReturn(deps, principalOf(request), request.params.id, request.body, idempotencyKeyOf(request)),
    );
  };
