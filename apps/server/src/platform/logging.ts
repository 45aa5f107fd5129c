import type { FastifyServerOptions } from "fastify";

/** Where log lines go: stdout by default; tests pass a stream that keeps them. */
export type LogStream = { write(line: string): void };

/**
 * Logs never contain passwords, codes or tokens. Fastify logs no bodies; we also drop the
 * Authorization and Cookie headers and any query string value, which is the only other place a
 * secret could travel.
 */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-api-key']",
  "*.password",
  "*.newPassword",
  "*.temporaryPassword",
  "*.code",
  "*.refreshToken",
  "*.idToken",
];

/**
 * The fields of an error (and its causes) that reach the log. A database error says what failed and
 * where: the SQL text, the PostgreSQL code, message, constraint and table. Never its values: drizzle's
 * DrizzleQueryError and PGlite's errors carry the query's `params` (an email, a password hash), and
 * PostgreSQL's `detail` repeats a row's key values, so those stay out, and so does any other field.
 */
const LOGGED_ERROR_FIELDS = [
  "code",
  "statusCode",
  "severity",
  "constraint",
  "table",
  "column",
  "dataType",
  "schema",
  "routine",
  "position",
  "query",
] as const;

export type LoggedError = { type: string; message: string; stack: string; cause?: LoggedError } & {
  [K in (typeof LOGGED_ERROR_FIELDS)[number]]?: string | number;
};

/** drizzle writes the parameters into the message (`Failed query: …\nparams: …`): keep the part before. */
const withoutParams = (message: string): string => message.split("\nparams:")[0] ?? message;

/** Pino's `err` serializer: the error and its causes with the fields above, messages and stacks without parameters. */
export const serializeError = (error: unknown, depth = 0): LoggedError => {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutParams(String(error)), stack: "" };
  const message = withoutParams(error.message);
  const out: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: (error.stack ?? "").replace(error.message, message),
  };
  for (const field of LOGGED_ERROR_FIELDS) {
    const value: unknown = Reflect.get(error, field);
    if (typeof value === "string" || typeof value === "number") out[field] = value;
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
};

/** Logger settings; `stream` sends the JSON lines somewhere other than stdout (tests capture them). */
export const loggerOptions = (level: string, enabled: boolean, stream?: LogStream): FastifyServerOptions["logger"] =>
  enabled
    ? {
        level,
        ...(stream ? { stream } : {}),
        redact: { paths: REDACT_PATHS, censor: "[redacted]" },
        serializers: {
          err: serializeError,
          req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
            method: req.method,
            url: req.url.split("?")[0],
            ip: req.ip,
            id: req.id,
          }),
        },
      }
    : false;
