import type { TErrorCode, TErrorResponse } from "@hub/contracts";
import { MESSAGES, ZErrorResponseSchema } from "@hub/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "./db-errors";

/** An error that becomes the one error shape `{ error, message, fields? }` with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, "BAD_REQUEST", message, fields);
export const unauthenticated = (message: string = MESSAGES.notAuthenticated) =>
  new HttpError(401, "UNAUTHENTICATED", message);
export const forbidden = (message = "You do not have access to this.") => new HttpError(403, "FORBIDDEN", message);
export const notFound = (what = "That") => new HttpError(404, "NOT_FOUND", `${what} was not found.`);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, "CONFLICT", message, fields);

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
};

/**
 * A field name or message may quote the request (a key holding a NUL character): show a NUL as `\0`,
 * since the error shape's texts, like every contract's, refuse one.
 */
const printable = (text: string): string => text.replaceAll("\0", "\\0");
const printableFields = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([name, message]) => [printable(name), printable(message)]));

export const installErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: TErrorResponse = {
        error: error.code,
        message: printable(error.message),
        ...(error.fields ? { fields: printableFields(error.fields) } : {}),
      };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation as ValidationIssue[]) {
        const path =
          issue.params?.issue?.path?.map(String).join(".") ||
          issue.instancePath?.replace(/^\//, "").replaceAll("/", ".") ||
          "_";
        const message = issue.params?.issue?.message ?? issue.message ?? "Invalid value";
        if (!fields[path]) fields[path] = message;
      }
      const first = Object.entries(fields)[0];
      const message = first ? (first[0] === "_" ? first[1] : `${first[0]}: ${first[1]}`) : "The request is not valid.";
      return reply.status(400).send({
        error: "VALIDATION",
        message: printable(message),
        fields: printableFields(fields),
      } satisfies TErrorResponse);
    }
    // The database restarting, failing over or unreachable: the request may succeed in a moment.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "the database is unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ error: "UNAVAILABLE", message: MESSAGES.databaseUnavailable } satisfies TErrorResponse);
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .status(500)
        .send({ error: "INTERNAL", message: MESSAGES.somethingWentWrong } satisfies TErrorResponse);
    }
    if (status === 413) return reply.status(413).send({ error: "BAD_REQUEST", message: "The request is too large." });
    if (status === 415) return reply.status(415).send({ error: "BAD_REQUEST", message: "Send the request as JSON." });
    return reply.status(status).send({
      error: "BAD_REQUEST",
      message: printable(error.message || "The request is not valid."),
    } satisfies TErrorResponse);
  });
};

/** The 404 of a path no route serves, in the one error shape. Fastify takes one not-found handler: app.ts sets it. */
export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({
    error: "NOT_FOUND",
    message: `No endpoint ${request.method} ${request.url.split("?")[0]}.`,
  } satisfies TErrorResponse);

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429;

/**
 * The error answers a route documents, all in the one error shape. A signed-in route answers 400,
 * 401, 403 and 404; name any others it adds: `response: { 200: ZFoo, ...errorResponses(409) }`.
 */
export const errorResponses = <const S extends ErrorStatus[]>(...extra: S) => {
  const out = {} as Record<400 | 401 | 403 | 404 | S[number], typeof ZErrorResponseSchema>;
  for (const status of [400, 401, 403, 404, ...extra] as const) out[status as 400] = ZErrorResponseSchema;
  return out;
};
