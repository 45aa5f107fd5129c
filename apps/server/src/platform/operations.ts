import type { ZErrorResponseSchema } from "@hub/contracts/common/errors";
import { type ErrorStatus, type Operation, type OperationDef, responsesOf } from "@hub/contracts/common/operation";
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";

/** The Fastify instance a module's routes are registered on (Zod type provider). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type ErrorMap<O extends OperationDef> = Record<
  400 | 401 | 403 | 404 | (O["errors"] extends readonly ErrorStatus[] ? O["errors"][number] : never),
  typeof ZErrorResponseSchema
>;

/** The Fastify schema of a declared operation, as types: what types its handler's request and reply. */
export type SchemaOf<O extends OperationDef> = {
  params: O["params"] extends z.ZodType ? O["params"] : undefined;
  querystring: O["query"] extends z.ZodType ? O["query"] : undefined;
  body: O["body"] extends z.ZodType ? O["body"] : undefined;
  response: (O["responses"] extends object ? O["responses"] : object) & ErrorMap<O>;
};

/** A declared operation's handler: a Fastify handler whose request and reply are typed by the declaration. */
export type Handler<O extends OperationDef> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<O>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (every route has one; see installAccessGuard). */
    operation?: Operation;
  }
}

/**
 * Registers a declared operation's handler: method, path, schemas (validation and the OpenAPI
 * document) and access all come from the declaration, so a route cannot restate them differently.
 *
 *   register(app, returnsApi.refund, async (request) => refundReturn(…, request.params.id, request.body));
 */
export const register = <O extends Operation>(app: ZodApp, op: O, handler: Handler<O>): void => {
  app.route({
    method: op.method,
    url: op.path,
    config: { access: op.access, operation: op, ...(op.apiKey ? { apiKey: true } : {}) },
    schema: {
      tags: [op.tag],
      operationId: op.operationId,
      ...(op.summary ? { summary: op.summary } : {}),
      ...(op.description ? { description: op.description } : {}),
      // A public operation needs no token: the document says so rather than inherit the bearer default.
      ...("public" in op.access ? { security: [] } : {}),
      ...(op.hidden ? { hide: true } : {}),
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      response: responsesOf(op),
    },
    // The declaration's types are the handler's (Handler<O>); Fastify's route() cannot infer them from a value.
    handler: handler as RouteHandlerMethod,
  });
};
